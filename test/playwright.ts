import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import { nodeBin } from "#test/node.ts";

/**
 * The project's Playwright configuration as a run with `env` reads it, printed as JSON by a process of its own
 * (regular expressions print as `{}`). It names a data folder, so the config makes none for a server.
 */
export function printedPlaywrightConfig<Config>(env: Record<string, string> = {}): Config {
  const printed = spawnSync(
    nodeBin,
    [
      "--input-type=module",
      "-e",
      "const { default: c } = await import(process.argv[1]); console.log(JSON.stringify(c));",
      path.resolve("playwright.config.ts"),
    ],
    { env: { ...process.env, E2E_DATA_DIR: "/nonexistent", ...env }, encoding: "utf8" },
  );
  expect(printed.stderr).toBe("");
  return JSON.parse(printed.stdout) as Config;
}
