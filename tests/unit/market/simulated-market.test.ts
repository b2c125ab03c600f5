// The simulated market as a trader would check it (issue 11 section 7), and the honest numbers over it:
// a fixed clock (Monday 2026-11-23 11:00 New York) and the fixed seeds of the simulated market.
import { describe, expect, it } from "vitest";
import {
  daysToExpiry,
  PROFILE_TARGETS,
  realisedVolatility,
  SPREAD_PROFILES,
  volatilityForecast,
  type SpreadIdea,
  type SpreadProfile,
} from "#app/engine/index.ts";
import { bucketOf } from "#app/engine/buckets.ts";
import { BUCKET_CAP, bookDelta, NET_DELTA_BAND, passesCreditRules } from "#app/engine/ranking.ts";
import { ideasInPlanOrder } from "#app/lib/trade-ideas.ts";
import { addDays, isTradingDay, nextTradingDay } from "#app/lib/market-calendar/index.ts";
import { simulatedRiskFreeRate } from "#app/lib/risk-free-rate.ts";
import { trailingDividendYield } from "#app/server/market/dividend-yield.server.ts";
import { finaliseIdeas, screenChain, type TradeIdea } from "#app/server/market/ideas.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { closeOn } from "#app/server/market/providers/demo/prices.server.ts";
import { earningsMove } from "#app/server/market/providers/demo/surface.server.ts";
import { earningsDatesOfYear } from "#app/server/market/providers/demo/corporate-events.server.ts";
import { DEFAULT_UNIVERSE } from "#app/server/market/universe.server.ts";

// Whole chains of the simulated market are built here: give a busy shared machine room.
const SLOW = { timeout: 120_000 };
const MON_11AM = Date.parse("2026-11-23T16:00:00Z");
const TODAY = "2026-11-23";
const demo = createDemoProvider(() => MON_11AM);

const nearMoneyStrikes = (legs: readonly { strike: number; type: string }[], spot: number, within: number) =>
  [...new Set(legs.filter((l) => Math.abs(l.strike / spot - 1) < within).map((l) => l.strike))].sort(
    (a, b) => a - b,
  );

