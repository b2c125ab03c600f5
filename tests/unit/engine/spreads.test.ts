import { describe, expect, it } from "vitest";
import {
  cleanChain,
  expirationSmile,
  scoreOf,
  priorSessionLiquidity,
  probBetween,
  screenCreditSpreads,
  smileProbAbove,
  spreadTradeId,
  type SpreadIdea,
} from "#app/engine/index.ts";
import { spreadIdeaWhy, whySentence } from "#app/lib/idea-why.ts";
import { EQUITY_RISK_PREMIUM, physicalLegPayoff } from "#app/engine/quality.ts";
import { syntheticChain } from "./fixtures/synthetic-chain";

const asOf = "2026-03-02T15:00:00.000Z";
const context = {
  riskFreeRate: 0.04,
  dividendYield: 0.01,
  earningsDate: "2026-03-12",
  exDividendDate: "2026-04-20",
  events: [
    { date: "2026-03-18", kind: "FOMC" as const },
    { date: "2026-03-11", kind: "CPI" as const },
  ],
};
const clean = cleanChain(syntheticChain({ asOf, spot: 100, seed: 7 }), context);
// The screener's mechanics over every expiration: the profile's window, band and earnings cut opened wide
// (the profiles themselves are pinned in quality.test.ts and simulated-market.test.ts).
const WIDE = {
  maxIdeas: 1000,
  minDte: 1,
  maxDte: 60,
  shortDeltaMin: 0.1,
  shortDeltaMax: 0.3,
  perExpiration: 3,
  allowEarnings: true,
} as const;
const ideas = screenCreditSpreads(clean, WIDE);
const of = (t: SpreadIdea["strategy_type"]) => ideas.filter((i) => i.strategy_type === t);

