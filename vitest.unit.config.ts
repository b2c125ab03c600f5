import { defineConfig } from "vitest/config";

// Unit layer: pure modules (engine, lib) in plain Node.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
