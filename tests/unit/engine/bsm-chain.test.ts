import { describe, expect, it } from "vitest";
import fc from "fast-check";
import reference from "./fixtures/mpmath_reference.json";
import {
  bsmChainGreeksInto,
  bsmGreeks,
  bsmPrice,
  expiryFactors,
  greeksArrays,
  strikeGrid,
  type GreeksArrays,
  type OptionType,
} from "#app/engine/index.ts";

const COLUMNS = ["price", "delta", "gamma", "vega", "theta", "rho"] as const;

/**
 * Worst relative difference of the batch results from bsmPrice/bsmGreeks, as a fraction of
 * the allowance: 1e-12, or in far tails 2e-15 |d1|/sd, the price's own conditioning (an
 * ulp of ln(F/K) moves it by |d1|/sd ulps: prices below ~1e-100 on a one-day expiry; both
 * paths are that uncertain there). Theta is a sum of terms of both signs that can cancel to
 * ~0 (deep ITM puts), so it is measured against the size of its terms. Below the smallest normal
 * double (2^-1022, ~2.2e-308) numbers are subnormal and carry only absolute precision, so no
 * value is measured against a scale below it.
 */
const SMALLEST_NORMAL = 2 ** -1022;

function worstDifferenceOverAllowance(
  type: OptionType,
  S: number,
  strikes: readonly number[],
  sigma: Float64Array,
  T: number,
  r: number,
  q: number,
  out: GreeksArrays,
): number {
  let worst = 0;
  strikes.forEach((K, i) => {
    const input = { type, S, K, T, r, q, sigma: sigma[i] };
    const g = bsmGreeks(input);
    const want = { price: bsmPrice(input), ...g };
    const thetaScale = Math.abs(g.vega * sigma[i]) / (2 * T) + Math.abs(r) * K + q * S;
    const sd = sigma[i] * Math.sqrt(T);
    const d1 = (Math.log(S / K) + (r - q) * T) / sd + 0.5 * sd;
    const allowance = Math.max(1e-12, (2e-15 * Math.abs(d1)) / sd);
    for (const c of COLUMNS) {
      const scale = Math.max(
        SMALLEST_NORMAL,
        c === "theta" ? Math.max(Math.abs(want.theta), thetaScale) : Math.abs(want[c]),
      );
      const rel = Math.abs(out[c][i] - want[c]) / scale;
      if (rel / allowance > worst) worst = rel / allowance;
    }
  });
  return worst;
}

