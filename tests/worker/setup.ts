import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";
import { vi } from "vitest";

// Storage is isolated per test file; apply the schema once per file.
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);

// TEST_NOW=2027-02-10T15:00:00Z npm run test:worker runs the suite as if on that day, to find tests that only
// pass near the day they were written. Only workerd's clock moves (the fake Stripe server keeps the real one),
// and it moves in 20 ms steps, so a test that compares with the fake Stripe's times or orders rows written within
// the same step can fail under it.
const fakeNow = (env as unknown as { TEST_NOW?: string }).TEST_NOW;
if (fakeNow) vi.useFakeTimers({ now: Date.parse(fakeNow), toFake: ["Date"], shouldAdvanceTime: true });
