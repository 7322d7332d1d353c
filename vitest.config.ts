import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    // Suites start a production server in beforeAll; on a busy machine that can take longer than 10 s.
    hookTimeout: 60_000,
  },
});
