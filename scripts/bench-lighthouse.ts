// Lighthouse 13 mobile (simulated slow 4G, 4x slower CPU) on every page of the production build, side by side
// with its zero-script twin: the same prerendered HTML with every <script> and script preload removed, served
// the same way (a second copy of our server, pages prepared by the same build step). Runs alternate between
// the two, 3 each; prints the medians and the LCP ratio. Then the click-to-content time of a category link on
// a throttled connection, with and without a moment of intent (hover) before the click.
//
// Each run is what `lighthouse <url>` does with its defaults: a Chrome of its own (a browser kept from run to
// run keeps its compiled scripts, and measured a tenth of the blocking time a buyer's first visit has) and
// nothing blocked. Lighthouse multiplies the wall-clock length of each task it sees by 4, so a busy machine
// inflates TBT; the load average is printed, and beside Lighthouse's TBT the same sum over the tasks' CPU time
// ("TBT, CPU"), which a busy machine does not inflate (docs/performance.md).
//
// `npm run bench:lighthouse` (builds first); `node scripts/bench-lighthouse.ts --write` records the figures in
// docs/performance.md. Env: LIGHTHOUSE_RUNS (3), BENCH_PAGES (comma-separated paths), BENCH_PORT (3811: ours,
// +1: twin), CHROMIUM_PATH.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pageUrls } from "#app/pages.ts";
import { chromiumPath as chromePath, chromiumLaunchOptions } from "#e2e/browser.ts";
import { cpuBlockingTime, type TraceEvent } from "#scripts/blocking-time.ts";
import { preparePages } from "#scripts/precompress.js";
import { startServer } from "#test/server.ts";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const basePort = Number(process.env.BENCH_PORT ?? 3811);
const paths = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : pageUrls;

/** A copy of the build whose pages have no script at all, served by a copy of server/index.js. */
function buildTwin() {
  const root = "build/twin";
  fs.rmSync(root, { recursive: true, force: true });
  for (const part of ["client", "server"]) fs.cpSync(`build/${part}`, `${root}/build/${part}`, { recursive: true });
  fs.cpSync("server/index.js", `${root}/server/index.js`);
  fs.cpSync("scripts/node-version.js", `${root}/scripts/node-version.js`);
  fs.cpSync("drizzle", `${root}/drizzle`, { recursive: true });
  // The copy's own `#build/*`: without it the import resolves through the project's package.json to build/.
  fs.writeFileSync(
    `${root}/package.json`,
    JSON.stringify({ type: "module", imports: { "#build/*": "./build/*", "#scripts/*": "./scripts/*" } }),
  );
  preparePages(`${root}/build`, (html) =>
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*as="script"[^>]*\/?>/g, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*\/?>/g, ""),
  );
  return path.join(root, "server/index.js");
}

/** Median of the runs that produced the figure (see `measureComplete`). */
const median = (values: number[]) => {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured[Math.floor(measured.length / 2)] ?? Number.NaN;
};

const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

type Sample = Record<string, number>;
async function measure(url: string): Promise<Sample> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }).finally(() =>
    chrome.kill(),
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  const requests =
    (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ??
    [];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const page = requests.find((r) => r.resourceType === "Document");
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((categories["best-practices"]?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
    fcp: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    tbtCpu: trace ? cpuBlockingTime(trace.traceEvents) : Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    scripts: scripts.length,
    jsKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    documentBytes: page?.transferSize ?? Number.NaN,
  };
}
/**
 * Lighthouse now and then returns a run without paint or blocking metrics. Such a run is measured again (up to
 * twice), so every median is of 3 runs: a median of the 2 left would be the larger of the two.
 */
async function measureComplete(url: string): Promise<Sample> {
  let sample = await measure(url);
  for (let retry = 0; retry < 2 && !["lcp", "tbt", "cls"].every((key) => Number.isFinite(sample[key])); retry++) {
    sample = await measure(url);
  }
  return sample;
}
const medians = (samples: Sample[]) =>
  Object.fromEntries(
    Object.keys(samples[0] ?? {}).map((key) => [key, median(samples.map((s) => s[key] ?? Number.NaN))]),
  );

/** Lighthouse's slow 4G as DevTools applies it (request latency 562.5 ms, 1.47 Mbit/s down), CPU 4x slower. */
async function clickToContent(baseUrl: string) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const results: Record<string, number[]> = { intent: [], "no intent": [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const mode of ["intent", "no intent"] as const) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 562.5,
          downloadThroughput: (1474.56 * 1024) / 8,
          uploadThroughput: (675 * 1024) / 8,
        });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await page.goto(`${baseUrl}/products`);
        await page.waitForFunction(() => "__reactRouterRouteModules" in window, null, { timeout: 60_000 });
        await page.waitForTimeout(1000);
        const link = page.locator('main a[href="/products/bearings"]').first();
        await link.scrollIntoViewIfNeeded();
        // A finger resting on the link (or a pointer hovering) for 300 ms before the tap, or a tap out of nowhere.
        if (mode === "intent") {
          await link.hover();
          await page.waitForTimeout(300);
        }
        const ms = await link.evaluate(async (anchor) => {
          const started = performance.now();
          (anchor as HTMLAnchorElement).click();
          while (document.querySelector("h1")?.textContent !== "Bearings") {
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
          return performance.now() - started;
        });
        results[mode]?.push(ms);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return Object.fromEntries(Object.entries(results).map(([mode, values]) => [mode, median(values)]));
}

const twinEntry = buildTwin();
const ours = await startServer({}, undefined, { port: basePort });
const twin = await startServer({}, undefined, { port: basePort + 1, entry: twinEntry }).catch(async (error) => {
  await ours.stop();
  throw error;
});
for (const pagePath of paths) {
  if ((await (await fetch(`${twin.url}${pagePath}`)).text()).includes("<script")) {
    await Promise.all([ours.stop(), twin.stop()]);
    throw new Error(`The twin of ${pagePath} still has a script: it is not serving its own copy of the build.`);
  }
}
const loadBefore = os.loadavg();
const rows: { path: string; ours: Sample; twin: Sample; tbtRuns: { ours: number[]; twin: number[] } }[] = [];
let clicks: Record<string, number> = {};
try {
  // One discarded run on each side first, so the first page is not measured with cold servers.
  await measure(`${ours.url}${paths[0] ?? "/"}`);
  await measure(`${twin.url}${paths[0] ?? "/"}`);
  for (const pagePath of paths) {
    const oursSamples: Sample[] = [];
    const twinSamples: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      oursSamples.push(await measureComplete(`${ours.url}${pagePath}`));
      twinSamples.push(await measureComplete(`${twin.url}${pagePath}`));
    }
    const tbtRuns = {
      ours: oursSamples.map((s) => s.tbt ?? Number.NaN),
      twin: twinSamples.map((s) => s.tbt ?? Number.NaN),
    };
    const row = { path: pagePath, ours: medians(oursSamples), twin: medians(twinSamples), tbtRuns };
    rows.push(row);
    console.log(pagePath, JSON.stringify(row.ours), "twin", JSON.stringify(row.twin));
  }
  clicks = await clickToContent(ours.url);
} finally {
  await ours.stop();
  await twin.stop();
}

