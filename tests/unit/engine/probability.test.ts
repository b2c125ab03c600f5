import { describe, expect, it } from "vitest";
import {
  bsmPrice,
  expectedCallPayoff,
  expectedPayoff,
  expectedPutPayoff,
  probAbove,
  probBelow,
  probBetween,
  probTouch,
  probTouchEitherFast,
} from "#app/engine/index.ts";
import { normCdf } from "#app/engine/normal.ts";

const base = { S: 100, T: 0.25, sigma: 0.3, r: 0.04, q: 0.01 };

describe("lognormal probabilities", () => {
  it("P(S_T > X) is N(d2): the risk-neutral exercise probability of a call", () => {
    // e^{rT} d(call)/dK = -N(d2): check by finite difference of the BSM price
    const h = 1e-4;
    const dCdK =
      (bsmPrice({ type: "call", ...base, K: 105 + h }) - bsmPrice({ type: "call", ...base, K: 105 - h })) /
      (2 * h);
    expect(probAbove({ ...base, X: 105 })).toBeCloseTo(-dCdK * Math.exp(base.r * base.T), 7);
  });
  it("above + below = 1 and between adds up", () => {
    expect(probAbove({ ...base, X: 93 }) + probBelow({ ...base, X: 93 })).toBeCloseTo(1, 15);
    expect(probBetween({ ...base, L: 90, U: 110 })).toBeCloseTo(
      probAbove({ ...base, X: 90 }) - probAbove({ ...base, X: 110 }),
      15,
    );
    expect(probBetween({ ...base, L: 110, U: 90 })).toBe(0);
  });
  it("a real-world drift moves the odds", () => {
    expect(probAbove({ ...base, X: 100, mu: 0.2 })).toBeGreaterThan(probAbove({ ...base, X: 100 }));
  });
  it("edge cases: T = 0, sigma = 0, X <= 0", () => {
    expect(probAbove({ ...base, T: 0, X: 99 })).toBe(1);
    expect(probAbove({ ...base, T: 0, X: 101 })).toBe(0);
    expect(probAbove({ ...base, sigma: 0, X: 100.5 })).toBe(1); // forward 100.75
    expect(probAbove({ ...base, sigma: 0, X: 101 })).toBe(0);
    expect(probAbove({ ...base, X: 0 })).toBe(1);
  });
});

describe("probability of touch", () => {
  it("driftless log-price: the reflection principle gives P(touch) = 2 P(S_T beyond H)", () => {
    // nu = mu - q - sigma^2/2 = 0
    const p = { S: 100, T: 0.5, sigma: 0.2, r: 0.03, q: 0, mu: 0.02 };
    expect(probTouch({ ...p, H: 115 })).toBeCloseTo(2 * probAbove({ ...p, X: 115 }), 14);
    expect(probTouch({ ...p, H: 88 })).toBeCloseTo(2 * probBelow({ ...p, X: 88 }), 14);
  });
  it("touch is at least finishing beyond, and is within [0, 1]", () => {
    for (const H of [60, 80, 95, 99.9, 100.1, 105, 130, 200]) {
      const t = probTouch({ ...base, H });
      const end = H > 100 ? probAbove({ ...base, X: H }) : probBelow({ ...base, X: H });
      expect(t).toBeGreaterThanOrEqual(end);
      expect(t).toBeLessThanOrEqual(1);
    }
  });
  it("agrees with a discretely monitored Monte Carlo from above (fixed seed)", () => {
    let seed = 12345;
    const gauss = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const u1 = (seed + 1) / 4294967297;
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const u2 = seed / 4294967296;
      return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    };
    const H = 110,
      steps = 400,
      paths = 4000,
      dt = base.T / steps;
    const drift = (base.r - base.q - 0.5 * base.sigma ** 2) * dt,
      vol = base.sigma * Math.sqrt(dt);
    let hits = 0;
    for (let p = 0; p < paths; p++) {
      let x = Math.log(base.S);
      for (let i = 0; i < steps; i++) {
        x += drift + vol * gauss();
        if (x >= Math.log(H)) {
          hits++;
          break;
        }
      }
    }
    const exact = probTouch({ ...base, H });
    // discrete monitoring misses touches between steps: MC is a bit lower, within noise
    expect(hits / paths).toBeLessThanOrEqual(exact + 0.02);
    expect(hits / paths).toBeGreaterThan(exact - 0.06);
  });
  it("edges: at the barrier, T = 0, sigma = 0", () => {
    expect(probTouch({ ...base, H: 100 })).toBe(1);
    expect(probTouch({ ...base, T: 0, H: 101 })).toBe(0);
    expect(probTouch({ ...base, sigma: 0, H: 100.5 })).toBe(1);
    expect(probTouch({ ...base, sigma: 0, H: 99 })).toBe(0);
    expect(probTouch({ ...base, sigma: 1e-9, H: 150 })).toBe(0);
  });
});

