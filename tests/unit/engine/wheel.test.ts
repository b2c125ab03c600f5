import { describe, expect, it } from "vitest";
import {
  cleanChain,
  expirationSmile,
  smileProbAbove,
  smileProbBelow,
  combineWheelStrategies,
  qualityScore,
  deriveRiskLevel,
  screenCashSecuredPuts,
  screenCoveredCalls,
} from "#app/engine/index.ts";
import { syntheticChain } from "./fixtures/synthetic-chain";

const asOf = "2026-03-02T15:00:00.000Z";
const clean = cleanChain(syntheticChain({ asOf, spot: 100, seed: 3 }), {
  riskFreeRate: 0.04,
  dividendYield: 0.01,
});

describe("risk level (docs/product/wheel.md#risk-level-derivation)", () => {
  it("by delta: < 0.2 conservative, < 0.35 balanced, else aggressive", () => {
    expect(deriveRiskLevel({ delta: -0.19, strike: 90, currentPrice: 100, kind: "CSP" })).toBe(
      "conservative",
    );
    expect(deriveRiskLevel({ delta: 0.2, strike: 110, currentPrice: 100, kind: "CC" })).toBe("balanced");
    expect(deriveRiskLevel({ delta: -0.35, strike: 98, currentPrice: 100, kind: "CSP" })).toBe("aggressive");
  });
  it("without delta, by strike distance: >= 10% conservative, >= 5% balanced", () => {
    expect(deriveRiskLevel({ strike: 90, currentPrice: 100, kind: "CSP" })).toBe("conservative");
    expect(deriveRiskLevel({ strike: 95, currentPrice: 100, kind: "CSP" })).toBe("balanced");
    expect(deriveRiskLevel({ strike: 97, currentPrice: 100, kind: "CSP" })).toBe("aggressive");
    expect(deriveRiskLevel({ delta: null, strike: 110, currentPrice: 100, kind: "CC" })).toBe("conservative");
    expect(deriveRiskLevel({ strike: 104, currentPrice: 100, kind: "CC" })).toBe("aggressive");
  });
});

describe("cash-secured puts", () => {
  const csp = screenCashSecuredPuts(clean, { cash: 25_000, riskLevel: "balanced" });
  it("keeps 3, one per expiration, in the chosen delta band and DTE window, sorted by annualized return", () => {
    expect(csp).toHaveLength(3);
    for (let k = 1; k < csp.length; k++)
      expect(csp[k - 1].annualizedReturn).toBeGreaterThanOrEqual(csp[k].annualizedReturn);
    expect(new Set(csp.map((c) => c.expirationDate)).size).toBe(3);
    for (const c of csp) {
      expect(Math.abs(c.delta)).toBeGreaterThanOrEqual(0.2);
      expect(Math.abs(c.delta)).toBeLessThan(0.35);
      expect(c.riskLevel).toBe("balanced");
      expect(c.daysToExpiration).toBeGreaterThanOrEqual(21);
      expect(c.daysToExpiration).toBeLessThanOrEqual(45);
    }
  });
  it("computes the product's fields", () => {
    for (const c of csp) {
      expect(c.strategy_type).toBe("CASH_SECURED_PUT");
      expect(c.contracts).toBe(Math.floor(25_000 / (c.putStrike * 100)));
      expect(c.cashRequired).toBe(c.putStrike * 100 * c.contracts);
      expect(c.premiumPerContract).toBe(Math.round(c.premium * 100));
      expect(c.premiumCollected).toBe(c.premiumPerContract);
      expect(c.totalPremium).toBe(c.premiumPerContract * c.contracts);
      expect(c.returnOnCapital).toBeCloseTo((c.premium / c.putStrike) * 100, 12);
      expect(c.annualizedReturn).toBeCloseTo((c.returnOnCapital / c.daysToExpiration) * 365, 10);
      expect(c.maxLoss).toBeCloseTo((c.putStrike - c.premium) * 100, 10);
      expect(c.breakEvenPrice).toBeCloseTo(c.putStrike - c.premium, 12);
      expect(c.cushionPercent).toBeCloseTo(((100 - c.breakEvenPrice) / 100) * 100, 10);
      const exp = clean.expirations.find((e) => e.expirationDate === c.expirationDate)!;
      expect(c.winProbability).toBeCloseTo(smileProbAbove(expirationSmile(exp, 100), c.putStrike) * 100, 10);
      expect(c.probabilityITM).toBeCloseTo(100 - c.winProbability, 10);
      expect(c.premium).toBeCloseTo((c.premium_mid + c.premium_natural) / 2, 12);
      expect(c.period_return).toBe(c.returnOnCapital);
      expect(c.daysToExpiration).toBeGreaterThanOrEqual(7);
      expect(c.assignmentRisk).toBeCloseTo(100 - c.winProbability, 10);
      expect(c.probabilityOTMLognormal).toBeGreaterThan(50);
      expect(c.liquidityPoint).toBeGreaterThanOrEqual(0);
      expect(c.liquidityPoint).toBeLessThanOrEqual(5);
      expect(c.impliedVolatility).toBeGreaterThan(5); // percent
      expect(c.id).toBe(c.optionSymbol);
      expect(c.putStrike).toBeLessThan(100);
    }
  });
  it("not enough cash for one contract -> nothing", () => {
    expect(screenCashSecuredPuts(clean, { cash: 1000 })).toEqual([]);
  });
  it("each risk level selects its own band", () => {
    const cons = screenCashSecuredPuts(clean, { riskLevel: "conservative" });
    const aggr = screenCashSecuredPuts(clean, { riskLevel: "aggressive" });
    for (const c of cons) expect(Math.abs(c.delta)).toBeLessThan(0.2);
    for (const c of aggr) {
      expect(Math.abs(c.delta)).toBeGreaterThanOrEqual(0.35);
      expect(Math.abs(c.delta)).toBeLessThanOrEqual(0.5);
    }
    expect(cons.length + aggr.length).toBeGreaterThan(0);
  });
});

