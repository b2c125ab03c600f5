// Issue 11's properties: fill basis between natural and mid, EV under the smile's density equal to
// the discounted-credit identity, market-implied POP equal to the vertical-spread digital from mids,
// touch probabilities, hygiene constants, the strategy interleave and the shipped assumptions.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  listInRuleOrder,
  MAX_PER_SYMBOL,
  withoutRepeats,
  bsmPriceFast,
  cleanChain,
  expirationSmile,
  formatOccSymbol,
  MIN_SHORT_BID,
  probTouchEitherFast,
  quoteRejection,
  screenCashSecuredPuts,
  screenCoveredCalls,
  screenCreditSpreads,
  smileProbAbove,
  smileProbBelow,
  WHEEL_DTE_WINDOWS,
  wheelDteWindow,
  type ChainLeg,
  type OptionChain,
} from "#app/engine/index.ts";
import { probTouchFast } from "#app/engine/probability.ts";
import { utcMsToDate, yearsToExpiration } from "#app/engine/time.ts";
import { syntheticChain } from "./fixtures/synthetic-chain";
import { cleanRandomChain, randomMarket } from "./fixtures/random-market";

const asOf = "2026-03-02T15:00:00.000Z";
// Property runs build whole chains; on a loaded machine they outlast vitest's 5 s default.
const PROPERTY_TIMEOUT = 120_000;

/**
 * A chain priced exactly on a smile: every mid is the BSM price at the strike's IV (no cent
 * rounding), so the chain's own prices and the engine's density must agree to rounding.
 */
function smileChain(S: number, atm: number, skew: number, curve: number, r: number, q: number): OptionChain {
  const asOfMs = Date.parse(asOf);
  const step = S < 50 ? 0.5 : S < 200 ? 1 : 5;
  const expirations = [10, 24, 45].map((days) => {
    const expirationDate = utcMsToDate(asOfMs + days * 86_400_000);
    const T = yearsToExpiration(asOfMs, expirationDate);
    const legs: ChainLeg[] = [];
    for (let k = -30; k <= 30; k++) {
      const K = Math.round(S / step) * step + k * step;
      // strikes within +-50% in log terms: further out a steep quadratic smile is no longer
      // arbitrage-free (negative density), which real chains do not quote and the engine clamps
      if (K <= 0 || Math.abs(Math.log(K / S)) > 0.5) continue;
      const m = Math.log(K / S);
      const iv = Math.max(0.05, atm + skew * m + curve * m * m);
      for (const type of ["put", "call"] as const) {
        const price = bsmPriceFast(type === "call", S, K, T, r, q, iv);
        const half = 0.01 + 0.03 * price;
        if (price - half <= 0.01) continue;
        legs.push({
          occSymbol: formatOccSymbol("SMILE", expirationDate, type, K),
          type,
          strike: K,
          bid: price - half,
          ask: price + half,
          iv,
          volume: 100,
          openInterest: 1000,
          quoteTime: asOf,
        });
      }
    }
    return { expirationDate, legs };
  });
  return { underlying: "SMILE", spot: S, asOf, expirations };
}

// 20-point Gauss-Legendre on 8 pieces of [a, b], applied per strike interval (the smile is linear
// inside one; on a few days to expiry P(S_T > x) swings from 0 to 1 across one interval).
const GL_X = [
  0.0765265211334973, 0.2277858511416451, 0.3737060887154195, 0.5108670019508271, 0.636053680726515,
  0.7463319064601508, 0.8391169718222188, 0.9122344282513259, 0.9639719272779138, 0.9931285991850949,
];
const GL_W = [
  0.1527533871307258, 0.1491729864726037, 0.142096109318382, 0.1316886384491766, 0.1181945319615184,
  0.1019301198172404, 0.0832767415767048, 0.0626720483341091, 0.0406014298003869, 0.0176140071391521,
];
function integrate(f: (x: number) => number, a: number, b: number, pieces = 8): number {
  let total = 0;
  for (let p = 0; p < pieces; p++) {
    const lo = a + ((b - a) * p) / pieces;
    const hi = a + ((b - a) * (p + 1)) / pieces;
    const c = 0.5 * (lo + hi);
    const h = 0.5 * (hi - lo);
    let sum = 0;
    for (let i = 0; i < GL_X.length; i++) sum += GL_W[i] * (f(c - h * GL_X[i]) + f(c + h * GL_X[i]));
    total += sum * h;
  }
  return total;
}

