// The loopback fakes (Stripe, siteverify, ...) as a standalone server for the browser tests (port FAKE_PORT).
import { startFakeServers } from "../worker/fakes/servers";
import { startLoopbackPushService } from "../worker/fakes/push-service";

const fakes = await startFakeServers(Number(process.env.FAKE_PORT ?? 0));
// The push service on the next port (PUSH_PORT): its bodies are binary, so it is a server of its own.
const push = await startLoopbackPushService(Number(process.env.PUSH_PORT ?? 0));
console.log(`fakes listening at ${fakes.origin}, push service at ${push.origin}`);
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    void Promise.all([fakes.close(), push.close()]).then(() => process.exit(0));
  });
