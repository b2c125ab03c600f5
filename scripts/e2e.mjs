// `npm run test:e2e [-- playwright args]`: the browser tests against the build (playwright.config.ts), then the
// share journeys against the dev server (playwright.dev.config.ts). The same arguments go to both runs; a
// filter that names no share journey runs nothing in the second. Fails if either run fails.
import { spawnSync } from "node:child_process";
import { bin, quietEnv } from "./lib.mjs";

const args = process.argv.slice(2);
const runs = [[], ["--config", "playwright.dev.config.ts", "--pass-with-no-tests"]];
let status = 0;
for (const config of runs) {
  const res = spawnSync(bin("playwright"), ["test", ...config, ...args], { stdio: "inherit", env: quietEnv });
  if (res.status !== 0) status = res.status ?? 1;
}
process.exit(status);
