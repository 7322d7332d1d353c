import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { printedPlaywrightConfig } from "#test/playwright.ts";

// The root's config files are not under a package.json import.
const { default: vitestConfig, slowSuites } = (await import(
  path.resolve("vitest.config.ts")
)) as typeof import("../vitest.config.ts");
const scripts: Record<string, string> = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts;

/** The commands an npm script runs, with the scripts it runs through `npm run` (or `npm test`) spelled out. */
function commands(script: string): string[] {
  const body = scripts[script];
  if (!body) throw new Error(`no npm script ${script}`);
  return body.split("&&").flatMap((part) => {
    const command = part.trim();
    const called = command.match(/^npm (?:run (\S+)|(test))$/);
    return called ? commands(called[1] ?? called[2] ?? "") : [command];
  });
}

/** The projects the commands of these scripts run, for one tool (`vitest run` or `playwright test`). */
function projectsRun(tool: string, ...scriptNames: string[]) {
  return scriptNames
    .flatMap(commands)
    .filter((command) => command.startsWith(tool))
    .flatMap((command) => [...command.matchAll(/--project[= ](\S+)/g)].map((match) => match[1]));
}

const playwrightProjects = () =>
  printedPlaywrightConfig<{ projects: { name: string }[] }>().projects.map((project) => project.name);

it("runs every Vitest and Playwright project in `npm test` or `npm run test:slow`, and CI runs both", () => {
  const vitestProjects = (vitestConfig.test?.projects ?? []).map((project) =>
    typeof project === "object" && "test" in project ? project.test?.name : undefined,
  );
  expect(vitestProjects).toEqual(["main", "slow"]);
  expect(projectsRun("vitest run", "test")).toEqual(["main"]);
  expect(projectsRun("vitest run", "test:slow")).toEqual(["slow"]);

  const everyRun = projectsRun("playwright test", "test", "test:slow");
  expect([...everyRun].sort()).toEqual(playwrightProjects().sort());
  // The main-thread check is timed alone: nothing else may share its run.
  expect(commands("test:slow")).toContain("playwright test --project quiet");

  const ci = fs.readFileSync(".ci/run", "utf8").split("\n");
  expect(ci).toContain("npm test");
  expect(ci).toContain("npm run test:slow");
}, 60_000);

it("names only suites that exist as slow ones, so none falls out of both runs by a typo", () => {
  for (const suite of slowSuites) expect(fs.existsSync(suite), suite).toBe(true);
});
