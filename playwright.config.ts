import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions, testLaunchOptions } from "#e2e/browser.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
// Set once in the runner, so the workers (which read this file again) see the server's folder too.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "mro-e2e-"));

const desktop = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  launchOptions: testLaunchOptions,
};
const phone = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: testLaunchOptions };
const phoneIgnores = /(a11y|layout|desk|catalogue|quotation|quotation-grid|threads)\.spec\.ts$/;
// Every page at every width with axe, and the open-now line's contrast at three times of day.
const sweeps = /(layout|a11y)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  // A test.only left in would quietly skip the rest of the suite in CI.
  forbidOnly: !!process.env.CI,
  // A flaky test is a bug to find, not to retry until it passes.
  retries: 0,
  // Time, not tries: on two busy cores a page's script can take over 5 s to draw what it draws (the open-now
  // line), and a test over 30 s. A test that is wrong still fails; one that is only slow no longer does.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: testLaunchOptions,
    // Recording a trace of every test took a third of the suite's time on two cores. A failure keeps its
    // screenshot; `npx playwright test --trace on` records traces when one needs more.
    trace: "off",
    screenshot: "only-on-failure",
  },
  // `npm test` runs api, phone and desktop; `npm run test:slow` the rest, and CI both (ADR 0022).
  // - api: tests that only send requests (tagged @api), once, without a browser.
  // - phone: what a phone changes (tagged @phone): the header, menu and search box, the sections laid out as they
  //   come near, the quote form's parts lines and a request sent. Listed first, so that its longest test (the
  //   menu on a slowed phone) does not end the run alone.
  // - desktop: everything else, the desk's flows included (they set their own widths and check every desk page
  //   at 390 px too; a test tagged @desk drives only the desk).
  // - sweeps: every page at seven widths with axe at two, and the open-now line's contrast at three times of day.
  // - phone-rest: the home page, search, the quote form and the buyer's online quotation once more on a phone.
  //   The catalogue's content and the desk's quotation and thread flows are the same on both; the sweeps load
  //   their pages at phone widths.
  // - quiet: checks that time the main thread (tagged @quiet), run alone after the rest, on a phone, in the
  //   browser as a buyer's runs pages (a renderer for each site).
  projects: [
    { name: "api", grep: /@api\b/ },
    {
      name: "phone",
      grep: /@phone\b/,
      grepInvert: /@api\b|@desk\b|@quiet\b/,
      testIgnore: phoneIgnores,
      use: phone,
    },
    {
      name: "desktop",
      grepInvert: /@api\b|@quiet\b/,
      testIgnore: sweeps,
      use: desktop,
    },
    { name: "sweeps", testMatch: sweeps, use: desktop },
    {
      name: "phone-rest",
      grepInvert: /@api\b|@desk\b|@quiet\b|@phone\b/,
      testIgnore: phoneIgnores,
      use: phone,
    },
    {
      name: "quiet",
      grep: /@quiet\b/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromiumLaunchOptions },
    },
  ],
  webServer: {
    command: "node server/index.js",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    // The first start creates the embedded database, which takes most of a minute on a slow, busy machine.
    timeout: 180_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // The origin the pages were built with (canonical links are prerendered).
      SITE_URL: "http://localhost:3000",
      DATA_DIR: process.env.E2E_DATA_DIR,
      QUOTE_RATE_LIMIT: "10000",
      LOG_LEVEL: "warn",
    },
  },
});
