// After the build: brotli (quality 11) and gzip (level 9) copies of every hashed script and stylesheet,
// so the server sends the smallest encoding without compressing on each request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = "build/client/assets";
let saved = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const file = path.join(dir, name);
  const source = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  saved += source.length - br.length;
}
console.log(`precompressed assets (${Math.round(saved / 1024)} KB saved with brotli)`);
