// The track record's figures (decision 265), computed by the grading job after it appends grades and stored as one
// snapshot the public page reads: the page never scans the log.
import { eq, sql } from "drizzle-orm";
import {
  brierScore,
  brierSkillScore,
  clusteredBootstrap,
  moneySummary,
  reliabilityBins,
  type MoneyOutcome,
  type Outcome,
} from "#app/engine/calibration.ts";
import {
  BINS_SEED,
  MANAGED_WIN_RATE_SEED,
  WIN_RATE_SEED,
  clusteredBins,
  clusteredWinInterval,
  moneyTotals,
  type MoneyFigures,
} from "#app/lib/track-record/clustered.ts";
import {
  BACKFILL_ORIGIN,
  DTE_BUCKETS,
  TRACK_LISTS,
  TRACK_STRATEGIES,
  WHEEL_LOG_TIER,
  wheelRiskLevelOf,
  type SpreadList,
  type TrackBinDigest,
  type TrackList,
  type TrackOriginFigures,
  type TrackSlice,
  type TrackSummaryFigures,
} from "#app/lib/track-record/track-record.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { runBatch } from "#app/server/db/sql.server.ts";
import { lastGoodUpserts, readLastGood, type MarketCacheEnv } from "#app/server/market/cache.server.ts";
import type { MarketSource } from "#app/server/market/types.server.ts";
import { loggedOnReplacedMarket } from "#app/server/track/simulator-version.server.ts";
import { TRACK_BINS_KEY } from "#app/server/track/outcomes.server.ts";

// v2: managed-rule figures and the backfill apart (a v1 snapshot lacks both; the next grading run writes v2).
export const TRACK_SUMMARY_KEY = "track:summary:v2";
/** Bootstrap rounds: enough for a stable 95% interval at the page's precision, bounded for the cron's CPU. */
export const BOOTSTRAP_ROUNDS = 400;

/** The per-risk summary and the dollar totals beside it. */
function moneyOf(outcomes: readonly MoneyOutcome[]): MoneyFigures {
  return { ...moneySummary(outcomes), ...moneyTotals(outcomes) };
}

export interface TrackSummary extends TrackSummaryFigures {
  /** The market source of the newest logged idea (the snapshot table's column). */
  source: MarketSource;
}

interface Row {
  seq: number;
  tradeId: string;
  tier: number;
  profile: string;
  strategy: string;
  dte: number;
  pop: number;
  expiration: string;
  publishedAt: Date;
  source: string;
  origin: string;
  /** The simulated market's generator the row was logged on (null: before version 2, or a live source). */
  simulatorVersion: number | null;
  rule: string | null;
  fill: string | null;
  status: string | null;
  pnl: number | null;
  risk: number | null;
  win: boolean | null;
  shortsOtm: boolean | null;
  pin: boolean | null;
}

interface TradeOutcome {
  strategy: string;
  profile: string;
  dte: number;
  pop: number;
  expiration: string;
  status: "pending" | "graded" | "no-settlement";
  fill?: { pnl: number; risk: number; win: boolean; shortsOtm: boolean; pin: boolean };
  mid?: { pnl: number; risk: number };
  managedFill?: { pnl: number; risk: number; win: boolean };
  managedMid?: { pnl: number; risk: number };
}

const TIER_OF: Record<SpreadList, number> = { pro30: 3, elite100: 2, pool: 1 };

/** A spread list holds its tier and the higher ones; a wheel list its risk level's wheel rows (decision 267). */
function inList(r: Row, list: TrackList): boolean {
  const riskLevel = wheelRiskLevelOf(list);
  if (riskLevel) return r.tier === WHEEL_LOG_TIER && r.profile === riskLevel;
  return r.tier >= TIER_OF[list as SpreadList];
}

/** Each list's trades, once each (the first row that put the trade in that list), with their hold grades. */
function tradesByList(rows: readonly Row[]): Record<TrackList, TradeOutcome[]> {
  const bySeq = new Map<number, TradeOutcome>();
  const firstRow = new Map<string, Row>();
  for (const r of rows) {
    let o = bySeq.get(r.seq);
    if (!o) {
      o = {
        strategy: r.strategy,
        profile: r.profile,
        dte: r.dte,
        pop: r.pop,
        expiration: r.expiration,
        status: "pending",
      };
      bySeq.set(r.seq, o);
    }
    if (r.rule === "managed") {
      // The management rule's rows sit beside the hold rows; the idea's status is the hold grade's.
      if (r.status === "graded" && r.pnl !== null && r.risk !== null) {
        if (r.fill === "fill") o.managedFill = { pnl: r.pnl, risk: r.risk, win: !!r.win };
        else o.managedMid = { pnl: r.pnl, risk: r.risk };
      }
    } else if (r.status === "no-settlement") o.status = "no-settlement";
    else if (r.status === "graded" && r.pnl !== null && r.risk !== null) {
      o.status = "graded";
      if (r.fill === "fill")
        o.fill = { pnl: r.pnl, risk: r.risk, win: !!r.win, shortsOtm: !!r.shortsOtm, pin: !!r.pin };
      else o.mid = { pnl: r.pnl, risk: r.risk };
    }
  }
  const out = Object.fromEntries(TRACK_LISTS.map((l) => [l, [] as TradeOutcome[]])) as Record<
    TrackList,
    TradeOutcome[]
  >;
  for (const list of TRACK_LISTS) {
    firstRow.clear();
    for (const r of rows) {
      if (!inList(r, list)) continue;
      const seen = firstRow.get(r.tradeId);
      if (!seen || r.seq < seen.seq) firstRow.set(r.tradeId, r);
    }
    for (const r of firstRow.values()) out[list].push(bySeq.get(r.seq)!);
  }
  return out;
}

