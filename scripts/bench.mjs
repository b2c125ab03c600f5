// Runs every bench/*.bench.ts in its own Node process (tsx) and prints its figures.
// Figures are printed, never asserted: performance is measured, not tested.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";

const only = process.argv[2];
const files = readdirSync("bench")
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !only || f.includes(only))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const run = spawnSync(process.execPath, ["--import", "tsx", `bench/${file}`], { stdio: "inherit" });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