const market = fc.record({
  S: fc.double({ min: 20, max: 600, noNaN: true }),
  atm: fc.double({ min: 0.12, max: 0.8, noNaN: true }),
  skew: fc.double({ min: -0.6, max: 0.1, noNaN: true }),
  curve: fc.double({ min: 0, max: 1, noNaN: true }),
  r: fc.double({ min: 0, max: 0.06, noNaN: true }),
  q: fc.double({ min: 0, max: 0.03, noNaN: true }),
});
const screenAll = { maxIdeas: 1000, shortDeltaMax: 0.45, minLiquidity: 0 };

describe("fill basis", () => {
  it(
    "every credit and premium at the fill lies between natural and mid (random markets)",
    () => {
      fc.assert(
        fc.property(...randomMarket, (S, atmIv, seed) => {
          const clean = cleanRandomChain(S, atmIv, seed, 6);
          for (const i of screenCreditSpreads(clean, screenAll)) {
            expect(i.net_credit).toBeGreaterThanOrEqual(i.net_credit_natural - 1e-12);
            expect(i.net_credit).toBeLessThanOrEqual(i.net_credit_mid + 1e-12);
            expect(i.fill_basis).toBe("halfway_mid_natural");
            expect(i.legs.filter((l) => l.side === "sell").every((l) => l.bid >= MIN_SHORT_BID)).toBe(true);
            expect(i.maxProfit).toBeCloseTo(i.net_credit * 100, 9);
            expect(i.return_on_risk).toBeCloseTo((i.net_credit / (i.width - i.net_credit)) * 100, 9);
          }
          for (const riskLevel of ["conservative", "balanced", "aggressive"] as const)
            for (const c of [
              ...screenCashSecuredPuts(clean, { riskLevel }),
              ...screenCoveredCalls(clean, { shares: 100, riskLevel }),
            ]) {
              expect(c.premium).toBeGreaterThanOrEqual(c.premium_natural);
              expect(c.premium).toBeLessThanOrEqual(c.premium_mid);
              expect(c.bid).toBeGreaterThanOrEqual(MIN_SHORT_BID);
            }
        }),
        { numRuns: 25 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

describe("smile-consistent expected value and probabilities", () => {
  it(
    "EV of verticals priced on a smile = fill credit - e^{rT} x mid credit, and the density integrates to the prices (1e-9)",
    () => {
      fc.assert(
        fc.property(market, ({ S, atm, skew, curve, r, q }) => {
          const clean = cleanChain(smileChain(S, atm, skew, curve, r, q), {
            riskFreeRate: r,
            dividendYield: q,
          });
          const ideas = screenCreditSpreads(clean, screenAll);
          for (const i of ideas) {
            const exp = clean.expirations.find((e) => e.expirationDate === i.expiration_date)!;
            const growth = 1 / exp.factors.dr;
            // the identity: the chain prices the spread at the smile, so the payout expected at
            // expiry is the mid credit grown at r; what is left is the fill cost and the interest
            const identity = (i.net_credit - growth * i.net_credit_mid) * 100;
            expect(Math.abs(i.expected_value - identity)).toBeLessThan(1e-9 * Math.max(1, S));
            expect(i.expected_value).toBeLessThanOrEqual(1e-9);
            if (i.strategy_type === "IRON_CONDOR") continue;
            // independently: E[short vertical payout] = integral of P(beyond x) between the strikes
            const sm = expirationSmile(exp, S);
            const [lo, hi] = [i.legs[0].strike, i.legs[1].strike].sort((a, b) => a - b);
            const grid = Array.from(sm.strikes).filter((k) => k > lo && k < hi);
            const cuts = [lo, ...grid, hi];
            let payout = 0;
            for (let k = 1; k < cuts.length; k++)
              payout +=
                i.strategy_type === "BULL_PUT_SPREAD"
                  ? integrate((x) => smileProbBelow(sm, x), cuts[k - 1], cuts[k])
                  : integrate((x) => smileProbAbove(sm, x), cuts[k - 1], cuts[k]);
            expect(Math.abs(payout - growth * i.net_credit_mid)).toBeLessThan(1e-9 * Math.max(1, S));
          }
        }),
        { numRuns: 60 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "market-implied POP equals the vertical-spread digital from mids",
    () => {
      fc.assert(
        fc.property(market, ({ S, atm, skew, curve, r, q }) => {
          const clean = cleanChain(smileChain(S, atm, skew, curve, r, q), {
            riskFreeRate: r,
            dividendYield: q,
          });
          for (const exp of clean.expirations) {
            const sm = expirationSmile(exp, S);
            const growth = 1 / exp.factors.dr;
            const calls = exp.calls;
            for (let j = 1; j < calls.length; j++) {
              const [a, b] = [calls[j - 1], calls[j]];
              // the digital a vertical call spread prices between two listed strikes...
              const digital = (growth * (a.mid - b.mid)) / (b.strike - a.strike);
              // a steep wing can make the chain itself arbitrageable (a vertical worth more than its
              // width); the engine clamps probabilities to [0, 1] there, so only sound intervals count
              if (!(digital > 1e-6 && digital < 1 - 1e-6)) continue;
              // ...is the average of the market-implied P(S_T > x) over that interval
              let clamped = false;
              const probability = (x: number) => {
                const p = smileProbAbove(sm, x);
                if (p === 0 || p === 1) clamped = true;
                return p;
              };
              const average = integrate(probability, a.strike, b.strike) / (b.strike - a.strike);
              // within days of expiry a steep interval can push N(d2) + the skew term past 1 (the
              // small negative density a linear smile can imply); the engine clamps there
              if (clamped) continue;
              expect(Math.abs(average - digital)).toBeLessThan(1e-9);
            }
          }
          // and at a breakeven, POP is the limit of ever narrower verticals struck around it
          for (const i of screenCreditSpreads(clean, screenAll).filter(
            (x) => x.strategy_type === "BULL_PUT_SPREAD",
          )) {
            const exp = clean.expirations.find((e) => e.expirationDate === i.expiration_date)!;
            const sm = expirationSmile(exp, S);
            const be = i.breakevenLow!;
            const h = 1e-5 * be;
            // across a listed strike the slope jumps, and a difference quotient would straddle it
            if (Array.from(sm.strikes).some((k) => Math.abs(k - be) <= 2 * h)) continue;
            const put = (K: number) => {
              const lo = Array.from(sm.strikes).findLast((k) => k <= K)!;
              const hi = Array.from(sm.strikes).find((k) => k > K)!;
              const vLo = sm.ivs[sm.strikes.indexOf(lo)];
              const vHi = sm.ivs[sm.strikes.indexOf(hi)];
              const iv = vLo + ((vHi - vLo) * (K - lo)) / (hi - lo);
              return bsmPriceFast(false, S, K, exp.T, r, q, iv);
            };
            const below = ((put(be + h) - put(be - h)) / (2 * h)) * (1 / exp.factors.dr);
            expect(Math.abs(i.probability_of_profit / 100 - (1 - below))).toBeLessThan(1e-6);
          }
        }),
        { numRuns: 40 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it("a put skew moves probability into the lower tail relative to the at-the-money lognormal", () => {
    const clean = cleanChain(smileChain(100, 0.25, -0.5, 0.5, 0.04, 0.01), {
      riskFreeRate: 0.04,
      dividendYield: 0.01,
    });
    const exp = clean.expirations[1];
    const sm = expirationSmile(exp, 100);
    const flat = cleanChain(smileChain(100, 0.25, 0, 0, 0.04, 0.01), {
      riskFreeRate: 0.04,
      dividendYield: 0.01,
    });
    const smFlat = expirationSmile(flat.expirations[1], 100);
    expect(smileProbBelow(sm, 85)).toBeGreaterThan(smileProbBelow(smFlat, 85));
    expect(smileProbBelow(sm, 85) + smileProbAbove(sm, 85)).toBeCloseTo(1, 12);
  });
});

describe("probability of touch", () => {
  it(
    "either of two strikes: the one-barrier formula when the other is far, between max and sum otherwise",
    () => {
      fc.assert(
        fc.property(
          fc.double({ min: 0.05, max: 1.5, noNaN: true }),
          fc.double({ min: 1 / 365, max: 1, noNaN: true }),
          fc.double({ min: 0.5, max: 0.99, noNaN: true }),
          fc.double({ min: 1.01, max: 1.8, noNaN: true }),
          (sigma, T, lo, hi) => {
            const S = 100;
            const up = probTouchFast(S, S * hi, T, sigma, 0.01, 0.04);
            const down = probTouchFast(S, S * lo, T, sigma, 0.01, 0.04);
            const either = probTouchEitherFast(S, S * lo, S * hi, T, sigma, 0.01, 0.04);
            expect(either).toBeGreaterThanOrEqual(Math.max(up, down) - 1e-9);
            expect(either).toBeLessThanOrEqual(up + down + 1e-9);
            expect(Math.abs(probTouchEitherFast(S, 1e-9, S * hi, T, sigma, 0.01, 0.04) - up)).toBeLessThan(
              1e-9,
            );
          },
        ),
        { numRuns: 300 },
      );
    },
    PROPERTY_TIMEOUT,
  );
  it("every idea and strategy carries it, at least as likely as finishing beyond the short strike", () => {
    const clean = cleanChain(syntheticChain({ spot: 100, seed: 5 }), {
      riskFreeRate: 0.04,
      dividendYield: 0.01,
    });
    for (const i of screenCreditSpreads(clean, screenAll)) {
      expect(i.prob_touch).toBeGreaterThan(0);
      expect(i.prob_touch).toBeLessThanOrEqual(100);
    }
    for (const c of screenCashSecuredPuts(clean, { riskLevel: "balanced" }))
      expect(c.prob_touch).toBeGreaterThan(100 - c.winProbability - 5);
  });
});

describe("hygiene constants", () => {
  it("a one-tick nickel market passes; a $0.05 x $0.15 leg (100% of mid) is too wide", () => {
    expect(quoteRejection({ bid: 0.05, ask: 0.1, strike: 50 })).toBeNull();
    expect(quoteRejection({ bid: 0.05, ask: 0.15, strike: 50 })).toBe("WIDE_SPREAD");
    expect(quoteRejection({ bid: 0.01, ask: 0.02, strike: 50 })).toBeNull();
    expect(quoteRejection({ bid: 1.0, ask: 1.4, strike: 50 })).toBeNull();
    expect(quoteRejection({ bid: 1.0, ask: 1.8, strike: 50 })).toBe("WIDE_SPREAD");
  });
});

describe("list rules (decisions 238, 327)", () => {
  const item = fc.record({
    stock_symbol: fc.constantFrom("SPY", "QQQ", "IWM", "AAPL", "MSFT", "KO", "XOM"),
    strategy_type: fc.constantFrom("A", "B", "C"),
    expiration_date: fc.constantFrom("2026-12-18", "2027-01-15"),
    watched: fc.boolean(),
    id: fc.nat(),
  });
  it(
    "watchlist first; no repeated (symbol, expiry, strategy); at most 3 per symbol; nothing dropped but by the limit",
    () => {
      fc.assert(
        fc.property(fc.array(item, { maxLength: 80 }), fc.integer({ min: 0, max: 40 }), (ideas, limit) => {
          const stored = withoutRepeats(ideas);
          const out = listInRuleOrder(stored, limit, (i) => i.watched);
          expect(out.length).toBeLessThanOrEqual(limit);
          const all = listInRuleOrder(stored, Infinity, (i) => i.watched);
          expect(out).toEqual(all.slice(0, limit));
          expect(all).toHaveLength(stored.length);
          const keys = new Set(all.map((i) => `${i.stock_symbol}|${i.expiration_date}|${i.strategy_type}`));
          expect(keys.size).toBe(all.length);
          for (const s of new Set(all.map((i) => i.stock_symbol)))
            expect(all.filter((i) => i.stock_symbol === s).length).toBeLessThanOrEqual(MAX_PER_SYMBOL);
          const watchedCount = all.filter((i) => i.watched).length;
          expect(all.slice(0, watchedCount).every((i) => i.watched)).toBe(true);
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT,
  );
  it("a symbol's third idea waits for every symbol's first two", () => {
    const ideas = [
      // Three strategies: the book takes one idea per (symbol, strategy).
      ...["2026-12-04", "2026-12-11", "2026-12-18"].map((d, k) => ({
        stock_symbol: "AAPL",
        strategy_type: "ABC"[k]!,
        expiration_date: d,
      })),
      { stock_symbol: "KO", strategy_type: "A", expiration_date: "2026-12-18" },
    ];
    expect(listInRuleOrder(ideas, Infinity, () => false).map((i) => i.stock_symbol)).toEqual([
      "AAPL",
      "AAPL",
      "KO",
      "AAPL",
    ]);
  });
});

describe("wheel: the risk level's DTE window and period return", () => {
  const clean = cleanChain(syntheticChain({ spot: 100, seed: 3 }), {
    riskFreeRate: 0.04,
    dividendYield: 0.01,
  });
  it("screens each risk level within its window, cut by the max-DTE filter (decision 243)", () => {
    for (const riskLevel of ["conservative", "balanced", "aggressive"] as const) {
      for (const maxDte of [30, 45, 60]) {
        const w = wheelDteWindow(riskLevel, maxDte);
        const list = [
          ...screenCashSecuredPuts(clean, { riskLevel, maxDte }),
          ...screenCoveredCalls(clean, { riskLevel, maxDte, shares: 100 }),
        ];
        // Conservative under a 30-day filter is the single day 30, which this chain does not list.
        if (w.max - w.min >= 7) expect(list.length).toBeGreaterThan(0);
        for (const c of list) {
          expect(c.daysToExpiration).toBeGreaterThanOrEqual(WHEEL_DTE_WINDOWS[riskLevel].min);
          expect(c.daysToExpiration).toBeLessThanOrEqual(Math.min(WHEEL_DTE_WINDOWS[riskLevel].max, maxDte));
          expect(c.daysToExpiration).toBeGreaterThanOrEqual(w.min);
          expect(c.daysToExpiration).toBeLessThanOrEqual(w.max);
        }
      }
    }
    expect(WHEEL_DTE_WINDOWS.balanced).toEqual({ min: 21, max: 45 });
    // The chain's 3-, 10- and 17-day expirations pay the most per day; none is taken at Balanced.
    expect(
      screenCashSecuredPuts(clean, { riskLevel: "balanced" }).map((c) => c.daysToExpiration),
    ).not.toContain(17);
    // A filter below the window leaves nothing rather than stepping outside it.
    expect(screenCashSecuredPuts(clean, { riskLevel: "balanced", maxDte: 20 })).toEqual([]);
  });
  it("carries the period return beside the annualised figure", () => {
    const all = (["conservative", "balanced", "aggressive"] as const).flatMap((riskLevel) =>
      screenCashSecuredPuts(clean, { riskLevel }),
    );
    expect(all.length).toBeGreaterThan(0);
    for (const c of all) {
      expect(c.period_return).toBeCloseTo((c.premium / c.putStrike) * 100, 12);
      expect(c.annualizedReturn).toBeCloseTo((c.period_return / c.daysToExpiration) * 365, 10);
    }
  });
});

describe("assumptions", () => {
  it("ship r and q with their sources; a missing dividend yield is unknown, not a silent 0", () => {
    const chain = syntheticChain({ spot: 100, seed: 9 });
    const known = cleanChain(chain, {
      riskFreeRate: 0.0415,
      riskFreeRateSource: "simulated T-bill series",
      riskFreeRateAsOf: "2026-02-27",
      dividendYield: 0.012,
      dividendYieldSource: "simulated dividends",
    });
    const unknown = cleanChain(chain, { riskFreeRate: 0.0415, dividendYield: null });
    const a = screenCreditSpreads(known)[0].assumptions;
    expect(a).toMatchObject({
      r: 0.0415,
      r_source: "simulated T-bill series",
      r_as_of: "2026-02-27",
      q: 0.012,
      q_source: "simulated dividends",
    });
    // The model's words are the server's to attach (decision 323; tests/unit/market/payload-labels.test.ts).
    expect(a).not.toHaveProperty("model");
    expect(screenCreditSpreads(unknown)[0].assumptions).toMatchObject({ q: null, q_source: "unknown" });
    expect(screenCashSecuredPuts(unknown)[0].assumptions).toMatchObject({ q: null, q_source: "unknown" });
  });
});
