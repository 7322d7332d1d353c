import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    environment: "node",
    // Most server tests spend their time waiting on a server, PostgreSQL or a mail server they started, so one
    // more file than there are cores runs at once (Vitest's default is one fewer: one file at a time on two cores).
    maxWorkers: os.availableParallelism() + 1,
    testTimeout: 30_000,
    // Starting the built server takes a few seconds, more on a busy machine.
    hookTimeout: 60_000,
  },
});
