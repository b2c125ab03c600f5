// The track record's idea log (decision 265): the cron's refresh is its single writer. Each idea is frozen the first
// time it is published in a list tier (the screened pool, the Elite list's first 100, the Pro 30) of its profile;
// later refreshes that show it again add nothing, so the log grows by the ideas that are new each day, not by views.
import { desc, gte } from "drizzle-orm";
import { ENGINE_VERSION, SPREAD_PROFILES, type SpreadProfile } from "#app/engine/index.ts";
import { canonicalJson, chainHash, GENESIS_HASH } from "#app/lib/hash-chain.ts";
import { PROBABILITY_LABEL } from "#app/lib/model-labels.ts";
import { WHEEL_LOG_TIER, wheelListOf } from "#app/lib/track-record/track-record.ts";
import { WHEEL_DEFAULTS, type RiskLevel } from "#app/lib/wheel/wheel.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { runBatch } from "#app/server/db/sql.server.ts";
import type { MarketCacheEnv } from "#app/server/market/cache.server.ts";
import type { TradeIdea } from "#app/server/market/ideas.server.ts";
import type { PublishedWheelIdea } from "#app/server/market/universe.server.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { trackedContractRows } from "#app/server/track/marks.server.ts";
import { ideasInPlanOrder } from "#app/lib/trade-ideas.ts";
import { SIMULATOR_VERSION } from "#app/server/track/simulator-version.server.ts";

/** List tiers, lowest first: an idea is logged again only when it reaches a higher one. */
export const LOG_TIERS = { pool: 1, elite100: 2, pro30: 3 } as const;
export type LogTier = (typeof LOG_TIERS)[keyof typeof LOG_TIERS];
const PRO_LIST = 30;
const ELITE_LIST = 100;
/** The content schema's version (a reader of the CSV checks it before reading fields). */
export const LOG_CONTENT_VERSION = 1;

export interface PublishedIdea {
  idea: TradeIdea;
  profile: SpreadProfile;
  tier: LogTier;
  /** 1-based position in the profile's public list (list rules, no watchlist). */
  rank: number;
}

/**
 * Every stored idea with the highest tier it is published in: each profile's list in the order every plan sees
 * (the list rules with no watchlist, as a visitor's Pro or Elite list starts), Pro the first 30, Elite's first 100.
 */
export function publishedIdeas(ideas: readonly TradeIdea[], today: string): PublishedIdea[] {
  const out: PublishedIdea[] = [];
  for (const profile of SPREAD_PROFILES) {
    const ordered = ideasInPlanOrder(ideas, Number.POSITIVE_INFINITY, [], profile, today);
    ordered.forEach((idea, i) => {
      const tier = i < PRO_LIST ? LOG_TIERS.pro30 : i < ELITE_LIST ? LOG_TIERS.elite100 : LOG_TIERS.pool;
      out.push({ idea, profile, tier, rank: i + 1 });
    });
  }
  return out;
}

const TIER_LISTS: Record<LogTier, string[]> = {
  1: ["pool"],
  2: ["elite100", "pool"],
  3: ["pro30", "elite100", "pool"],
};

/** What the log freezes of an idea: every number a grade or a calibration needs, with its sources and time. */
export function ideaLogContent(entry: PublishedIdea, publishedAtMs: number): Record<string, unknown> {
  const { idea } = entry;
  return {
    v: LOG_CONTENT_VERSION,
    trade_id: idea.trade_unique_identifier,
    profile: entry.profile,
    lists: TIER_LISTS[entry.tier],
    rank: entry.rank,
    symbol: idea.stock_symbol,
    strategy: idea.strategy_type,
    expiration: idea.expiration_date,
    dte: idea.daysToExpiration,
    published_at: new Date(publishedAtMs).toISOString(),
    quote_time: idea.asOf,
    source: idea.source,
    engine_version: ENGINE_VERSION,
    // The simulated market's generator (decision 316): an idea of another version is never settled on these closes.
    ...(idea.source === "demo" ? { simulator_version: SIMULATOR_VERSION } : {}),
    spot: idea.underlyingPrice,
    legs: idea.legs.map((l) => ({
      occ: l.occSymbol,
      type: l.type,
      side: l.side,
      strike: l.strike,
      bid: l.bid,
      ask: l.ask,
      mid: l.mid,
      fill: l.fill,
      iv: l.iv,
      delta: l.delta,
      open_interest: l.openInterest,
      prev_day_volume: l.prevDayVolume,
    })),
    strikes: {
      put_long: idea.put_long_strike,
      put_short: idea.put_short_strike,
      call_short: idea.call_short_strike,
      call_long: idea.call_long_strike,
    },
    credit: {
      mid: idea.net_credit_mid,
      natural: idea.net_credit_natural,
      fill: idea.net_credit,
      fill_basis: idea.fill_basis,
    },
    width: idea.width,
    max_loss: idea.maxLoss,
    max_profit: idea.maxProfit,
    breakevens: [idea.breakevenLow, idea.breakevenHigh],
    return_on_risk: idea.return_on_risk,
    assumptions: idea.assumptions,
    pop: idea.pop_methods,
    probability_label: idea.probability_label,
    prob_touch: idea.prob_touch,
    expected_value: idea.expected_value,
    liquidity_weight: idea.liquidity_weight,
    score: idea.score,
    score_parts: idea.score_parts,
    events: idea.events,
    earnings_date: idea.earnings_date,
    ex_dividend_date: idea.ex_dividend_date,
  };
}

