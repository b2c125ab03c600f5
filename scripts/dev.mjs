// `npm run dev`: migrate the local D1, start the dev server (workerd via the Cloudflare Vite plugin),
// then seed demo data and print the demo accounts. Needs no secrets.
import { DEMO_ACCOUNTS } from "./demo-accounts.mjs";
import { run, seed, start, waitFor } from "./lib.mjs";

const ORIGIN = "http://localhost:5173";

run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
const server = start("react-router", ["dev"]);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));

try {
  await waitFor(`${ORIGIN}/api/health`, { timeoutMs: 120_000 });
  const result = await seed(ORIGIN);
  console.log(`\nWheelhouse is running at ${ORIGIN} (simulated market, emails captured in the outbox).`);
  console.log(`Demo accounts (${result.created.length} created, ${result.existing.length} already there):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.kind.padEnd(6)} ${a.email.padEnd(26)} ${a.password}`);
  console.log("");
} catch (error) {
  console.error(`\nThe dev server started but seeding failed: ${error.message}`);
}
