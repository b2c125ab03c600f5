// The track record's win-rate and calibration intervals resample whole expirations, like the Brier score, and the
// dollar totals sit beside the per-risk mean.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { IdeasLikeItNote } from "#app/components/track/LoggedOutcome.tsx";
import {
  clusteredBootstrap,
  reliabilityBins,
  wilsonInterval,
  type Outcome,
} from "#app/engine/calibration.ts";
import { clusteredBins, clusteredWinInterval, moneyTotals } from "#app/lib/track-record/clustered.ts";
import { BACKFILL_ORIGIN, ideasLikeIt, trackRecordView } from "#app/lib/track-record/track-record.ts";
import { binDigest, summarise } from "#app/server/track/summary.server.ts";
import { SIMULATOR_VERSION } from "#app/server/track/simulator-version.server.ts";

/** 40 expirations of 50 ideas each; within an expiration the ideas share one outcome (one market move). */
function correlated(): Outcome[] {
  const out: Outcome[] = [];
  for (let e = 0; e < 40; e++) {
    const win = (e * 7) % 10 < 7;
    for (let i = 0; i < 50; i++) out.push({ p: 0.7, win, cluster: `2026-${String(e).padStart(3, "0")}` });
  }
  return out;
}

const winRate = (s: readonly { win: boolean }[]) =>
  s.length ? s.filter((o) => o.win).length / s.length : null;

describe("clustered intervals", () => {
  it("is the clustered bootstrap of the win rate, exactly, and reproducible", () => {
    const outcomes = correlated();
    const a = clusteredWinInterval(outcomes, 400, 3);
    expect(a).toEqual(clusteredBootstrap(outcomes, winRate, 400, 3));
    expect(clusteredWinInterval(outcomes, 400, 3)).toEqual(a);
  });

  it("is wider than Wilson's when ideas of one expiration move together", () => {
    const outcomes = correlated();
    const wins = outcomes.filter((o) => o.win).length;
    const wilson = wilsonInterval(wins, outcomes.length);
    const clustered = clusteredWinInterval(outcomes, 400, 3);
    expect(clustered.high - clustered.low).toBeGreaterThan(3 * (wilson.high - wilson.low));
  });

  it("gives [0, 1] with nothing settled", () => {
    expect(clusteredWinInterval([], 400, 3)).toEqual({ low: 0, high: 1 });
  });

  it("gives each calibration bin the clustered bootstrap of its realised rate", () => {
    const outcomes: Outcome[] = correlated().map((o, i) => ({ ...o, p: i % 2 ? 0.75 : 0.55 }));
    const bins = clusteredBins(reliabilityBins(outcomes), outcomes, 400, 5);
    const inBin = (k: number) => (s: readonly Outcome[]) =>
      winRate(s.filter((o) => Math.min(9, Math.floor(o.p * 10)) === k));
    expect(bins[5]!.interval).toEqual(clusteredBootstrap(outcomes, inBin(5), 400, 5));
    expect(bins[7]!.interval).toEqual(clusteredBootstrap(outcomes, inBin(7), 400, 5));
    // An empty bin keeps the uninformative interval.
    expect(bins[2]!.interval).toEqual({ low: 0, high: 1 });
  });

  it("totals dollars to the cent and splits gross wins from gross losses", () => {
    expect(
      moneyTotals([
        { pnl: 0.1, risk: 1 },
        { pnl: 0.2, risk: 1 },
        { pnl: -450, risk: 450 },
      ]),
    ).toEqual({
      totalPnl: -449.7,
      grossWins: 0.3,
      grossLosses: 450,
    });
    expect(moneyTotals([])).toEqual({ totalPnl: 0, grossWins: 0, grossLosses: 0 });
  });
});

