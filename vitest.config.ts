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
    globalSetup: ["test/global-postgres.ts"],
    setupFiles: ["test/same-process-env.ts"],
    // Most server tests spend much of their time waiting on a server, PostgreSQL or a mail server they started,
    // so as many files as there are cores run at once (Vitest's default is one fewer: one at a time on two cores).
    // One more overloaded two cores: commands that start PostgreSQL then ran past their ceilings.
    maxWorkers: os.availableParallelism(),
    // A worker runs file after file with the modules it has loaded (React Router, drizzle, pg, the app): a new
    // process per file loaded them 103 times over, 3 of Vitest's 8 minutes on two cores. The suites keep no
    // state between files: no module mocks, each starts what it needs, and test/same-process-env.ts fails a
    // file that leaves process.env changed.
    isolate: false,
    testTimeout: 30_000,
    // Starting the built server takes a few seconds, more on a busy machine.
    hookTimeout: 60_000,
  },
});
