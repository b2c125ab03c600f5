// The track record's figures as the page shows them (decision 265): the snapshot's shape, the lists and filters,
// and the view one request selects. The grading job computes the snapshot (app/server/track/summary.server.ts).
import type { Interval, ReliabilityBin } from "#app/engine/calibration.ts";
import type { MoneyFigures } from "#app/lib/track-record/clustered.ts";
import { REGIME_LABEL, REGIMES, type EvidenceScope, type RegimeSpan } from "#app/lib/track-record/regimes.ts";

/** The spread lists, by tier (decision 265); the wheel universe's lists, one per risk level (decision 267). */
export const SPREAD_LISTS = ["pro30", "elite100", "pool"] as const;
export type SpreadList = (typeof SPREAD_LISTS)[number];
export const WHEEL_LISTS = ["wheel-conservative", "wheel-balanced", "wheel-aggressive"] as const;
export type WheelList = (typeof WHEEL_LISTS)[number];
export const TRACK_LISTS = [...SPREAD_LISTS, ...WHEEL_LISTS] as const;
export type TrackList = (typeof TRACK_LISTS)[number];
export const TRACK_LIST_LABEL: Record<TrackList, string> = {
  pro30: "Pro 30 (published)",
  elite100: "Elite list, first 100",
  pool: "Whole screened pool",
  "wheel-conservative": "Wheel, conservative",
  "wheel-balanced": "Wheel, balanced",
  "wheel-aggressive": "Wheel, aggressive",
};
/**
 * The log's tier of a wheel universe row: below every spread tier (1-3), so no spread list counts it; its list is
 * its risk level (the row's profile).
 */
export const WHEEL_LOG_TIER = 0;
export type WheelRiskLevel = "conservative" | "balanced" | "aggressive";
export const wheelListOf = (riskLevel: WheelRiskLevel): WheelList => `wheel-${riskLevel}`;
/** The risk level of a wheel list, or null for a spread list. */
export function wheelRiskLevelOf(list: TrackList): WheelRiskLevel | null {
  return list.startsWith("wheel-") ? (list.slice("wheel-".length) as WheelRiskLevel) : null;
}
export const DTE_BUCKETS = [
  { key: "0-20", from: 0, to: 20 },
  { key: "21-30", from: 21, to: 30 },
  { key: "31-45", from: 31, to: 45 },
  { key: "46-60", from: 46, to: 60 },
  { key: "61+", from: 61, to: Number.POSITIVE_INFINITY },
] as const;
export const TRACK_STRATEGIES = [
  { key: "BULL_PUT_SPREAD", label: "Bull put" },
  { key: "BEAR_CALL_SPREAD", label: "Bear call" },
  { key: "IRON_CONDOR", label: "Iron condor" },
  { key: "CASH_SECURED_PUT", label: "Cash-secured put" },
] as const;
export const TRACK_PROFILES = [
  { key: "conservative", label: "Conservative" },
  { key: "balanced", label: "Balanced" },
  { key: "aggressive", label: "Aggressive" },
] as const;

export interface TrackSlice {
  settled: number;
  pending: number;
  unsettled: number;
  wins: number;
  winRate: number | null;
  winInterval: Interval;
  /** Share of settled ideas whose short strikes all finished out of the money. */
  shortsOtmRate: number | null;
  pins: number;
  bins: ReliabilityBin[];
  brier: number | null;
  brierInterval: Interval | null;
  skill: number | null;
  skillInterval: Interval | null;
  /** At the fill basis the idea showed, and at mid. */
  money: { fill: MoneyFigures; mid: MoneyFigures };
  meanPredicted: number | null;
  /** The management rule (close at 50% of the credit or at 21 DTE on the daily closes), beside holding to expiry. */
  managed: {
    settled: number;
    wins: number;
    winRate: number | null;
    winInterval: Interval;
    money: { fill: MoneyFigures; mid: MoneyFigures };
  };
}

/** The origin label of a backfilled row (in its hashed content and the log's origin column, migration 0018). */
export const BACKFILL_ORIGIN = "backfill-simulated";

/** Which writer's rows a set of figures covers: the cron's live publication, or the simulated-history backfill. */
export const TRACK_ORIGINS = ["live", "backfill"] as const;
export type TrackOrigin = (typeof TRACK_ORIGINS)[number];
export const TRACK_ORIGIN_LABEL: Record<TrackOrigin, string> = {
  live: "Live publication",
  backfill: "Simulated history (backfill)",
};

