import { describe, expect, it } from "vitest";
import {
  bsmPrice,
  cleanChain,
  formatOccSymbol,
  liquidityPoints,
  midPrice,
  naturalPrice,
  parseOccSymbol,
  type ChainLeg,
  type OptionChain,
} from "#app/engine/index.ts";
import { syntheticChain } from "./fixtures/synthetic-chain";

const asOf = "2026-03-02T15:00:00.000Z";
const context = { riskFreeRate: 0.04, dividendYield: 0.01 };

function leg(over: Partial<ChainLeg>): ChainLeg {
  return {
    occSymbol: "",
    type: "put",
    strike: 95,
    bid: 1.0,
    ask: 1.1,
    iv: 0.3,
    delta: -0.3,
    gamma: 0.03,
    theta: -0.05,
    vega: 0.1,
    volume: 100,
    openInterest: 1000,
    ...over,
  };
}
const chainOf = (legs: ChainLeg[], expirationDate = "2026-03-20"): OptionChain => ({
  underlying: "abc",
  spot: 100,
  asOf,
  expirations: [{ expirationDate, legs }],
});

describe("OCC symbols", () => {
  it("parses padded, compact and prefixed forms, and formats compact", () => {
    expect(parseOccSymbol("AAPL  260116C00150000")).toEqual({
      root: "AAPL",
      expirationDate: "2026-01-16",
      type: "call",
      strike: 150,
    });
    expect(parseOccSymbol("O:SPXW260320P05512500")).toEqual({
      root: "SPXW",
      expirationDate: "2026-03-20",
      type: "put",
      strike: 5512.5,
    });
    expect(parseOccSymbol("CLX260821P00095000")?.strike).toBe(95);
    expect(parseOccSymbol("not an option")).toBeNull();
    expect(formatOccSymbol("clx", "2026-08-21", "put", 95)).toBe("CLX260821P00095000");
  });
});

describe("mid, natural and liquidity points", () => {
  it("mid and natural prices", () => {
    expect(midPrice(1.2, 1.3)).toBeCloseTo(1.25, 15);
    expect(naturalPrice(1.2, 1.3, "sell")).toBe(1.2);
    expect(naturalPrice(1.2, 1.3, "buy")).toBe(1.3);
  });
  it("follows the documented formula", () => {
    expect(liquidityPoints(1000, 10000, 1.0, 1.02)).toBe(5);
    expect(liquidityPoints(0, 0, 1.0, 1.5)).toBe(0);
    // volume 10 -> log10(11)/3 = 0.347; OI 100 -> log10(101)/4 = 0.501; spread 0.1/1.05 = 9.5% -> 0.524
    expect(liquidityPoints(10, 100, 1.0, 1.1)).toBe(
      Math.round(
        5 * (0.3 * (Math.log10(11) / 3) + 0.3 * (Math.log10(101) / 4) + 0.4 * (1 - 0.1 / 1.05 / 0.2)),
      ),
    );
    expect(liquidityPoints(5000, 50000, 3.0, 6.0)).toBe(3); // wide spread costs the 40%
  });
});

describe("chain hygiene", () => {
  it("rejects bad quotes with a reason each", () => {
    const clean = cleanChain(
      chainOf([
        leg({ strike: 90, bid: 0 }),
        leg({ strike: 91, ask: 0 }),
        leg({ strike: 92, bid: 1.2, ask: 1.1 }),
        leg({ strike: 93, bid: 1.1, ask: 1.1 }),
        leg({ strike: 94, bid: 1.0, ask: 3.0 }),
        leg({ strike: 96, quoteTime: "2026-03-02T13:00:00Z" }),
        leg({ strike: Number.NaN }),
        leg({ strike: 97, occSymbol: "ABC260320C00097000" }), // says call, leg says put
        leg({ strike: 98, iv: null, bid: 0.01, ask: 0.02 }), // OTM, IV solved from the mid
        leg({ strike: 89 }),
        leg({ strike: 89, bid: 0.9 }),
        leg({ strike: 95 }),
      ]),
      context,
      { collectRejections: true },
    );
    expect(clean.rejected).toMatchObject({
      NO_BID: 1,
      NO_ASK: 1,
      CROSSED: 1,
      LOCKED: 1,
      WIDE_SPREAD: 1,
      STALE: 1,
      INVALID: 2,
      NO_IV: 0,
      DUPLICATE: 1,
    });
    expect(clean.rejections).toHaveLength(9);
    const strikes = clean.expirations[0].puts.map((l) => l.strike);
    expect(strikes).toEqual([89, 95, 98]);
  });
  it("rejects a quote below intrinsic value when the IV must come from it", () => {
    const clean = cleanChain(chainOf([leg({ strike: 120, iv: null, bid: 10, ask: 10.5 })]), context);
    expect(clean.rejected.NO_IV).toBe(1);
  });
  it("a tight absolute spread is never 'absurd' even when wide relative to a tiny mid", () => {
    const clean = cleanChain(
      chainOf([leg({ strike: 70, bid: 0.02, ask: 0.05, iv: 0.6, delta: -0.01 })]),
      context,
    );
    expect(clean.expirations[0].puts).toHaveLength(1);
  });
  it("fills missing or zero IV and greeks from the mid price", () => {
    const T = (Date.parse("2026-03-20T20:00:00Z") - Date.parse(asOf)) / (365 * 86_400_000);
    const price = bsmPrice({ type: "call", S: 100, K: 105, T, r: 0.04, q: 0.01, sigma: 0.27 });
    const clean = cleanChain(
      chainOf([leg({ type: "call", strike: 105, bid: price - 0.05, ask: price + 0.05, iv: 0, delta: null })]),
      context,
    );
    const c = clean.expirations[0].calls[0];
    expect(c.ivFromMid).toBe(true);
    expect(c.greeksFromModel).toBe(true);
    expect(c.iv).toBeCloseTo(0.27, 10);
    expect(c.delta).toBeGreaterThan(0.2);
    expect(c.delta).toBeLessThan(0.5);
    expect(c.theta).toBeLessThan(0); // per day
    expect(c.occSymbol).toBe("ABC260320C00105000");
  });
  it("keeps provider IV and greeks when they are sane", () => {
    const clean = cleanChain(chainOf([leg({})]), context);
    const p = clean.expirations[0].puts[0];
    expect(p.iv).toBe(0.3);
    expect(p.delta).toBe(-0.3);
    expect(p.greeksFromModel).toBe(false);
  });
  it("drops expired expirations, sorts legs and expirations, computes DTE, T and ATM IV", () => {
    const raw = syntheticChain({ asOf, expirations: 4, strikes: 30 });
    const expired = { expirationDate: "2026-02-27", legs: raw.expirations[0].legs };
    const clean = cleanChain(
      { ...raw, expirations: [raw.expirations[2], expired, raw.expirations[0], raw.expirations[1]] },
      context,
    );
    expect(clean.expirations.map((e) => e.dte)).toEqual([3, 10, 17]);
    expect(clean.rejected.EXPIRED).toBe(expired.legs.length);
    const e = clean.expirations[0];
    expect(e.T).toBeCloseTo((3 * 86400e3 + 5 * 3600e3 + 3600e3 * 0) / (365 * 86400e3) + 0, 2);
    expect(e.atmIv).toBeGreaterThan(0.25);
    expect(e.atmIv).toBeLessThan(0.35);
    for (let i = 1; i < e.puts.length; i++) expect(e.puts[i].strike).toBeGreaterThan(e.puts[i - 1].strike);
    expect(clean.today).toBe("2026-03-02");
  });
});