export function sliceOf(trades: readonly TradeOutcome[]): TrackSlice {
  const settled = trades.filter((t) => t.status === "graded" && t.fill);
  const outcomes: Outcome[] = settled.map((t) => ({
    p: t.pop / 100,
    win: t.fill!.win,
    cluster: t.expiration,
  }));
  const wins = outcomes.filter((o) => o.win).length;
  const n = outcomes.length;
  const meanPredicted = n ? outcomes.reduce((s, o) => s + o.p, 0) / n : null;
  return {
    settled: n,
    pending: trades.filter((t) => t.status === "pending").length,
    unsettled: trades.filter((t) => t.status === "no-settlement").length,
    wins,
    winRate: n ? wins / n : null,
    winInterval: clusteredWinInterval(outcomes, BOOTSTRAP_ROUNDS, WIN_RATE_SEED),
    shortsOtmRate: n ? settled.filter((t) => t.fill!.shortsOtm).length / n : null,
    pins: settled.filter((t) => t.fill!.pin).length,
    bins: clusteredBins(reliabilityBins(outcomes), outcomes, BOOTSTRAP_ROUNDS, BINS_SEED),
    brier: brierScore(outcomes),
    brierInterval: n ? clusteredBootstrap(outcomes, brierScore, BOOTSTRAP_ROUNDS, 1) : null,
    skill: brierSkillScore(outcomes),
    skillInterval: n ? clusteredBootstrap(outcomes, brierSkillScore, BOOTSTRAP_ROUNDS, 2) : null,
    money: {
      fill: moneyOf(settled.map((t) => t.fill!)),
      mid: moneyOf(settled.filter((t) => t.mid).map((t) => t.mid!)),
    },
    meanPredicted,
    managed: managedOf(trades),
  };
}

function managedOf(trades: readonly TradeOutcome[]): TrackSlice["managed"] {
  const settled = trades.filter((t) => t.managedFill);
  const wins = settled.filter((t) => t.managedFill!.win).length;
  return {
    settled: settled.length,
    wins,
    winRate: settled.length ? wins / settled.length : null,
    winInterval: clusteredWinInterval(
      settled.map((t) => ({ cluster: t.expiration, win: t.managedFill!.win })),
      BOOTSTRAP_ROUNDS,
      MANAGED_WIN_RATE_SEED,
    ),
    money: {
      fill: moneyOf(settled.map((t) => t.managedFill!)),
      mid: moneyOf(settled.filter((t) => t.managedMid).map((t) => t.managedMid!)),
    },
  };
}

function dteBucket(dte: number): string {
  return DTE_BUCKETS.find((b) => dte >= b.from && dte <= b.to)?.key ?? "61+";
}

/** Every list, and each list by strategy, by DTE bucket and by profile (one dimension at a time). */
function originFigures(all: readonly Row[]): TrackOriginFigures {
  // Rows of a replaced simulated market are counted apart and left out of every figure (decision 316).
  const replaced = new Set<number>();
  for (const r of all) if (loggedOnReplacedMarket(r.source, r.simulatorVersion)) replaced.add(r.seq);
  const rows = replaced.size ? all.filter((r) => !replaced.has(r.seq)) : all;
  const lists = tradesByList(rows);
  const slices: Record<string, TrackSlice> = {};
  for (const list of TRACK_LISTS) {
    const trades = lists[list];
    slices[list] = sliceOf(trades);
    const groups = new Map<string, TradeOutcome[]>();
    for (const t of trades) {
      for (const key of [`strategy:${t.strategy}`, `dte:${dteBucket(t.dte)}`, `profile:${t.profile}`]) {
        const g = groups.get(key);
        if (g) g.push(t);
        else groups.set(key, [t]);
      }
    }
    for (const [key, group] of groups) slices[`${list}|${key}`] = sliceOf(group);
  }
  // A loop, not Math.min(...): spreading a grown log's rows as arguments overflows the stack (~120k rows).
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    const ms = r.publishedAt.getTime();
    if (ms < first) first = ms;
    if (ms > last) last = ms;
  }
  return {
    logRows: new Set(rows.map((r) => r.seq)).size,
    replacedRows: replaced.size,
    firstPublished: rows.length ? new Date(first).toISOString() : null,
    lastPublished: rows.length ? new Date(last).toISOString() : null,
    slices,
  };
}

