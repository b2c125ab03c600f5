import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  bsmGreeks,
  bsmPrice,
  impliedVol,
  probAbove,
  probBetween,
  probTouch,
  screenCreditSpreads,
} from "#app/engine/index.ts";
import { cleanRandomChain, randomMarket } from "./fixtures/random-market";

const spot = fc.double({ min: 5, max: 2000, noNaN: true });
const moneyness = fc.double({ min: 0.5, max: 1.6, noNaN: true });
const years = fc.double({ min: 1 / 365, max: 5, noNaN: true });
const rate = fc.double({ min: -0.01, max: 0.1, noNaN: true });
const yieldQ = fc.double({ min: 0, max: 0.06, noNaN: true });
const vol = fc.double({ min: 0.03, max: 2.5, noNaN: true });
const market = fc.record({ S: spot, m: moneyness, T: years, r: rate, q: yieldQ, sigma: vol });

describe("properties", () => {
  it("put-call parity: C - P = S e^-qT - K e^-rT", () => {
    fc.assert(
      fc.property(market, ({ S, m, T, r, q, sigma }) => {
        const K = S * m;
        const c = bsmPrice({ type: "call", S, K, T, r, q, sigma });
        const p = bsmPrice({ type: "put", S, K, T, r, q, sigma });
        expect(Math.abs(c - p - (S * Math.exp(-q * T) - K * Math.exp(-r * T)))).toBeLessThanOrEqual(
          1e-12 * S * 10,
        );
      }),
      { numRuns: 500 },
    );
  });
  it("monotone in strike (call down, put up) and a call is worth more with more time (q = 0)", () => {
    fc.assert(
      fc.property(market, fc.double({ min: 1.001, max: 1.2, noNaN: true }), ({ S, m, T, r, sigma }, bump) => {
        const K = S * m;
        const q = 0;
        const tol = 1e-12 * S;
        expect(bsmPrice({ type: "call", S, K: K * bump, T, r, q, sigma })).toBeLessThanOrEqual(
          bsmPrice({ type: "call", S, K, T, r, q, sigma }) + tol,
        );
        expect(bsmPrice({ type: "put", S, K: K * bump, T, r, q, sigma })).toBeGreaterThanOrEqual(
          bsmPrice({ type: "put", S, K, T, r, q, sigma }) - tol,
        );
        if (r >= 0)
          expect(bsmPrice({ type: "call", S, K, T: T * bump, r, q, sigma })).toBeGreaterThanOrEqual(
            bsmPrice({ type: "call", S, K, T, r, q, sigma }) - tol,
          );
      }),
      { numRuns: 500 },
    );
  });
  it("IV round-trip over a wide grid: vol to 1e-10 wherever the price carries it", () => {
    fc.assert(
      fc.property(market, fc.boolean(), ({ S, m, T, r, q, sigma }, isCall) => {
        const K = S * m;
        const type = isCall ? "call" : "put";
        const price = bsmPrice({ type, S, K, T, r, q, sigma });
        const iv = impliedVol({ type, S, K, T, r, q, price });
        const vega = bsmGreeks({ type, S, K, T, r, q, sigma }).vega;
        // the price's own rounding (1 ulp of the larger of price and intrinsic) limits the vol
        const resolvable = vega * 1e-10 > 64 * Number.EPSILON * Math.max(price, S);
        if (resolvable) {
          expect(iv).not.toBeNull();
          expect(Math.abs(iv! - sigma)).toBeLessThan(1e-10);
        } else if (iv !== null) {
          expect(Math.abs(bsmPrice({ type, S, K, T, r, q, sigma: iv }) - price)).toBeLessThanOrEqual(
            1e-9 * Math.max(1, price),
          );
        }
      }),
      { numRuns: 3000 },
    );
  });
  it("probabilities stay within [0, 1]", () => {
    fc.assert(
      fc.property(
        market,
        fc.double({ min: 0.2, max: 3, noNaN: true }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        ({ S, m, T, r, q, sigma }, h, mu) => {
          for (const p of [
            probAbove({ S, X: S * m, T, sigma, r, q, mu }),
            probTouch({ S, H: S * h, T, sigma, r, q, mu }),
            probBetween({ S, L: S * Math.min(m, h), U: S * Math.max(m, h), T, sigma, r, q }),
          ]) {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
  it("spreads on random markets: max loss = width x 100 - credit, condor POP = P(between breakevens)", () => {
    fc.assert(
      fc.property(...randomMarket, (S, atmIv, seed) => {
        const clean = cleanRandomChain(S, atmIv, seed, 5);
        for (const i of screenCreditSpreads(clean, { maxIdeas: 200 })) {
          expect(Math.abs(i.maxLoss - (i.width * 100 - i.net_credit * 100))).toBeLessThan(1e-9 * S);
          if (i.strategy_type === "IRON_CONDOR") {
            const T = clean.expirations.find((e) => e.expirationDate === i.expiration_date)!.T;
            const p = probBetween({
              S,
              L: i.breakevenLow!,
              U: i.breakevenHigh!,
              T,
              sigma: i.modelVolatility,
              r: 0.04,
              q: 0.01,
            });
            expect(Math.abs(i.pop_methods.lognormal_atm - 100 * p)).toBeLessThan(1e-9);
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000); // whole chains per run: outlasts the 5 s default on a loaded machine
});