describe("simulated market fidelity", SLOW, () => {
  it("lists $1 strikes near the money on SPY, QQQ and IWM, and $2.50 on TSLA", async () => {
    for (const [symbol, step] of [
      ["SPY", 1],
      ["QQQ", 1],
      ["IWM", 1],
      ["TSLA", 2.5],
    ] as const) {
      const chain = await demo.getOptionChain(symbol);
      const front = chain.expirations.find((e) => e.expirationDate > addDays(TODAY, 6))!;
      const strikes = nearMoneyStrikes(front.legs, chain.spot, 0.02);
      expect(strikes.length).toBeGreaterThan(4);
      for (let i = 1; i < strikes.length; i++) expect(strikes[i]! - strikes[i - 1]!).toBeCloseTo(step, 9);
    }
  });

  it("lists daily expirations on SPY, QQQ and IWM, weekly ones elsewhere", async () => {
    for (const symbol of ["SPY", "QQQ", "IWM"]) {
      const dates = (await demo.getOptionChain(symbol)).expirations.map((e) => e.expirationDate);
      let d = TODAY;
      for (let i = 0; i < 10; i++, d = nextTradingDay(d)) expect(dates).toContain(d);
    }
    const aapl = (await demo.getOptionChain("AAPL")).expirations.map((e) => e.expirationDate);
    expect(aapl.filter((d) => d <= addDays(TODAY, 14)).length).toBeLessThanOrEqual(3);
  });

  it("quotes the most liquid books a penny or two wide near the money", async () => {
    const chain = await demo.getOptionChain("SPY");
    const week = chain.expirations.filter((e) => e.expirationDate <= addDays(TODAY, 7));
    const widths = week
      .flatMap((e) => e.legs)
      .filter((l) => Math.abs(l.strike / chain.spot - 1) < 0.01 && l.bid > 0)
      .map((l) => l.ask - l.bid)
      .sort((a, b) => a - b);
    expect(widths.length).toBeGreaterThan(20);
    expect(widths[Math.floor(widths.length / 2)]!).toBeLessThanOrEqual(0.03 + 1e-9);
    // A thin name stays wide.
    const clx = await demo.getOptionChain("CLX");
    const clxWidths = clx.expirations[1]!.legs.filter((l) => Math.abs(l.strike / clx.spot - 1) < 0.03);
    expect(Math.min(...clxWidths.map((l) => l.ask - l.bid))).toBeGreaterThan(0.05);
  });

  it("has a term structure with shape, and the earnings kink at the report", async () => {
    const atm = (
      e: { legs: readonly { strike: number; iv?: number | null; type: string }[] },
      spot: number,
    ) => {
      const calls = e.legs.filter((l) => l.type === "call");
      const near = calls.reduce((b, l) => (Math.abs(l.strike - spot) < Math.abs(b.strike - spot) ? l : b));
      return near.iv!;
    };
    // An ETF (no earnings): the at-the-money IV rises from the front month to the back.
    const spy = await demo.getOptionChain("SPY");
    const spyIvs = spy.expirations
      .filter((e) => e.expirationDate > addDays(TODAY, 6))
      .map((e) => atm(e, spy.spot));
    expect(spyIvs.at(-1)!).toBeGreaterThan(spyIvs[0]! * 1.03);
    // A stock with a pending report: the first expiration after the reaction day jumps above the one before.
    const stock = DEFAULT_UNIVERSE.find((entry) => {
      const next = earningsDatesOfYear(entry, 2026).find((d) => d.date > addDays(TODAY, 7));
      return entry.kind === "stock" && entry.tier === 1 && next && next.date < addDays(TODAY, 45);
    });
    expect(stock).toBeDefined();
    const chain = await demo.getOptionChain(stock!.symbol);
    const report = earningsDatesOfYear(stock!, 2026).find((d) => d.date > addDays(TODAY, 7))!;
    const reaction = report.time === "amc" ? nextTradingDay(report.date) : report.date;
    const before = chain.expirations.filter((e) => e.expirationDate < reaction).at(-1)!;
    const after = chain.expirations.find((e) => e.expirationDate >= reaction)!;
    expect(atm(after, chain.spot)).toBeGreaterThan(atm(before, chain.spot) * 1.05);
  });

  it("moves prices on earnings reaction days by the jump the chains price", async () => {
    // Standardised reaction-day returns over the universe's stocks and two years: about N(0, 1).
    const z: number[] = [];
    for (const entry of DEFAULT_UNIVERSE.filter((e) => e.kind === "stock")) {
      const bars = (await demo.getDailyHistory(entry.symbol, 500)).bars;
      const close = new Map(bars.map((b, i) => [b.date, { c: b.close, prev: bars[i - 1]?.close }]));
      for (const year of [2025, 2026])
        for (const d of earningsDatesOfYear(entry, year)) {
          const day = d.time === "amc" ? nextTradingDay(d.date) : d.date;
          const bar = close.get(day);
          if (!bar?.prev) continue;
          const dailyVol = entry.vol / Math.sqrt(252);
          const sd = Math.sqrt(earningsMove(entry) ** 2 + dailyVol ** 2);
          z.push(Math.log(bar.c / bar.prev) / sd);
        }
    }
    expect(z.length).toBeGreaterThan(300);
    const variance = z.reduce((s, x) => s + x * x, 0) / z.length;
    expect(variance).toBeGreaterThan(0.7);
    expect(variance).toBeLessThan(1.4);
  });

  it("keeps today's prices near their reference levels and lets them trend over the years", async () => {
    // The paths are anchored once (ANCHOR_DATE), not pulled toward a price day by day.
    const today = await Promise.all(
      DEFAULT_UNIVERSE.map(async (e) =>
        Math.abs(Math.log((await demo.getQuote(e.symbol)).price / e.refPrice)),
      ),
    );
    expect(Math.max(...today)).toBeLessThan(Math.log(1.5));
    const twoYearsAgo = DEFAULT_UNIVERSE.map((e) =>
      Math.abs(Math.log(closeOn(e, "2024-11-20") / e.refPrice)),
    );
    expect(twoYearsAgo.filter((m) => m > 0.25).length).toBeGreaterThan(10);
    for (const m of twoYearsAgo) expect(m).toBeLessThan(Math.log(8));
  });

  it("reports iv30 as the chain's own 30-day at-the-money IV", async () => {
    for (const symbol of ["SPY", "KO", "AAPL", "TSLA"]) {
      const quote = await demo.getQuote(symbol);
      const chain = await demo.getOptionChain(symbol);
      // The expirations either side of 30 days: iv30 lies between their at-the-money IVs.
      const ivAt = (e: (typeof chain.expirations)[number]) => {
        const calls = e.legs.filter((l) => l.type === "call");
        return calls.reduce((b, l) =>
          Math.abs(l.strike - chain.spot) < Math.abs(b.strike - chain.spot) ? l : b,
        ).iv!;
      };
      const horizon = addDays(TODAY, 30);
      const lo = chain.expirations.filter((e) => e.expirationDate <= horizon).at(-1)!;
      const hi = chain.expirations.find((e) => e.expirationDate >= horizon)!;
      const [a, b] = [ivAt(lo) * 100, ivAt(hi) * 100].sort((x, y) => x - y);
      expect(quote.iv30!).toBeGreaterThanOrEqual(a! - 0.6);
      expect(quote.iv30!).toBeLessThanOrEqual(b! + 0.6);
    }
  });
});

