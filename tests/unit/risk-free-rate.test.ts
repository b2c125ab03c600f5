import { describe, expect, it } from "vitest";
import {
  continuousFromCouponEquivalent,
  simulatedBillYield,
  simulatedRiskFreeRate,
} from "#app/lib/risk-free-rate.ts";

describe("risk-free rate", () => {
  it("converts a bill's coupon-equivalent yield to continuous compounding", () => {
    // 4.00% simple over 91 days grows 1 by 1 + 0.04 x 91/365; the continuous rate grows it the same
    const r = continuousFromCouponEquivalent(4, 91);
    expect(Math.exp((r * 91) / 365)).toBeCloseTo(1 + 0.04 * (91 / 365), 14);
    expect(r).toBeLessThan(0.04);
    expect(continuousFromCouponEquivalent(0)).toBe(0);
  });

  it("the simulated series is dated on trading days, near 4%, and moves slowly", () => {
    const saturday = simulatedRiskFreeRate("2026-11-21");
    expect(saturday.asOf).toBe("2026-11-20");
    expect(saturday.source).toMatch(/^Simulated data/);
    expect(saturday.rate).toBeGreaterThan(0.03);
    expect(saturday.rate).toBeLessThan(0.05);
    expect(simulatedRiskFreeRate("2026-11-21")).toEqual(saturday);
    const a = simulatedBillYield("2026-11-20");
    const b = simulatedBillYield("2026-11-23");
    expect(Math.abs(a - b)).toBeLessThanOrEqual(0.02);
    expect(Math.round(a * 100)).toBe(a * 100);
  });
});
