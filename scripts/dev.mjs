// `npm run dev`: migrate the local D1, start the dev server (workerd via the Cloudflare Vite plugin),
// then seed demo data and print the demo accounts. Needs no secrets. Extra arguments go to
// `react-router dev` (e.g. `npm run dev -- --port 5312`); the seed goes to whatever port Vite really got.
import { clearTimeout } from "node:timers";
import { DEMO_ACCOUNTS } from "./demo-accounts.mjs";
import { devServerOrigin } from "./dev-origin.mjs";
import { run, seed, start, waitFor } from "./lib.mjs";

run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
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

try {
  const origin = await announcedOrigin(120_000);
  await waitFor(`${origin}/api/health`, { timeoutMs: 120_000 });
  const result = await seed(origin);
  console.log(`\nWheelhouse is running at ${origin} (simulated market, emails captured in the outbox).`);
  console.log(`Demo accounts (${result.created.length} created, ${result.existing.length} already there):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.kind.padEnd(6)} ${a.email.padEnd(26)} ${a.password}`);
  console.log("");
  // A small backfill of the simulated market's history, so /track-record is not empty on a fresh machine (once:
  // skipped when the log already holds backfill rows; `npm run track:backfill` runs a longer one).
  const backfill = await fetch(`${origin}/__dev/track-backfill`, {
    method: "POST",
    headers: { Origin: origin, "content-type": "application/json" },
    body: JSON.stringify({ onlyIfEmpty: true }),
  }).then((r) => r.json());
  if (!backfill.skipped)
    console.log(
      `Track record: ${backfill.appended} simulated-history ideas backfilled (${backfill.from} to ${backfill.to}) in ${(backfill.ms / 1000).toFixed(1)} s.\n`,
    );
} catch (error) {
  console.error(`\nThe dev server started but seeding failed: ${error.message}`);
}