/** On the simulated market no record is live: both origins are named for the data source they came from. */
export const SIMULATED_ORIGIN_LABEL: Record<TrackOrigin, string> = {
  live: "Simulated (forward)",
  backfill: "Simulated (backfill)",
};

export interface TrackOriginFigures {
  logRows: number;
  /**
   * Rows logged on an earlier version of the simulated market (decision 316): their closes are gone, so they are
   * left out of the figures, never settled on the new market's closes. Absent in an older snapshot.
   */
  replacedRows?: number;
  firstPublished: string | null;
  lastPublished: string | null;
  /** `${list}` or `${list}|${dimension}:${value}`. */
  slices: Record<string, TrackSlice>;
  /** The regimes the history spans (decision 332); absent in an older snapshot. */
  regimes?: RegimeSpan[];
  /** The simulated market's stress spell onsets that set a regime of this history. */
  stressOnsets?: string[];
  /** The published lists against the whole pool, overall and per regime. */
  evidence?: EvidenceScope[];
}

export interface TrackSummaryFigures extends TrackOriginFigures {
  asOf: string;
  /** Sources of the logged ideas ('demo' = the simulated market). */
  sources: string[];
  /** The top-level figures are the live publication's (the cron's rows); the backfill's are apart. */
  backfill: TrackOriginFigures | null;
}

export interface TrackRecordView {
  asOf: string | null;
  simulated: boolean;
  origin: TrackOrigin;
  /** Both origins with their row counts and dates, so the page says which figures come from where. */
  origins: { key: TrackOrigin; label: string; logRows: number; firstPublished: string | null }[];
  logRows: number;
  /** Rows of this origin logged on an earlier simulated market: shown as "simulated market replaced: not graded". */
  replacedRows: number;
  firstPublished: string | null;
  lastPublished: string | null;
  list: TrackList;
  by: string | null;
  title: string;
  slice: TrackSlice | null;
  lists: { key: TrackList; label: string }[];
  dimensions: { label: string; values: { key: string; label: string }[] }[];
  compare: { key: TrackList; label: string; slice: TrackSlice | null }[];
  regimes: RegimeSpan[];
  stressOnsets: string[];
  evidence: EvidenceScope[];
}

export const TRACK_FILTERS: TrackRecordView["dimensions"] = [
  { label: "Strategy", values: TRACK_STRATEGIES.map((s) => ({ key: `strategy:${s.key}`, label: s.label })) },
  { label: "Days to expiration", values: DTE_BUCKETS.map((b) => ({ key: `dte:${b.key}`, label: b.key })) },
  { label: "Profile", values: TRACK_PROFILES.map((p) => ({ key: `profile:${p.key}`, label: p.label })) },
  { label: "Regime", values: REGIMES.map((r) => ({ key: `regime:${r}`, label: REGIME_LABEL[r] })) },
];
const FILTER_LABEL = new Map(
  TRACK_FILTERS.flatMap((d) => d.values.map((v) => [v.key, `${d.label}: ${v.label}`])),
);

/** True when `by` names one of the page's filters. */
export function isTrackFilter(by: string): boolean {
  return FILTER_LABEL.has(by);
}

/** What one request shows: one list, optionally one filter, and every list under the same filter to compare. */
export function trackRecordView(
  summary: TrackSummaryFigures | null,
  list: TrackList,
  by: string | null,
  requestedOrigin: TrackOrigin | null = null,
): TrackRecordView {
  // Without a choice: the live record once it has rows, else the simulated history (a fresh machine's page).
  const origin: TrackOrigin =
    requestedOrigin ?? (!summary?.logRows && summary?.backfill?.logRows ? "backfill" : "live");
  const figures = origin === "backfill" ? (summary?.backfill ?? null) : summary;
  const key = (l: TrackList) => (by ? `${l}|${by}` : l);
  const pick = (l: TrackList) => figures?.slices[key(l)] ?? null;
  const simulated = !summary || summary.sources.length === 0 || summary.sources.includes("demo");
  const labels = simulated ? SIMULATED_ORIGIN_LABEL : TRACK_ORIGIN_LABEL;
  return {
    asOf: summary?.asOf ?? null,
    simulated,
    origin,
    origins: [
      {
        key: "live",
        label: labels.live,
        logRows: summary?.logRows ?? 0,
        firstPublished: summary?.firstPublished ?? null,
      },
      {
        key: "backfill",
        label: labels.backfill,
        logRows: summary?.backfill?.logRows ?? 0,
        firstPublished: summary?.backfill?.firstPublished ?? null,
      },
    ],
    logRows: figures?.logRows ?? 0,
    replacedRows: figures?.replacedRows ?? 0,
    firstPublished: figures?.firstPublished ?? null,
    lastPublished: figures?.lastPublished ?? null,
    list,
    by,
    title: `${labels[origin]} · ${TRACK_LIST_LABEL[list]}${by ? ` · ${FILTER_LABEL.get(by)}` : ""}`,
    slice: pick(list),
    lists: TRACK_LISTS.map((l) => ({ key: l, label: TRACK_LIST_LABEL[l] })),
    dimensions: TRACK_FILTERS,
    compare: TRACK_LISTS.map((l) => ({ key: l, label: TRACK_LIST_LABEL[l], slice: pick(l) })),
    regimes: figures?.regimes ?? [],
    stressOnsets: figures?.stressOnsets ?? [],
    evidence: figures?.evidence ?? [],
  };
}

