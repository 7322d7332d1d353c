import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { afterAll, expect, it } from "vitest";
import { chromiumLaunchOptions, chromiumPath, testLaunchOptions } from "#e2e/browser.ts";
import { nodeBin } from "#test/node.ts";
import { printedPlaywrightConfig } from "#test/playwright.ts";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "mro-playwright-config-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The project's Playwright configuration as a run under CI=true reads it. */
const configInCi = () =>
  printedPlaywrightConfig<{ retries?: number; webServer?: { timeout?: number } }>({ CI: "true" });

it("in CI, refuses a run where a test.only was left in, instead of quietly skipping the rest", () => {
  fs.writeFileSync(
    path.join(folder, "only.spec.ts"),
    `import { test } from ${JSON.stringify(path.resolve("node_modules/@playwright/test/index.js"))};\n` +
      `test.only("focused", () => {});\ntest("the rest", () => {});\n`,
  );
  fs.writeFileSync(
    path.join(folder, "playwright.config.ts"),
    `import base from ${JSON.stringify(path.resolve("playwright.config.ts"))};\n` +
      `export default { ...base, testDir: ${JSON.stringify(folder)}, webServer: undefined };\n`,
  );
  const list = (env: Record<string, string>) =>
    spawnSync(
      nodeBin,
      ["node_modules/@playwright/test/cli.js", "test", "--list", "-c", path.join(folder, "playwright.config.ts")],
      { env: { ...process.env, ...env }, encoding: "utf8" },
    );
  const inCi = list({ CI: "true" });
  expect(inCi.status).toBe(1);
  expect(`${inCi.stdout}${inCi.stderr}`).toContain("focused with '.only'");
  expect(list({ CI: "" }).status).toBe(0);
  // Two runs of Playwright's command line: seconds each, far more on a busy machine.
}, 90_000);

it("in CI, never retries a failed test (a flake is a bug), and waits 3 minutes for the server to start", () => {
  const config = configInCi();
  expect(config.retries).toBe(0);
  expect(config.webServer?.timeout).toBeGreaterThanOrEqual(180_000);
}, 90_000);

/** The features the browser's last `--disable-features` switch turns off, as chrome://version shows them. */
async function disabledFeatures(browser: Browser) {
  const page = await browser.newPage();
  await page.goto("chrome://version");
  const commandLine = (await page.locator("#command_line").textContent()) ?? "";
  await page.close();
  return (
    commandLine
      .match(/--disable-features=(\S+)/g)
      ?.at(-1)
      ?.split("=")[1]
      ?.split(",") ?? []
  );
}

/** How long until the browser holds the address-bar popup it prerenders, or undefined if not within 10 s. */
async function popupPrerendered(browser: Browser, within: number) {
  const cdp = await browser.newBrowserCDPSession();
  const started = Date.now();
  await (await browser.newContext()).newPage();
  do {
    const { targetInfos } = await cdp.send("Target.getTargets");
    if (targetInfos.some((target) => target.url.startsWith("chrome://omnibox-popup"))) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() - started < within);
  return undefined;
}

it("launches Chromium with every feature Playwright turns off still off, and no address-bar popup prerendered", async () => {
  const plain = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  const ours = await chromium.launch(chromiumLaunchOptions);
  const tests = await chromium.launch(testLaunchOptions);
  try {
    const playwrights = await disabledFeatures(plain);
    expect(playwrights).toContain("PaintHolding");
    expect(await disabledFeatures(ours)).toEqual(expect.arrayContaining([...playwrights, "WebUIOmniboxPopup"]));
    expect(await disabledFeatures(tests)).toEqual(
      expect.arrayContaining([...playwrights, "WebUIOmniboxPopup", "SpareRendererForSitePerProcess"]),
    );
    // Measured first where Chromium does prerender the popup, so the absence below is waited for long enough.
    const seenAfter = (await popupPrerendered(plain, 10_000)) ?? 5_000;
    expect(await popupPrerendered(ours, Math.max(2 * seenAfter, 2_000))).toBeUndefined();
    expect(await popupPrerendered(tests, Math.max(2 * seenAfter, 2_000))).toBeUndefined();
  } finally {
    await Promise.all([plain.close(), ours.close(), tests.close()]);
  }
}, 90_000);
