import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";
import { installSuiteClock } from "./test-clock";

// Storage is isolated per test file; apply the schema once per file.
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);

// TEST_NOW runs the suite as if on another day (tests/worker/test-clock.ts).
installSuiteClock();
