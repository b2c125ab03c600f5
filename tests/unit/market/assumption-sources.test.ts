// The sources behind every idea's assumptions (decision 160): the Treasury's bill-rate table as parsed,
// and the dividend yield, unknown when there is no feed and never a silent 0.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseTreasuryBillRates } from "#app/server/market/providers/treasury.server.ts";
import { trailingDividendYield } from "#app/server/market/dividend-yield.server.ts";
import type { Dividends } from "#app/server/market/types.server.ts";

const CSV = readFileSync(
  new URL(
    "../../worker/fakes/market-samples/treasury_daily_bill_rates_202607.reconstructed.csv",
    import.meta.url,
  ),
  "utf8",
);

describe("Treasury daily bill rates", () => {
  it("reads the 13-week coupon equivalent per date, newest first, skipping unquoted days", () => {
    expect(parseTreasuryBillRates(CSV)).toEqual([
      { date: "2026-07-24", yieldPercent: 3.93 },
      { date: "2026-07-23", yieldPercent: 3.94 },
      { date: "2026-07-01", yieldPercent: 3.97 },
    ]);
  });

  it("a header alone is no rows; a table without the column is malformed", () => {
    expect(parseTreasuryBillRates(CSV.split("\n")[0]!)).toEqual([]);
    expect(() => parseTreasuryBillRates("Date,1 Mo\n07/24/2026,4.1\n")).toThrow(/malformed/);
  });
});

describe("dividend yield", () => {
  const feed = (events: Dividends["events"], source: Dividends["source"] = "alphavantage"): Dividends => ({
    symbol: "KO",
    events,
    source,
    asOf: "2026-11-23T16:00:00Z",
  });

  it("is the trailing 12 months of cash over the price, with its source", () => {
    const q = trailingDividendYield(
      feed([
        { exDate: "2025-11-20", amount: 0.5 },
        { exDate: "2026-03-01", amount: 0.51 },
        { exDate: "2026-06-01", amount: 0.51 },
        { exDate: "2026-09-01", amount: 0.51 },
        { exDate: "2026-11-21", amount: 0.51 },
        { exDate: "2027-02-01", amount: 0.52 },
      ]),
      70,
      "2026-11-23",
    );
    expect(q.value).toBeCloseTo((0.51 * 4) / 70, 12);
    expect(q.source).toBe("trailing 12-month dividends / price (alphavantage)");
  });

  it("is unknown without a feed or with an amount missing, and a known 0 when nothing was paid", () => {
    expect(trailingDividendYield(null, 70, "2026-11-23")).toEqual({ value: null, source: "unknown" });
    expect(trailingDividendYield(feed([{ exDate: "2026-09-01", amount: null }]), 70, "2026-11-23")).toEqual({
      value: null,
      source: "unknown",
    });
    expect(trailingDividendYield(feed([], "demo"), 70, "2026-11-23")).toEqual({
      value: 0,
      source: "Simulated data: no dividend in the past 12 months (demo)",
    });
  });
});