describe("summarise with the clustered intervals and dollars", () => {
  const at = Date.parse("2026-11-02T15:00:00Z");
  // Small wins, one large loss: the mean of ratios is positive while the dollars lose.
  const rows = Array.from({ length: 30 }, (_, i) => {
    const big = i === 0;
    return {
      seq: i + 1,
      tradeId: `T${i}`,
      tier: 3,
      profile: "balanced",
      strategy: "BULL_PUT_SPREAD",
      dte: 30,
      pop: 80,
      expiration: `2026-11-${String(6 + (i % 6)).padStart(2, "0")}`,
      publishedAt: new Date(at + i),
      source: "demo",
      origin: "cron",
      simulatorVersion: SIMULATOR_VERSION,
      rule: "hold",
      fill: "fill",
      status: "graded",
      pnl: big ? -4_500 : 10,
      risk: big ? 5_000 : 90,
      win: !big,
      shortsOtm: !big,
      pin: false,
    };
  });

  it("reports the total in dollars and the profit factor beside the mean per risk", () => {
    const s = summarise(rows, at + 1e6).slices.pro30!;
    expect(s.money.fill.averageReturnOnRisk).toBeGreaterThan(0);
    expect(s.money.fill.totalPnl).toBe(29 * 10 - 4_500);
    expect(s.money.fill.grossWins).toBe(290);
    expect(s.money.fill.grossLosses).toBe(4_500);
    expect(s.money.fill.profitFactor).toBeCloseTo(290 / 4_500, 12);
  });

  it("takes the win-rate interval from resampling the six expirations, not Wilson's", () => {
    const s = summarise(rows, at + 1e6).slices.pro30!;
    const outcomes = rows.map((r) => ({ win: r.win, cluster: r.expiration }));
    expect(s.winInterval).toEqual(clusteredBootstrap(outcomes, winRate, 400, 3));
    expect(s.winInterval).not.toEqual(wilsonInterval(29, 30));
  });
});

describe("the idea card's history", () => {
  const at = Date.parse("2026-11-02T15:00:00Z");
  const row = (seq: number, origin: string) => ({
    seq,
    tradeId: `T${seq}`,
    tier: 1,
    profile: "balanced",
    strategy: "BULL_PUT_SPREAD",
    dte: 30,
    pop: 72,
    expiration: "2026-11-20",
    publishedAt: new Date(at + seq),
    source: "demo",
    origin,
    simulatorVersion: SIMULATOR_VERSION,
    rule: "hold",
    fill: "fill",
    status: "graded",
    pnl: 50,
    risk: 450,
    win: seq % 2 === 0,
    shortsOtm: true,
    pin: false,
  });

  it("counts the backfill, and says so, while the forward record has no graded idea of the strategy", () => {
    const summary = summarise([row(1, BACKFILL_ORIGIN), row(2, BACKFILL_ORIGIN)], at + 1e6);
    const like = ideasLikeIt(binDigest(summary), "BULL_PUT_SPREAD", 72)!;
    expect(like).toMatchObject({ count: 2, realised: 0.5, history: "Simulated (backfill)" });
    expect(
      renderToStaticMarkup(createElement(MemoryRouter, null, createElement(IdeasLikeItNote, { like }))),
    ).toContain("Bull put spreads at 70-80% POP, Simulated (backfill): 50% won (n=2)");
  });

  it("counts the forward record once it has graded ideas, named for the simulated market", () => {
    const summary = summarise([row(1, BACKFILL_ORIGIN), row(2, "cron")], at + 1e6);
    const like = ideasLikeIt(binDigest(summary), "BULL_PUT_SPREAD", 72)!;
    expect(like).toMatchObject({ count: 1, realised: 1, history: "Simulated (forward)" });
  });

  it("names the origins for the data source: never Live on the simulated market", () => {
    const summary = summarise([row(1, BACKFILL_ORIGIN), row(2, "cron")], at + 1e6);
    const view = trackRecordView(summary, "pro30", null);
    expect(view.origins.map((o) => o.label)).toEqual(["Simulated (forward)", "Simulated (backfill)"]);
    expect(view.title).not.toMatch(/live/i);
  });
});
