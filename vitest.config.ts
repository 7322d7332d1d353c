import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The suites that attack the server or take it down: the fuzzers, and the crash, power-cut, shutdown and
 * start-fault suites. They spend half of Vitest's time on two cores, so `npm test` leaves them to
 * `npm run test:slow`, which CI runs after it (ADR 0022).
 */
export const slowSuites = [
  "server/fuzz.test.ts",
  "server/fuzz-multipart.test.ts",
  "server/mail-fuzz.test.ts",
  "server/durability.test.ts",
  "server/upload-durability.test.ts",
  "server/fsync.test.ts",
  "server/shutdown.test.ts",
  "server/start-faults.test.ts",
  "db/client.server.test.ts",
];

const suites = ["app", "server", "db", "scripts", "test"].map((folder) => `${folder}/**/*.test.ts`);

export default defineConfig({
  test: {
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
    projects: [
      { extends: true, test: { name: "main", include: suites, exclude: [...configDefaults.exclude, ...slowSuites] } },
      { extends: true, test: { name: "slow", include: slowSuites } },
    ],
  },
});
