// The market regime of a publication day (decision 332) and the evidence table's words. The simulated market says
// when its stress spells open (app/server/market/providers/demo/economy.server.ts); a live market's regime is not
// classified, since no spell is known there.
import type { Interval } from "#app/engine/calibration.ts";

export const REGIMES = ["stress", "recovery", "calm"] as const;
export type Regime = (typeof REGIMES)[number];
/** A row's regime: one of REGIMES, or not classified (a live source). */
export type RegimeKey = Regime | "unclassified";
export const REGIME_LABEL: Record<RegimeKey, string> = {
  stress: "Stress",
  recovery: "Recovery",
  calm: "Calm",
  unclassified: "Not classified (live market)",
};
/**
 * Sessions after a spell counted as its recovery: about two months, while the volatility state decays back (its
 * half-life is weeks) and implied volatility is still above calm levels.
 */
export const RECOVERY_SESSIONS = 42;

/**
 * The regime of a day from the sessions since the latest spell's onset (null: none within spell + recovery).
 * Spells are at least a block apart, so the latest onset decides.
 */
export function regimeOf(sessionsSinceOnset: number | null, spellSessions: number): Regime {
  if (sessionsSinceOnset === null || sessionsSinceOnset < 0) return "calm";
  if (sessionsSinceOnset < spellSessions) return "stress";
  return sessionsSinceOnset < spellSessions + RECOVERY_SESSIONS ? "recovery" : "calm";
}

/** How much of each regime a history holds: the page says which regimes the figures span. */
export interface RegimeSpan {
  regime: RegimeKey;
  /** Publication days in the regime. */
  days: number;
  /** Ideas of the whole pool published in it (each trade once). */
  ideas: number;
  /** Distinct expirations of those ideas: the bootstrap's clusters. */
  expirations: number;
  firstDay: string | null;
  lastDay: string | null;
}

export type Verdict = "beat" | "trailed" | "no-difference" | "no-data";

/**
 * A gap (list minus pool) beats the pool only when its whole interval is above zero, trails when below; without an
 * interval (nothing settled yet) it shows nothing, which is not the same as showing no difference.
 */
export function verdictOf(gapInterval: Interval | null): Verdict {
  if (!gapInterval) return "no-data";
  if (gapInterval.low > 0) return "beat";
  if (gapInterval.high < 0) return "trailed";
  return "no-difference";
}

/** What a gap's interval shows, in the page's words: the one place they come from the numbers. */
export function verdictWords(gapInterval: Interval | null, reference = "the pool"): string {
  const verdict = verdictOf(gapInterval);
  if (verdict === "beat") return `beat ${reference}`;
  if (verdict === "no-data") return "not enough settled ideas yet";
  return verdict === "trailed" ? `trailed ${reference}` : "no difference shown";
}

/** The lists the evidence sets against the whole screened pool; the previous score's was ranked, never published. */
export const EVIDENCE_LISTS = ["pro30", "elite100", "previous30"] as const;
export type EvidenceList = (typeof EVIDENCE_LISTS)[number];
export const PUBLISHED_EVIDENCE_LISTS = ["pro30", "elite100"] as const satisfies readonly EvidenceList[];
export const EVIDENCE_LIST_LABEL: Record<EvidenceList, string> = {
  pro30: "Pro 30 (published)",
  elite100: "Elite list, first 100",
  previous30: "Previous score's top 30 (not published)",
};

/** One list's ideas in a scope, held to expiry at the fill each idea showed, one contract each. */
export interface EvidenceFigures {
  settled: number;
  expirations: number;
  /** Total P&L over total risk, dollars. */
  perRisk: number | null;
  totalPnl: number;
}

/** A list against the pool in one scope: the gap in P&L per risk and its paired clustered interval. */
export interface EvidenceGap extends EvidenceFigures {
  list: EvidenceList;
  gap: number | null;
  gapInterval: Interval | null;
}

/** The evidence in one scope: the whole history or one regime. */
export interface EvidenceScope {
  scope: "all" | Regime;
  pool: EvidenceFigures;
  lists: EvidenceGap[];
  /** The Pro 30 minus the previous score's top 30 (decision 266's claim), when the history ranked both. */
  scoreGap?: { gap: number | null; gapInterval: Interval | null } | null;
}

/** The goal (reported, not forced): a list beats the pool, interval clear of zero, in at least this many regimes. */
export const GOAL_REGIMES = 3;

export interface EvidenceGoal {
  list: EvidenceList;
  /** Each regime the history spans, with what the list's gap shows there. */
  regimes: { regime: Regime; verdict: Verdict; gapInterval: Interval | null }[];
  met: boolean;
}

export function evidenceGoal(evidence: readonly EvidenceScope[], list: EvidenceList): EvidenceGoal {
  const regimes = evidence.flatMap((s) => {
    if (s.scope === "all") return [];
    const gapInterval = s.lists.find((l) => l.list === list)?.gapInterval ?? null;
    return [{ regime: s.scope, verdict: verdictOf(gapInterval), gapInterval }];
  });
  return { list, regimes, met: regimes.filter((r) => r.verdict === "beat").length >= GOAL_REGIMES };
}

/** The goal's plain sentence for one list: met, or which regimes it was not met in and what they show. */
export function goalSentence(goal: EvidenceGoal, label: string): string {
  if (!goal.regimes.length)
    return `${label}: no idea of a classified regime has settled yet, so the goal cannot be judged.`;
  const each = goal.regimes.map(
    (r) => `${REGIME_LABEL[r.regime].toLowerCase()}: ${verdictWords(r.gapInterval)}`,
  );
  if (goal.met) return `${label} beat the pool in ${goal.regimes.length} regimes (${each.join("; ")}).`;
  const beaten = goal.regimes.filter((r) => r.verdict === "beat").length;
  const span =
    goal.regimes.length < GOAL_REGIMES
      ? ` This history spans ${goal.regimes.length} of the ${GOAL_REGIMES} regimes.`
      : "";
  return `${label} did not beat the pool across ${GOAL_REGIMES} regimes: it beat the pool in ${beaten} of ${goal.regimes.length} (${each.join("; ")}).${span}`;
}
