import { defineConfig } from "vitest/config";

// Unit layer: pure modules (engine, lib) in plain Node.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // Property tests (thousands of generated cases against Intl) take 0.5 s on a quiet host and passed 5 s once on
    // a loaded one: a timeout is a guard against a hang, not a speed check (speed is measured in `npm run bench`).
    testTimeout: 20_000,
    // The JSON file feeds .ci/run's totals line.
    reporters: ["default", ["json", { outputFile: "test-results/unit-results.json" }]],
  },
});
