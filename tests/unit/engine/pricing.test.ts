import { describe, expect, it } from "vitest";
import bsmVectors from "./fixtures/bsm_vectors.json";
import ivVectors from "./fixtures/iv_vectors.json";
import reference from "./fixtures/mpmath_reference.json";
import { bsmGreeks, bsmPrice, impliedVol, type OptionType } from "#app/engine/index.ts";
import { erf, erfc, normCdf, normInv } from "#app/engine/normal.ts";

const typeOf = (flag: string): OptionType => (flag === "c" ? "call" : "put");

describe("normal distribution", () => {
  it("normCdf matches mpmath to ~1e-15 relative over the whole line", () => {
    for (const [x, expected] of reference.normCdf) {
      const got = normCdf(x);
      expect(Math.abs(got - expected) / expected, `x=${x}`).toBeLessThan(2e-15);
    }
  });
  it("normCdf is 0 beyond the double range and symmetric", () => {
    expect(normCdf(-40)).toBe(0);
    expect(normCdf(40)).toBe(1);
    for (const x of [0.1, 0.7, 1.3, 3.9, 5.2]) expect(normCdf(x) + normCdf(-x)).toBeCloseTo(1, 15);
  });
  it("erf and erfc are complementary and odd/even as they should be", () => {
    for (const x of [-5, -1, -0.3, 0, 0.2, 0.47, 0.5, 2, 4.5]) {
      expect(erf(x) + erfc(x)).toBeCloseTo(1, 15);
      expect(erf(-x)).toBeCloseTo(-erf(x), 15);
    }
    expect(Number.isNaN(erfc(NaN))).toBe(true);
  });
  it("normInv inverts normCdf to full precision, tails included", () => {
    for (const x of [-30, -8, -3, -1.2, -0.01, 0, 0.3, 1, 2]) {
      expect(normInv(normCdf(x))).toBeCloseTo(x, 12);
    }
    // near 1 the probability itself only carries ~1e-16 absolute: check the residual instead
    for (const p of [0.999, 0.9999997, 1 - 1e-12])
      expect(Math.abs(normCdf(normInv(p)) - p)).toBeLessThan(3e-16);
    expect(normInv(0)).toBe(-Infinity);
    expect(normInv(1)).toBe(Infinity);
    expect(Number.isNaN(normInv(1.5))).toBe(true);
  });
});

describe("BSM prices against Haug / QuantLib vectors", () => {
  const rows = bsmVectors.price_vectors_haug_via_quantlib.rows as [
    string,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ][];
  it("has all 43 rows", () => expect(rows).toHaveLength(43));
  it.each(rows.map((row, i) => [i, row] as const))("row %i", (_i, [flag, S, K, q, r, T, sigma, price]) => {
    expect(Math.abs(bsmPrice({ type: typeOf(flag), S, K, T, r, q, sigma }) - price)).toBeLessThan(1e-4);
  });
});

describe("BSM greeks against Haug / QuantLib vectors", () => {
  for (const row of bsmVectors.greek_vectors_haug_via_quantlib.rows) {
    it(`${row.greek} ${row.flag} S=${row.S} K=${row.K}`, () => {
      const input = {
        type: typeOf(row.flag),
        S: row.S,
        K: row.K,
        T: row.T,
        r: row.r,
        q: row.q,
        sigma: row.v,
      };
      const g = bsmGreeks(input);
      const price = bsmPrice(input);
      // elasticity and dividend rho are not part of the public greeks: derived here.
      const dividendRho =
        row.flag === "c"
          ? -row.T * row.S * Math.exp(-row.q * row.T) * (g.delta / Math.exp(-row.q * row.T))
          : row.T * row.S * Math.exp(-row.q * row.T) * (-g.delta / Math.exp(-row.q * row.T));
      const values: Record<string, number> = {
        delta: g.delta,
        gamma: g.gamma,
        vega: g.vega,
        theta_per_year: g.theta,
        theta_per_day_365: g.theta / 365,
        rho: g.rho,
        elasticity: (g.delta * row.S) / price,
        dividend_rho: dividendRho,
      };
      expect(values[row.greek]).toBeDefined();
      expect(Math.abs(values[row.greek] - row.value)).toBeLessThan(1e-4);
    });
  }
});

