// The record across the simulated market's regimes and the evidence table's words (decision 332).
import { describe, expect, it } from "vitest";
import { clusteredBootstrap } from "#app/engine/calibration.ts";
import { pairedGapInterval, pnlPerRisk, type ClusteredMoney } from "#app/lib/track-record/clustered.ts";
import {
  RECOVERY_SESSIONS,
  evidenceGoal,
  goalSentence,
  regimeOf,
  verdictOf,
  verdictWords,
  type EvidenceScope,
} from "#app/lib/track-record/regimes.ts";
import { nextTradingDay } from "#app/lib/market-calendar/index.ts";
import {
  STRESS_SPELL_DAYS,
  sessionsSinceStressOnset,
  stressOnsetsBetween,
} from "#app/server/market/providers/demo/economy.server.ts";
import {
  regimeOfPublication,
  simulatedRegimeOn,
  simulatedStressOnsets,
} from "#app/server/track/regimes.server.ts";
import { summarise } from "#app/server/track/summary.server.ts";
import { SIMULATOR_VERSION } from "#app/server/track/simulator-version.server.ts";

const after = (day: string, sessions: number) => {
  let d = day;
  for (let i = 0; i < sessions; i++) d = nextTradingDay(d);
  return d;
};

describe("the regime classifier", () => {
  it("is stress for a spell's sessions, recovery for the next RECOVERY_SESSIONS, calm otherwise", () => {
    expect(regimeOf(null, 15)).toBe("calm");
    expect(regimeOf(0, 15)).toBe("stress");
    expect(regimeOf(14, 15)).toBe("stress");
    expect(regimeOf(15, 15)).toBe("recovery");
    expect(regimeOf(15 + RECOVERY_SESSIONS - 1, 15)).toBe("recovery");
    expect(regimeOf(15 + RECOVERY_SESSIONS, 15)).toBe("calm");
  });

  it("reads the simulated market's own spells: the onsets measured when it was built", () => {
    expect(stressOnsetsBetween("2023-01-01", "2026-11-30")).toEqual([
      "2023-02-09",
      "2023-09-19",
      "2024-05-29",
      "2025-11-03",
    ]);
    expect(sessionsSinceStressOnset("2023-09-19", 60)).toBe(0);
    expect(simulatedRegimeOn("2023-09-19")).toBe("stress");
    expect(simulatedRegimeOn(after("2023-09-19", STRESS_SPELL_DAYS - 1))).toBe("stress");
    expect(simulatedRegimeOn(after("2023-09-19", STRESS_SPELL_DAYS))).toBe("recovery");
    expect(simulatedRegimeOn(after("2023-09-19", STRESS_SPELL_DAYS + RECOVERY_SESSIONS))).toBe("calm");
    expect(simulatedRegimeOn("2023-09-18")).toBe("calm");
    // The backfill's first day is still in the recovery of the spell of 2023-02-09, which the page names.
    expect(simulatedRegimeOn("2023-03-01")).toBe("stress");
    expect(simulatedStressOnsets("2023-03-01", "2026-10-01")).toEqual([
      "2023-02-09",
      "2023-09-19",
      "2024-05-29",
      "2025-11-03",
    ]);
  });

  it("does not classify a live market", () => {
    expect(regimeOfPublication("polygon", Date.parse("2023-09-19T14:00:00Z"))).toBe("unclassified");
    expect(regimeOfPublication("demo", Date.parse("2023-09-19T14:00:00Z"))).toBe("stress");
  });
});

describe("the evidence table's words", () => {
  it("come from the interval: above zero beats, below trails, spanning zero shows no difference", () => {
    expect(verdictOf({ low: 0.001, high: 0.02 })).toBe("beat");
    expect(verdictWords({ low: 0.001, high: 0.02 })).toBe("beat the pool");
    expect(verdictWords({ low: -0.03, high: -0.002 })).toBe("trailed the pool");
    expect(verdictWords({ low: -0.01, high: 0.04 })).toBe("no difference shown");
    // A gap whose interval touches zero does not exclude it.
    expect(verdictWords({ low: 0, high: 0.04 })).toBe("no difference shown");
    // No interval (nothing settled): not "no difference".
    expect(verdictOf(null)).toBe("no-data");
    expect(verdictWords(null)).toBe("not enough settled ideas yet");
    expect(verdictWords({ low: 0.01, high: 0.02 }, "the previous score")).toBe("beat the previous score");
  });

  const scope = (s: EvidenceScope["scope"], low: number, high: number): EvidenceScope => ({
    scope: s,
    pool: { settled: 10, expirations: 2, perRisk: 0, totalPnl: 0 },
    lists: [
      {
        list: "pro30",
        settled: 5,
        expirations: 2,
        perRisk: 0,
        totalPnl: 0,
        gap: (low + high) / 2,
        gapInterval: { low, high },
      },
    ],
  });

  it("say plainly where the goal is not met, and meet it only with three regimes clear of zero", () => {
    const all = [scope("all", 0.01, 0.03), scope("stress", -0.02, 0.01), scope("recovery", 0.01, 0.02)];
    const goal = evidenceGoal([...all, scope("calm", -0.03, -0.01)], "pro30");
    expect(goal.met).toBe(false);
    expect(goalSentence(goal, "Pro 30")).toBe(
      "Pro 30 did not beat the pool across 3 regimes: it beat the pool in 1 of 3 (stress: no difference shown; recovery: beat the pool; calm: trailed the pool).",
    );
    const short = evidenceGoal(all, "pro30");
    expect(goalSentence(short, "Pro 30")).toContain("This history spans 2 of the 3 regimes.");
    const met = evidenceGoal(
      [scope("stress", 0.01, 0.02), scope("recovery", 0.01, 0.02), scope("calm", 0.001, 0.02)],
      "pro30",
    );
    expect(met.met).toBe(true);
    expect(goalSentence(met, "Pro 30")).toBe(
      "Pro 30 beat the pool in 3 regimes (stress: beat the pool; recovery: beat the pool; calm: beat the pool).",
    );
  });
});

