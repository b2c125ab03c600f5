// Serves the built worker locally (vite preview runs it in workerd) with a migrated, seeded local D1.
// Used by the browser tests; the build must exist (`npm run build`).
import { run, seed, start, waitFor } from "./lib.mjs";

const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4173}`;

run("wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
const server = start("vite", ["preview"]);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));

await waitFor(`${ORIGIN}/api/health`, { timeoutMs: 120_000 });
await seed(ORIGIN);
console.log(`preview ready at ${ORIGIN}`);
