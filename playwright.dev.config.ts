import { defineConfig } from "@playwright/test";
import build from "./playwright.config";

// The share journeys again, against `npm run dev` (scripts/dev.mjs: Vite dev server in workerd, seeded local
// D1). Development runs React's StrictMode, whose mount-unmount-mount once closed every share dialog as it
// opened (and showed the account-deleted toast twice): the build never shows that. Only the journeys that open
// dialogs run here, and the small ones' StrictMode checks (the rest of that file skips itself), to keep CI's time.
const PORT = Number(process.env.E2E_PORT ?? 4173) + 1001;

export default defineConfig({
  ...build,
  outputDir: "test-results/e2e-dev",
  testMatch: ["share-journeys.spec.ts", "small-ones.spec.ts"],
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-dev-results.json" }]],
  use: { ...build.use, baseURL: `http://localhost:${PORT}` },
  projects: build.projects?.map((project) => ({ ...project, name: `${project.name}-dev-server` })),
  webServer: {
    command: `node scripts/dev.mjs --port ${PORT}`,
    // Ready once dev.mjs has seeded the demo accounts and the first market refresh, not at the first answer.
    wait: { stdout: /Wheelhouse is running at/ },
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
  },
});
