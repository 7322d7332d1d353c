// Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU) on every page of the production build,
// 3 runs each; prints the medians and, with --write, records them in docs/performance.md.
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pageUrls } from "../app/pages.ts";
import { startServer } from "../test/server.ts";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

type Row = Record<string, number>;
const rows: { path: string; row: Row }[] = [];
try {
  for (const path of pageUrls) {
    const samples: Row[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const requests =
        (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })
          ?.items ?? [];
      samples.push({
        performance: (categories.performance?.score ?? 0) * 100,
        accessibility: (categories.accessibility?.score ?? 0) * 100,
        bestPractices: (categories["best-practices"]?.score ?? 0) * 100,
        seo: (categories.seo?.score ?? 0) * 100,
        fcp: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
        lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        jsKb:
          requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      });
    }
    const keys = Object.keys(samples[0] ?? {});
    const row = Object.fromEntries(keys.map((key) => [key, median(samples.map((s) => s[key] ?? Number.NaN))]));
    rows.push({ path, row });
    console.log(path, JSON.stringify(row));
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const table = [
  "| Page | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | JS transferred |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    ({ path, row: r }) =>
      `| ${path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${((r.fcp ?? 0) / 1000).toFixed(2)} s | ${((r.lcp ?? 0) / 1000).toFixed(2)} s | ${Math.round(r.tbt ?? 0)} ms | ${(r.cls ?? 0).toFixed(3)} | ${(r.jsKb ?? 0).toFixed(1)} KB |`,
  ),
].join("\n");
console.log(`\nMedians of ${runs} runs, Lighthouse mobile defaults:\n${table}`);
if (process.argv.includes("--write")) {
  const doc = "docs/performance.md";
  const marker = "<!-- lighthouse -->";
  const text = fs.readFileSync(doc, "utf8");
  const [before, , after = ""] = text.split(marker);
  fs.writeFileSync(doc, `${before}${marker}\n${table}\n${marker}${after}`);
}
