// Search budget and quality against the production build: the script and index a browser fetches when search
// first opens (budget: 25 KB compressed), the box every page carries, and the query table's top-1/top-3.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { createServer } from "vite";

const BUDGET_BYTES = 25 * 1024;
const root = path.resolve(import.meta.dirname, "..");
const assets = path.join(root, "build/client/assets");

const read = (file: string) => fs.readFileSync(path.join(assets, file));
const gzip = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;
const brotli = (data: Buffer) =>
  zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and every chunk it imports, by file name. */
function closure(file: string, seen = new Set<string>()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, name] of read(file)
    .toString()
    .matchAll(/from\s*"\.\/([\w.-]+\.js)"/g))
    closure(name ?? "", seen);
  return seen;
}

const files = fs.readdirSync(assets);
const chunk = (prefix: string) => {
  const found = files.find((f) => f.startsWith(`${prefix}-`) && f.endsWith(".js"));
  if (!found) throw new Error(`No ${prefix} chunk in build/client/assets: run npm run build first`);
  return found;
};

// What every page has already loaded: the modules the prerendered home page preloads.
const home = fs.readFileSync(path.join(root, "build/client/index.html"), "utf8");
const onEveryPage = new Set([...home.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]));
const box = chunk("search-box");
if (!onEveryPage.has(box)) throw new Error("The search box is expected on every page");
const onOpen = [...closure(chunk("engine"))].filter((f) => !onEveryPage.has(f));

const row = (label: string, names: string[]) => {
  const data = Buffer.concat(names.map(read));
  return { label, files: names.join(" + "), raw: data.length, gzip: gzip(data), brotli: brotli(data) };
};
const rows = [row("Loaded when search opens (index + engine)", onOpen), row("Search box (on every page)", [box])];

console.log("| What | Files | Raw | gzip -9 | brotli-11 |");
console.log("|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.label} | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.brotli)} |`);

// Quality and speed, from the same modules the build bundles.
const vite = await createServer({
  configFile: false,
  root,
  logLevel: "error",
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const engine = await vite.ssrLoadModule("/app/search/engine.ts");
  const table = await vite.ssrLoadModule("/app/search/query-table.ts");
  let started = performance.now();
  engine.search("warm up");
  const buildMs = performance.now() - started;
  started = performance.now();
  const quality = table.measureQuality(engine.search);
  const perQuery = (performance.now() - started) / quality.queries;
  const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
  console.log(
    `\nQuery table: ${quality.queries} queries, top-1 ${percent(quality.top1)}, top-3 ${percent(quality.top3)}` +
      ` (targets 90 % / 98 %); index built in ${buildMs.toFixed(0)} ms, ${perQuery.toFixed(2)} ms a query (Node)`,
  );
  for (const miss of quality.misses) console.log(`  not first: ${miss}`);
} finally {
  await vite.close();
}

const opened = rows[0];
if (opened && Math.max(opened.gzip, opened.brotli) > BUDGET_BYTES) {
  console.error(`\nOver budget: ${kb(opened.gzip)} gzip / ${kb(opened.brotli)} brotli, budget ${kb(BUDGET_BYTES)}`);
  process.exitCode = 1;
} else {
  console.log(`\nWithin the ${kb(BUDGET_BYTES)} budget for what search loads when it opens.`);
}
