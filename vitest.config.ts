import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    // Suites start a production server on a fresh embedded database; on a busy two-core runner that takes
    // longer than the default 10 s.
    hookTimeout: 60_000,
  },
});
