import { defineConfig, devices } from "@playwright/test";
import build from "../../../playwright.config";
import { COLD_START_DIRS, ROOT } from "./optimized-deps";

// `npm run test:dev-server`: every page once under `npm run dev` started cold: a dependency cache and a local D1 of
// its own, emptied by dev.mjs before it starts (WHEELHOUSE_COLD_START), so the pages meet Vite discovering
// dependencies as on a fresh clone, and the usual .wrangler/state and node_modules/.vite are not touched (decision
// 306). DEV_SERVER_TEST_PORT moves it off 5190.
const PORT = Number(process.env.DEV_SERVER_TEST_PORT ?? 5190);

export default defineConfig({
  ...build,
  testDir: ".",
  testMatch: ["every-route.cold.ts"],
  outputDir: `${ROOT}test-results/dev-server`,
  globalSetup: "./optimized-deps.ts",
  // A retry would meet a warm server: the cold start happens once, so a failure stands.
  retries: 0,
  timeout: 120_000,
  reporter: [["list"], ["json", { outputFile: `${ROOT}test-results/dev-server-results.json` }]],
  use: { ...build.use, baseURL: `http://localhost:${PORT}` },
  projects: [
    {
      name: "dev-server-cold",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: {
    command: `node scripts/dev.mjs --port ${PORT}`,
    cwd: ROOT,
    env: {
      WHEELHOUSE_VITE_CACHE_DIR: COLD_START_DIRS.viteCache,
      WHEELHOUSE_LOCAL_STATE_DIR: COLD_START_DIRS.localState,
      WHEELHOUSE_COLD_START: "1",
    },
    // Ready once dev.mjs has migrated and seeded, as a developer would start using it.
    wait: { stdout: /Wheelhouse is running at/ },
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
