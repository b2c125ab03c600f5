// The score's parts on fixed inputs (decision 236): the realised-vol forecast, the profile fits, the edge at the
// forecast, the early-assignment rule.
import { describe, expect, it } from "vitest";
import {
  deltaFit,
  dteFit,
  earlyAssignmentRisk,
  forecastLegPayoff,
  forecastVolScale,
  inProfile,
  PROFILE_TARGETS,
  qualityScore,
  realisedVolatility,
  volatilityForecast,
} from "#app/engine/index.ts";
import { bsmPriceFast } from "#app/engine/bsm.ts";
import { MANAGE_EXIT_DTE } from "#app/engine/grading.ts";
import { normInv } from "#app/engine/normal.ts";
import {
  EQUITY_RISK_PREMIUM,
  PHYSICAL_SKEW,
  physicalLegPayoff,
  physicalLegVol,
} from "#app/engine/quality.ts";
import { expectedCallPayoffFast, expectedPutPayoffFast } from "#app/engine/probability.ts";

/** Closes whose log returns alternate +x, -x: realised volatility x sqrt(252) over any even window. */
const zigzag = (n: number, x: number) => {
  const out = [100];
  for (let i = 1; i < n; i++) out.push(out[i - 1]! * Math.exp(i % 2 ? x : -x));
  return out;
};

describe("realised-volatility forecast", () => {
  it("is the annualised root-mean-square log return per window, blended 0.2 / 0.3 / 0.5", () => {
    const closes = zigzag(100, 0.01);
    expect(realisedVolatility(closes, 21)).toBeCloseTo(0.01 * Math.sqrt(252), 12);
    const f = volatilityForecast(closes)!;
    expect(f.rv5).toBeCloseTo(0.01 * Math.sqrt(252), 12);
    expect(f.forecast).toBeCloseTo(0.01 * Math.sqrt(252), 12);
    // A violent last week moves the forecast by a fifth of its excess.
    const shock = [...zigzag(96, 0.01)];
    for (let i = 0; i < 5; i++) shock.push(shock.at(-1)! * Math.exp(i % 2 ? -0.03 : 0.03));
    const g = volatilityForecast(shock)!;
    expect(g.rv5).toBeCloseTo(0.03 * Math.sqrt(252), 12);
    expect(g.forecast).toBeCloseTo(0.2 * g.rv5 + 0.3 * g.rv21 + 0.5 * g.rv63, 12);
    expect(g.rv21).toBeGreaterThan(0.01 * Math.sqrt(252));
  });
  it("needs 22 closes, and positive prices", () => {
    expect(volatilityForecast(zigzag(21, 0.01))).toBeNull();
    expect(volatilityForecast(zigzag(22, 0.01))).not.toBeNull();
    expect(realisedVolatility([100, 0, 100], 2)).toBeNull();
  });
});

describe("profile fit", () => {
  const b = PROFILE_TARGETS.balanced;
  it("DTE: 1 in the preferred 35-50, falling to the window's 30-60 edges, 0 outside", () => {
    expect(dteFit(b, 35)).toBe(1);
    expect(dteFit(b, 50)).toBe(1);
    expect(dteFit(b, 30)).toBeCloseTo(1 / 6, 12);
    expect(dteFit(b, 60)).toBeCloseTo(1 / 11, 12);
    expect(dteFit(b, 29)).toBe(0);
    expect(dteFit(b, 61)).toBe(0);
  });
  it("delta: 1 at 0.22, lower towards the band's edges, 0 outside 0.20-0.30", () => {
    expect(deltaFit(b, 0.22)).toBe(1);
    expect(deltaFit(b, 0.3)).toBeCloseTo(0.5, 12);
    expect(deltaFit(b, 0.2)).toBeCloseTo(1 - 0.02 / 0.16, 12);
    expect(deltaFit(b, 0.31)).toBe(0);
    expect(inProfile(b, 38, [0.21, 0.25])).toBe(true);
    expect(inProfile(b, 38, [0.21, 0.31])).toBe(false);
    expect(inProfile(b, 14, [0.22])).toBe(false);
  });
  it("the bands follow the product's risk levels: conservative below 0.20, Aggressive keeps 0.30-0.40", () => {
    expect(PROFILE_TARGETS.conservative.maxDelta).toBeLessThanOrEqual(0.2);
    expect(PROFILE_TARGETS.balanced.maxDelta).toBeLessThan(0.35);
    expect([PROFILE_TARGETS.aggressive.minDelta, PROFILE_TARGETS.aggressive.maxDelta]).toEqual([0.3, 0.4]);
  });
  it("every window fits the exit: it opens 9+ days past the 21-DTE exit and is preferred from 14+ past it", () => {
    for (const p of Object.values(PROFILE_TARGETS)) {
      expect(p.minDte).toBeGreaterThanOrEqual(MANAGE_EXIT_DTE + 9);
      expect(p.preferMinDte).toBeGreaterThanOrEqual(MANAGE_EXIT_DTE + 14);
      expect(p.preferMaxDte).toBeLessThanOrEqual(p.maxDte);
    }
    expect([PROFILE_TARGETS.aggressive.minDte, PROFILE_TARGETS.aggressive.maxDte]).toEqual([30, 45]);
  });
});

