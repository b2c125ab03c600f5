// The simulated market a trader would not spot in a minute (issue 27 item 6), at the fixed clock of the
// other simulated-market tests (Monday 2026-11-23 11:00 New York) and the market's fixed seeds.
import { describe, expect, it } from "vitest";
import { impliedVolFast } from "#app/engine/iv.ts";
import { yearsToExpiration } from "#app/engine/time.ts";
import {
  addDays,
  daysBetween,
  earlyCloseName,
  isMonthlyExpiration,
  isTradingDay,
  weekday,
} from "#app/lib/market-calendar/index.ts";
import { simulatedRiskFreeRate } from "#app/lib/risk-free-rate.ts";
import { trailingDividendYield } from "#app/server/market/dividend-yield.server.ts";
import { quoteAround } from "#app/server/market/providers/demo/chain.server.ts";
import { earningsDatesOfYear } from "#app/server/market/providers/demo/corporate-events.server.ts";
import { skewClassOf, type SkewClass } from "#app/server/market/providers/demo/listing.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { isStressed, tradingDayIndex } from "#app/server/market/providers/demo/economy.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";
import { DEFAULT_UNIVERSE, universeEntry } from "#app/server/market/universe.server.ts";

const MON_11AM = Date.parse("2026-11-23T16:00:00Z");
const TODAY = "2026-11-23";
const demo = createDemoProvider(() => MON_11AM);
const SLOW = { timeout: 180_000 };

const chains = new Map<string, Promise<ChainSnapshot>>();
function chainOf(symbol: string): Promise<ChainSnapshot> {
  let chain = chains.get(symbol);
  if (!chain) chains.set(symbol, (chain = demo.getOptionChain(symbol)));
  return chain;
}

const mid = (leg: { bid: number; ask: number }) => (leg.bid + leg.ask) / 2;

describe("stress spells in the daily bars", SLOW, () => {
  it("widens the day's range in a stress spell, as its closes move more", async () => {
    // Over the whole simulated history (spells come about once a year, at seeded onsets).
    const bars = (await demo.getDailyHistory("SPY", 1500)).bars;
    const range = (stressed: boolean) => {
      const days = bars.filter((b) => isStressed(tradingDayIndex(b.date)) === stressed);
      return days.reduce((s, b) => s + Math.log(b.high! / b.low!), 0) / days.length;
    };
    expect(bars.some((b) => isStressed(tradingDayIndex(b.date)))).toBe(true);
    expect(range(true)).toBeGreaterThan(range(false) * 1.5);
  });
});

