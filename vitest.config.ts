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
    // Most server tests spend much of their time waiting on a server, PostgreSQL or a mail server they started,
    // so as many files as there are cores run at once (Vitest's default is one fewer: one at a time on two cores).
    // One more overloaded two cores: commands that start PostgreSQL then ran past their ceilings.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    // Starting the built server takes a few seconds, more on a busy machine.
    hookTimeout: 60_000,
  },
});
