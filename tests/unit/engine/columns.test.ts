import { describe, expect, it } from "vitest";
import { cleanChain, type ChainLeg, type OptionChain } from "#app/engine/index.ts";
import { expirationColumns, payoffAt } from "#app/engine/columns.ts";
import { buyFillPrice, sellFillPrice } from "#app/engine/hygiene.ts";
import { priorSessionLiquidity } from "#app/engine/liquidity.ts";
import { forecastLegPayoff } from "#app/engine/quality.ts";

// The screens read a cleaned expiration through its columns (decisions 248, 255), which the hygiene pass now
// builds: they must be index for index with the legs the hygiene pass keeps, after its sort and de-duplication.
const asOf = "2026-03-02T15:00:00.000Z";
const context = { riskFreeRate: 0.04, dividendYield: 0.01 };

function leg(type: "put" | "call", strike: number, bid: number, delta: number): ChainLeg {
  return {
    occSymbol: "",
    type,
    strike,
    bid,
    ask: bid + 0.1,
    iv: 0.3,
    delta,
    gamma: 0.03,
    theta: -0.05,
    vega: 0.1,
    volume: 100,
    openInterest: Math.round(strike * 10),
    prevDayVolume: Math.round(strike),
  };
}

// Strikes out of order and a duplicate (the first of a type and strike is kept).
const chain: OptionChain = {
  underlying: "abc",
  spot: 100,
  asOf,
  expirations: [
    {
      expirationDate: "2026-03-20",
      legs: [
        leg("put", 95, 1.0, -0.3),
        leg("put", 90, 0.5, -0.15),
        leg("call", 110, 0.6, 0.2),
        leg("put", 95, 2.0, -0.31),
        leg("call", 105, 1.2, 0.35),
        leg("put", 85, 0.3, -0.08),
      ],
    },
  ],
};

describe("expiration columns from the hygiene pass", () => {
  it("hold each kept leg's numbers, index for index, after the sort and the de-duplication", () => {
    const clean = cleanChain(chain, context);
    const exp = clean.expirations[0]!;
    expect(exp.puts.map((l) => l.strike)).toEqual([85, 90, 95]);
    expect(exp.puts[2]!.bid).toBe(1.0);
    const cols = expirationColumns(exp, clean.spot, clean.dividendYield, clean.riskFreeRate, 1);
    for (const [legs, side] of [
      [exp.puts, cols.puts],
      [exp.calls, cols.calls],
    ] as const) {
      expect(Array.from(side.strike)).toEqual(legs.map((l) => l.strike));
      expect(Array.from(side.delta)).toEqual(legs.map((l) => l.delta));
      expect(Array.from(side.bid)).toEqual(legs.map((l) => l.bid));
      expect(Array.from(side.liquidityPoint)).toEqual(legs.map((l) => l.liquidityPoint));
      expect(Array.from(side.sell)).toEqual(legs.map((l) => sellFillPrice(l.bid, l.ask)));
      expect(Array.from(side.buy)).toEqual(legs.map((l) => buyFillPrice(l.bid, l.ask)));
      expect(Array.from(side.liq)).toEqual(
        legs.map((l) => priorSessionLiquidity(l.openInterest, l.prevDayVolume)),
      );
    }
  });

  it("compute the forecast payoffs at the first screen's scale and start over at another scale", () => {
    const clean = cleanChain(chain, context);
    const exp = clean.expirations[0]!;
    const { spot: S, dividendYield: q, riskFreeRate: r } = clean;
    const K = exp.puts[1]!;
    const expected = (scale: number) => forecastLegPayoff(false, S, K.strike, exp.T, K.iv, scale, q, r);
    const first = expirationColumns(exp, S, q, r, 0.8);
    expect(Array.from(first.puts.payoff).every(Number.isNaN)).toBe(true);
    expect(payoffAt(first.puts, exp.puts, 1, false, S, exp.T, 0.8, q, r)).toBe(expected(0.8));
    const second = expirationColumns(exp, S, q, r, 1.2);
    expect(second.puts.payoff[1]).toBeNaN();
    expect(payoffAt(second.puts, exp.puts, 1, false, S, exp.T, 1.2, q, r)).toBe(expected(1.2));
    expect(expected(1.2)).not.toBe(expected(0.8));
  });
});