describe("simulated chains as listed and quoted", SLOW, () => {
  /** OTM IVs at standardised log-moneyness x = ln(K/F) / (atm sqrt T) of the expiration nearest 35 days. */
  async function smileOf(symbol: string) {
    const chain = await chainOf(symbol);
    const exp = chain.expirations.reduce((b, e) =>
      Math.abs(daysBetween(TODAY, e.expirationDate) - 35) <
      Math.abs(daysBetween(TODAY, b.expirationDate) - 35)
        ? e
        : b,
    );
    const calls = exp.legs.filter((l) => l.type === "call");
    const atmLeg = calls.reduce((b, l) =>
      Math.abs(l.strike - chain.spot) < Math.abs(b.strike - chain.spot) ? l : b,
    );
    const atm = atmLeg.iv!;
    const sd = atm * Math.sqrt(yearsToExpiration(MON_11AM, exp.expirationDate));
    return (x: number) => {
      const want = x < 0 ? "put" : "call";
      const legs = exp.legs.filter((l) => l.type === want);
      const leg = legs.reduce((b, l) =>
        Math.abs(Math.log(l.strike / chain.spot) / sd - x) <
        Math.abs(Math.log(b.strike / chain.spot) / sd - x)
          ? l
          : b,
      );
      return leg.iv! / atm;
    };
  }

  it("skews by class: steep puts on indexes, a smile with a call wing on single names, calls on meme and crypto names", async () => {
    const names: Record<SkewClass, string[]> = {
      index: ["SPY", "QQQ", "IWM", "XLE", "TLT"],
      single: ["AAPL", "KO", "JPM", "NVDA", "GLD"],
      "call-skew": ["GME", "MSTR", "COIN", "MARA"],
    };
    for (const [cls, symbols] of Object.entries(names))
      for (const symbol of symbols) {
        expect(skewClassOf(universeEntry(symbol)!)).toBe(cls);
        const iv = await smileOf(symbol);
        const riskReversal = iv(-1) - iv(1);
        if (cls === "index") {
          // One standard deviation down is 40%+ richer than one up; the put wing keeps rising.
          expect(riskReversal, symbol).toBeGreaterThan(0.4);
          expect(iv(-1.5), symbol).toBeGreaterThan(iv(-0.75));
          expect(iv(1.5), symbol).toBeLessThan(0.8);
        } else if (cls === "single") {
          expect(riskReversal, symbol).toBeGreaterThan(0.1);
          expect(riskReversal, symbol).toBeLessThan(0.35);
          // The call wing: far calls above the at-the-money IV, above the near calls.
          expect(iv(1.9), symbol).toBeGreaterThan(1);
          expect(iv(1.9), symbol).toBeGreaterThan(iv(0.75));
        } else {
          expect(riskReversal, symbol).toBeLessThan(-0.1);
          expect(iv(1.5), symbol).toBeGreaterThan(1.1);
        }
      }
  });

  it("quotes penny-program names a cent or two wide near the money", async () => {
    for (const symbol of ["KO", "PEP", "VZ", "XLE", "XLU", "XLV"]) {
      const chain = await chainOf(symbol);
      const legs = chain.expirations
        .filter(
          (e) => daysBetween(TODAY, e.expirationDate) >= 7 && daysBetween(TODAY, e.expirationDate) <= 60,
        )
        .flatMap((e) => e.legs)
        .filter((l) => Math.abs(l.strike / chain.spot - 1) < 0.03 && Math.abs(l.delta!) <= 0.6)
        .filter((l) => l.bid > 0 && l.ask < 3);
      expect(legs.length, symbol).toBeGreaterThan(4);
      for (const l of legs) expect(l.ask - l.bid, `${l.occSymbol}`).toBeLessThanOrEqual(0.02 + 1e-9);
    }
  });

  it("lists $2.50 or $5 strikes near the money on high-priced names", async () => {
    for (const symbol of ["META", "AVGO", "LLY", "GS", "COST", "MSTR"]) {
      const chain = await chainOf(symbol);
      expect(chain.spot, symbol).toBeGreaterThan(150);
      const exp = chain.expirations.find(
        (e) => isMonthlyExpiration(e.expirationDate) && e.expirationDate > addDays(TODAY, 20),
      )!;
      const strikes = [...new Set(exp.legs.map((l) => l.strike))]
        .filter((k) => Math.abs(k / chain.spot - 1) < 0.03)
        .sort((a, b) => a - b);
      expect(strikes.length, symbol).toBeGreaterThan(4);
      const steps = new Set(strikes.slice(1).map((k, i) => k - strikes[i]!));
      expect(
        [...steps].every((s) => s === 2.5 || s === 5),
        `${symbol} ${[...steps]}`,
      ).toBe(true);
    }
  });

  it("prices chains with the dividend yield the engine states: the chain's implied forward carries it", async () => {
    for (const symbol of ["PFE", "KO", "VZ", "XLE", "T", "TSLA"]) {
      const [quote, dividends, chain] = await Promise.all([
        demo.getQuote(symbol),
        demo.getDividends(symbol),
        chainOf(symbol),
      ]);
      const stated = trailingDividendYield(dividends, quote.price, TODAY).value!;
      const r = simulatedRiskFreeRate(TODAY).rate;
      // Put-call parity on near-money mids of the expirations 4 to 14 months out.
      for (const exp of chain.expirations.filter(
        (e) => daysBetween(TODAY, e.expirationDate) > 120 && daysBetween(TODAY, e.expirationDate) < 430,
      )) {
        const T = yearsToExpiration(MON_11AM, exp.expirationDate);
        const forwards: number[] = [];
        for (const call of exp.legs.filter(
          (l) => l.type === "call" && Math.abs(l.strike / chain.spot - 1) < 0.1,
        )) {
          const put = exp.legs.find((l) => l.type === "put" && l.strike === call.strike)!;
          if (call.bid > 0 && put.bid > 0)
            forwards.push(call.strike + (mid(call) - mid(put)) * Math.exp(r * T));
        }
        expect(forwards.length, symbol).toBeGreaterThan(1);
        const forward = forwards.reduce((a, b) => a + b, 0) / forwards.length;
        const impliedQ = r - Math.log(forward / chain.spot) / T;
        expect(
          Math.abs(impliedQ - stated),
          `${symbol} ${exp.expirationDate}: ${impliedQ} vs ${stated}`,
        ).toBeLessThan(0.004);
      }
    }
  });

  it("rounds quotes around the model price, so each leg's IV is its mid's", async () => {
    for (const theo of [0.004, 0.37, 1.234, 2.995, 17.3])
      for (const tick of [0.01, 0.05])
        for (const ticks of [1, 2, 3, 4]) {
          const { bid, ask } = quoteAround(theo, tick, ticks);
          if (bid === 0) continue;
          expect(ask - bid).toBeCloseTo(ticks * tick, 9);
          expect(Math.abs((bid + ask) / 2 - theo)).toBeLessThanOrEqual(tick / 2 + 1e-9);
        }
    const r = simulatedRiskFreeRate(TODAY).rate;
    for (const symbol of ["SPY", "AAPL", "KO", "PFE", "CLX", "MSTR"]) {
      const chain = await chainOf(symbol);
      const quote = await demo.getQuote(symbol);
      const q = trailingDividendYield(await demo.getDividends(symbol), quote.price, TODAY).value!;
      let checked = 0;
      for (const exp of chain.expirations) {
        const T = yearsToExpiration(Date.parse(chain.asOf), exp.expirationDate);
        for (const leg of exp.legs) {
          if (!(leg.bid > 0) || leg.vega! < 0.01) continue;
          const midIv = impliedVolFast(leg.type === "call", chain.spot, leg.strike, T, r, q, mid(leg));
          expect(Math.abs(midIv - leg.iv!), leg.occSymbol).toBeLessThan(0.0002);
          checked++;
        }
      }
      expect(checked, symbol).toBeGreaterThan(50);
    }
  });

  it("lists expiration sets that differ by name, each with a monthly in the 21-60 day window", async () => {
    const setsByTier = new Map<number, Set<string>>();
    let monthliesOnly = 0;
    for (const entry of DEFAULT_UNIVERSE) {
      const dates = (await chainOf(entry.symbol)).expirations.map((e) => e.expirationDate);
      const tier = setsByTier.get(entry.tier) ?? new Set();
      tier.add(dates.join(","));
      setsByTier.set(entry.tier, tier);
      expect(
        dates.some(
          (d) => isMonthlyExpiration(d) && daysBetween(TODAY, d) >= 21 && daysBetween(TODAY, d) <= 60,
        ),
        entry.symbol,
      ).toBe(true);
      if (dates.filter((d) => d <= addDays(TODAY, 60)).every(isMonthlyExpiration)) monthliesOnly++;
    }
    for (const tier of [1, 2]) expect(setsByTier.get(tier)!.size, `tier ${tier}`).toBeGreaterThanOrEqual(4);
    // Some names list no weeklies at all, as on the listed market.
    expect(monthliesOnly).toBeGreaterThanOrEqual(10);
  });
});

