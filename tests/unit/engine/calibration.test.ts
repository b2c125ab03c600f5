import { describe, expect, it } from "vitest";
import {
  brierScore,
  brierSkillScore,
  clusteredBootstrap,
  moneySummary,
  reliabilityBins,
  seededRandom,
  wilsonInterval,
  type Outcome,
} from "#app/engine/calibration.ts";

describe("wilsonInterval (hand-computed, z = 1.96)", () => {
  it("8 of 10", () => {
    // centre = (0.8 + 0.19207)/1.38415 = 0.716734; half = (1.96/1.38415) sqrt(0.016 + 0.0096040) = 0.226627
    const { low, high } = wilsonInterval(8, 10);
    expect(low).toBeCloseTo(0.4902, 4);
    expect(high).toBeCloseTo(0.9433, 4);
  });
  it("0 of 10 starts at 0, 10 of 10 ends at 1", () => {
    expect(wilsonInterval(0, 10).low).toBeCloseTo(0, 12);
    expect(wilsonInterval(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(10, 10).high).toBeCloseTo(1, 12);
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.7225, 4);
  });
  it("no trials: the whole range", () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

const small: Outcome[] = [
  { p: 0.9, win: true, cluster: "2026-12-18" },
  { p: 0.8, win: false, cluster: "2026-12-18" },
  { p: 0.3, win: false, cluster: "2027-01-15" },
];

describe("Brier score and skill", () => {
  it("matches the hand computation", () => {
    // (0.01 + 0.64 + 0.09) / 3
    expect(brierScore(small)).toBeCloseTo(0.74 / 3, 12);
    // base rate 1/3: reference 2/9; skill 1 - (0.74/3)/(2/9) = -0.11
    expect(brierSkillScore(small)).toBeCloseTo(-0.11, 12);
  });
  it("is undefined without outcomes or without variety", () => {
    expect(brierScore([])).toBeNull();
    expect(brierSkillScore([{ p: 0.7, win: true, cluster: "a" }])).toBeNull();
  });
});

describe("reliabilityBins", () => {
  it("bins by predicted probability with counts, realised rates and intervals", () => {
    const bins = reliabilityBins(
      [
        { p: 0.72, win: true, cluster: "a" },
        { p: 0.78, win: false, cluster: "a" },
        { p: 0.71, win: true, cluster: "b" },
        { p: 1, win: true, cluster: "b" },
        { p: 0.05, win: false, cluster: "b" },
      ],
      10,
    );
    expect(bins).toHaveLength(10);
    expect(bins[7].count).toBe(3);
    expect(bins[7].wins).toBe(2);
    expect(bins[7].realised).toBeCloseTo(2 / 3, 12);
    expect(bins[7].meanPredicted).toBeCloseTo((0.72 + 0.78 + 0.71) / 3, 12);
    expect(bins[7].interval).toEqual(wilsonInterval(2, 3));
    expect(bins[9].count).toBe(1); // p = 1 falls in the last bin
    expect(bins[0].count).toBe(1);
    expect(bins[4].realised).toBeNull();
  });
});

describe("clusteredBootstrap", () => {
  const items = [
    { cluster: "A", v: 1 },
    { cluster: "A", v: 1 },
    { cluster: "A", v: 1 },
    { cluster: "B", v: 0 },
  ];

  it("resamples whole clusters: sample sizes are 2, 4 or 6, never only 4", () => {
    const size = clusteredBootstrap(items, (s) => s.length, 2000, 7)!;
    expect(size.low).toBe(2);
    expect(size.high).toBe(6);
  });

  it("is reproducible from its seed and differs across seeds", () => {
    const mean = (s: readonly { v: number }[]) => s.reduce((a, b) => a + b.v, 0) / s.length;
    const a = clusteredBootstrap(items, mean, 200, 3);
    const b = clusteredBootstrap(items, mean, 200, 3);
    expect(a).toEqual(b);
    expect(seededRandom(1)()).not.toBe(seededRandom(2)());
  });

  it("skips resamples where the statistic is undefined and is null when none is", () => {
    expect(clusteredBootstrap(items, () => null, 10)).toBeNull();
    expect(clusteredBootstrap([], () => 1, 10)).toBeNull();
  });
});

describe("moneySummary", () => {
  it("average return on risk, worst loss and profit factor", () => {
    const m = moneySummary([
      { pnl: 120, risk: 380 },
      { pnl: -380, risk: 380 },
      { pnl: 60, risk: 440 },
    ]);
    expect(m.count).toBe(3);
    expect(m.averageReturnOnRisk).toBeCloseTo((120 / 380 - 1 + 60 / 440) / 3, 12);
    expect(m.worstLoss).toBe(-380);
    expect(m.profitFactor).toBeCloseTo(180 / 380, 12);
    expect(moneySummary([{ pnl: 10, risk: 100 }]).profitFactor).toBeNull();
  });
});
