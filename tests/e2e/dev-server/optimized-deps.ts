import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// The cold-start test's own directories (emptied by scripts/dev.mjs under WHEELHOUSE_COLD_START) and what Vite has
// pre-bundled in them. Global setup (this module's default export, run once the server is up) notes the
// dependencies pre-bundled at the start; the last test fails on any a page made Vite find later (decision 306).
export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const COLD_START_DIRS = {
  viteCache: "node_modules/.vite-dev-server-test",
  localState: ".wrangler/dev-server-test",
};
const AT_START = "WHEELHOUSE_DEPS_AT_START";

export interface OptimizedDeps {
  /** The browser's pre-bundled dependencies. */
  client: string[];
  /** The Worker's (workerd's own optimizer, the `ssr` environment). */
  worker: string[];
}

function optimizedIn(dir: string): string[] {
  const file = join(ROOT, COLD_START_DIRS.viteCache, dir, "_metadata.json");
  if (!existsSync(file)) return [];
  const metadata = JSON.parse(readFileSync(file, "utf8")) as { optimized?: Record<string, unknown> };
  return Object.keys(metadata.optimized ?? {}).sort();
}

export function optimizedDeps(): OptimizedDeps {
  return { client: optimizedIn("deps"), worker: optimizedIn("deps_ssr") };
}

/** What global setup saw (workers inherit the runner's environment). */
export function depsAtStart(): OptimizedDeps {
  const saved = process.env[AT_START];
  if (!saved) throw new Error(`${AT_START} is unset: run through tests/e2e/dev-server/playwright.config.ts`);
  return JSON.parse(saved) as OptimizedDeps;
}

export default function globalSetup() {
  const deps = optimizedDeps();
  if (!deps.client.length || !deps.worker.length)
    throw new Error(`no pre-bundled dependencies under ${COLD_START_DIRS.viteCache} once the server was up`);
  process.env[AT_START] = JSON.stringify(deps);
}