// ---------------------------------------------------------------- outcomes beside an idea (decision 269)

/** How one logged idea turned out, as a shared page shows it (held to expiry, at the fill the idea showed). */
export type LoggedOutcome =
  | { state: "pending"; expiration: string }
  | {
      state: "graded";
      expiration: string;
      /** Per share: the official close on expiry day (AM-settled index options: the open, flagged). */
      settlement: number;
      settlementKind: "close" | "open-approx";
      /** Per contract, dollars, at the fill the idea showed. */
      pnl: number;
      /** Per share: the credit at that fill. */
      credit: number;
      win: boolean;
      pin: boolean;
      assigned: boolean;
      publishedAt: string;
    }
  | { state: "no-settlement"; expiration: string }
  /** Logged on an earlier version of the simulated market (decision 316): never settled on the new closes. */
  | { state: "market-replaced"; expiration: string }
  /** Not in the public record: why, in words (a covered call, or a put outside the fixed wheel universe). */
  | { state: "not-logged"; reason: string };

/** The words for a row logged on an earlier simulated market (decision 316). */
export const MARKET_REPLACED_LABEL = "Simulated market replaced: not graded";

export const NOT_LOGGED_REASON = {
  coveredCall:
    "Covered calls are not in the public track record: they depend on the shares and cost basis of a position.",
  wheelOutside:
    "This put is not in the public track record, which logs the cash-secured puts of the default universe at the default cash.",
  spread: "This idea is not in the public track record.",
} as const;

/** The realised rate of a predicted-POP bin, per spread strategy: what the /spreads cards read (one small row). */
export interface TrackBinDigest {
  asOf: string;
  /** Strategy -> the whole screened pool's reliability bins of that strategy (from, to, count, wins). */
  byStrategy: Record<string, { from: number; to: number; count: number; wins: number }[]>;
  /**
   * Strategy -> which history its bins count: the forward record once it has graded ideas of that strategy, else
   * the backfill. Absent in an older digest (the forward record's).
   */
  history?: Record<string, TrackOrigin>;
  /** True when the ideas came from the simulated market. Absent in an older digest. */
  simulated?: boolean;
}

export interface IdeasLikeIt {
  /** e.g. "Bull put spreads at 70-80% POP". */
  label: string;
  count: number;
  /** Share of wins, 0-1; null when the bin has no graded idea yet. */
  realised: number | null;
  /** The history counted, as the card says it: e.g. "Simulated (backfill)". */
  history: string;
}

const STRATEGY_PLURAL: Record<string, string> = {
  BULL_PUT_SPREAD: "Bull put spreads",
  BEAR_CALL_SPREAD: "Bear call spreads",
  IRON_CONDOR: "Iron condors",
  CASH_SECURED_PUT: "Cash-secured puts",
};

/** The bin an idea's predicted POP (percent) falls in, with how the graded ideas of that bin did. */
export function ideasLikeIt(
  digest: TrackBinDigest | null,
  strategy: string,
  popPercent: number,
): IdeasLikeIt | null {
  if (!Number.isFinite(popPercent)) return null;
  const p = Math.min(1, Math.max(0, popPercent / 100));
  const i = Math.min(9, Math.floor(p * 10));
  const from = i * 10;
  const label = `${STRATEGY_PLURAL[strategy] ?? "Ideas"} at ${from}-${from + 10}% POP`;
  const bin = digest?.byStrategy[strategy]?.find((b) => Math.round(b.from * 10) === i);
  const origin = digest?.history?.[strategy] ?? "live";
  const history = (digest?.simulated === false ? TRACK_ORIGIN_LABEL : SIMULATED_ORIGIN_LABEL)[origin];
  if (!bin || bin.count === 0) return { label, count: 0, realised: null, history };
  return { label, count: bin.count, realised: bin.wins / bin.count, history };
}