describe("bsmChainGreeksInto (chain-level batch BSM)", () => {
  it("agrees with bsmPrice / bsmGreeks to 1e-12 relative over a grid of markets (far tails: their conditioning)", () => {
    const strikes = Array.from({ length: 61 }, (_, i) => 50 + i * 2); // 50..170
    const grid = strikeGrid(strikes);
    const out = greeksArrays(strikes.length);
    let worst = 0;
    for (const S of [60, 100, 140])
      for (const T of [1 / 365, 7 / 365, 30 / 365, 0.5, 2, 5])
        for (const [r, q] of [
          [0.04, 0.01],
          [0, 0],
          [-0.005, 0.03],
          [0.1, 0],
        ])
          for (const atm of [0.05, 0.25, 0.8, 2]) {
            const sigma = Float64Array.from(strikes, (K) => atm * (1 + 0.3 * Math.abs(Math.log(K / S))));
            const f = expiryFactors(T, r, q); // one set of factors for the whole expiration, as in a chain
            for (const type of ["call", "put"] as const) {
              out.price.fill(NaN);
              bsmChainGreeksInto(type === "call", S, grid, sigma, f, out);
              worst = Math.max(worst, worstDifferenceOverAllowance(type, S, strikes, sigma, T, r, q, out));
            }
          }
    expect(worst).toBeLessThan(1);
  });

  it("property: random markets and strike ladders agree with bsmGreeks to 1e-12 relative", () => {
    const market = fc.record({
      S: fc.double({ min: 5, max: 2000, noNaN: true }),
      T: fc.double({ min: 1 / 365, max: 5, noNaN: true }),
      r: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
      q: fc.double({ min: 0, max: 0.06, noNaN: true }),
      vols: fc.array(fc.double({ min: 0.03, max: 2.5, noNaN: true }), { minLength: 1, maxLength: 24 }),
      isCall: fc.boolean(),
    });
    fc.assert(
      fc.property(market, ({ S, T, r, q, vols, isCall }) => {
        const strikes = vols.map((_, i) => S * (0.5 + (1.1 * i) / Math.max(1, vols.length - 1)));
        const sigma = Float64Array.from(vols);
        const out = greeksArrays(strikes.length);
        bsmChainGreeksInto(isCall, S, strikeGrid(strikes), sigma, expiryFactors(T, r, q), out);
        expect(
          worstDifferenceOverAllowance(isCall ? "call" : "put", S, strikes, sigma, T, r, q, out),
        ).toBeLessThan(1);
      }),
      { numRuns: 500 },
    );
  });

  it("matches the arbitrary-precision (mpmath) reference like the scalar path", () => {
    for (const c of reference.bsm) {
      const out = greeksArrays(1);
      bsmChainGreeksInto(
        c.flag === "c",
        c.S,
        strikeGrid([c.K]),
        Float64Array.of(c.v),
        expiryFactors(c.T, c.r, c.q),
        out,
      );
      const want = c.price_delta_gamma_vega_theta_rho;
      COLUMNS.forEach((col, j) =>
        expect(Math.abs(out[col][0] - want[j])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want[j]))),
      );
      expect(Math.abs(out.price[0] - want[0]) / want[0]).toBeLessThan(1e-11);
    }
  });

  it("one strike grid serves several expirations; [from, to) leaves other slots untouched", () => {
    const strikes = [80, 90, 100, 110, 120];
    const grid = strikeGrid(strikes);
    const sigma = Float64Array.of(0.3, 0.27, 0.25, 0.24, 0.26);
    for (const T of [0.02, 0.25, 1]) {
      const out = greeksArrays(5);
      out.price.fill(-1);
      bsmChainGreeksInto(false, 100, grid, sigma, expiryFactors(T, 0.04, 0.01), out, 0, 2); // OTM puts
      bsmChainGreeksInto(true, 100, grid, sigma, expiryFactors(T, 0.04, 0.01), out, 3, 5); // OTM calls
      expect(out.price[2]).toBe(-1);
      expect(out.price[0]).toBeCloseTo(
        bsmPrice({ type: "put", S: 100, K: 80, T, r: 0.04, q: 0.01, sigma: 0.3 }),
        12,
      );
      expect(out.delta[4]).toBeCloseTo(
        bsmGreeks({ type: "call", S: 100, K: 120, T, r: 0.04, q: 0.01, sigma: 0.26 }).delta,
        12,
      );
    }
  });

  it("expired and zero-vol legs give exactly the scalar path's values", () => {
    const strikes = [95, 100, 105];
    const grid = strikeGrid(strikes);
    for (const [T, sigma] of [
      [0, Float64Array.of(0.3, 0.3, 0.3)],
      [0.5, Float64Array.of(0, 1e-14, 0.3)],
    ] as const) {
      for (const type of ["call", "put"] as const) {
        const out = greeksArrays(3);
        bsmChainGreeksInto(type === "call", 100, grid, sigma, expiryFactors(T, 0.05, 0.01), out);
        strikes.forEach((K, i) => {
          const input = { type, S: 100, K, T, r: 0.05, q: 0.01, sigma: sigma[i] };
          const g = bsmGreeks(input);
          if (sigma[i] > 0.1) return; // a regular leg at T > 0: covered above
          expect(out.price[i]).toBe(bsmPrice(input));
          expect([out.delta[i], out.gamma[i], out.vega[i], out.theta[i], out.rho[i]]).toEqual([
            g.delta,
            g.gamma,
            g.vega,
            g.theta,
            g.rho,
          ]);
        });
      }
    }
  });
});
