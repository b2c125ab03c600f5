// `npm run dev`: migrate the local D1, start the dev server (workerd via the Cloudflare Vite plugin),
// then seed demo data and print the demo accounts. Needs no secrets. Extra arguments go to
// `react-router dev` (e.g. `npm run dev -- --port 5312`); the seed goes to whatever port Vite really got.
// A server of its own (the cold-start test, tests/e2e/dev-server): WHEELHOUSE_LOCAL_STATE_DIR puts the local D1/KV
// elsewhere than .wrangler/state and WHEELHOUSE_VITE_CACHE_DIR the dependency cache elsewhere than node_modules/.vite
// (vite.config.ts reads both); WHEELHOUSE_COLD_START=1 empties those two first (never the usual ones).
import { rmSync } from "node:fs";
import { clearTimeout } from "node:timers";
import { DEMO_ACCOUNTS } from "./demo-accounts.mjs";
import { devServerOrigin } from "./dev-origin.mjs";
import { applyLocalMigrations, devStep, postJson } from "./dev-steps.mjs";
import { start, waitFor } from "./lib.mjs";

const { WHEELHOUSE_LOCAL_STATE_DIR: stateDir, WHEELHOUSE_VITE_CACHE_DIR: cacheDir } = process.env;

if (process.env.WHEELHOUSE_COLD_START === "1") {
  if (!stateDir || !cacheDir) {
    console.error(
      "WHEELHOUSE_COLD_START needs WHEELHOUSE_LOCAL_STATE_DIR and WHEELHOUSE_VITE_CACHE_DIR (it empties them)",
    );
    process.exit(1);
  }
  for (const dir of [stateDir, cacheDir]) rmSync(dir, { recursive: true, force: true });
  console.log(`Cold start: emptied ${stateDir} and ${cacheDir}`);
}
if (!applyLocalMigrations({ persistTo: stateDir })) process.exit(1);
const server = start("react-router", ["dev", ...process.argv.slice(2)], {
  stdio: ["inherit", "pipe", "inherit"],
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));

/** Passes the server's output through and resolves with the origin its banner announces. */
function announcedOrigin(timeoutMs) {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`no "Local:" line within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    server.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      if (seen === null) return;
      seen += chunk.toString();
      const origin = devServerOrigin(seen);
      if (origin) {
        seen = null;
        clearTimeout(timer);
        resolve(origin);
      }
    });
  });
}

/** The origin once the server answers its health check, else null (after saying why). */
async function serverUp() {
  try {
    const origin = await announcedOrigin(120_000);
    await waitFor(`${origin}/api/health`, { timeoutMs: 120_000 });
    return origin;
  } catch (error) {
    console.error(`\nThe dev server did not come up to be seeded: ${error.message}`);
    return null;
  }
}

const origin = await serverUp();
if (origin) {
  const seeded = await devStep(
    "Seeding the demo data",
    () => postJson(`${origin}/__dev/seed`),
    `npm run db:seed -- ${origin}`,
  );
  console.log(`\nWheelhouse is running at ${origin} (simulated market, emails captured in the outbox).`);
  console.log(
    seeded
      ? `Demo accounts (${seeded.created.length} created, ${seeded.existing.length} already there):`
      : "Demo accounts (once the seed has run):",
  );
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.kind.padEnd(6)} ${a.email.padEnd(26)} ${a.password}`);
  console.log("");
  // A small backfill of the simulated market's history, so /track-record is not empty on a fresh machine (once:
  // skipped when the log already holds backfill rows; `npm run track:backfill` runs a longer one). Safe to repeat.
  const backfill = await devStep(
    "Track record backfill",
    () => postJson(`${origin}/__dev/track-backfill`, { onlyIfEmpty: true }),
    `npm run track:backfill -- --origin ${origin}   (until then /track-record shows no history)`,
  );
  if (backfill && !backfill.skipped)
    console.log(
      `Track record: ${backfill.appended} simulated-history ideas backfilled (${backfill.from} to ${backfill.to}) in ${(backfill.ms / 1000).toFixed(1)} s.\n`,
    );
}
