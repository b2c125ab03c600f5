// The worker suite's clock. `TEST_NOW=2027-02-10T15:00:00Z npm run test:worker` runs the suite as if on that
// day, to find tests that only pass near the day they were written. Only workerd's clock moves (the fake Stripe
// server keeps the real one): a test compares the fake Stripe's times with the fake Stripe's own clock. A test that must read at a pinned instant (a
// list at its refresh) uses `readAt`, then `restoreSuiteClock`.
import { env } from "cloudflare:test";
import { vi } from "vitest";

const suiteNow = (env as unknown as { TEST_NOW?: string }).TEST_NOW;
const realStart = Date.now();

function fakeDate(nowMs: number): void {
  // 1 ms steps (the default is 20): rows written in a row keep their order, as on the real clock.
  vi.useFakeTimers({ now: nowMs, toFake: ["Date"], shouldAdvanceTime: true, advanceTimeDelta: 1 });
}

/** Installs TEST_NOW's clock, advanced by the real time the suite has run (a no-op without TEST_NOW). */
export function installSuiteClock(): void {
  if (!suiteNow) return;
  const elapsed = Date.now() - realStart;
  fakeDate(Date.parse(suiteNow) + Math.max(0, elapsed));
}

/** Pins `Date` at `nowMs` (advancing from there) until `restoreSuiteClock`. */
export function readAt(nowMs: number): void {
  vi.useRealTimers();
  fakeDate(nowMs);
}

export function restoreSuiteClock(): void {
  vi.useRealTimers();
  installSuiteClock();
}
