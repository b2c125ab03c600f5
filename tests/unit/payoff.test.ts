import { describe, expect, it } from "vitest";
import {
  breakevens,
  legsFromStrikes,
  payoffAt,
  payoffCurve,
  payoffExtremes,
  payoffWindow,
  type PayoffLeg,
} from "#app/lib/payoff.ts";

const bullPut: PayoffLeg[] = [
  { type: "put", side: "buy", strike: 95 },
  { type: "put", side: "sell", strike: 100 },
];
const bearCall: PayoffLeg[] = [
  { type: "call", side: "sell", strike: 110 },
  { type: "call", side: "buy", strike: 115 },
];
const condor = [...bullPut, ...bearCall];

describe("payoff at expiry", () => {
  it("bull put spread: keeps the credit above the short strike, loses width minus credit below the long", () => {
    expect(payoffAt(bullPut, 1.5, 120)).toBeCloseTo(150);
    expect(payoffAt(bullPut, 1.5, 100)).toBeCloseTo(150);
    expect(payoffAt(bullPut, 1.5, 97)).toBeCloseTo(-150);
    expect(payoffAt(bullPut, 1.5, 90)).toBeCloseTo(-350);
    expect(payoffAt(bullPut, 1.5, 0)).toBeCloseTo(-350);
  });
  it("bear call spread mirrors it above", () => {
    expect(payoffAt(bearCall, 1, 100)).toBeCloseTo(100);
    expect(payoffAt(bearCall, 1, 200)).toBeCloseTo(-400);
  });
  it("quantity scales a leg", () => {
    expect(payoffAt([{ type: "call", side: "buy", strike: 10, quantity: 2 }], 0, 12)).toBeCloseTo(400);
  });
});

describe("breakevens", () => {
  it("short strike minus credit for a put spread, plus credit for a call spread", () => {
    expect(breakevens(bullPut, 1.5)).toEqual([98.5]);
    expect(breakevens(bearCall, 1)).toEqual([111]);
  });
  it("two for an iron condor", () => {
    const be = breakevens(condor, 2);
    expect(be).toHaveLength(2);
    expect(be[0]).toBeCloseTo(98);
    expect(be[1]).toBeCloseTo(112);
  });
  it("a kink exactly on zero counts once when the curve crosses there", () => {
    // Credit equal to zero: the put spread is 0 above 100 and negative below: no sign change across 100.
    expect(breakevens(bullPut, 0)).toEqual([]);
    // A long call with no premium: zero up to the strike, positive after: touching, not crossing.
    expect(breakevens([{ type: "call", side: "buy", strike: 50 }], 0)).toEqual([]);
    // A long call bought for 2: crosses at 52.
    expect(breakevens([{ type: "call", side: "buy", strike: 50 }], -2)).toEqual([52]);
  });
  it("none without legs", () => {
    expect(breakevens([], 1)).toEqual([]);
  });
});

describe("curve, extremes and window", () => {
  it("the curve has the ends and the strikes inside, exact at each", () => {
    const curve = payoffCurve(condor, 2, 90, 120);
    expect(curve.map((p) => p.price)).toEqual([90, 95, 100, 110, 115, 120]);
    expect(curve.map((p) => Math.round(p.pnl))).toEqual([-300, -300, 200, 200, -300, -300]);
  });
  it("extremes: condor bounded both ways, naked short call unbounded loss", () => {
    expect(payoffExtremes(condor, 2)).toEqual({ maxProfit: 200, maxLoss: 300 });
    expect(payoffExtremes([{ type: "call", side: "sell", strike: 10 }], 1).maxLoss).toBe(Infinity);
    expect(payoffExtremes([{ type: "call", side: "buy", strike: 10 }], -1).maxProfit).toBe(Infinity);
  });
  it("the window shows every strike and the spot", () => {
    const w = payoffWindow(condor, 130);
    expect(w.low).toBeLessThan(95);
    expect(w.high).toBeGreaterThan(130);
    expect(payoffWindow([], null)).toEqual({ low: 0, high: 1 });
  });
  it("legs from the product's strike fields, long put first", () => {
    expect(
      legsFromStrikes({
        put_long_strike: 95,
        put_short_strike: 100,
        call_short_strike: null,
        call_long_strike: null,
      }),
    ).toEqual(bullPut);
    expect(legsFromStrikes({ call_short_strike: 110, call_long_strike: 115 })).toEqual(bearCall);
  });
});

describe("PayoffChart (server render)", () => {
  it("is focusable and says in text what it draws", async () => {
    const { createElement } = await import("react");
    const { renderToString } = await import("react-dom/server");
    const { PayoffChart } = await import("#app/components/charts/PayoffChart.tsx");
    const html = renderToString(
      createElement(PayoffChart, {
        legs: condor,
        netCredit: 2,
        underlyingPrice: 105,
        label: "SPY Iron Condor",
      }),
    );
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('role="img"');
    expect(html).toContain("SPY Iron Condor: payoff at expiry. Max profit +$200, max loss -$300");
    expect(html).toContain("breakeven $98.00 and $112.00");
    // Two breakeven markers.
    expect(html.match(/<circle/g)).toHaveLength(2);
  });
});
