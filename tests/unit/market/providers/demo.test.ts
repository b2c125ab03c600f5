import { describe, expect, it } from "vitest";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { DEFAULT_UNIVERSE, DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { isMonthlyExpiration, isTradingDay } from "#app/lib/market-calendar/index.ts";

const MON_11AM = Date.parse("2026-11-23T16:00:00Z"); // Monday 11:00 ET
const demo = (ms = MON_11AM) => createDemoProvider(() => ms);

describe("demo universe", () => {
  it("has about 100 optionable symbols including the product's samples", () => {
    expect(DEFAULT_UNIVERSE.length).toBeGreaterThanOrEqual(95);
    expect(DEFAULT_UNIVERSE.length).toBeLessThanOrEqual(120);
    for (const s of ["AAPL", "TSLA", "SPY", "QQQ", "MSFT", "COIN"])
      expect(DEFAULT_UNIVERSE_SYMBOLS).toContain(s);
    expect(new Set(DEFAULT_UNIVERSE_SYMBOLS).size).toBe(DEFAULT_UNIVERSE_SYMBOLS.length);
  });
});

describe("demo provider determinism", () => {
  it("gives the same outputs for the same inputs", async () => {
    for (const method of ["getQuote", "getOptionChain", "getDividends"] as const) {
      const a = await demo()[method]("AAPL");
      const b = await demo()[method]("AAPL");
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    }
    expect(await demo().getDailyHistory("TSLA", 300)).toEqual(await demo().getDailyHistory("TSLA", 300));
    expect(await demo().getNews("COIN", 5)).toEqual(await demo().getNews("COIN", 5));
  });

  it("moves prices during the session and freezes them after the close", async () => {
    const at10 = await demo(Date.parse("2026-11-23T15:00:00Z")).getQuote("TSLA");
    const at14 = await demo(Date.parse("2026-11-23T19:00:00Z")).getQuote("TSLA");
    expect(at10.price).not.toBe(at14.price);
    const close1 = await demo(Date.parse("2026-11-23T22:00:00Z")).getQuote("TSLA");
    const close2 = await demo(Date.parse("2026-11-24T03:00:00Z")).getQuote("TSLA");
    expect(close1.price).toBe(close2.price);
    // The next morning before the open, the history ends with that close.
    const history = await demo(Date.parse("2026-11-24T13:00:00Z")).getDailyHistory("TSLA", 5);
    expect(history.bars.at(-1)).toMatchObject({ date: "2026-11-23", close: close1.price });
  });

  it("labels a closed market's prices and chains with the time of the close", async () => {
    const sunday = demo(Date.parse("2026-11-22T17:00:00Z"));
    const quote = await sunday.getQuote("AAPL");
    expect(quote.asOf).toBe("2026-11-20T21:00:00.000Z");
    expect((await sunday.getOptionChain("AAPL")).asOf).toBe("2026-11-20T21:00:00.000Z");
    expect((await demo(MON_11AM).getQuote("AAPL")).asOf).toBe(new Date(MON_11AM).toISOString());
  });

  it("keeps a past close fixed whenever it is asked", async () => {
    const early = await demo(Date.parse("2026-06-01T20:30:00Z")).getDailyHistory("SPY", 40);
    const late = await demo(MON_11AM).getDailyHistory("SPY", 200);
    const day = early.bars[10]!;
    expect(late.bars.find((b) => b.date === day.date)).toEqual(day);
  });
});

// Whole chains are built here (SPY and QQQ list dailies and $1 strikes): room for a busy shared machine.
describe("demo provider plausibility", { timeout: 120_000 }, () => {
  it("has at least a year of daily history on trading days, with positive OHLC", async () => {
    const h = await demo().getDailyHistory("MSFT", 400);
    expect(h.bars.length).toBe(400);
    expect(h.source).toBe("demo");
    for (const b of h.bars) {
      expect(isTradingDay(b.date)).toBe(true);
      expect(b.close).toBeGreaterThan(0);
      expect(b.low!).toBeLessThanOrEqual(Math.min(b.open!, b.close));
      expect(b.high!).toBeGreaterThanOrEqual(Math.max(b.open!, b.close));
    }
    expect(h.bars.at(-1)!.date).toBe("2026-11-20"); // Friday: today's session is still open
  });

  it("trends within a plausible band of each reference price and never goes negative", async () => {
    for (const entry of DEFAULT_UNIVERSE) {
      const q = await demo().getQuote(entry.symbol);
      expect(q.price).toBeGreaterThan(0);
      expect(q.price / entry.refPrice).toBeGreaterThan(0.25);
      expect(q.price / entry.refPrice).toBeLessThan(4);
      expect(Math.abs(q.changePercent)).toBeLessThan(25);
    }
  });

  it("builds chains with weeklies, monthlies and LEAPS, sane IVs and bid < ask", async () => {
    for (const symbol of ["SPY", "AAPL", "COIN", "TLT", "CLX"]) {
      const chain = await demo().getOptionChain(symbol);
      expect(chain).toMatchObject({ underlying: symbol, source: "demo" });
      const dates = chain.expirations.map((e) => e.expirationDate);
      expect(dates).toEqual([...dates].sort());
      expect(dates.filter(isMonthlyExpiration).length).toBeGreaterThanOrEqual(4);
      expect(dates.some((d) => d > "2027-12-01")).toBe(true); // a LEAPS
      for (const exp of chain.expirations) {
        expect(isTradingDay(exp.expirationDate)).toBe(true);
        for (const leg of exp.legs) {
          expect(leg.bid).toBeGreaterThanOrEqual(0);
          expect(leg.ask).toBeGreaterThan(leg.bid);
          expect(leg.iv!).toBeGreaterThan(0.03);
          expect(leg.iv!).toBeLessThan(3);
          expect(leg.openInterest).toBeGreaterThanOrEqual(0);
          expect(leg.volume).toBeGreaterThanOrEqual(0);
          expect(leg.strike).toBeGreaterThan(0);
        }
      }
    }
    const spy = await demo().getOptionChain("SPY");
    const weeklies = spy.expirations.filter((e) => e.expirationDate <= "2027-02-21");
    expect(weeklies.length).toBeGreaterThanOrEqual(12); // every Friday for 90 days
  });

  it("skews puts richer than calls and widens spreads for less liquid names", async () => {
    const chain = await demo().getOptionChain("AAPL");
    const exp = chain.expirations.find((e) => e.expirationDate >= "2026-12-18")!;
    const puts = exp.legs.filter((l) => l.type === "put");
    const lowPut = puts[Math.floor(puts.length * 0.2)]!;
    const calls = exp.legs.filter((l) => l.type === "call");
    const highCall = calls[Math.floor(calls.length * 0.8)]!;
    expect(lowPut.iv!).toBeGreaterThan(highCall.iv!);
    const relSpread = async (symbol: string) => {
      const c = await demo().getOptionChain(symbol);
      const legs = c.expirations[3]!.legs.filter((l) => Math.abs(l.strike / c.spot - 1) < 0.03 && l.bid > 0);
      return legs.reduce((s, l) => s + (l.ask - l.bid) / ((l.ask + l.bid) / 2), 0) / legs.length;
    };
    expect(await relSpread("CLX")).toBeGreaterThan(await relSpread("SPY"));
  });

  it("has quarterly earnings, dividends and headlines with sentiment", async () => {
    const cal = (await demo().getEarnings(["AAPL", "SPY"], "2026-08-01", "2026-12-31"))!;
    expect(cal.dates.every((d) => d.symbol === "AAPL")).toBe(true);
    expect(cal.dates.length).toBeGreaterThanOrEqual(1);
    expect(["bmo", "amc"]).toContain(cal.dates[0]!.time);
    const divs = (await demo().getDividends("KO"))!;
    expect(divs.events.length).toBeGreaterThanOrEqual(4);
    expect(divs.events[0]!.amount).toBeGreaterThan(0);
    expect((await demo().getDividends("TSLA"))!.events).toEqual([]);
    const news = (await demo().getNews("AAPL", 5))!;
    expect(news.headlines.length).toBeGreaterThan(0);
    for (const h of news.headlines) {
      expect(["positive", "neutral", "negative"]).toContain(h.sentiment);
      expect(Date.parse(h.publishedAt)).toBeLessThanOrEqual(MON_11AM);
    }
  });

  it("rejects unknown symbols", async () => {
    await expect(demo().getQuote("ZZZZ")).rejects.toThrow(/unknown symbol/);
    expect(await demo().isKnownSymbol("ZZZZ")).toBe(false);
    expect(await demo().isKnownSymbol("COIN")).toBe(true);
  });
});
