import { defineConfig } from "vitest/config";

// On CI a test that fails is run again, up to twice, before the run counts as red: one timing-dependent failure
// among ~830 tests otherwise throws away a whole session's work (docs/decisions/2026-11-24-ci-retry.md).
const retry = process.env.CI ? 2 : 0;
// Hooks start a whole portal (migrations and the demo seed on PGlite), which took over 60 s on a loaded machine;
// a hook that times out skips its file's tests and is not retried.

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          // the demo school migrated and seeded once per database, copied by each test portal (test/templates.ts)
          globalSetup: ["src/server/test/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          retry,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          environment: "node",
          testTimeout: 90_000,
          retry,
          hookTimeout: 240_000,
          // one portal and one browser per file; files run one after another to keep the machine calm
          fileParallelism: false,
        },
      },
    ],
  },
});