const seconds = (ms = 0) => `${(ms / 1000).toFixed(2)} s`;
const table = [
  "| Page | Performance | FCP | LCP | LCP, no script | LCP ratio | TBT | TBT, no script | TBT, CPU | CLS | Scripts | JS transferred | A11y / BP / SEO |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    ({ path: p, ours: r, twin: t }) =>
      `| ${p} | ${r.performance} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${seconds(t.lcp)} | ${((r.lcp ?? 0) / (t.lcp ?? 1)).toFixed(2)}× | ${Math.round(r.tbt ?? 0)} ms | ${Math.round(t.tbt ?? 0)} ms | ${Math.round(r.tbtCpu ?? 0)} ms | ${(r.cls ?? 0).toFixed(3)} | ${r.scripts} | ${(r.jsKb ?? 0).toFixed(1)} KB | ${r.accessibility} / ${r.bestPractices} / ${r.seo} |`,
  ),
].join("\n");
const clickLine = `Click to content, /products → /products/bearings (390 px, slow 4G as DevTools applies it, CPU 4x, median of ${runs}): ${Object.entries(
  clicks,
)
  .map(([mode, ms]) => `${mode} ${Math.round(ms)} ms`)
  .join(", ")}.`;
const worst = Math.max(...rows.map(({ ours: r, twin: t }) => (r.lcp ?? 0) / (t.lcp ?? 1)));
const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(" ");
const conditions = `Load average before ${load(loadBefore)}, after ${load(os.loadavg())} (${os.cpus().length} cores).`;
console.log(
  `\nMedians of ${runs} runs, Lighthouse mobile defaults, ours and the zero-script twin alternating:\n${table}\n\n${clickLine}\n${conditions}`,
);
console.log(`Worst LCP ratio: ${worst.toFixed(2)}× (budget 1.15×)`);
/** The pages whose median misses a budget, each named by `describe`. */
const missing = (meets: (sample: Sample) => boolean, describe = (row: (typeof rows)[number]) => row.path) =>
  rows
    .filter(({ ours: r }) => !meets(r))
    .map(describe)
    .join(", ") || "none";
// The twin's own blocking time shows how busy the machine was: it has no script, so its TBT is the page's rendering.
// Each run's figure is shown, so one slow run can be told from a page that is always over.
const eachRun = (values: number[]) => values.map((v) => Math.round(v)).join("/");
console.log(
  `TBT over 100 ms: ${missing(
    (r) => (r.tbt ?? Number.NaN) <= 100,
    ({ path: p, tbtRuns }) => `${p} (runs ${eachRun(tbtRuns.ours)} ms; no script: ${eachRun(tbtRuns.twin)} ms)`,
  )}`,
);
console.log(`Performance under 99: ${missing((r) => (r.performance ?? 0) >= 99)}`);
console.log(`More than 4 scripts: ${missing((r) => (r.scripts ?? Number.NaN) <= 4)}`);
console.log(`CLS above 0: ${missing((r) => r.cls === 0)}`);
// A page that fits the first window of a new connection (10 packets of 1,460 bytes, headers included) arrives in
// one round trip; one byte more costs a second (about 0.15 s of LCP on slow 4G: the home page once, at 1.17×).
const firstWindow = 14_600;
const largest = rows.reduce((a, b) => ((b.ours.documentBytes ?? 0) > (a?.ours.documentBytes ?? 0) ? b : a), rows[0]);
console.log(
  `Page over the first round trip (${firstWindow.toLocaleString("en-GB")} bytes with headers): ${missing((r) => (r.documentBytes ?? Number.NaN) <= firstWindow)} (largest: ${largest?.path} at ${largest?.ours.documentBytes?.toLocaleString("en-GB")} bytes)`,
);
if (process.argv.includes("--write")) {
  const doc = "docs/performance.md";
  const text = fs.readFileSync(doc, "utf8");
  const [before, , after = ""] = text.split("<!-- lighthouse -->");
  const [, , rest = ""] = after.split("<!-- click -->");
  const [middle = ""] = after.split("<!-- click -->");
  fs.writeFileSync(
    doc,
    `${before}<!-- lighthouse -->\n${table}\n\n${conditions}\n<!-- lighthouse -->${middle}<!-- click -->\n${clickLine}\n<!-- click -->${rest}`,
  );
}
