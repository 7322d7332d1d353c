import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { nodeBin } from "#test/node.ts";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "mro-playwright-config-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** The project's Playwright configuration as a run under CI=true reads it. */
function configInCi() {
  const printed = spawnSync(
    nodeBin,
    [
      "--input-type=module",
      "-e",
      "const { default: c } = await import(process.argv[1]); console.log(JSON.stringify(c));",
      path.resolve("playwright.config.ts"),
    ],
    { env: { ...process.env, CI: "true" }, encoding: "utf8" },
  );
  expect(printed.stderr).toBe("");
  return JSON.parse(printed.stdout) as { retries?: number; webServer?: { timeout?: number } };
}

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