describe("the choice: quality per dollar of collateral (decision 243)", () => {
  // $1 strikes (spot 99): several strikes of each expiration sit in the balanced band.
  const fine = cleanChain(syntheticChain({ asOf, spot: 99, seed: 3 }), {
    riskFreeRate: 0.04,
    dividendYield: 0.01,
  });
  const forecast = screenCashSecuredPuts(fine, { riskLevel: "balanced", forecastVol: 0.2 });
  const noForecast = screenCashSecuredPuts(fine, { riskLevel: "balanced" });
  it("aims at the risk level's target delta and preferred 30-45 days rather than the richest premium per day", () => {
    expect(forecast.length).toBe(3);
    // The chain lists 24, 31, 38 and 45 days in the window: the 24-day one pays most per day.
    expect(forecast.map((c) => c.daysToExpiration).sort()).toEqual([31, 38, 45]);
    // The most annualised premium sits at the band's 0.35 edge; the score aims at 0.25.
    for (const c of [...forecast, ...noForecast]) {
      expect(Math.abs(c.delta)).toBeGreaterThan(0.2);
      expect(Math.abs(c.delta)).toBeLessThan(0.3);
    }
  });
  it("carries the score's parts, with the edge at the forecast per dollar of collateral", () => {
    for (const c of forecast) {
      const p = c.score_parts;
      expect(p.dte).toBe(c.daysToExpiration);
      expect(p.shortDelta).toBeCloseTo(Math.abs(c.delta), 12);
      expect(p.forecastVol).toBe(0.2);
      expect(p.impliedVol).toBeGreaterThan(0.25);
      // Implied 30% against a 20% forecast: the put is sold above its expected payout.
      expect(p.edgeAtForecast).toBeGreaterThan(0);
      expect(p.edgePerCollateral).toBeCloseTo(p.edgeAtForecast / 100 / c.putStrike, 12);
      expect(p.deltaFit).toBeGreaterThan(0.8);
      expect(p.fillCost).toBeCloseTo((c.premium_mid - c.premium) * 100, 9);
      expect(p.score).toBeCloseTo(
        qualityScore({
          edge: p.edgeAtForecast / 100,
          risk: c.putStrike,
          dteFit: p.dteFit,
          deltaFit: p.deltaFit,
          liquidity: p.liquidity,
        }),
        12,
      );
    }
    // Without a forecast no edge is claimed: selling at the fill costs against the mid.
    for (const c of noForecast) {
      expect(c.score_parts.forecastVol).toBeNull();
      expect(c.score_parts.edgeAtForecast).toBeLessThan(c.score_parts.fillCost * 0.5 + 1);
    }
  });
});