/** The live publication's figures (the cron's rows) and, apart, the simulated-history backfill's. */
export function summarise(rows: readonly Row[], nowMs: number): TrackSummary {
  const live = rows.filter((r) => r.origin !== BACKFILL_ORIGIN);
  const backfill = rows.filter((r) => r.origin === BACKFILL_ORIGIN);
  const newest = rows.reduce<Row | null>((m, r) => (!m || r.seq > m.seq ? r : m), null);
  return {
    asOf: new Date(nowMs).toISOString(),
    source: (newest?.source ?? "demo") as MarketSource,
    sources: [...new Set(rows.map((r) => r.source))].sort(),
    ...originFigures(live),
    backfill: backfill.length ? originFigures(backfill) : null,
  };
}

/** Reads the log with its grades (columns only, never the content) and stores the page's figures. */
export async function refreshTrackSummary(env: MarketCacheEnv, nowMs: number): Promise<TrackSummary> {
  const db = getDb(env);
  const rows: Row[] = await db
    .select({
      seq: schema.ideaLog.seq,
      tradeId: schema.ideaLog.tradeId,
      tier: schema.ideaLog.tier,
      profile: schema.ideaLog.profile,
      strategy: schema.ideaLog.strategyType,
      dte: schema.ideaLog.dte,
      pop: schema.ideaLog.pop,
      expiration: schema.ideaLog.expirationDate,
      publishedAt: schema.ideaLog.publishedAt,
      source: schema.ideaLog.source,
      origin: schema.ideaLog.origin,
      // Read inside D1 (SQLite's JSON1): the page's figures still never carry the content out of the database.
      simulatorVersion: sql<number | null>`json_extract(${schema.ideaLog.content}, '$.simulator_version')`,
      rule: schema.ideaGrade.rule,
      fill: schema.ideaGrade.fill,
      status: schema.ideaGrade.status,
      pnl: schema.ideaGrade.pnl,
      risk: schema.ideaGrade.risk,
      win: schema.ideaGrade.win,
      shortsOtm: schema.ideaGrade.shortsOtm,
      pin: schema.ideaGrade.pin,
    })
    .from(schema.ideaLog)
    .leftJoin(schema.ideaGrade, eq(schema.ideaGrade.logSeq, schema.ideaLog.seq));
  const summary = summarise(rows, nowMs);
  await runBatch(
    db,
    lastGoodUpserts(
      env,
      [
        { key: TRACK_SUMMARY_KEY, payload: summary },
        { key: TRACK_BINS_KEY, payload: { ...binDigest(summary), source: summary.source } },
      ],
      nowMs,
    ),
  );
  return summary;
}

/**
 * The whole pool's bins per strategy, counts only: the small row the /spreads cards read (decision 269). The
 * forward record's once it has graded ideas of the strategy, else the backfill's, and the digest says which.
 */
export function binDigest(summary: TrackSummaryFigures): TrackBinDigest {
  const byStrategy: TrackBinDigest["byStrategy"] = {};
  const history: NonNullable<TrackBinDigest["history"]> = {};
  for (const { key } of TRACK_STRATEGIES) {
    const forward = summary.slices[`pool|strategy:${key}`];
    const backfill = summary.backfill?.slices[`pool|strategy:${key}`];
    const useBackfill = !forward?.settled && !!backfill?.settled;
    const slice = useBackfill ? backfill : forward;
    if (!slice) continue;
    byStrategy[key] = slice.bins.map((b) => ({ from: b.from, to: b.to, count: b.count, wins: b.wins }));
    history[key] = useBackfill ? "backfill" : "live";
  }
  const simulated = summary.sources.length === 0 || summary.sources.includes("demo");
  return { asOf: summary.asOf, byStrategy, history, simulated };
}

export async function readTrackSummary(env: MarketCacheEnv): Promise<TrackSummary | null> {
  const stored = await readLastGood<TrackSummary>(env, [TRACK_SUMMARY_KEY]);
  return stored.get(TRACK_SUMMARY_KEY)?.payload ?? null;
}

/** The refresh recomputes the figures at most this often (the grading job recomputes them after every run). */
export const SUMMARY_REFRESH_EVERY_MS = 3_600_000;

/**
 * Called by the market refresh after it appended to the log: a fresh install (no snapshot yet) or a snapshot older
 * than SUMMARY_REFRESH_EVERY_MS is recomputed, so the page's pending count and log rows follow the log during the
 * day without the refresh paying for the whole summary every 5 minutes. Returns whether it recomputed.
 */
export async function refreshTrackSummaryIfDue(env: MarketCacheEnv, nowMs: number): Promise<boolean> {
  const stored = await getDb(env)
    .select({ updatedAt: schema.marketSnapshots.updatedAt })
    .from(schema.marketSnapshots)
    .where(eq(schema.marketSnapshots.key, TRACK_SUMMARY_KEY))
    .get();
  if (stored && nowMs - stored.updatedAt.getTime() < SUMMARY_REFRESH_EVERY_MS) return false;
  await refreshTrackSummary(env, nowMs);
  return true;
}
