import { afterAll, expect } from "vitest";

// Test files share their worker's process (vitest.config.ts: isolate: false), so a file that changed
// process.env would change the next file's world, and the servers it starts.
const atStart = { ...process.env };

/** Set once per process by a library as it starts, the same for every file: libvips (sharp) names its home. */
const setByLibraries = ["VIPSHOME"];

afterAll(() => {
  const now = { ...process.env };
  for (const name of setByLibraries) {
    if (!(name in atStart)) delete now[name];
  }
  expect(now, "a test file changed process.env and left it changed").toEqual(atStart);
});
