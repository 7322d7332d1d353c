// After `react-router build`: makes every prerendered page one fixed set of bytes for every visitor, and
// brotli (quality 11) and gzip (level 9) copies of those pages and of every hashed script and stylesheet,
// so the server never compresses or rewrites them per request.
//
// For each prerendered page (build/client/**/index.html) it
// - drops the build's stand-in nonce: pages carry a hash-based Content-Security-Policy instead;
// - moves the script preloads out of <head> and starts the scripts after the page has loaded and painted,
//   so scripts never compete with the HTML, stylesheet and images for a slow link (the page works without
//   them meanwhile: links, the menu and the quote form are plain HTML), and makes the inline scripts
//   modules, so they no longer split the parsing of the page;
// - records, in build/server/pages.json, the sha-256 of every inline script (the page's `script-src`) and a
//   strong ETag per encoding, which server/pages.ts serves from memory.
//
// `node scripts/precompress.js [buildDir]` (default `build`).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PRERENDER_NONCE } from "#app/lib/context.ts";

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

const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const bootScript = /<script type="module" async="">([\s\S]*?)<\/script>/;

/** Longest wait for the load event and the first paint before the scripts start anyway. */
const loadWaitMs = 3000;

/**
 * React Router's boot module imports the page's modules as soon as the HTML is parsed, and its preloads sit
 * in <head>. Here the module is kept, word for word, in an inert `<script type="text/plain">`; a small script
 * runs it once the page has loaded and made its first contentful paint (or after `loadWaitMs`), adding the
 * preloads first so the chunks download in parallel. Its hash is in the policy like every other inline
 * script's.
 */
export function deferScripts(html) {
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]);
  const boot = html.match(bootScript);
  if (!boot && html.includes('id="deferred-boot"')) return html;
  if (!boot) throw new Error("The page has no React Router boot module: the build's output format changed.");
  const react = preloads.find((href) => /\/react-[\w-]+\.js$/.test(href));
  const start = [
    "(() => {",
    "  const start = () => {",
    `    for (const href of ${JSON.stringify([...new Set(preloads)])}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `    const run = (id, type) => document.body.append(Object.assign(document.createElement("script"), { type, textContent: document.getElementById(id).textContent }));`,
    `    const boot = () => run("deferred-boot", "module");`,
    // React Router's data for the router, as a classic script: it runs as it is added.
    `    const data = () => run("deferred-data", "text/javascript");`,
    // React is evaluated in a task of its own, then the router's data, then the rest: shorter tasks instead of
    // one long one.
    react
      ? `    import(${JSON.stringify(react)}).finally(() => { setTimeout(data); setTimeout(boot); });`
      : "    data();\n    boot();",
    "  };",
    "  let started = false;",
    "  const go = () => { if (!started) { started = true; requestAnimationFrame(() => setTimeout(start)); } };",
    // The load event can come before the first paint: wait for both, so the scripts never compete with it.
    "  let waiting = 2;",
    "  const ready = () => { if (--waiting === 0) go(); };",
    `  if (document.readyState === "complete") ready(); else addEventListener("load", ready, { once: true });`,
    `  if (!PerformanceObserver.supportedEntryTypes?.includes("paint") || performance.getEntriesByName("first-contentful-paint").length) ready();`,
    `  else new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); ready(); } }).observe({ type: "paint", buffered: true });`,
    // A slow third-party frame (the map) delays the load event; it must not hold the page's script back long.
    `  setTimeout(go, ${loadWaitMs});`,
    "})();",
  ].join("\n");
  const deferred = html
    .replace(modulePreload, "")
    .replace(
      bootScript,
      () => `<script type="text/plain" id="deferred-boot">${boot[1]}</script><script>${start}</script>`,
    );
  // Inline classic scripts stop the parser where they stand, and the browser paints there and finishes the page
  // in a second long task; as a module they wait for the end of the document, which is parsed in one go, as if
  // it had no script. One module for all of them, each in a block of its own, in the last one's place: one
  // evaluation, and one hash in the policy header instead of five (the home page's document must fit the first
  // round trip of a slow link, see docs/performance.md). The others stay in place, inert and empty, for React
  // to hydrate. React Router's data for the router (its context and the stream it decodes) is needed by
  // nothing before the boot: it waits, inert too, and runs in a task of its own just before the boot, so that
  // making its streams does not lengthen the module's task right after the first paint.
  const bodies = [...deferred.matchAll(classicScript)].map((match) => match[1]);
  const isRouterData = (body) => body.trimStart().startsWith("window.__reactRouterContext");
  const now = bodies.filter((body) => !isRouterData(body)).map((body) => `{\n${body}\n}`);
  const later = bodies.filter(isRouterData).join("\n");
  let left = bodies.length;
  return deferred.replace(classicScript, () =>
    --left === 0
      ? `<script type="text/plain" id="deferred-data">${later}</script><script type="module">${now.join("\n")}</script>`
      : '<script type="text/plain"></script>',
  );
}

const classicScript = /<script>([\s\S]*?)<\/script>/g;

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
  transform = (html) => deferScripts(html.replaceAll(` nonce="${PRERENDER_NONCE}"`, "")),
) {
  const clientDir = path.join(buildDir, "client");
  const pages = {};
  for (const file of findPages(clientDir)) {
    const html = transform(fs.readFileSync(file, "utf8"));
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