/** A wheel row's trade id: the option and the list (a put may move from one risk level's band to another's). */
export const wheelTradeId = (riskLevel: RiskLevel, optionSymbol: string) =>
  `CSP-${riskLevel}-${optionSymbol}`;

/** What the log freezes of a wheel idea: the spread rows' fields where they apply (decision 267). */
export function wheelLogContent(entry: PublishedWheelIdea, publishedAtMs: number): Record<string, unknown> {
  const c = entry.candidate;
  return {
    v: LOG_CONTENT_VERSION,
    trade_id: wheelTradeId(entry.riskLevel, c.optionSymbol),
    profile: entry.riskLevel,
    lists: [wheelListOf(entry.riskLevel)],
    rank: entry.rank,
    symbol: c.symbol,
    strategy: c.strategy_type,
    expiration: c.expirationDate,
    dte: c.daysToExpiration,
    published_at: new Date(publishedAtMs).toISOString(),
    quote_time: c.lastUpdated,
    source: entry.source,
    engine_version: ENGINE_VERSION,
    ...(entry.source === "demo" ? { simulator_version: SIMULATOR_VERSION } : {}),
    spot: c.currentPrice,
    legs: [
      {
        occ: c.optionSymbol,
        type: "put",
        side: "sell",
        strike: c.putStrike,
        bid: c.bid,
        ask: c.ask,
        mid: c.premium_mid,
        fill: c.premium,
        iv: c.impliedVolatility / 100,
        delta: c.delta,
        open_interest: c.openInterest,
        prev_day_volume: c.volume,
      },
    ],
    strikes: { put_long: null, put_short: c.putStrike, call_short: null, call_long: null },
    credit: {
      mid: c.premium_mid,
      natural: c.premium_natural,
      fill: c.premium,
      fill_basis: c.fill_basis,
    },
    width: null,
    cash: WHEEL_DEFAULTS.cash,
    contracts: c.contracts,
    max_loss: c.maxLoss,
    max_profit: c.premium * 100,
    breakevens: [c.breakEvenPrice, null],
    return_on_risk: (c.premium / (c.putStrike - c.premium)) * 100,
    return_on_capital: c.returnOnCapital,
    annualized_return: c.annualizedReturn,
    assumptions: c.assumptions,
    pop: c.pop_methods,
    probability_label: PROBABILITY_LABEL,
    win_probability: c.winProbability,
    win_probability_method: c.winProbabilityMethod,
    prob_touch: c.prob_touch,
    expected_value: c.expected_value,
    liquidity_weight: c.score_parts.liquidity,
    score: c.score_parts.score,
    score_parts: c.score_parts,
    events: c.events,
  };
}

type LogEnv = MarketCacheEnv;

/** 14 bound parameters a row: 7 rows a statement stays under D1's 100. */
const ROWS_PER_INSERT = 7;

/**
 * Appends the newly published ideas of this refresh to the log, in one batch (all or nothing: a failed batch is
 * retried whole by the next refresh, which finds the same ideas unlogged). `today` is the refresh's New York date:
 * ideas already logged are looked up among the open ones (expiring today or later), a bounded read.
 *
 * What is sampled when (decision 278): the published lists (Pro 30, Elite 100) on every refresh, as users see
 * them; the whole screened pool and the fixed wheel universe once per session, by the session's first refresh
 * that logs them (`loadWheel` is only called then, so later refreshes skip the wheel screen's CPU too).
 */