describe("BSM against Hull's textbook examples", () => {
  for (const row of bsmVectors.hull_textbook.rows) {
    it(`${row.flag} S=${row.S} K=${row.K}`, () => {
      const input = {
        type: typeOf(row.flag),
        S: row.S,
        K: row.K,
        T: row.T,
        r: row.r,
        q: row.q,
        sigma: row.v,
      };
      expect(bsmPrice(input)).toBeCloseTo(row.price_full, 12);
      const g = bsmGreeks(input);
      if ("delta" in row && row.delta !== undefined) expect(g.delta).toBeCloseTo(row.delta, 12);
      if ("gamma" in row && row.gamma !== undefined) expect(g.gamma).toBeCloseTo(row.gamma, 12);
      if ("vega_per_1pct" in row && row.vega_per_1pct !== undefined)
        expect(g.vega / 100).toBeCloseTo(row.vega_per_1pct, 12);
      if ("rho_per_1pct" in row && row.rho_per_1pct !== undefined)
        expect(g.rho / 100).toBeCloseTo(row.rho_per_1pct, 12);
      if ("theta_per_year" in row && row.theta_per_year !== undefined)
        expect(g.theta).toBeCloseTo(row.theta_per_year, 8);
    });
  }
});

describe("BSM against an arbitrary-precision computation (mpmath)", () => {
  for (const c of reference.bsm) {
    it(`${c.flag} S=${c.S} K=${c.K} T=${c.T} v=${c.v}`, () => {
      const input = { type: typeOf(c.flag), S: c.S, K: c.K, T: c.T, r: c.r, q: c.q, sigma: c.v };
      const [price, delta, gamma, vega, theta, rho] = c.price_delta_gamma_vega_theta_rho;
      const g = bsmGreeks(input);
      const close = (got: number, want: number) =>
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
      close(bsmPrice(input), price);
      // tiny prices keep their relative precision too
      expect(Math.abs(bsmPrice(input) - price) / price).toBeLessThan(1e-11);
      close(g.delta, delta);
      close(g.gamma, gamma);
      close(g.vega, vega);
      close(g.theta, theta);
      close(g.rho, rho);
    });
  }
});

describe("BSM edge cases", () => {
  const base = { S: 100, K: 95, r: 0.05, q: 0.01 };
  it("T = 0 gives the payoff and digital delta", () => {
    expect(bsmPrice({ ...base, type: "call", T: 0, sigma: 0.3 })).toBe(5);
    expect(bsmPrice({ ...base, type: "put", T: 0, sigma: 0.3 })).toBe(0);
    expect(bsmGreeks({ ...base, type: "call", T: 0, sigma: 0.3 }).delta).toBe(1);
    expect(bsmGreeks({ ...base, type: "put", T: 0, sigma: 0.3 }).delta).toBe(-0);
    expect(bsmGreeks({ type: "put", S: 100, K: 100, r: 0, q: 0, T: 0, sigma: 0.3 }).delta).toBe(-0.5);
  });
  it("sigma -> 0 tends to the discounted forward intrinsic value, continuously", () => {
    const T = 0.5;
    const intrinsic = 100 * Math.exp(-0.01 * T) - 95 * Math.exp(-0.05 * T);
    expect(bsmPrice({ ...base, type: "call", T, sigma: 0 })).toBeCloseTo(intrinsic, 12);
    expect(bsmPrice({ ...base, type: "call", T, sigma: 1e-6 })).toBeCloseTo(intrinsic, 10);
    expect(bsmPrice({ ...base, type: "put", T, sigma: 0 })).toBe(0);
    const g = bsmGreeks({ ...base, type: "call", T, sigma: 0 });
    const gSmall = bsmGreeks({ ...base, type: "call", T, sigma: 1e-4 });
    expect(g.delta).toBeCloseTo(gSmall.delta, 8);
    expect(g.theta).toBeCloseTo(gSmall.theta, 6);
    expect(g.rho).toBeCloseTo(gSmall.rho, 6);
  });
  it("deep out of the money prices are tiny but positive and finite", () => {
    const p = bsmPrice({ type: "call", S: 100, K: 400, T: 0.05, r: 0.05, q: 0, sigma: 0.2 });
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThan(1e-100);
    const g = bsmGreeks({ type: "put", S: 100, K: 10, T: 0.02, r: 0.05, q: 0, sigma: 0.3 });
    for (const v of Object.values(g)) expect(Number.isFinite(v)).toBe(true);
  });
});

