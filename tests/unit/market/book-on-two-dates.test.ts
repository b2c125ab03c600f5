// The Balanced Pro 30 of a new user (empty watchlist) on two days of the simulated market, a calm one and a week
// into its last stress spell, through the real refresh and the plan's list: no bucket over its cap, one idea per
// (symbol, strategy), no shared short strike, the net beta-weighted delta inside its band, every spread above the
// credit floor and the commission share, and bull puts where the market offers them (decision 327).
import { describe, expect, it } from "vitest";
import { bookOnDate } from "../../../bench/book-on-date.ts";
import { bucketOf } from "#app/engine/buckets.ts";
import {
  BUCKET_CAP,
  BUCKET_CAP_EQUITY_BETA,
  bookDelta,
  NET_DELTA_BAND,
  passesCreditRules,
} from "#app/engine/ranking.ts";

const DATES = [
  ["calm", "2026-11-23T16:00:00Z"],
  ["a week into a selloff", "2025-11-10T16:00:00Z"],
] as const;

describe.each(DATES)("the Balanced Pro 30 on a %s day", (_label, iso) => {
  it("keeps every rule of the book", async () => {
    const { pool, list } = await bookOnDate(new Date(iso));
    expect(list).toHaveLength(30);

    const buckets = new Map<string, number>();
    for (const i of list)
      buckets.set(bucketOf(i.stock_symbol), (buckets.get(bucketOf(i.stock_symbol)) ?? 0) + 1);
    for (const [bucket, n] of buckets)
      expect(n, bucket).toBeLessThanOrEqual(
        bucket === "us-equity-beta" ? BUCKET_CAP_EQUITY_BETA : BUCKET_CAP,
      );

    const pairs = list.map((i) => `${i.stock_symbol}|${i.strategy_type}`);
    expect(new Set(pairs).size).toBe(pairs.length);

    const shorts = list.flatMap((i) =>
      [
        i.call_short_strike != null
          ? `${i.stock_symbol}|${i.expiration_date}|C|${i.call_short_strike}`
          : null,
        i.put_short_strike != null ? `${i.stock_symbol}|${i.expiration_date}|P|${i.put_short_strike}` : null,
      ].filter((k) => k !== null),
    );
    expect(new Set(shorts).size).toBe(shorts.length);

    const { net, gross } = bookDelta(list);
    expect(gross).toBeGreaterThan(0);
    expect(Math.abs(net)).toBeLessThanOrEqual(NET_DELTA_BAND * gross + 1e-9);

    for (const i of list) {
      expect(i.net_credit).toBeGreaterThanOrEqual(0.1);
      expect(passesCreditRules(i)).toBe(true);
    }

    // Bull puts where the market offers them: the pool has bull puts that pass the credit rules, and the list
    // takes some of them.
    const offered = pool.filter((i) => i.strategy_type === "BULL_PUT_SPREAD" && passesCreditRules(i));
    expect(offered.length).toBeGreaterThan(0);
    expect(list.filter((i) => i.strategy_type === "BULL_PUT_SPREAD").length).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
