// "Why this idea" (issue 27 item 5, decision 246): the plain words written from an idea's or a wheel strategy's
// score parts, clause by clause, on fixed numbers.
import { describe, expect, it } from "vitest";
import {
  EDGE_CAVEAT,
  NO_FORECAST_CAVEAT,
  spreadIdeaWhy,
  wheelStrategyWhy,
  whySentence,
  type SpreadWhyInput,
} from "#app/lib/idea-why.ts";
import { SPREAD_PROFILES, type ScoreParts } from "#app/engine/quality.ts";
import { PROFILE_LABELS } from "#app/lib/trade-ideas.ts";
import type { WheelScoreParts } from "#app/engine/wheel/wheel.ts";

const parts: ScoreParts = {
  profile: "balanced",
  impliedVol: 0.3112,
  forecastVol: 0.2204,
  edgeAtForecast: 14.6,
  edgePerRisk: 0.0381,
  dte: 38,
  dteFit: 1,
  shortDelta: 0.2112,
  deltaFit: 0.82,
  fillCost: 3.5,
  fillCostShare: 0.0412,
  liquidity: 0.85,
  score: 0.02,
};

const idea = (over: Partial<ScoreParts> = {}, rest: Partial<SpreadWhyInput> = {}): SpreadWhyInput => ({
  strategy_type: "BULL_PUT_SPREAD",
  liquidity_point: 4,
  events: { list: [] },
  score_parts: { ...parts, ...over },
  ...rest,
});

const clauses = (over: Partial<ScoreParts> = {}, rest: Partial<SpreadWhyInput> = {}) =>
  spreadIdeaWhy(idea(over, rest))!.clauses;

describe("why a spread idea ranks where it does", () => {
  it("reads as one sentence: IV vs forecast, DTE in the window, delta, fill cost, liquidity, events", () => {
    expect(whySentence(spreadIdeaWhy(idea())!)).toBe(
      "IV 31% vs 22% forecast realised: $15 per contract at the forecast after the fill (3.8% at risk); " +
        "38 DTE, in the Balanced window (35-50 days preferred); " +
        "0.21-delta short, in the Balanced band 0.20-0.30 (aim 0.22); " +
        "costs 4% of the credit to fill ($4 per contract against the mid); " +
        "liquidity 4/5, well traded last session; " +
        "no earnings, ex-dividend or scheduled macro release before expiry.",
    );
  });

  it("says the claimed edge is implied vs forecast realised volatility, not a sure thing", () => {
    const why = spreadIdeaWhy(idea())!;
    expect(why.caveat).toBe(EDGE_CAVEAT);
    expect(why.caveat).toMatch(/implied volatility above our forecast of realised volatility/);
    expect(why.caveat).toMatch(/about zero less the cost of filling it/);
    expect(why.caveat).toMatch(/Not a sure thing/);
  });

  it("without a forecast: the history is too short, no edge claimed", () => {
    const why = spreadIdeaWhy(idea({ forecastVol: null }))!;
    expect(why.clauses[0]).toBe("No forecast: the history is too short, no edge claimed (IV 31%)");
    expect(why.caveat).toBe(NO_FORECAST_CAVEAT);
  });

  it("a forecast at or above the implied level: no volatility edge, ranked as the least bad", () => {
    expect(clauses({ forecastVol: 0.35, edgeAtForecast: -21.4, edgePerRisk: -0.052 })[0]).toBe(
      "IV 31% vs 35% forecast realised: no volatility edge, -$21 per contract at the forecast after the fill " +
        "(-5.2% at risk); ranked as the least bad",
    );
  });

  it("DTE outside the preferred days (but in the allowed window) costs some score", () => {
    expect(clauses({ dte: 32, dteFit: 0.5 })[1]).toBe(
      "32 DTE, inside the Balanced 30-60 days but outside the preferred 35-50, which costs some score (fit 0.50)",
    );
    expect(clauses({ profile: "conservative", dte: 70, dteFit: 0 })[1]).toBe(
      "70 DTE, outside the Conservative 30-60 days",
    );
  });

  it("names the profile's band and aim (or that the short is outside it); a condor's widest short", () => {
    expect(clauses({ shortDelta: 0.1912 })[2]).toBe(
      "0.19-delta short, outside the Balanced band 0.20-0.30 (aim 0.22)",
    );
    expect(clauses({ profile: "aggressive", shortDelta: 0.334 })[2]).toBe(
      "0.33-delta short, in the Aggressive band 0.30-0.40 (aim 0.33)",
    );
    expect(clauses({}, { strategy_type: "IRON_CONDOR" })[2]).toBe(
      "shorts at up to 0.21 delta, in the Balanced band 0.20-0.30 (aim 0.22)",
    );
  });

  it("names each profile as the screens do", () => {
    for (const p of SPREAD_PROFILES) expect(clauses({ profile: p })[1]).toContain(` ${PROFILE_LABELS[p]} `);
  });

  it("fill cost as a share of the credit", () => {
    expect(clauses({ fillCost: 11.8, fillCostShare: 0.127 })[3]).toBe(
      "costs 13% of the credit to fill ($12 per contract against the mid)",
    );
  });

  it("liquidity: points, and how the weakest leg traded the session before", () => {
    expect(clauses({ liquidity: 0.6 })[4]).toBe("liquidity 4/5, moderately traded last session");
    expect(clauses({ liquidity: 0.3 }, { liquidity_point: 2 })[4]).toBe(
      "liquidity 2/5, thinly traded last session, which lowers the score",
    );
  });

  it("events before expiry, by name and date", () => {
    const events = {
      list: [
        { date: "2026-12-10", kind: "FOMC", title: "FOMC statement" },
        { date: "2026-12-11", kind: "EX_DIVIDEND", title: "Ex-dividend" },
        { date: "2026-12-12", kind: "OTHER", title: "GDP" },
      ],
    };
    expect(clauses({}, { events })[5]).toBe(
      "before expiry: FOMC 2026-12-10, ex-dividend 2026-12-11, GDP 2026-12-12",
    );
  });

  it("an idea stored before the score's parts (or with a broken part) has no reason, not a made-up one", () => {
    expect(spreadIdeaWhy({ strategy_type: "BULL_PUT_SPREAD" })).toBeNull();
    expect(spreadIdeaWhy(idea({ impliedVol: Number.NaN }))).toBeNull();
    expect(spreadIdeaWhy(idea({ profile: "reckless" as never }))).toBeNull();
    expect(spreadIdeaWhy(idea({ forecastVol: "0.2" as never }))).toBeNull();
  });
});