export async function appendIdeaLog(
  env: LogEnv,
  ideas: readonly TradeIdea[],
  today: string,
  nowMs: number,
  loadWheel: () => Promise<readonly PublishedWheelIdea[]> = async () => [],
): Promise<{ appended: number; wheelAppended: number; bytes: number; trackedContracts: number }> {
  const db = getDb(env);
  const logged = new Map<string, number>();
  let poolLoggedToday = false;
  let wheelLoggedToday = false;
  const rows = await db
    .select({
      tradeId: schema.ideaLog.tradeId,
      tier: schema.ideaLog.tier,
      publishedAt: schema.ideaLog.publishedAt,
      origin: schema.ideaLog.origin,
    })
    .from(schema.ideaLog)
    .where(gte(schema.ideaLog.expirationDate, today));
  for (const row of rows) {
    logged.set(row.tradeId, Math.max(row.tier, logged.get(row.tradeId) ?? 0));
    if (row.origin !== "cron" || newYorkDateOf(row.publishedAt.getTime()) !== today) continue;
    if (row.tier === LOG_TIERS.pool) poolLoggedToday = true;
    if (row.tier === WHEEL_LOG_TIER) wheelLoggedToday = true;
  }

  const fresh = publishedIdeas(ideas, today).filter(
    (p) =>
      p.tier > (logged.get(p.idea.trade_unique_identifier) ?? 0) &&
      (p.tier > LOG_TIERS.pool || !poolLoggedToday),
  );
  // A wheel row is logged once per trade id (its list is in the id); the same put shown again adds nothing.
  const wheel = wheelLoggedToday ? [] : await loadWheel();
  const freshWheel = wheel.filter((w) => !logged.has(wheelTradeId(w.riskLevel, w.candidate.optionSymbol)));
  if (!fresh.length && !freshWheel.length)
    return { appended: 0, wheelAppended: 0, bytes: 0, trackedContracts: 0 };

  let { seq, prev } = await readLogHead(db);
  let bytes = 0;
  const values: (typeof schema.ideaLog.$inferInsert)[] = [];
  for (const entry of fresh) {
    const content = canonicalJson(ideaLogContent(entry, nowMs));
    const rowHash = await chainHash(prev, content);
    seq += 1;
    bytes += content.length;
    values.push({
      seq,
      tradeId: entry.idea.trade_unique_identifier,
      tier: entry.tier,
      profile: entry.profile,
      stockSymbol: entry.idea.stock_symbol,
      strategyType: entry.idea.strategy_type,
      expirationDate: entry.idea.expiration_date,
      dte: entry.idea.daysToExpiration,
      pop: entry.idea.probability_of_profit,
      publishedAt: new Date(nowMs),
      source: entry.idea.source,
      content,
      prevHash: prev,
      rowHash,
    });
    prev = rowHash;
  }
  for (const entry of freshWheel) {
    const c = entry.candidate;
    const content = canonicalJson(wheelLogContent(entry, nowMs));
    const rowHash = await chainHash(prev, content);
    seq += 1;
    bytes += content.length;
    values.push({
      seq,
      tradeId: wheelTradeId(entry.riskLevel, c.optionSymbol),
      tier: WHEEL_LOG_TIER,
      profile: entry.riskLevel,
      stockSymbol: c.symbol,
      strategyType: c.strategy_type,
      expirationDate: c.expirationDate,
      dte: c.daysToExpiration,
      pop: c.pop_methods.market_implied,
      publishedAt: new Date(nowMs),
      source: entry.source,
      content,
      prevHash: prev,
      rowHash,
    });
    prev = rowHash;
  }
  const statements = [];
  for (let i = 0; i < values.length; i += ROWS_PER_INSERT) {
    statements.push(db.insert(schema.ideaLog).values(values.slice(i, i + ROWS_PER_INSERT)));
  }
  // Live ideas' contracts, so the closing refresh records their marks (decision 278); the simulated market's are
  // rebuilt from its state. 3 bound parameters a row: 30 rows a statement.
  const tracked = trackedContractRows(
    values
      .filter((v) => v.source !== "demo")
      .map((v) => {
        const c = JSON.parse(v.content) as { legs: { occ?: string | null }[] };
        return { symbol: v.stockSymbol, expiration: v.expirationDate, legs: c.legs };
      }),
  );
  for (let i = 0; i < tracked.length; i += 30)
    statements.push(
      db
        .insert(schema.trackedContracts)
        .values(tracked.slice(i, i + 30))
        .onConflictDoNothing(),
    );
  await runBatch(db, statements);
  return {
    appended: values.length,
    wheelAppended: freshWheel.length,
    bytes,
    trackedContracts: tracked.length,
  };
}

/** The log in order, as the CSV and the verifier read it. */
export async function readIdeaLog(env: LogEnv, afterSeq = 0, limit = 1000) {
  return getDb(env)
    .select()
    .from(schema.ideaLog)
    .where(gte(schema.ideaLog.seq, afterSeq + 1))
    .orderBy(schema.ideaLog.seq)
    .limit(limit);
}

/** The CSV's columns, in order: enough to re-check the chain (content, prev_hash, row_hash) and to filter. */
export const TRACK_CSV_COLUMNS = [
  "seq",
  "published_at",
  "trade_id",
  "tier",
  "profile",
  "symbol",
  "strategy",
  "expiration",
  "dte",
  "pop",
  "source",
  "content",
  "prev_hash",
  "row_hash",
] as const;

export function trackCsvRow(row: typeof schema.ideaLog.$inferSelect): (string | number)[] {
  return [
    row.seq,
    row.publishedAt.toISOString(),
    row.tradeId,
    row.tier,
    row.profile,
    row.stockSymbol,
    row.strategyType,
    row.expirationDate,
    row.dte,
    row.pop,
    row.source,
    row.content,
    row.prevHash,
    row.rowHash,
  ];
}

/** The log's last row: its seq and hash (0 and the genesis hash when empty), which the next append follows. */
export async function readLogHead(db: ReturnType<typeof getDb>): Promise<{ seq: number; prev: string }> {
  const head = await db
    .select({ seq: schema.ideaLog.seq, rowHash: schema.ideaLog.rowHash })
    .from(schema.ideaLog)
    .orderBy(desc(schema.ideaLog.seq))
    .limit(1)
    .get();
  return { seq: head?.seq ?? 0, prev: head?.rowHash ?? GENESIS_HASH };
}
