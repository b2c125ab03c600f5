// Serves the built worker locally (vite preview runs it in workerd) with a migrated, seeded local D1.
// Used by the browser tests; the build must exist (`npm run build`). Payments run against the loopback fake
// Stripe of the tests (tests/worker/fakes), started here on E2E_PORT + 2000 and wired in through the
// build's .dev.vars, so a checkout journey never leaves the machine.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { run, seed, start, waitFor } from "./lib.mjs";

const port = Number(process.env.E2E_PORT ?? 4173);
const ORIGIN = `http://localhost:${port}`;
const FAKE_PORT = port + 2000;
const PUSH_PORT = port + 2001;

const fakes = start("tsx", ["tests/e2e/fake-servers.ts"], {
  env: {
    ...process.env,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    FAKE_PORT: String(FAKE_PORT),
    PUSH_PORT: String(PUSH_PORT),
  },
});
// Whatever way this process ends (a crash included), the fakes end with it instead of holding the port.
process.on("exit", () => fakes.kill("SIGTERM"));
await waitFor(`http://127.0.0.1:${FAKE_PORT}/__recorded`, { timeoutMs: 60_000 });

const devVars = "build/server/.dev.vars";
const e2eVars = readFileSync("tests/e2e/e2e.vars", "utf8")
  .replaceAll("{FAKE_PORT}", String(FAKE_PORT))
  .replaceAll("{PUSH_PORT}", String(PUSH_PORT));
if (!existsSync(devVars) || !readFileSync(devVars, "utf8").includes(e2eVars))
  appendFileSync(devVars, `\n${e2eVars}`);

run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
const server = start("vite", ["preview"]);
for (const sig of ["SIGINT", "SIGTERM"])
  process.on(sig, () => {
    fakes.kill(sig);
    server.kill(sig);
  });
server.on("exit", (code) => {
  fakes.kill("SIGTERM");
  process.exit(code ?? 0);
});

await waitFor(`${ORIGIN}/api/health`, { timeoutMs: 120_000 });
await seed(ORIGIN);
console.log(`preview ready at ${ORIGIN} (fake Stripe at http://127.0.0.1:${FAKE_PORT})`);
