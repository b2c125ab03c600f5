import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";
import { inject } from "vitest";
import { installSuiteClock } from "./test-clock";

// Storage is isolated per test file; apply the schema once per file.
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);

// TEST_NOW runs the suite as if on another day (tests/worker/test-clock.ts).
installSuiteClock();
// ...and the loopback push service checks VAPID expiries by the same day, as a push service checks them by its own.
if ((env as unknown as { TEST_NOW?: string }).TEST_NOW)
  await fetch(`${inject("pushOrigin")}/__push/clock`, {
    method: "POST",
    body: JSON.stringify({ nowMs: Date.now() }),
  });
