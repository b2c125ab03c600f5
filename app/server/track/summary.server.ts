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
  EVIDENCE_SEED,
  MANAGED_WIN_RATE_SEED,
  WIN_RATE_SEED,
  clusteredBins,
  clusteredWinInterval,
  moneyTotals,
  pairedGapInterval,
  pnlPerRisk,
  type MoneyFigures,
} from "#app/lib/track-record/clustered.ts";
import {
  EVIDENCE_LISTS,
  REGIMES,
  type EvidenceList,
  type EvidenceFigures,
  type EvidenceScope,
  type RegimeKey,
  type RegimeSpan,
} from "#app/lib/track-record/regimes.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
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
import {
  regimeOfPublication,
  simulatedRegimeOn,
  simulatedStressOnsets,
} from "#app/server/track/regimes.server.ts";
import { readPreviousScorePicks, type PreviousPick } from "#app/server/track/previous-score.server.ts";

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
  /** The regime of the row's publication day (decision 332). */
  regime: RegimeKey;
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
        regime: regimeOfPublication(r.source, r.publishedAt.getTime()),
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
function originFigures(all: readonly Row[], previous: readonly PreviousPick[] = []): TrackOriginFigures {
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
      const keys = [`strategy:${t.strategy}`, `dte:${dteBucket(t.dte)}`, `profile:${t.profile}`];
      if (t.regime !== "unclassified") keys.push(`regime:${t.regime}`);
      for (const key of keys) {
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
  const simulated = rows.some((r) => r.source === "demo");
  return {
    logRows: new Set(rows.map((r) => r.seq)).size,
    replacedRows: replaced.size,
    firstPublished: rows.length ? new Date(first).toISOString() : null,
    lastPublished: rows.length ? new Date(last).toISOString() : null,
    slices,
    regimes: regimeSpans(rows, lists.pool),
    stressOnsets:
      simulated && rows.length ? simulatedStressOnsets(newYorkDateOf(first), newYorkDateOf(last)) : [],
    evidence: evidenceOf(lists, previous.map(previousOutcome)),
  };
}

/** Each regime's publication days, pool ideas and their expirations, in REGIMES order (unclassified last). */
function regimeSpans(rows: readonly Row[], pool: readonly TradeOutcome[]): RegimeSpan[] {
  const days = new Map<RegimeKey, Set<string>>();
  for (const r of rows) {
    const regime = regimeOfPublication(r.source, r.publishedAt.getTime());
    const set = days.get(regime) ?? new Set<string>();
    set.add(newYorkDateOf(r.publishedAt.getTime()));
    days.set(regime, set);
  }
  return ([...REGIMES, "unclassified"] as const)
    .filter((regime) => days.has(regime))
    .map((regime) => {
      const sorted = [...days.get(regime)!].sort();
      const ideas = pool.filter((t) => t.regime === regime);
      return {
        regime,
        days: sorted.length,
        ideas: ideas.length,
        expirations: new Set(ideas.map((t) => t.expiration)).size,
        firstDay: sorted[0] ?? null,
        lastDay: sorted.at(-1) ?? null,
      };
    });
}

/** Held to expiry at the fill each idea showed, one contract each, with its expiration as the cluster. */
function settledMoney(trades: readonly TradeOutcome[]) {
  return trades
    .filter((t) => t.status === "graded" && t.fill)
    .map((t) => ({ cluster: t.expiration, pnl: t.fill!.pnl, risk: t.fill!.risk }));
}

function evidenceFigures(money: readonly { cluster: string; pnl: number; risk: number }[]): EvidenceFigures {
  return {
    settled: money.length,
    expirations: new Set(money.map((m) => m.cluster)).size,
    perRisk: pnlPerRisk(money),
    totalPnl: moneyTotals(money).totalPnl,
  };
}

/**
 * The published lists against the whole screened pool (decision 332): P&L per dollar of risk, the gap and its
 * 95% interval from resampling whole expirations of both at once, over the whole history and per regime.
 */
function evidenceOf(
  lists: Record<TrackList, TradeOutcome[]>,
  previous: readonly TradeOutcome[],
): EvidenceScope[] {
  const listOf = (list: EvidenceList) => (list === "previous30" ? previous : lists[list]);
  const scopes: EvidenceScope[] = [];
  for (const scope of ["all", ...REGIMES] as const) {
    const inScope = (t: TradeOutcome) => scope === "all" || t.regime === scope;
    const pool = settledMoney(lists.pool.filter(inScope));
    if (scope !== "all" && !pool.length) continue;
    const poolFigures = evidenceFigures(pool);
    scopes.push({
      scope,
      pool: poolFigures,
      lists: EVIDENCE_LISTS.filter((list) => list !== "previous30" || previous.length).map((list) => {
        const money = settledMoney(listOf(list).filter(inScope));
        const figures = evidenceFigures(money);
        return {
          list,
          ...figures,
          gap:
            figures.perRisk !== null && poolFigures.perRisk !== null
              ? figures.perRisk - poolFigures.perRisk
              : null,
          gapInterval: pairedGapInterval(money, pool, BOOTSTRAP_ROUNDS, EVIDENCE_SEED),
        };
      }),
      scoreGap: previous.length ? scoreGapOf(lists.pro30.filter(inScope), previous.filter(inScope)) : null,
    });
  }
  return scopes;
}

/** Today's Pro 30 minus the previous score's top 30, paired by expiration as the gaps to the pool are. */
function scoreGapOf(pro: readonly TradeOutcome[], previous: readonly TradeOutcome[]) {
  const a = settledMoney(pro);
  const b = settledMoney(previous);
  const pa = pnlPerRisk(a);
  const pb = pnlPerRisk(b);
  return {
    gap: pa !== null && pb !== null ? pa - pb : null,
    gapInterval: pairedGapInterval(a, b, BOOTSTRAP_ROUNDS, EVIDENCE_SEED),
  };
}

/** A previous-score pick as the summary's outcome: graded held to expiry at the fill (the only figure it keeps). */
function previousOutcome([, day, expiration, pnl, risk]: PreviousPick): TradeOutcome {
  return {
    strategy: "",
    profile: "",
    dte: 0,
    pop: 0,
    expiration,
    regime: simulatedRegimeOn(day),
    status: "graded",
    fill: { pnl, risk, win: pnl > 0, shortsOtm: false, pin: false },
  };
}

/** The live publication's figures (the cron's rows) and, apart, the simulated-history backfill's. */
export function summarise(
  rows: readonly Row[],
  nowMs: number,
  previous: readonly PreviousPick[] = [],
): TrackSummary {
  const live = rows.filter((r) => r.origin !== BACKFILL_ORIGIN);
  const backfill = rows.filter((r) => r.origin === BACKFILL_ORIGIN);
  const newest = rows.reduce<Row | null>((m, r) => (!m || r.seq > m.seq ? r : m), null);
  return {
    asOf: new Date(nowMs).toISOString(),
    source: (newest?.source ?? "demo") as MarketSource,
    sources: [...new Set(rows.map((r) => r.source))].sort(),
    ...originFigures(live),
    backfill: backfill.length ? originFigures(backfill, previous) : null,
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
  const summary = summarise(rows, nowMs, await readPreviousScorePicks(env));
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
