import { defineConfig } from "vitest/config";

// Unit layer: pure modules (engine, lib) in plain Node.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // The JSON file feeds .ci/run's totals line.
    reporters: ["default", ["json", { outputFile: "test-results/unit-results.json" }]],
  },
});