describe("covered calls", () => {
  const cc = screenCoveredCalls(clean, { shares: 250, costBasis: 104, riskLevel: "conservative" });
  it("computes the product's fields from the position", () => {
    expect(cc.length).toBeGreaterThan(0);
    expect(cc.length).toBeLessThanOrEqual(3);
    for (const c of cc) {
      expect(c.strategy_type).toBe("COVERED_CALL");
      expect(c.contracts).toBe(2);
      expect(c.callStrike).toBeGreaterThan(100);
      expect(c.assignmentPrice).toBe(c.callStrike);
      expect(c.assignmentProfit).toBeCloseTo((c.callStrike - 104 + c.premium) * 200, 9);
      expect(c.totalReturn).toBeCloseTo((c.assignmentProfit / (104 * 200)) * 100, 9);
      expect(c.returnOnCapital).toBeCloseTo((c.premium / 100) * 100, 12);
      expect(c.annualizedReturn).toBeCloseTo((c.returnOnCapital / c.daysToExpiration) * 365, 10);
      expect(c.upsidePotential).toBeCloseTo(c.callStrike - 100, 10);
      expect(c.probabilityITM).toBeCloseTo(Math.abs(c.delta) * 100, 10);
      expect(c.assignmentRisk).toBeCloseTo(100 - c.winProbability, 10);
      expect(c.costBasisGuardrail).toBe(c.callStrike < 104);
      expect(c.totalPremium).toBe(c.premiumPerContract * 2);
      expect(c.opportunityCost).toBeGreaterThan(0);
    }
  });
  it("wins with the smile's probability of finishing below the strike, not 1 - |delta| (decision 242)", () => {
    const calls = (["conservative", "balanced", "aggressive"] as const).flatMap((riskLevel) =>
      screenCoveredCalls(clean, { shares: 100, riskLevel }),
    );
    expect(calls.length).toBeGreaterThan(3);
    let largestGap = 0;
    for (const c of calls) {
      const exp = clean.expirations.find((e) => e.expirationDate === c.expirationDate)!;
      expect(c.winProbability).toBeCloseTo(smileProbBelow(expirationSmile(exp, 100), c.callStrike) * 100, 10);
      expect(c.probabilityOTM).toBe(c.winProbability);
      largestGap = Math.max(largestGap, Math.abs(c.winProbability - (100 - Math.abs(c.delta) * 100)));
    }
    // On this skewed chain the two measures part by more than rounding.
    expect(largestGap).toBeGreaterThan(0.5);
  });
  it("leaves out strikes below the cost basis unless asked (decision 244)", () => {
    for (const riskLevel of ["conservative", "balanced", "aggressive"] as const)
      for (const costBasis of [101, 104, 108, 150]) {
        const listed = screenCoveredCalls(clean, { shares: 100, costBasis, riskLevel });
        for (const c of listed) {
          expect(c.callStrike).toBeGreaterThanOrEqual(costBasis);
          expect(c.costBasisGuardrail).toBe(false);
          expect(c.assignmentProfit).toBeGreaterThan(0);
        }
      }
    expect(screenCoveredCalls(clean, { shares: 100, costBasis: 150, riskLevel: "aggressive" })).toEqual([]);
    const low = screenCoveredCalls(clean, {
      shares: 100,
      costBasis: 150,
      riskLevel: "aggressive",
      includeBelowCostBasis: true,
    });
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((c) => c.costBasisGuardrail && c.assignmentProfit < 0)).toBe(true);
  });
  it("fewer than 100 shares -> nothing", () => {
    expect(screenCoveredCalls(clean, { shares: 99 })).toEqual([]);
  });
});

describe("strategy combination", () => {
  it("keeps at most 3 per ticker and sorts by annualized return", () => {
    const rows = [
      { symbol: "A", annualizedReturn: 10 },
      { symbol: "A", annualizedReturn: 40 },
      { symbol: "B", annualizedReturn: 30 },
      { symbol: "A", annualizedReturn: 20 },
      { symbol: "A", annualizedReturn: 50 },
    ];
    expect(combineWheelStrategies(rows).map((r) => `${r.symbol}${r.annualizedReturn}`)).toEqual([
      "A50",
      "A40",
      "B30",
      "A20",
    ]);
  });
});