describe("simulated earnings dates", () => {
  const stocks = DEFAULT_UNIVERSE.filter((e) => e.kind === "stock");
  const BANKS = ["JPM", "BAC", "WFC", "C", "GS", "MS"];

  it("puts every report on a full session, Monday to Thursday (none on Black Friday 2026-11-27)", () => {
    for (const entry of stocks)
      for (const year of [2025, 2026, 2027])
        for (const d of earningsDatesOfYear(entry, year)) {
          expect(isTradingDay(d.date), `${entry.symbol} ${d.date}`).toBe(true);
          expect(earlyCloseName(d.date), `${entry.symbol} ${d.date}`).toBeNull();
          expect([1, 2, 3, 4], `${entry.symbol} ${d.date}`).toContain(weekday(d.date));
          expect(d.date).not.toBe("2026-11-27");
        }
  });

  it("has calendar-quarter companies report their fourth quarter in late January or early February, banks mid-January", () => {
    let large = 0;
    for (const entry of stocks.filter((e) => e.earningsCycle === 1))
      for (const year of [2026, 2027]) {
        const january = earningsDatesOfYear(entry, year)[0]!.date;
        if (BANKS.includes(entry.symbol)) {
          expect(january >= `${year}-01-13` && january <= `${year}-01-20`, `${entry.symbol} ${january}`).toBe(
            true,
          );
          continue;
        }
        expect(january >= `${year}-01-24` && january <= `${year}-02-10`, `${entry.symbol} ${january}`).toBe(
          true,
        );
        if (entry.tier === 1) large++;
      }
    expect(large).toBeGreaterThan(20);
    for (const symbol of ["AMZN", "META", "AMD"])
      expect(earningsDatesOfYear(universeEntry(symbol)!, 2027)[0]!.date > "2027-01-23").toBe(true);
  });
});
