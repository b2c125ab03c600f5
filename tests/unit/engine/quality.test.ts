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
import { expectedPutPayoffFast } from "#app/engine/probability.ts";

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
  it("DTE: 1 in the preferred 30-45, falling to the window's 21-60 edges, 0 outside", () => {
    expect(dteFit(b, 30)).toBe(1);
    expect(dteFit(b, 45)).toBe(1);
    expect(dteFit(b, 21)).toBeCloseTo(0.1, 12);
    expect(dteFit(b, 60)).toBeCloseTo(1 / 16, 12);
    expect(dteFit(b, 20)).toBe(0);
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
  it("the bands follow the product's risk levels: conservative below 0.20, none below 21 DTE", () => {
    expect(PROFILE_TARGETS.conservative.maxDelta).toBeLessThanOrEqual(0.2);
    expect(PROFILE_TARGETS.balanced.maxDelta).toBeLessThan(0.35);
    for (const p of Object.values(PROFILE_TARGETS)) expect(p.minDte).toBeGreaterThanOrEqual(21);
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