describe("edge at the forecast and the score", () => {
  it("re-prices a leg at its smile IV scaled by forecast / ATM IV; no forecast claims no edge", () => {
    expect(forecastVolScale(0.2, 0.25)).toBeCloseTo(0.8, 12);
    expect(forecastVolScale(null, 0.25)).toBe(1);
    const p = forecastLegPayoff(false, 100, 95, 0.1, 0.3, 0.8, 0.01, 0.04);
    expect(p).toBeCloseTo(expectedPutPayoffFast(100, 95, 0.1, 0.24, 0.01, 0.04), 14);
    // Lower volatility pays out less on a short put: the premium is the edge.
    expect(p).toBeLessThan(forecastLegPayoff(false, 100, 95, 0.1, 0.3, 1, 0.01, 0.04));
  });
  it("edge per risk less the misfit and illiquidity terms", () => {
    const s = qualityScore({ edge: 0.2, risk: 4, dteFit: 1, deltaFit: 0.5, liquidity: 0.5 });
    expect(s).toBeCloseTo(0.05 - 0.03 * 0.5 - 0.03 * 0.5, 12);
    expect(qualityScore({ edge: -0.1, risk: 4, dteFit: 1, deltaFit: 1, liquidity: 1 })).toBeCloseTo(
      -0.025,
      12,
    );
  });
  it("a short call across ex-dividend is an early-assignment risk when its extrinsic is below the dividend", () => {
    expect(earlyAssignmentRisk(0.3, 105, 100, 0.5)).toBe(true);
    expect(earlyAssignmentRisk(0.8, 105, 100, 0.5)).toBe(false);
    // In the money: only the extrinsic part counts.
    expect(earlyAssignmentRisk(5.4, 95, 100, 0.5)).toBe(true);
    expect(earlyAssignmentRisk(0.3, 105, 100, 0)).toBe(false);
  });
});

describe("the physical model: no direction built in", () => {
  const S = 100;
  const r = 0.04;
  const q = 0.01;
  const vol = 0.18;
  const k = 0.04;
  const iv = vol + k; // a flat smile carrying a fixed premium
  /** The strike whose Black-Scholes |delta| at `iv` is `absDelta`. */
  const strikeAt = (isCall: boolean, absDelta: number, T: number) => {
    const z = normInv(absDelta * Math.exp(q * T));
    const d1 = isCall ? z : -z;
    return S * Math.exp(-d1 * iv * Math.sqrt(T) + (r - q + 0.5 * iv * iv) * T);
  };
  /** Edge per risk of a vertical priced at the chain's IV (mid fills) and paid out under the physical model. */
  const edgePerRisk = (isCall: boolean, T: number, premium: number, shortDelta = 0.25, longDelta = 0.1) => {
    const ks = strikeAt(isCall, shortDelta, T);
    const kl = strikeAt(isCall, longDelta, T);
    const credit = bsmPriceFast(isCall, S, ks, T, r, q, iv) - bsmPriceFast(isCall, S, kl, T, r, q, iv);
    const payout =
      physicalLegPayoff(isCall, S, ks, T, iv, iv, vol, premium, q, r) -
      physicalLegPayoff(isCall, S, kl, T, iv, iv, vol, premium, q, r);
    return (credit - payout) / (Math.abs(ks - kl) - credit);
  };

  it("the leg vol keeps PHYSICAL_SKEW of the smile's steepness; no forecast is the leg's own IV", () => {
    expect(PHYSICAL_SKEW).toBeGreaterThan(0);
    expect(PHYSICAL_SKEW).toBeLessThan(1);
    expect(physicalLegVol(0.25, 0.25, 0.2)).toBeCloseTo(0.2, 14);
    // A put wing at 1.2x ATM IV is 1.1x the forecast physically: half its extra implied vol is premium.
    expect(physicalLegVol(0.3, 0.25, 0.2)).toBeCloseTo(0.2 * (1 + PHYSICAL_SKEW * 0.2), 14);
    // A call wing below ATM is less below physically: the call wing carries less premium than the put wing.
    expect(physicalLegVol(0.2, 0.25, 0.2)).toBeGreaterThan(0.2 * (0.2 / 0.25));
    expect(physicalLegVol(0.3, 0.25, null)).toBe(0.3);
  });
  it("pays out at the physical vol with drift r - q + premium; no forecast is the chain's own density", () => {
    const T = 45 / 365;
    expect(physicalLegPayoff(false, S, 95, T, 0.3, 0.25, 0.2, 0.03, q, r)).toBeCloseTo(
      expectedPutPayoffFast(S, 95, T, physicalLegVol(0.3, 0.25, 0.2), q, r + 0.03),
      14,
    );
    expect(physicalLegPayoff(true, S, 105, T, 0.22, 0.25, null, 0.03, q, r)).toBeCloseTo(
      expectedCallPayoffFast(S, 105, T, 0.22, q, r),
      14,
    );
  });
  it("flat smile, IV = vol + k, drift r - q: a bull put and a bear call at mirror |delta| claim equal edge per risk", () => {
    for (const days of [30, 45, 60]) {
      const T = days / 365;
      const put = edgePerRisk(false, T, 0);
      const call = edgePerRisk(true, T, 0);
      expect(put).toBeGreaterThan(0);
      expect(call).toBeGreaterThan(0);
      // Within a quarter of each other (0.16-0.23 measured): what is left is the lognormal's own (a lower vol
      // at the same mean moves the median up, towards the put side), not a built-in direction.
      expect(Math.abs(put - call) / ((put + call) / 2)).toBeLessThan(0.25);
    }
  });
  it("the stated equity premium moves the asymmetry toward the bull put", () => {
    expect(EQUITY_RISK_PREMIUM).toBe(0.05);
    for (const days of [30, 45, 60]) {
      const T = days / 365;
      const put0 = edgePerRisk(false, T, 0);
      const call0 = edgePerRisk(true, T, 0);
      const put = edgePerRisk(false, T, EQUITY_RISK_PREMIUM);
      const call = edgePerRisk(true, T, EQUITY_RISK_PREMIUM);
      expect(put).toBeGreaterThan(put0);
      expect(call).toBeLessThan(call0);
      expect(put / call).toBeGreaterThan(put0 / call0);
    }
  });
});
