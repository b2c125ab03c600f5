// The evidence for the ranking (issue 30 item 4, decision 266): on each past day of the simulated market, the cron's
// screen runs at the backfill's publication time; its pool of one profile is ranked twice, by today's score (the
// list order every plan sees) and by the previous score (legacyRorPopScore, bench-only), and each top 30 is graded
// (held to expiry and managed, at the fill basis) from the simulated closes and marks. Shared by
// `npm run track:evidence` (the long run) and bench/track.bench.ts (a bounded slice).
import {
  brierScore,
  brierSkillScore,
  clusteredBootstrap,
  moneySummary,
  wilsonInterval,
  type Outcome,
} from "#app/engine/calibration.ts";
import type { SpreadProfile } from "#app/engine/index.ts";
import { legacyRorPopScore } from "#app/engine/legacy-score.ts";
import { newYorkInstant } from "#app/lib/market-calendar/index.ts";
import type { TradeIdea } from "#app/server/market/ideas.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { ideasInPlanOrder } from "#app/lib/trade-ideas.ts";
import { BACKFILL_PUBLISH_HOUR, screenSimulatedAt, simulatedBar } from "#app/server/track/backfill.server.ts";
import { gradeRowsOf, type LoggedContent } from "#app/server/track/grading.server.ts";
import { ideaLogContent, LOG_TIERS } from "#app/server/track/idea-log.server.ts";
import { simulatedDailyMarks } from "#app/server/track/marks.server.ts";

export const TOP = 30;

export interface GradedPick {
  tradeId: string;
  pop: number;
  expiration: string;
  hold: { pnl: number; risk: number; win: boolean };
  managed: { pnl: number; risk: number; win: boolean };
}

export type Ranking = "score" | "legacy";

const keyer = async (descriptor: string) => descriptor;

function grade(
  idea: TradeIdea,
  profile: SpreadProfile,
  rank: number,
  publishedAtMs: number,
): GradedPick | null {
  const content = JSON.parse(
    JSON.stringify(ideaLogContent({ idea, profile, tier: LOG_TIERS.pro30, rank }, publishedAtMs)),
  ) as LoggedContent;
  const bar = simulatedBar(idea.stock_symbol, idea.expiration_date);
  if (!bar) return null;
  const marks = simulatedDailyMarks(idea.stock_symbol, idea.expiration_date, content.legs, publishedAtMs);
  const rows = gradeRowsOf(0, content, bar, marks, new Date(publishedAtMs));
  const at = (rule: string) => rows.find((r) => r.rule === rule && r.fill === "fill")!;
  const hold = at("hold");
  const managed = at("managed");
  if (hold.pnl == null || managed.pnl == null) return null;
  return {
    tradeId: idea.trade_unique_identifier,
    pop: idea.probability_of_profit,
    expiration: idea.expiration_date,
    hold: { pnl: hold.pnl, risk: hold.risk, win: !!hold.win },
    managed: { pnl: managed.pnl, risk: managed.risk, win: !!managed.win },
  };
}

/** One day: both top-30 lists of `profile`, graded. Each trade counts once per list (its first day in it). */
export async function evidenceDay(
  day: string,
  profile: SpreadProfile,
  seen: Record<Ranking, Set<string>>,
  symbols: readonly string[] = DEFAULT_UNIVERSE_SYMBOLS,
): Promise<Record<Ranking, GradedPick[]>> {
  const at = newYorkInstant(day, BACKFILL_PUBLISH_HOUR);
  const ideas = await screenSimulatedAt({} as never, symbols, at, keyer);
  const byScore = ideasInPlanOrder(ideas, Number.POSITIVE_INFINITY, [], profile, day).slice(0, TOP);
  const byLegacy = ideas
    .filter((i) => i.profile === profile)
    .map((i) => ({ i, s: legacyRorPopScore(i) }))
    .sort((a, b) => b.s - a.s || (a.i.trade_unique_identifier < b.i.trade_unique_identifier ? -1 : 1))
    .slice(0, TOP)
    .map((x) => x.i);
  const out: Record<Ranking, GradedPick[]> = { score: [], legacy: [] };
  for (const [ranking, list] of [
    ["score", byScore],
    ["legacy", byLegacy],
  ] as const) {
    list.forEach((idea, i) => {
      if (seen[ranking].has(idea.trade_unique_identifier)) return;
      seen[ranking].add(idea.trade_unique_identifier);
      const g = grade(idea, profile, i + 1, at);
      if (g) out[ranking].push(g);
    });
  }
  return out;
}

export interface EvidenceFigures {
  n: number;
  winRate: number | null;
  winLow: number | null;
  winHigh: number | null;
  avgPnlPerRisk: number | null;
  worstLoss: number | null;
  profitFactor: number | null;
  brier: number | null;
  skill: number | null;
  skillLow: number | null;
  skillHigh: number | null;
  meanPop: number | null;
}

export function figuresOf(picks: readonly GradedPick[], rule: "hold" | "managed"): EvidenceFigures {
  const outcomes: Outcome[] = picks.map((p) => ({ p: p.pop / 100, win: p[rule].win, cluster: p.expiration }));
  const wins = outcomes.filter((o) => o.win).length;
  const n = outcomes.length;
  const w = wilsonInterval(wins, n);
  const money = moneySummary(picks.map((p) => p[rule]));
  const skillInterval = n ? clusteredBootstrap(outcomes, brierSkillScore, 200, 2) : null;
  return {
    n,
    winRate: n ? wins / n : null,
    winLow: w?.low ?? null,
    winHigh: w?.high ?? null,
    avgPnlPerRisk: money.averageReturnOnRisk,
    worstLoss: money.worstLoss,
    profitFactor: money.profitFactor,
    brier: brierScore(outcomes),
    skill: brierSkillScore(outcomes),
    skillLow: skillInterval?.low ?? null,
    skillHigh: skillInterval?.high ?? null,
    meanPop: n ? outcomes.reduce((s, o) => s + o.p, 0) / n : null,
  };
}

const pct = (v: number | null) => (v === null ? "-" : `${(v * 100).toFixed(1)}%`);
const num = (v: number | null, d = 3) => (v === null ? "-" : v.toFixed(d));

/** The side-by-side table, one line per ranking and rule. */
export function evidenceTable(all: Record<Ranking, GradedPick[]>): string {
  const lines = [
    "ranking  rule     n      win rate [95% Wilson]     P&L/risk  worst loss  profit factor  Brier   skill [95% clustered]   mean POP",
  ];
  for (const ranking of ["score", "legacy"] as const)
    for (const rule of ["hold", "managed"] as const) {
      const f = figuresOf(all[ranking], rule);
      lines.push(
        `${ranking.padEnd(8)} ${rule.padEnd(8)} ${String(f.n).padStart(5)}  ${pct(f.winRate).padStart(6)} [${pct(f.winLow)}, ${pct(f.winHigh)}]`.padEnd(
          52,
        ) +
          `${pct(f.avgPnlPerRisk).padStart(8)}  ${num(f.worstLoss, 0).padStart(10)}  ${num(f.profitFactor, 2).padStart(13)}  ` +
          `${num(f.brier)}  ${num(f.skill)} [${num(f.skillLow)}, ${num(f.skillHigh)}]  ${pct(f.meanPop)}`,
      );
    }
  return lines.join("\n");
}
