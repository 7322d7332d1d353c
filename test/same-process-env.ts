import { afterAll, expect } from "vitest";

// Test files share their worker's process (vitest.config.ts: isolate: false), so a file that changed
// process.env would change the next file's world, and the servers it starts.
const atStart = { ...process.env };

afterAll(() => {
  expect({ ...process.env }, "a test file changed process.env and left it changed").toEqual(atStart);
});
