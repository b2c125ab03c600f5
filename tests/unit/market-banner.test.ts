import { describe, expect, it } from "vitest";
import {
  describeMarketBanner,
  isDataStale,
  MARKET_BANNER_TEXT,
  OPEN_MARKET_STALE_MS,
  updatedRange,
} from "#app/lib/market-banner.ts";
import { newYorkInstant } from "#app/lib/market-calendar/index.ts";

const at = (date: string, h: number, m = 0) => newYorkInstant(date, h, m);
const iso = (ms: number) => new Date(ms).toISOString();

describe("market banner", () => {
  it("open: 'Market Open', no closed note; case-insensitive status", () => {
    const now = at("2026-11-23", 11);
    const v = describeMarketBanner(
      {
        marketStatus: "OPEN",
        dataFreshness: {
          optionsDataUpdated: iso(now - 60_000),
          stockDataUpdated: iso(now - 60_000),
          dataUpdateAttempted: iso(now),
        },
      },
      now,
    );
    expect(v.statusText).toBe("Market Open");
    expect(v.closedNote).toBeNull();
    expect(v.stale).toBe(false);
    expect(v.tip.map((t) => t.label)).toEqual(["Options data:", "Stock data:", "Last update attempt:"]);
  });

  it("closed: the product's note; the last session's close data is not stale", () => {
    // Saturday; data from Friday's close.
    const now = at("2026-11-21", 12);
    const friClose = at("2026-11-20", 16);
    const v = describeMarketBanner(
      {
        marketStatus: "closed",
        dataFreshness: {
          optionsDataUpdated: iso(friClose),
          stockDataUpdated: iso(friClose),
          dataUpdateAttempted: null,
        },
      },
      now,
    );
    expect(v.statusText).toBe("Market Closed");
    expect(v.closedNote).toBe(MARKET_BANNER_TEXT.closedNote);
    expect(v.stale).toBe(false);
    expect(v.tip[2]!.value).toBe("N/A");
  });

  it("stale rules: open older than 20 minutes; closed older than the latest session's open; never loaded", () => {
    const open = at("2026-11-23", 12);
    expect(isDataStale(true, iso(open - OPEN_MARKET_STALE_MS), open)).toBe(false);
    expect(isDataStale(true, iso(open - OPEN_MARKET_STALE_MS - 1), open)).toBe(true);
    const sunday = at("2026-11-22", 10);
    expect(isDataStale(false, iso(at("2026-11-20", 9, 31)), sunday)).toBe(false);
    expect(isDataStale(false, iso(at("2026-11-19", 16)), sunday)).toBe(true);
    // Thanksgiving (holiday): Wednesday's data is the latest session's.
    expect(isDataStale(false, iso(at("2026-11-25", 15, 55)), at("2026-11-26", 12))).toBe(false);
    expect(isDataStale(false, null, sunday)).toBe(true);
  });

  it("'Trades updated:' is one time, or a range when the feeds differ by a minute or more", () => {
    const t = at("2026-11-20", 15, 55);
    expect(updatedRange(iso(t), iso(t + 20_000))).toBe("Nov 20, 3:55 PM ET");
    expect(updatedRange(iso(t - 5 * 60_000), iso(t))).toBe("Nov 20, 3:50 PM – 3:55 PM ET");
    expect(updatedRange(null, iso(t))).toBe("Nov 20, 3:55 PM ET");
    expect(updatedRange(null, null)).toBeNull();
  });
});