describe("expected payoffs", () => {
  it("discounted risk-neutral expectations are the BSM prices", () => {
    const df = Math.exp(-base.r * base.T);
    expect(expectedCallPayoff({ ...base, K: 104 }) * df).toBeCloseTo(
      bsmPrice({ type: "call", ...base, K: 104 }),
      12,
    );
    expect(expectedPutPayoff({ ...base, K: 92 }) * df).toBeCloseTo(
      bsmPrice({ type: "put", ...base, K: 92 }),
      12,
    );
  });
  it("numeric integration of any payoff agrees with the closed forms", () => {
    const call = expectedPayoff((s) => Math.max(s - 104, 0), base);
    expect(call).toBeCloseTo(expectedCallPayoff({ ...base, K: 104 }), 5);
    const spread = expectedPayoff((s) => 1.2 - Math.max(95 - s, 0) + Math.max(90 - s, 0), {
      ...base,
      mu: 0.08,
    });
    const closed =
      1.2 - expectedPutPayoff({ ...base, K: 95, mu: 0.08 }) + expectedPutPayoff({ ...base, K: 90, mu: 0.08 });
    expect(Math.abs(spread - closed)).toBeLessThan(2e-5); // kinks cost Simpson its order
    expect(expectedPayoff((s) => s, base)).toBeCloseTo(100 * Math.exp((base.r - base.q) * base.T), 8);
  });
});

describe("probTouchEitherFast stops at its last significant image pair", () => {
  // The whole method-of-images series, every image from -60 to 60, written straight from the formula.
  function fullSeries(S: number, L: number, U: number, T: number, sigma: number, q: number, mu: number) {
    const s = sigma * Math.sqrt(T);
    const a = Math.log(L / S);
    const b = Math.log(U / S);
    const h = b - a;
    const k = (mu - q - 0.5 * sigma * sigma) / (sigma * sigma);
    const ks2 = k * s * s;
    let stay = 0;
    for (let n = -60; n <= 60; n++) {
      const c = 2 * n * h;
      const d = 2 * b + c;
      stay += Math.exp(k * c) * (normCdf((b - c - ks2) / s) - normCdf((a - c - ks2) / s));
      stay -= Math.exp(k * d) * (normCdf((b - d - ks2) / s) - normCdf((a - d - ks2) / s));
    }
    return Math.min(1, Math.max(0, 1 - stay));
  }
  it("agrees with the full series to 1e-12 across narrow and wide condors, short and long horizons", () => {
    let cases = 0;
    for (const sigma of [0.12, 0.25, 0.5, 0.9])
      for (const T of [5 / 365, 21 / 365, 45 / 365, 0.5])
        for (const [lo, hi] of [
          [0.97, 1.03],
          [0.9, 1.08],
          [0.7, 1.2],
        ] as const) {
          const got = probTouchEitherFast(100, 100 * lo, 100 * hi, T, sigma, 0.012, 0.04);
          expect(Math.abs(got - fullSeries(100, 100 * lo, 100 * hi, T, sigma, 0.012, 0.04))).toBeLessThan(
            1e-12,
          );
          cases++;
        }
    expect(cases).toBe(48);
  });
});
