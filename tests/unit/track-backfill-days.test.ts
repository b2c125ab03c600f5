// The backfill reaches the simulated market's whole history by sampling sessions (issue 43 step 4, decision 315).
import { describe, expect, it } from "vitest";
import {
  backfillDays,
  lastBackfillDay,
  SIMULATED_HISTORY_FROM,
  tradingDaysBetween,
} from "#app/server/track/backfill.server.ts";
import { EPOCH } from "#app/server/market/providers/demo/random.server.ts";
import { daysBetween } from "#app/lib/market-calendar/index.ts";

describe("backfill days", () => {
  const to = lastBackfillDay("2026-12-02");

  it("starts 300 sessions after the epoch and leaves three and more years to backfill", () => {
    expect(tradingDaysBetween(EPOCH, SIMULATED_HISTORY_FROM).length).toBeGreaterThanOrEqual(300);
    expect(daysBetween(SIMULATED_HISTORY_FROM, to)).toBeGreaterThan(3 * 365);
  });

  it("takes the last N sessions by default, every Nth when sampling, always ending at the last allowed day", () => {
    const all = tradingDaysBetween(SIMULATED_HISTORY_FROM, to);
    expect(backfillDays(to, 10)).toEqual(all.slice(-10));
    const sampled = backfillDays(to, 1000, 5);
    expect(sampled.at(-1)).toBe(to);
    expect(sampled.length).toBe(Math.ceil(all.length / 5));
    for (let i = 1; i < sampled.length; i++)
      expect(all.indexOf(sampled[i]!) - all.indexOf(sampled[i - 1]!)).toBe(5);
    // `--sessions 190 --every 5` spans the whole history.
    expect(backfillDays(to, 190, 5)[0]! <= all[4]!).toBe(true);
  });
});