describe("the paired clustered gap", () => {
  // 30 expirations whose shared move is large; the list earns 2 cents more per dollar of risk in each.
  const pool: ClusteredMoney[] = [];
  const list: ClusteredMoney[] = [];
  for (let e = 0; e < 30; e++) {
    const move = e % 3 === 0 ? -0.4 : 0.1;
    const cluster = `2026-${String(e).padStart(3, "0")}`;
    for (let i = 0; i < 8; i++) pool.push({ cluster, pnl: move * 100, risk: 100 });
    for (let i = 0; i < 2; i++) list.push({ cluster, pnl: (move + 0.02) * 100, risk: 100 });
  }

  it("is seeded and reproducible", () => {
    expect(pairedGapInterval(list, pool, 400, 6)).toEqual(pairedGapInterval(list, pool, 400, 6));
  });

  it("cancels the shared move: a steady edge is clear of zero although each list alone spans it widely", () => {
    const gap = pairedGapInterval(list, pool, 400, 6)!;
    expect(pnlPerRisk(list)! - pnlPerRisk(pool)!).toBeCloseTo(0.02, 12);
    expect(gap.low).toBeGreaterThan(0);
    expect(gap.low).toBeCloseTo(0.02, 10);
    expect(gap.high).toBeCloseTo(0.02, 10);
    const alone = clusteredBootstrap(list, (s) => pnlPerRisk(s) ?? 0, 400, 6)!;
    expect(alone.high - alone.low).toBeGreaterThan(0.1);
    expect(verdictWords(gap)).toBe("beat the pool");
  });

  it("spans zero for a list that is the pool, and is null without ideas", () => {
    const same = pairedGapInterval(pool, pool, 400, 6)!;
    expect(same.low).toBeCloseTo(0, 12);
    expect(same.high).toBeCloseTo(0, 12);
    expect(verdictWords(same)).toBe("no difference shown");
    expect(pairedGapInterval([], pool, 400, 6)).toBeNull();
  });
});

describe("the summary across regimes", () => {
  // The Pro 30 published in a stress spell and in calm; each row is in the whole pool too (tier 3 counts there).
  const rows = ["2023-09-20", "2023-09-21", "2024-03-01", "2024-03-04"].flatMap((day, d) =>
    Array.from({ length: 6 }, (_, i) => {
      const tier = i < 2 ? 3 : 1;
      return {
        seq: d * 6 + i + 1,
        tradeId: `T${d}-${i}`,
        tier,
        profile: "balanced",
        strategy: "BULL_PUT_SPREAD",
        dte: 30,
        pop: 80,
        expiration: `2024-0${d + 1}-1${i % 3}`,
        publishedAt: new Date(`${day}T14:00:00Z`),
        source: "demo",
        origin: "backfill-simulated",
        simulatorVersion: SIMULATOR_VERSION,
        rule: "hold",
        fill: "fill",
        status: "graded",
        pnl: tier === 3 ? 20 : -10,
        risk: 100,
        win: tier === 3,
        shortsOtm: true,
        pin: false,
      };
    }),
  );

  it("says which regimes the history spans and sets the lists against the pool in each", () => {
    const b = summarise(rows, Date.parse("2026-11-01T00:00:00Z"), [
      ["P1", "2023-09-20", "2024-01-10", -50, 100],
    ]).backfill!;
    expect(b.regimes!.map((r) => [r.regime, r.days, r.ideas])).toEqual([
      ["stress", 2, 12],
      ["calm", 2, 12],
    ]);
    expect(b.stressOnsets).toEqual(["2023-09-19"]);
    expect(b.slices["pro30|regime:stress"]!.settled).toBe(4);
    const all = b.evidence!.find((s) => s.scope === "all")!;
    expect(all.pool.perRisk).toBeCloseTo((8 * 20 - 16 * 10) / 2400, 12);
    const pro = all.lists.find((l) => l.list === "pro30")!;
    expect(pro.perRisk).toBeCloseTo(0.2, 12);
    expect(pro.gap).toBeCloseTo(0.2, 12);
    expect(verdictOf(pro.gapInterval)).toBe("beat");
    expect(b.evidence!.map((s) => s.scope)).toEqual(["all", "stress", "calm"]);
    // The previous score's picks count in their day's regime, against the Pro 30 as well as the pool.
    const stress = b.evidence!.find((s) => s.scope === "stress")!;
    expect(stress.lists.find((l) => l.list === "previous30")!.settled).toBe(1);
    expect(
      b.evidence!.find((s) => s.scope === "calm")!.lists.find((l) => l.list === "previous30")!.settled,
    ).toBe(0);
    expect(stress.scoreGap!.gap).toBeCloseTo(0.2 + 0.5, 12);
  });
});
