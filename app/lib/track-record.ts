// The track record's figures as the page shows them (decision 265): the snapshot's shape, the lists and filters,
// and the view one request selects. The grading job computes the snapshot (app/server/track/summary.server.ts).
import type { Interval, MoneySummary, ReliabilityBin } from "../engine/calibration";

export const TRACK_LISTS = ["pro30", "elite100", "pool"] as const;
export type TrackList = (typeof TRACK_LISTS)[number];
export const TRACK_LIST_LABEL: Record<TrackList, string> = {
  pro30: "Pro 30 (published)",
  elite100: "Elite list, first 100",
  pool: "Whole screened pool",
};
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
  money: { fill: MoneySummary; mid: MoneySummary };
  meanPredicted: number | null;
  /** The management rule (close at 50% of the credit or at 21 DTE on the daily closes), beside holding to expiry. */
  managed: {
    settled: number;
    wins: number;
    winRate: number | null;
    winInterval: Interval;
    money: { fill: MoneySummary; mid: MoneySummary };
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

export interface TrackOriginFigures {
  logRows: number;
  firstPublished: string | null;
  lastPublished: string | null;
  /** `${list}` or `${list}|${dimension}:${value}`. */
  slices: Record<string, TrackSlice>;
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
  firstPublished: string | null;
  lastPublished: string | null;
  list: TrackList;
  by: string | null;
  title: string;
  slice: TrackSlice | null;
  lists: { key: TrackList; label: string }[];
  dimensions: { label: string; values: { key: string; label: string }[] }[];
  compare: { key: TrackList; label: string; slice: TrackSlice | null }[];
}

export const TRACK_FILTERS: TrackRecordView["dimensions"] = [
  { label: "Strategy", values: TRACK_STRATEGIES.map((s) => ({ key: `strategy:${s.key}`, label: s.label })) },
  { label: "Days to expiration", values: DTE_BUCKETS.map((b) => ({ key: `dte:${b.key}`, label: b.key })) },
  { label: "Profile", values: TRACK_PROFILES.map((p) => ({ key: `profile:${p.key}`, label: p.label })) },
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
  return {
    asOf: summary?.asOf ?? null,
    simulated: !summary || summary.sources.length === 0 || summary.sources.includes("demo"),
    origin,
    origins: [
      {
        key: "live",
        label: TRACK_ORIGIN_LABEL.live,
        logRows: summary?.logRows ?? 0,
        firstPublished: summary?.firstPublished ?? null,
      },
      {
        key: "backfill",
        label: TRACK_ORIGIN_LABEL.backfill,
        logRows: summary?.backfill?.logRows ?? 0,
        firstPublished: summary?.backfill?.firstPublished ?? null,
      },
    ],
    logRows: figures?.logRows ?? 0,
    firstPublished: figures?.firstPublished ?? null,
    lastPublished: figures?.lastPublished ?? null,
    list,
    by,
    title: `${TRACK_ORIGIN_LABEL[origin]} · ${TRACK_LIST_LABEL[list]}${by ? ` · ${FILTER_LABEL.get(by)}` : ""}`,
    slice: pick(list),
    lists: TRACK_LISTS.map((l) => ({ key: l, label: TRACK_LIST_LABEL[l] })),
    dimensions: TRACK_FILTERS,
    compare: TRACK_LISTS.map((l) => ({ key: l, label: TRACK_LIST_LABEL[l], slice: pick(l) })),
  };
}
