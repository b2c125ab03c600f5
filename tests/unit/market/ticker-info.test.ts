import { describe, expect, it } from "vitest";
import {
  computeTickerInfo,
  nextEarnings,
  nextExDividend,
  rsiDirection,
  sentimentCounts,
} from "#app/server/market/ticker-info.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import type { Dividends, NewsFeed } from "#app/server/market/types.server.ts";

describe("next earnings", () => {
  it("uses the provider's upcoming date when there is one", () => {
    expect(
      nextEarnings(
        [
          { symbol: "X", date: "2026-10-20", time: "amc" },
          { symbol: "X", date: "2027-01-21", time: "bmo" },
        ],
        "2026-11-22",
      ),
    ).toEqual({ date: "2027-01-21", time: "bmo", estimated: false });
  });
  it("projects from the quarterly cadence and flags the estimate when none is scheduled", () => {
    expect(nextEarnings([{ symbol: "X", date: "2026-10-20", time: "amc" }], "2026-11-22")).toEqual({
      date: "2027-01-19",
      time: "amc",
      estimated: true,
    });
    expect(nextEarnings([], "2026-11-22")).toBeNull();
  });
});

describe("next ex-dividend", () => {
  const divs = (dates: string[]): Dividends => ({
    symbol: "KO",
    events: dates.map((exDate) => ({ exDate, amount: 0.51 })),
    source: "demo",
    asOf: "2026-11-22T00:00:00Z",
  });
  it("uses an announced date", () => {
    expect(nextExDividend(divs(["2026-09-15", "2026-12-01"]), "2026-11-22")).toEqual({
      date: "2026-12-01",
      estimated: false,
    });
  });
  it("projects from the typical gap, flagged as an estimate", () => {
    expect(nextExDividend(divs(["2026-03-13", "2026-06-12", "2026-09-11"]), "2026-11-22")).toEqual({
      date: "2026-12-11",
      estimated: true,
    });
  });
  it("does not invent dividends for non-payers or broken cadences", () => {
    expect(nextExDividend(null, "2026-11-22")).toBeNull();
    expect(nextExDividend(divs(["2024-03-13", "2024-06-12"]), "2026-11-22")).toBeNull();
  });
});

describe("sentiment counts", () => {
  it("counts the last five days only", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    const feed: NewsFeed = {
      symbol: "AAPL",
      source: "demo",
      asOf: "",
      headlines: [
        {
          symbol: "AAPL",
          title: "a",
          publishedAt: "2026-11-21T12:00:00Z",
          sentiment: "positive",
          sentimentMethod: "simulated",
          url: null,
        },
        {
          symbol: "AAPL",
          title: "b",
          publishedAt: "2026-11-18T12:00:00Z",
          sentiment: "negative",
          sentimentMethod: "simulated",
          url: null,
        },
        {
          symbol: "AAPL",
          title: "c",
          publishedAt: "2026-11-16T12:00:00Z",
          sentiment: "negative",
          sentimentMethod: "simulated",
          url: null,
        },
      ],
    };
    expect(sentimentCounts(feed, now)).toEqual({ positive: 1, neutral: 0, negative: 1 });
    expect(sentimentCounts(null, now)).toEqual({ positive: null, neutral: null, negative: null });
  });
});

describe("ticker info from the simulated market", () => {
  it("has every field of the ticker card, RSI within 0-100 and a trend", async () => {
    const nowMs = Date.parse("2026-11-23T16:00:00Z");
    const demo = createDemoProvider(() => nowMs);
    const info = computeTickerInfo({
      quote: await demo.getQuote("AAPL"),
      history: await demo.getDailyHistory("AAPL", 300),
      earnings: (await demo.getEarnings(["AAPL"], "2026-07-01", "2027-03-01"))!.dates,
      dividends: await demo.getDividends("AAPL"),
      news: await demo.getNews("AAPL", 5),
      nowMs,
    });
    expect(info).toMatchObject({ symbol: "AAPL", source: "demo", stale: false });
    expect(info.last_rsi_value!).toBeGreaterThan(0);
    expect(info.last_rsi_value!).toBeLessThan(100);
    expect(["up", "down"]).toContain(info.rsi_value_trend);
    expect(info.next_earnings_date! >= "2026-11-23").toBe(true);
    expect(info.ex_dividend_date! >= "2026-11-23").toBe(true);
    expect(info.positive_5days! + info.neutral_5days! + info.negative_5days!).toBeGreaterThan(0);
  });
});

describe("RSI arrow", () => {
  it("keeps the last non-flat direction: a flat RSI is not a rise", () => {
    expect(rsiDirection([60, 55, 55])).toBe("down");
    expect(rsiDirection([50, 55, 55, 55])).toBe("up");
    expect(rsiDirection([NaN, 60, 55, NaN, 55])).toBe("down");
    expect(rsiDirection([50, 50])).toBeNull();
    expect(rsiDirection([NaN, 50])).toBeNull();
    expect(rsiDirection([])).toBeNull();
  });

  it("a falling RSI that then holds still shows down on the card", () => {
    // Rises, then falls, then four unchanged closes: Wilder's RSI holds exactly still at the end.
    const closes = [
      100, 101, 100.5, 102, 101, 103, 102.5, 104, 103, 105, 104.5, 106, 105, 104, 103, 102, 101, 100, 100,
      100, 100,
    ];
    const lastDay = Date.parse("2026-11-20T00:00:00Z");
    const bars = closes.map((close, i) => ({
      date: new Date(lastDay - (closes.length - 1 - i) * 86_400_000).toISOString().slice(0, 10),
      open: null,
      high: null,
      low: null,
      close,
      volume: null,
    }));
    const asOf = "2026-11-20T21:00:00.000Z";
    const info = computeTickerInfo({
      quote: {
        symbol: "FLAT",
        price: 100,
        previousClose: 100,
        changePercent: 0,
        iv30: null,
        source: "cboe",
        asOf,
      },
      history: { symbol: "FLAT", bars, source: "cboe", asOf },
      earnings: [],
      dividends: null,
      news: null,
      nowMs: Date.parse("2026-11-21T17:00:00Z"), // Saturday: Friday's bar is the latest session
    });
    expect(info.rsi_value_trend).toBe("down");
  });
});
