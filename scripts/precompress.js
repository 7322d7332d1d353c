// After `react-router build`: makes every prerendered page one fixed set of bytes for every visitor, and
// brotli (quality 11) and gzip (level 9) copies of those pages and of every hashed script and stylesheet,
// so the server never compresses or rewrites them per request.
//
// For each prerendered page (build/client/**/index.html) it
// - drops the build's stand-in nonce: pages carry a hash-based Content-Security-Policy instead;
// - starts React Router's scripts after the page has loaded and painted (scripts/defer-boot.ts);
// - records, in build/server/pages.json, the sha-256 of every inline script (the page's `script-src`) and a
//   strong ETag per encoding, which server/pages.ts serves from memory.
//
// `node scripts/precompress.js [buildDir]` (default `build`).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PRERENDER_NONCE } from "#app/lib/context.ts";
import { deferBoot } from "#scripts/defer-boot.ts";

const brotli = (source) =>
  zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
const gzip = (source) => zlib.gzipSync(source, { level: 9 });

/** Writes `.br` and `.gz` next to a file; returns the bytes brotli saved. */
function compressCopies(file, source = fs.readFileSync(file)) {
  const br = brotli(source);
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gzip(source));
  return source.length - br.length;
}

const inlineScript = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP hash source of every inline script, in page order (JSON-LD included: harmless, and simpler to check). */
export function scriptHashes(html) {
  const hashes = [...html.matchAll(inlineScript)]
    .filter((match) => match[1] !== "")
    .map((match) => `'sha256-${crypto.createHash("sha256").update(match[1], "utf8").digest("base64")}'`);
  return [...new Set(hashes)];
}

function findPages(clientDir) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "index.html") found.push(full);
    }
  };
  walk(clientDir);
  return found;
}

/**
 * Prepares every prerendered page in `buildDir/client` and writes `buildDir/server/pages.json`.
 * `transform` turns the page's HTML into what is served (the benchmark's zero-script twin passes its own).
 */
export function preparePages(
  buildDir,
  transform = (html, page) => deferBoot(html.replaceAll(` nonce="${PRERENDER_NONCE}"`, ""), page),
) {
  const clientDir = path.join(buildDir, "client");
  const pages = {};
  for (const file of findPages(clientDir)) {
    const html = transform(fs.readFileSync(file, "utf8"), path.relative(buildDir, file));
    if (html.includes(PRERENDER_NONCE)) throw new Error(`${file} still names the stand-in nonce.`);
    const bytes = Buffer.from(html, "utf8");
    fs.writeFileSync(file, bytes);
    compressCopies(file, bytes);
    const route = `/${path.relative(clientDir, path.dirname(file)).split(path.sep).join("/")}`;
    pages[route] = {
      file: path.relative(clientDir, file).split(path.sep).join("/"),
      hash: crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 27),
      scriptHashes: scriptHashes(html),
    };
  }
  fs.writeFileSync(path.join(buildDir, "server", "pages.json"), `${JSON.stringify(pages, null, 2)}\n`);
  return pages;
}

export function precompressAssets(buildDir) {
  const dir = path.join(buildDir, "client", "assets");
  let saved = 0;
  for (const name of fs.readdirSync(dir)) {
    if (/\.(js|css|svg)$/.test(name)) saved += compressCopies(path.join(dir, name));
  }
  return saved;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  const buildDir = process.argv[2] ?? "build";
  const saved = precompressAssets(buildDir);
  const pages = preparePages(buildDir);
  console.log(
    `precompressed assets (${Math.round(saved / 1024)} KB saved with brotli) and ${Object.keys(pages).length} pages`,
  );
}