describe("credit spread screener", () => {
  it("finds all three strategies", () => {
    expect(of("BULL_PUT_SPREAD").length).toBeGreaterThan(0);
    expect(of("BEAR_CALL_SPREAD").length).toBeGreaterThan(0);
    expect(of("IRON_CONDOR").length).toBeGreaterThan(0);
  });
  it("fills every field of the product's trade idea with the documented units", () => {
    for (const i of ideas) {
      expect(i.stock_symbol).toBe("TEST");
      expect(i.expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(i.profit_target_perc).toBe(50);
      expect(i.net_credit).toBeGreaterThan(0);
      expect(i.net_credit).toBeLessThan(i.width);
      expect(i.return_on_capital).toBeCloseTo((i.net_credit / i.width) * 100, 10);
      expect(i.return_on_risk).toBeCloseTo((i.net_credit / (i.width - i.net_credit)) * 100, 10);
      expect(i.probability_of_profit).toBeGreaterThan(0);
      expect(i.probability_of_profit).toBeLessThan(100);
      expect(i.liquidity_point).toBeGreaterThanOrEqual(1);
      expect(i.liquidity_point).toBeLessThanOrEqual(5);
      expect(i.earnings_date).toBe("2026-03-12");
      expect(i.ex_dividend_date).toBe("2026-04-20");
      // Numbers only: the words are written in app/lib (idea-why.ts) from the score's parts.
      expect(i).not.toHaveProperty("why");
      const put = i.strategy_type !== "BEAR_CALL_SPREAD";
      const call = i.strategy_type !== "BULL_PUT_SPREAD";
      expect(i.put_short_strike !== null).toBe(put);
      expect(i.put_long_strike !== null).toBe(put);
      expect(i.call_short_strike !== null).toBe(call);
      expect(i.call_long_strike !== null).toBe(call);
      if (put) expect(i.put_long_strike!).toBeLessThan(i.put_short_strike!);
      if (call) expect(i.call_long_strike!).toBeGreaterThan(i.call_short_strike!);
      if (put && call) expect(i.put_short_strike!).toBeLessThan(i.call_short_strike!);
    }
  });
  it("max loss = width x 100 - credit x 100 and max profit = credit x 100", () => {
    for (const i of ideas) {
      expect(i.maxLoss).toBeCloseTo(i.width * 100 - i.net_credit * 100, 9);
      expect(i.maxProfit).toBeCloseTo(i.net_credit * 100, 9);
      expect(i.net_credit_natural).toBeLessThan(i.net_credit_mid);
      expect(i.net_credit).toBeCloseTo((i.net_credit_mid + i.net_credit_natural) / 2, 12);
    }
  });
  it("iron condor POP = P(between breakevens): market-implied from the smile, lognormal at the ATM IV", () => {
    for (const i of of("IRON_CONDOR")) {
      const exp = clean.expirations.find((e) => e.expirationDate === i.expiration_date)!;
      const p = probBetween({
        S: 100,
        L: i.breakevenLow!,
        U: i.breakevenHigh!,
        T: exp.T,
        sigma: i.modelVolatility,
        r: 0.04,
        q: 0.01,
      });
      expect(i.pop_methods.lognormal_atm).toBeCloseTo(p * 100, 10);
      const sm = expirationSmile(exp, 100);
      const market = smileProbAbove(sm, i.breakevenLow!) - smileProbAbove(sm, i.breakevenHigh!);
      expect(i.probability_of_profit).toBeCloseTo(market * 100, 10);
      expect(i.breakevenLow).toBeCloseTo(i.put_short_strike! - i.net_credit, 12);
      expect(i.breakevenHigh).toBeCloseTo(i.call_short_strike! + i.net_credit, 12);
    }
  });
  it("gives POP four ways, side by side", () => {
    const i = of("BULL_PUT_SPREAD")[0];
    const shortLeg = i.legs.find((l) => l.side === "sell")!;
    expect(i.pop_methods.delta).toBeCloseTo((1 - Math.abs(shortLeg.delta)) * 100, 10);
    expect(i.pop_methods.credit_width).toBeCloseTo((1 - i.net_credit / i.width) * 100, 10);
    expect(i.pop_methods.market_implied).toBe(i.probability_of_profit);
  });
  it("ranks every strategy together by quality per unit of risk (decision 236), no interleave", () => {
    for (let k = 1; k < ideas.length; k++) expect(ideas[k - 1].score).toBeGreaterThanOrEqual(ideas[k].score);
    for (const i of ideas) {
      const liquidity = Math.min(
        ...i.legs.map((l) => priorSessionLiquidity(l.openInterest, l.prevDayVolume)),
      );
      const p = i.score_parts;
      expect(i.liquidity_weight).toBeCloseTo(liquidity, 12);
      expect(p.liquidity).toBeCloseTo(liquidity, 12);
      // Without a forecast no edge is claimed: the edge is what the smile's own density leaves, about minus
      // the fill cost (the EV identity).
      expect(p.forecastVol).toBeNull();
      expect(p.edgeAtForecast).toBeCloseTo(i.expected_value, 0);
      const sidesRisk = i.legs
        .filter((l) => l.side === "sell")
        .reduce((s, sh) => {
          const lg = i.legs.find((l) => l.side === "buy" && l.type === sh.type)!;
          return s + Math.abs(sh.strike - lg.strike) - (sh.fill - lg.fill);
        }, 0);
      expect(p.edgePerRisk).toBeCloseTo(p.edgeAtForecast / 100 / sidesRisk, 10);
      expect(i.score).toBeCloseTo(
        scoreOf(p.edgeAtForecast / 100, sidesRisk, p.dteFit, p.deltaFit, liquidity),
        12,
      );
      // Without a forecast the reason claims no edge.
      expect(whySentence(spreadIdeaWhy(i)!)).toMatch(
        /^No forecast: the history is too short, no edge claimed/,
      );
    }
  });
  it("flags earnings, ex-dividend, FOMC and CPI falling before expiration", () => {
    const near = ideas.find((i) => i.expiration_date === "2026-03-05")!; // 3 DTE: nothing yet
    expect(near.events).toMatchObject({ earnings: false, exDividend: false, fomc: false, cpi: false });
    const mid = ideas.find((i) => i.expiration_date === "2026-03-19")!;
    expect(mid.events).toMatchObject({ earnings: true, exDividend: false, fomc: true, cpi: true });
    expect(mid.events.list.map((e) => e.kind)).toEqual(["CPI", "EARNINGS", "FOMC"]);
    expect(whySentence(spreadIdeaWhy(mid)!)).toContain(
      "before expiry: CPI 2026-03-11, earnings 2026-03-12, FOMC 2026-03-18",
    );
  });
  it("ids are deterministic for the same legs and expiry and distinct otherwise", () => {
    const again = screenCreditSpreads(
      cleanChain(syntheticChain({ asOf, spot: 100, seed: 7 }), context),
      WIDE,
    );
    expect(again.map((i) => i.trade_unique_identifier)).toEqual(ideas.map((i) => i.trade_unique_identifier));
    expect(new Set(ideas.map((i) => i.trade_unique_identifier)).size).toBe(ideas.length);
    expect(
      spreadTradeId("spy", "IRON_CONDOR", "2026-01-16", {
        putLong: 440,
        putShort: 445,
        callShort: 470,
        callLong: 475.5,
      }),
    ).toBe("SPY-20260116-IC-P440-P445-C470-C475.5");
  });
  it("cuts expirations with earnings before expiry unless allowed, and keeps one idea per strategy and expiry", () => {
    const byDefault = screenCreditSpreads(clean, {
      minDte: 1,
      maxDte: 60,
      shortDeltaMin: 0.1,
      maxIdeas: 1000,
    });
    expect(byDefault.length).toBeGreaterThan(0);
    for (const i of byDefault) expect(i.expiration_date < "2026-03-12").toBe(true);
    const keys = byDefault.map((i) => `${i.expiration_date}|${i.strategy_type}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      screenCreditSpreads(clean, { minDte: 1, maxDte: 60, shortDeltaMin: 0.1 }).length,
    ).toBeLessThanOrEqual(3);
  });
  it("respects the options: strategies, DTE window, delta band, width", () => {
    const only = screenCreditSpreads(clean, {
      strategies: ["BEAR_CALL_SPREAD"],
      minDte: 10,
      maxDte: 20,
      shortDeltaMin: 0.15,
      shortDeltaMax: 0.3,
      maxWidth: 3,
      maxIdeas: 1000,
      allowEarnings: true,
    });
    expect(only.length).toBeGreaterThan(0);
    for (const i of only) {
      expect(i.strategy_type).toBe("BEAR_CALL_SPREAD");
      expect(i.daysToExpiration).toBeGreaterThanOrEqual(10);
      expect(i.daysToExpiration).toBeLessThanOrEqual(20);
      expect(i.width).toBeLessThanOrEqual(3);
      const d = i.legs.find((l) => l.side === "sell")!.delta;
      expect(d).toBeGreaterThanOrEqual(0.15);
      expect(d).toBeLessThanOrEqual(0.3);
    }
  });
  it("an empty chain gives no ideas", () => {
    expect(
      screenCreditSpreads(cleanChain({ underlying: "X", spot: 50, asOf, expirations: [] }, context)),
    ).toEqual([]);
  });
});

describe("the edge under the physical model (decision 329)", () => {
  const forecastVol = 0.24;
  const withForecast = screenCreditSpreads(clean, { ...WIDE, forecastVol });
  const expOf = (date: string) => clean.expirations.find((e) => e.expirationDate === date)!;
  /** The edge per share, from the legs: each side's fill credit less its physical expected payout. */
  const edgeOf = (i: SpreadIdea, forecast: number | null, premium: number) => {
    const exp = expOf(i.expiration_date);
    let edge = 0;
    for (const sh of i.legs.filter((l) => l.side === "sell")) {
      const lg = i.legs.find((l) => l.side === "buy" && l.type === sh.type)!;
      const isCall = sh.type === "call";
      const pay = (l: typeof sh) =>
        physicalLegPayoff(
          isCall,
          clean.spot,
          l.strike,
          exp.T,
          l.iv,
          exp.atmIv,
          forecast,
          premium,
          clean.dividendYield,
          clean.riskFreeRate,
        );
      edge += sh.fill - lg.fill - pay(sh) + pay(lg);
    }
    return edge;
  };
  it("re-derives every idea's edge from its legs, and ranks by the score the idea carries", () => {
    expect(withForecast.length).toBeGreaterThan(10);
    for (const i of withForecast) {
      expect(i.score_parts.forecastVol).toBe(forecastVol);
      expect(i.score_parts.edgeAtForecast).toBeCloseTo(edgeOf(i, forecastVol, 0) * 100, 9);
    }
    for (let k = 1; k < withForecast.length; k++)
      expect(withForecast[k - 1].score).toBeGreaterThanOrEqual(withForecast[k].score);
  });
  it("forecastVolFor is asked once per expiration screened; its null falls back to forecastVol", () => {
    const asked: [number, number][] = [];
    const same = screenCreditSpreads(clean, {
      ...WIDE,
      forecastVol: 0.5,
      forecastVolFor: (dte, atmIv) => {
        asked.push([dte, atmIv]);
        return forecastVol;
      },
    });
    expect(same).toEqual(withForecast);
    const inWindow = clean.expirations.filter((e) => e.dte >= WIDE.minDte && e.dte <= WIDE.maxDte);
    expect(asked).toEqual(inWindow.map((e) => [e.dte, e.atmIv]));
    expect(screenCreditSpreads(clean, { ...WIDE, forecastVol, forecastVolFor: () => null })).toEqual(
      withForecast,
    );
  });
  it("uses each expiration's own forecast", () => {
    const perExp = (dte: number) => (dte < 20 ? 0.2 : 0.26);
    const ideas = screenCreditSpreads(clean, { ...WIDE, forecastVol, forecastVolFor: (dte) => perExp(dte) });
    expect(new Set(ideas.map((i) => i.score_parts.forecastVol))).toEqual(new Set([0.2, 0.26]));
    for (const i of ideas) {
      expect(i.score_parts.forecastVol).toBe(perExp(i.daysToExpiration));
      expect(i.score_parts.edgeAtForecast).toBeCloseTo(edgeOf(i, perExp(i.daysToExpiration), 0) * 100, 9);
    }
  });
  it("the equity premium raises every bull put's edge and lowers every bear call's", () => {
    const premium = EQUITY_RISK_PREMIUM * 1.2;
    const up = screenCreditSpreads(clean, { ...WIDE, forecastVol, equityPremium: premium });
    let puts = 0;
    let calls = 0;
    for (const i of up) {
      expect(i.score_parts.edgeAtForecast).toBeCloseTo(edgeOf(i, forecastVol, premium) * 100, 9);
      const flat = edgeOf(i, forecastVol, 0);
      if (i.strategy_type === "BULL_PUT_SPREAD") {
        expect(edgeOf(i, forecastVol, premium)).toBeGreaterThan(flat);
        puts++;
      }
      if (i.strategy_type === "BEAR_CALL_SPREAD") {
        expect(edgeOf(i, forecastVol, premium)).toBeLessThan(flat);
        calls++;
      }
    }
    expect(puts).toBeGreaterThan(0);
    expect(calls).toBeGreaterThan(0);
    // Without a forecast no premium is claimed either: the chain's own density.
    expect(screenCreditSpreads(clean, { ...WIDE, equityPremium: premium })).toEqual(ideas);
  });
});
