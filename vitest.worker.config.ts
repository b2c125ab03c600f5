import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, type ViteUserConfig } from "vitest/config";
import { cardFontsUnpackedAtBuild } from "./scripts/card-fonts-plugin.ts";

// Worker integration layer: tests run inside workerd with real D1 (migrations applied per test file)
// and real KV; local fake servers stand in for external HTTP APIs (tests/worker/global-setup.ts).
export default defineConfig(async (): Promise<ViteUserConfig> => {
  const migrations = await readD1Migrations("migrations");
  return {
    plugins: [
      cardFontsUnpackedAtBuild(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            APP_ENV: "test",
            ...(process.env.TEST_NOW ? { TEST_NOW: process.env.TEST_NOW } : {}),
            // Generated inputs per fuzzed endpoint: the full run in CI, a lighter one for `npm test` at a desk
            // (FUZZ_RUNS=300 npm run test:worker runs CI's).
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? (process.env.CI ? "300" : "60"),
          },
        },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.ts"],
      setupFiles: ["./tests/worker/setup.ts"],
      globalSetup: ["./tests/worker/global-setup.ts"],
      testTimeout: 20_000,
      // The JSON file feeds .ci/run's totals line.
      // A TEST_NOW run (CI runs one on a Friday expiry) reports beside the ordinary run, not over it.
      reporters: [
        "default",
        [
          "json",
          {
            outputFile: process.env.TEST_NOW
              ? "test-results/worker-test-now-results.json"
              : "test-results/worker-results.json",
          },
        ],
      ],
    },
  };
});