const wheelParts: WheelScoreParts = {
  impliedVol: 0.284,
  forecastVol: 0.241,
  edgeAtForecast: 9.2,
  edgePerCollateral: 0.0046,
  dte: 33,
  dteFit: 1,
  shortDelta: 0.262,
  deltaFit: 0.9,
  fillCost: 5.1,
  fillCostShare: 0.031,
  liquidity: 0.8,
  score: 0.001,
};

describe("why a wheel strategy was chosen", () => {
  it("the same clauses against the risk level's window and band, per dollar of collateral", () => {
    const why = wheelStrategyWhy({
      riskLevel: "balanced",
      liquidityPoint: 4,
      events: {
        earnings: false,
        exDividend: true,
        fomc: false,
        cpi: false,
        list: [{ date: "2026-12-11", kind: "EX_DIVIDEND" }],
      },
      score_parts: wheelParts,
    })!;
    expect(whySentence(why)).toBe(
      "IV 28% vs 24% forecast realised: $9 per contract at the forecast after the fill (0.5% of collateral); " +
        "33 DTE, in the Balanced window (30-45 days preferred); " +
        "0.26-delta short, in the Balanced band 0.20-0.35 (aim 0.25); " +
        "costs 3% of the premium to fill ($5 per contract against the mid); " +
        "liquidity 4/5; " +
        "before expiry: ex-dividend 2026-12-11.",
    );
    expect(why.caveat).toBe(EDGE_CAVEAT);
  });

  it("a conservative band starts at zero: said as 'below'", () => {
    const why = wheelStrategyWhy({
      riskLevel: "conservative",
      liquidityPoint: 3,
      score_parts: { ...wheelParts, shortDelta: 0.12, dte: 40 },
    })!;
    expect(why.clauses[2]).toBe("0.12-delta short, in the Conservative band below 0.20 (aim 0.15)");
  });

  it("no reason without parts or a risk level", () => {
    expect(wheelStrategyWhy({ riskLevel: "balanced" })).toBeNull();
    expect(wheelStrategyWhy({ score_parts: wheelParts })).toBeNull();
  });
});