describe("implied volatility", () => {
  it("py_vollib BSM doctest", () => {
    const v = ivVectors.vectors[0] as {
      S: number;
      K: number;
      T: number;
      r: number;
      q: number;
      price: number;
      expected_iv: number;
      tol: number;
    };
    expect(
      Math.abs(
        impliedVol({ type: "call", S: v.S, K: v.K, T: v.T, r: v.r, q: v.q, price: v.price })! - v.expected_iv,
      ),
    ).toBeLessThan(v.tol);
  });
  it("Jaeckel 'Let's be rational' Black vectors (r = q = 0, S = F) to 1e-12", () => {
    for (const v of ivVectors.vectors.slice(1, 3) as {
      F: number;
      K: number;
      T: number;
      price: number;
      expected_iv: number;
      tol: number;
    }[]) {
      const iv = impliedVol({ type: "call", S: v.F, K: v.K, T: v.T, r: 0, q: 0, price: v.price });
      expect(Math.abs(iv! - v.expected_iv)).toBeLessThan(v.tol);
    }
  });
  it("normalised Black vector (x = ln(F/K), s = sigma sqrt T)", () => {
    const v = ivVectors.vectors[3] as {
      F: number;
      K: number;
      T: number;
      sigma: number;
      expected_put: number;
      expected_call: number;
    };
    const norm = Math.sqrt(v.F * v.K);
    const call = bsmPrice({ type: "call", S: v.F, K: v.K, T: v.T, r: 0, q: 0, sigma: v.sigma });
    const put = bsmPrice({ type: "put", S: v.F, K: v.K, T: v.T, r: 0, q: 0, sigma: v.sigma });
    expect(call / norm).toBeCloseTo(v.expected_call, 14);
    expect(put / norm).toBeCloseTo(v.expected_put, 14);
    expect(impliedVol({ type: "put", S: v.F, K: v.K, T: v.T, r: 0, q: 0, price: put })).toBeCloseTo(
      v.sigma,
      12,
    );
  });
  const rows = bsmVectors.price_vectors_haug_via_quantlib.rows as [
    string,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ][];
  it("round-trips every price vector: full-precision price -> input vol to 1e-10", () => {
    for (const [flag, S, K, q, r, T, sigma] of rows) {
      const price = bsmPrice({ type: typeOf(flag), S, K, T, r, q, sigma });
      expect(
        Math.abs(impliedVol({ type: typeOf(flag), S, K, T, r, q, price })! - sigma),
        `${flag} ${S} ${K} ${T} ${sigma}`,
      ).toBeLessThan(1e-10);
    }
  });
  it("the published 4-decimal prices give a vol that reprices them within the vectors' 1e-4", () => {
    for (const [flag, S, K, q, r, T, , price] of rows) {
      const iv = impliedVol({ type: typeOf(flag), S, K, T, r, q, price });
      expect(iv).not.toBeNull();
      expect(Math.abs(bsmPrice({ type: typeOf(flag), S, K, T, r, q, sigma: iv! }) - price)).toBeLessThan(
        1e-9,
      );
    }
  });
  it("edge cases from the vectors: outside no-arbitrage bounds -> null, at intrinsic -> 0", () => {
    const base = { S: 100, K: 90, T: 0.5, r: 0.05, q: 0 };
    const intrinsic = 100 - 90 * Math.exp(-0.05 * 0.5);
    expect(impliedVol({ ...base, type: "call", price: intrinsic - 0.01 })).toBeNull();
    expect(impliedVol({ ...base, type: "call", price: 100 })).toBeNull();
    expect(impliedVol({ ...base, type: "put", price: 90 })).toBeNull();
    expect(impliedVol({ ...base, type: "call", price: intrinsic })).toBe(0);
    expect(impliedVol({ ...base, T: 0, type: "call", price: 12 })).toBeNull();
    expect(impliedVol({ ...base, type: "call", price: Number.NaN })).toBeNull();
    expect(impliedVol({ ...base, type: "put", price: -1 })).toBeNull();
  });
  it("recovers extreme vols and tiny prices", () => {
    for (const [type, S, K, T, sigma] of [
      ["put", 100, 50, 0.02, 0.3],
      ["call", 100, 101, 1 / 365, 0.05],
      ["call", 100, 100, 10, 3],
      ["put", 100, 100, 1 / 3650, 0.01],
      ["call", 100, 300, 2, 0.9],
    ] as [OptionType, number, number, number, number][]) {
      const price = bsmPrice({ type, S, K, T, r: 0.03, q: 0.01, sigma });
      const iv = impliedVol({ type, S, K, T, r: 0.03, q: 0.01, price });
      expect(Math.abs(iv! - sigma) / sigma, `${type} ${K} ${T} ${sigma} price ${price}`).toBeLessThan(1e-9);
    }
  });
});
