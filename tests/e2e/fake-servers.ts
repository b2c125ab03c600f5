// The loopback fakes (Stripe, siteverify, ...) as a standalone server for the browser tests (port FAKE_PORT).
import { startFakeServers } from "../worker/fakes/servers";

const fakes = await startFakeServers(Number(process.env.FAKE_PORT ?? 0));
console.log(`fakes listening at ${fakes.origin}`);
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    void fakes.close().then(() => process.exit(0));
  });