/** The whole universe screened as the refresh does it (every profile), finalised as the refresh stores it. */
async function simulatedIdeas(): Promise<TradeIdea[]> {
  const rate = simulatedRiskFreeRate(TODAY);
  const ideas: SpreadIdea[] = [];
  for (const entry of DEFAULT_UNIVERSE) {
    const [quote, dividends, chain, history] = await Promise.all([
      demo.getQuote(entry.symbol),
      demo.getDividends(entry.symbol),
      demo.getOptionChain(entry.symbol),
      demo.getDailyHistory(entry.symbol, 400),
    ]);
    const q = trailingDividendYield(dividends, quote.price, TODAY);
    const earnings = (await demo.getEarnings([entry.symbol], TODAY, addDays(TODAY, 90)))?.dates[0];
    const exDiv = dividends?.events.find((e) => e.exDate >= TODAY) ?? null;
    ideas.push(
      ...screenChain(chain, {
        today: TODAY,
        rate,
        dividendYield: q.value,
        dividendYieldSource: q.source,
        earningsDate: earnings?.date ?? null,
        exDividendDate: exDiv?.exDate ?? null,
        events: [],
        marketOpen: true,
        forecastVol: volatilityForecast(history.bars.map((b) => b.close))?.forecast ?? null,
        nextDividend: exDiv?.amount ?? null,
      }),
    );
  }
  return finaliseIdeas(ideas, async (d) => d, "demo", {});
}

/** The "Done when" rules of issue 27 over one list, for one profile; the figures for the decision's tables. */
function checkList(list: readonly TradeIdea[], profile: SpreadProfile, label: string) {
  const t = PROFILE_TARGETS[profile];
  const perSymbol = new Map<string, number>();
  const keys = new Set<string>();
  const deltas: number[] = [];
  for (const i of list) {
    expect(i.profile).toBe(profile);
    const dte = daysToExpiry(TODAY, i.expiration_date);
    expect(dte).toBeGreaterThanOrEqual(t.minDte);
    expect(dte).toBeLessThanOrEqual(t.maxDte);
    for (const leg of i.legs.filter((l) => l.side === "sell")) {
      expect(Math.abs(leg.delta)).toBeGreaterThanOrEqual(t.minDelta);
      expect(Math.abs(leg.delta)).toBeLessThanOrEqual(t.maxDelta);
      deltas.push(Math.abs(leg.delta));
    }
    // No earnings between today and expiry.
    expect(i.earnings_date === null || i.earnings_date < TODAY || i.earnings_date > i.expiration_date).toBe(
      true,
    );
    perSymbol.set(i.stock_symbol, (perSymbol.get(i.stock_symbol) ?? 0) + 1);
    const key = `${i.stock_symbol}|${i.expiration_date}|${i.strategy_type}`;
    expect(keys.has(key)).toBe(false);
    keys.add(key);
    if (i.strategy_type === "IRON_CONDOR") expect(i.prob_touch).toBeLessThan(90);
    // The EV identity: about minus the fill cost (credit x (1 - e^{rT}) aside, a few cents per contract).
    expect(Math.abs(i.expected_value + i.score_parts.fillCost)).toBeLessThan(0.05 * i.maxLoss + 5);
  }
  deltas.sort((a, b) => a - b);
  const dtes = list.map((i) => daysToExpiry(TODAY, i.expiration_date)).sort((a, b) => a - b);
  const count = (s: string) => list.filter((i) => i.strategy_type === s).length;
  const index = list.filter((i) => bucketOf(i.stock_symbol) === "us-equity-beta").length;
  console.info(
    `${label}: ${list.length} ideas, ${perSymbol.size} symbols (max ${Math.max(...perSymbol.values())}/symbol, ` +
      `US equity beta ${index}), DTE ${dtes[0]}-${dtes.at(-1)} (median ${dtes[dtes.length >> 1]}), ` +
      `short |delta| ${deltas[0]!.toFixed(3)}-${deltas.at(-1)!.toFixed(3)} (median ${deltas[deltas.length >> 1]!.toFixed(3)}), ` +
      `BPS/BCS/IC ${count("BULL_PUT_SPREAD")}/${count("BEAR_CALL_SPREAD")}/${count("IRON_CONDOR")}, ` +
      `max condor touch ${Math.max(0, ...list.filter((i) => i.strategy_type === "IRON_CONDOR").map((i) => i.prob_touch)).toFixed(0)}%, ` +
      `positive EV ${list.filter((i) => i.expected_value > 0).length}, positive edge ${list.filter((i) => i.score_parts.edgeAtForecast > 0).length}`,
  );
  expect(Math.max(...perSymbol.values())).toBeLessThanOrEqual(3);
  expect(perSymbol.size).toBeGreaterThanOrEqual(15);
}

/** The book rules (decision 327) over a list of 30 taken with an empty watchlist. */
function checkBook(list: readonly TradeIdea[], label: string) {
  const perBucket = new Map<string, number>();
  const pairs = new Set<string>();
  const strikes = new Set<string>();
  for (const i of list) {
    const b = bucketOf(i.stock_symbol);
    perBucket.set(b, (perBucket.get(b) ?? 0) + 1);
    expect(pairs.has(`${i.stock_symbol}|${i.strategy_type}`)).toBe(false);
    pairs.add(`${i.stock_symbol}|${i.strategy_type}`);
    for (const [t, k] of [
      ["C", i.call_short_strike],
      ["P", i.put_short_strike],
    ] as const) {
      if (k === null) continue;
      const key = `${i.stock_symbol}|${i.expiration_date}|${t}|${k}`;
      expect(strikes.has(key)).toBe(false);
      strikes.add(key);
    }
    expect(passesCreditRules(i)).toBe(true);
  }
  for (const n of perBucket.values()) expect(n).toBeLessThanOrEqual(BUCKET_CAP);
  const spy = list.find((i) => i.stock_symbol === "SPY")?.underlyingPrice ?? null;
  const { net, gross } = bookDelta(list, spy);
  expect(Math.abs(net)).toBeLessThanOrEqual(NET_DELTA_BAND * gross + 1e-9);
  console.info(
    `${label} book: buckets ${[...perBucket].map(([b, n]) => `${b} ${n}`).join(", ")}; ` +
      `net ${net.toFixed(1)} of gross ${gross.toFixed(1)}${spy === null ? " beta-dollars" : " SPY shares"}`,
  );
}

describe("ideas a professional would take, over the simulated market (issue 27)", SLOW, () => {
  it("Pro (30) and Elite (first 100) lists of every profile keep the rules; EV about minus the fill cost", async () => {
    const stored = await simulatedIdeas();
    for (const profile of SPREAD_PROFILES) {
      const pro = ideasInPlanOrder(stored, 30, [], profile, TODAY);
      expect(pro).toHaveLength(30);
      checkList(pro, profile, `${profile} Pro 30`);
      checkBook(pro, `${profile} Pro 30`);
      const elite = ideasInPlanOrder(stored, Infinity, [], profile, TODAY).slice(0, 100);
      expect(elite).toHaveLength(100);
      checkList(elite, profile, `${profile} Elite first 100`);
    }
    // Fairly priced spreads after the fill cost: positive EV is the exception.
    const positive = stored.filter((i) => i.expected_value > 0).length / stored.length;
    expect(positive).toBeLessThan(0.25);
    expect(isTradingDay(TODAY)).toBe(true);
  });
});

describe("the realised-volatility forecast over the simulated history (decision 236)", SLOW, () => {
  it("measures the blend's error against the next 21 sessions' realised volatility", async () => {
    // Every fifth session of two years, every symbol: forecast from the closes up to t, realised over t..t+21.
    const err = { blend: [] as number[], rv21: [] as number[], rv63: [] as number[] };
    for (const entry of DEFAULT_UNIVERSE) {
      const closes = (await demo.getDailyHistory(entry.symbol, 500)).bars.map((b) => b.close);
      for (let t = 64; t + 21 < closes.length; t += 5) {
        const f = volatilityForecast(closes.slice(0, t + 1))!;
        const realised = realisedVolatility(closes.slice(t, t + 22), 21)!;
        err.blend.push(Math.log(f.forecast / realised));
        err.rv21.push(Math.log(f.rv21 / realised));
        err.rv63.push(Math.log(f.rv63 / realised));
      }
    }
    const rms = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + x * x, 0) / xs.length);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    console.info(
      `vol forecast over ${err.blend.length} points: log error rms blend ${rms(err.blend).toFixed(3)} ` +
        `(bias ${mean(err.blend).toFixed(3)}), rv21 alone ${rms(err.rv21).toFixed(3)}, rv63 alone ${rms(err.rv63).toFixed(3)}`,
    );
    expect(err.blend.length).toBeGreaterThan(5000);
    expect(rms(err.blend)).toBeLessThanOrEqual(Math.max(rms(err.rv21), rms(err.rv63)));
    expect(rms(err.blend)).toBeLessThan(0.5);
  });
});
