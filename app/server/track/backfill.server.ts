// The track record's backfill over the simulated market's history (decision 266): for each past trading day, the
// cron's own screen (refreshSymbol -> screenChain -> finaliseIdeas -> the list order of publishedIdeas) runs on the
// simulated market at that day's publication time; the ideas new to a tier are appended to the SAME log, labelled
// `origin: "backfill-simulated"` (in the hashed content and in the origin column), and graded at once (held to
// expiry and managed, at both fills) from the simulated closes and marks. An operator/dev job
// (`npm run track:backfill`, the dev seed), never the cron: the cron stays the only writer of live rows.
import { and, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import { SPREAD_PROFILES, SPREADS_MAX_DTE, type SpreadIdea, type SpreadProfile } from "#app/engine/index.ts";
import { canonicalJson, chainHash } from "#app/lib/hash-chain.ts";
import { BACKFILL_ORIGIN } from "#app/lib/track-record/track-record.ts";
export { BACKFILL_ORIGIN };
import {
  addDays,
  isTradingDay,
  newYorkDateOf,
  newYorkInstant,
  nextTradingDay,
  previousTradingDay,
  sessionOn,
} from "#app/lib/market-calendar/index.ts";
import { simulatedRiskFreeRate } from "#app/lib/risk-free-rate.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { runBatch } from "#app/server/db/sql.server.ts";
import type { MarketCacheEnv } from "#app/server/market/cache.server.ts";
import { authSecret, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { readJsonBody } from "#app/server/http/json-body.server.ts";
import { finaliseIdeas, tradeIdKeyer, type TradeIdea } from "#app/server/market/ideas.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { dailyHistory } from "#app/server/market/providers/demo/prices.server.ts";
import { loadShared, pool } from "#app/server/market/refresh/inputs.server.ts";
import { REFRESH_LIMITS } from "#app/server/market/refresh/limits.server.ts";
import { refreshSymbol } from "#app/server/market/refresh/symbol.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS, universeEntry } from "#app/server/market/universe.server.ts";
import { gradeRowsOf, type LoggedContent } from "#app/server/track/grading.server.ts";
import {
  ideaLogContent,
  publishedIdeas,
  readLogHead,
  type PublishedIdea,
} from "#app/server/track/idea-log.server.ts";
import { simulatedDailyMarks } from "#app/server/track/marks.server.ts";
import {
  previousPick,
  previousScoreUpserts,
  previousTop,
  readPreviousScorePicks,
} from "#app/server/track/previous-score.server.ts";
import { SIMULATOR_VERSION } from "#app/server/track/simulator-version.server.ts";
import { refreshTrackSummary } from "#app/server/track/summary.server.ts";
import { refreshTrackGradesSnapshotInJob } from "#app/server/track/grades-snapshot.server.ts";
import { refreshTrackCsvSnapshotInJob } from "#app/server/track/csv-snapshot.server.ts";

/** The backfill publishes each past day at 10:00 New York (the cron's first half hour has settled). */
export const BACKFILL_PUBLISH_HOUR = 10;
/** The simulated market prices from its first session (2022-01-03); a day needs 300 sessions of history before it. */
export const SIMULATED_HISTORY_FROM = "2023-03-01";

/** The simulated market's screen at one instant: the cron's pipeline for each symbol, no cache written. */
export async function screenSimulatedAt(
  env: MarketCacheEnv,
  symbols: readonly string[],
  atMs: number,
  keyer: (descriptor: string) => Promise<string>,
): Promise<TradeIdea[]> {
  const provider = createDemoProvider(() => atMs);
  const deadlineMs = Date.now() + REFRESH_LIMITS.runBudgetMs;
  const shared = await loadShared(env, provider, [...symbols], atMs, deadlineMs, false);
  const inputs = {
    ...shared,
    nowMs: atMs,
    marketOpen: true,
    rate: simulatedRiskFreeRate(newYorkDateOf(atMs)),
    withChain: true,
    cacheInputs: false,
    storeChain: false,
  };
  const ideas: SpreadIdea[] = [];
  const chainAsOf: Record<string, string> = {};
  await pool(symbols, REFRESH_LIMITS.concurrency, async (symbol) => {
    const r = await refreshSymbol(env, provider, symbol, inputs, deadlineMs);
    ideas.push(...r.ideas);
    if (r.chainAsOf) chainAsOf[symbol] = r.chainAsOf;
  });
  // The pool finishes in any order: sort so a day's list (ties in the ranking included) is reproducible.
  ideas.sort((a, b) => (a.trade_unique_identifier < b.trade_unique_identifier ? -1 : 1));
  return finaliseIdeas(ideas, keyer, "demo", chainAsOf);
}

/** The frozen content of a backfilled idea: the cron's content plus its origin. */
export function backfillContent(entry: PublishedIdea, publishedAtMs: number): Record<string, unknown> {
  return { ...ideaLogContent(entry, publishedAtMs), origin: BACKFILL_ORIGIN };
}

/** The simulated expiry-day bar (open and close) of a symbol. */
export function simulatedBar(symbol: string, date: string): { open: number | null; close: number } | null {
  const entry = universeEntry(symbol);
  const session = sessionOn(date);
  if (!entry || !session) return null;
  const bar = dailyHistory(entry, symbol, 1, session.closeMs).bars.at(-1);
  return bar && bar.date === date ? { open: bar.open, close: bar.close } : null;
}

/**
 * The last day the backfill may publish before `cutoff` (the first live publication, or today): every idea it
 * publishes must have expired before the cutoff, so backfill rows are graded whole when written and never share a
 * trade id with a live row (a live row expires on or after its own publication).
 */
export function lastBackfillDay(cutoff: string): string {
  let day = addDays(cutoff, -(SPREADS_MAX_DTE + 1));
  while (!isTradingDay(day)) day = previousTradingDay(day);
  return day;
}

/** The trading days of [from, to]. */
export function tradingDaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = isTradingDay(from) ? from : nextTradingDay(from); d <= to; d = nextTradingDay(d)) out.push(d);
  return out;
}

/**
 * The days a backfill publishes: every `every`th trading day from the simulated history's start to `to`, counted
 * back from `to` (so the newest history is always in), the last `sessions` of them.
 */
export function backfillDays(to: string, sessions: number, every = 1): string[] {
  const all = tradingDaysBetween(SIMULATED_HISTORY_FROM, to);
  const step = Math.max(1, every);
  return all.filter((_, i) => (all.length - 1 - i) % step === 0).slice(-sessions);
}

export interface BackfillOptions {
  /** Trading days to backfill, ending at the last day allowed (lastBackfillDay). */
  sessions: number;
  /**
   * Publish every Nth trading day only (default 1): the simulated history's three and more years within a CPU
   * budget (decision 332: about 1.3 s of CPU a session for the full universe and every profile; the default
   * `npm run track:backfill`, every 3rd session, is 310 sessions in 391 s of CPU, budget 7 min).
   */
  every?: number;
  /**
   * One chunk of the range, oldest first: skip its first `skip` days and run the next `take` (default: all), so a
   * long backfill is several requests, each answered before the client's wait for headers (300 s) runs out.
   */
  skip?: number;
  take?: number;
  /** Only these profiles' lists (default: all). */
  profiles?: readonly SpreadProfile[];
  /** The screened symbols (default: the default universe, capped as the cron caps it). */
  symbols?: readonly string[];
  keyer: (descriptor: string) => Promise<string>;
  nowMs: number;
}

export interface BackfillResult {
  /** Days in the whole range (every chunk's). */
  total: number;
  from: string | null;
  to: string | null;
  days: number;
  appended: number;
  bytes: number;
  gradeRows: number;
}

/**
 * Appends the backfill after the log's last row (never forking the chain), one D1 batch per day holding that day's
 * log rows and their grades. Ideas already logged in a tier (a rerun, or overlapping ranges) are skipped, so a rerun
 * appends nothing.
 */
export async function runTrackBackfill(
  env: MarketCacheEnv,
  options: BackfillOptions,
): Promise<BackfillResult> {
  const db = getDb(env);
  const today = newYorkDateOf(options.nowMs);
  // Live records start at the first live publication: the backfill stays before it (and before today).
  const firstLive = await db
    .select({ first: sql<number | null>`min(${schema.ideaLog.publishedAt})` })
    .from(schema.ideaLog)
    .where(eq(schema.ideaLog.origin, "cron"))
    .get();
  const cutoff = firstLive?.first ? newYorkDateOf(Number(firstLive.first)) : today;
  const to = lastBackfillDay(cutoff < today ? cutoff : today);
  const range = backfillDays(to, options.sessions, options.every);
  const skip = options.skip ?? 0;
  const days = range.slice(skip, options.take === undefined ? undefined : skip + options.take);
  const result: BackfillResult = {
    total: range.length,
    from: days[0] ?? null,
    to: days.at(-1) ?? null,
    days: 0,
    appended: 0,
    bytes: 0,
    gradeRows: 0,
  };
  if (!days.length) return result;

  // Tiers already logged for trades that could reappear in the range (expiring on or after its first day).
  const logged = new Map<string, number>();
  const existing = await db
    .select({ tradeId: schema.ideaLog.tradeId, tier: schema.ideaLog.tier })
    .from(schema.ideaLog)
    .where(gte(schema.ideaLog.expirationDate, days[0]!));
  for (const r of existing) logged.set(r.tradeId, Math.max(r.tier, logged.get(r.tradeId) ?? 0));

  const symbols = options.symbols ?? DEFAULT_UNIVERSE_SYMBOLS.slice(0, REFRESH_LIMITS.demoMaxSymbols);
  const profiles = new Set(options.profiles ?? []);
  // The previous score's top 30 of the same pools (decision 332), each trade once (its first day in it).
  const previous = await readPreviousScorePicks(env);
  const previousSeen = new Set(previous.map((p) => p[0]));
  const previousBefore = previous.length;
  for (const day of days) {
    const publishedAtMs = newYorkInstant(day, BACKFILL_PUBLISH_HOUR);
    const ideas = await screenSimulatedAt(env, symbols, publishedAtMs, options.keyer);
    for (const profile of SPREAD_PROFILES) {
      if (profiles.size && !profiles.has(profile)) continue;
      previousTop(ideas, profile).forEach((idea, i) => {
        const id = idea.trade_unique_identifier;
        if (previousSeen.has(id)) return;
        previousSeen.add(id);
        const pick = previousPick(
          idea,
          profile,
          i + 1,
          day,
          publishedAtMs,
          simulatedBar(idea.stock_symbol, idea.expiration_date),
        );
        if (pick) previous.push(pick);
      });
    }
    const fresh = publishedIdeas(ideas, day).filter(
      (p) =>
        (profiles.size === 0 || profiles.has(p.profile)) &&
        p.tier > (logged.get(p.idea.trade_unique_identifier) ?? 0),
    );
    if (!fresh.length) {
      result.days++;
      continue;
    }
    // The head is read per day: the batch below appends after it, and a concurrent writer's batch (same prev_hash)
    // makes one of the two fail whole rather than fork the chain.
    let { seq, prev } = await readLogHead(db);
    const logRows: (typeof schema.ideaLog.$inferInsert)[] = [];
    const gradeRows: ReturnType<typeof gradeRowsOf> = [];
    const gradedAt = new Date(options.nowMs);
    for (const entry of fresh) {
      const contentObject = backfillContent(entry, publishedAtMs);
      const content = canonicalJson(contentObject);
      const rowHash = await chainHash(prev, content);
      seq += 1;
      result.bytes += content.length;
      const idea = entry.idea;
      logRows.push({
        seq,
        tradeId: idea.trade_unique_identifier,
        tier: entry.tier,
        profile: entry.profile,
        stockSymbol: idea.stock_symbol,
        strategyType: idea.strategy_type,
        expirationDate: idea.expiration_date,
        dte: idea.daysToExpiration,
        pop: idea.probability_of_profit,
        publishedAt: new Date(publishedAtMs),
        source: "demo",
        origin: BACKFILL_ORIGIN,
        content,
        prevHash: prev,
        rowHash,
      });
      prev = rowHash;
      logged.set(idea.trade_unique_identifier, entry.tier);
      const frozen = JSON.parse(content) as LoggedContent;
      gradeRows.push(
        ...gradeRowsOf(
          seq,
          frozen,
          simulatedBar(idea.stock_symbol, idea.expiration_date),
          simulatedDailyMarks(idea.stock_symbol, idea.expiration_date, frozen.legs, publishedAtMs),
          gradedAt,
        ),
      );
    }
    // 15 bound parameters a log row (7 a statement), 17 a grade row (5 a statement): under D1's 100.
    const statements = [];
    for (let i = 0; i < logRows.length; i += 6)
      statements.push(db.insert(schema.ideaLog).values(logRows.slice(i, i + 6)));
    for (let i = 0; i < gradeRows.length; i += 5)
      statements.push(db.insert(schema.ideaGrade).values(gradeRows.slice(i, i + 5)));
    await runBatch(db, statements);
    result.days++;
    result.appended += logRows.length;
    result.gradeRows += gradeRows.length;
  }
  if (previous.length > previousBefore)
    await runBatch(db, previousScoreUpserts(env, previous, options.nowMs));
  return result;
}

/**
 * The dev seed's backfill (decision 332): every 15th session of the whole history, so each 15-session stress spell
 * has a publication day in it, over a few symbols so `npm run dev` stays fast (the record states its time).
 */
export const DEV_SEED_BACKFILL = { sessions: 1000, every: 15, symbols: 5, profile: "balanced" } as const;

export const backfillRequestSchema = z.object({
  sessions: z.number().int().min(1).max(1000).default(DEV_SEED_BACKFILL.sessions),
  /** Every Nth trading day only (a long history within a CPU budget). */
  every: z.number().int().min(1).max(20).default(DEV_SEED_BACKFILL.every),
  /** One chunk of the range, oldest first (`npm run track:backfill` sends a long range in chunks). */
  skip: z.number().int().min(0).max(1000).optional(),
  take: z.number().int().min(0).max(1000).optional(),
  /** One profile's lists, or "all". */
  profile: z.enum([...SPREAD_PROFILES, "all"]).default(DEV_SEED_BACKFILL.profile),
  /** The first N symbols of the default universe (most liquid first). */
  symbols: z.number().int().min(1).max(REFRESH_LIMITS.demoMaxSymbols).default(DEV_SEED_BACKFILL.symbols),
  /** Recompute the page's figures and downloads after it (false: a chunk before the last). */
  refresh: z.boolean().default(true),
  /** Skip when the log already holds backfill rows (the dev seed's rerun on every start). */
  onlyIfEmpty: z.boolean().default(false),
});
export type BackfillRequest = z.infer<typeof backfillRequestSchema>;

/** The dev route's body through the one JSON reader (415 unless application/json), then the schema. */
export async function readBackfillRequest(
  request: Request,
): Promise<{ ok: true; value: BackfillRequest } | { ok: false; status: number; message: string }> {
  const body = await readJsonBody(request, { maxBytes: 1024, empty: {} });
  if (!body.ok) return body;
  const parsed = backfillRequestSchema.safeParse(body.value);
  if (!parsed.success)
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Invalid" };
  return { ok: true, value: parsed.data };
}

/** Runs a backfill request (the dev route's), then recomputes the page's figures. */
export async function backfillOnRequest(
  env: WorkerEnv,
  request: BackfillRequest,
  nowMs: number,
): Promise<BackfillResult & { skipped: boolean; ms: number }> {
  const t0 = Date.now();
  if (request.onlyIfEmpty) {
    const any = await getDb(env)
      .select({ seq: schema.ideaLog.seq })
      .from(schema.ideaLog)
      .where(
        and(
          eq(schema.ideaLog.origin, BACKFILL_ORIGIN),
          // Rows of a replaced simulated market do not count (decision 316): the seed backfills the running one.
          sql`json_extract(${schema.ideaLog.content}, '$.simulator_version') = ${SIMULATOR_VERSION}`,
        ),
      )
      .limit(1)
      .get();
    if (any)
      return {
        total: 0,
        from: null,
        to: null,
        days: 0,
        appended: 0,
        bytes: 0,
        gradeRows: 0,
        skipped: true,
        ms: 0,
      };
  }
  const result = await runTrackBackfill(env, {
    sessions: request.sessions,
    every: request.every,
    skip: request.skip,
    take: request.take,
    profiles: request.profile === "all" ? undefined : [request.profile],
    symbols: DEFAULT_UNIVERSE_SYMBOLS.slice(0, request.symbols),
    keyer: await tradeIdKeyer(authSecret(serverConfig(env))),
    nowMs,
  });
  if (!request.refresh) return { ...result, skipped: false, ms: Date.now() - t0 };
  await refreshTrackSummary(env, nowMs);
  // A chunked run's last chunk may append nothing while the earlier ones did.
  if (result.appended > 0 || request.skip) {
    await refreshTrackCsvSnapshotInJob(env, nowMs);
    await refreshTrackGradesSnapshotInJob(env, nowMs);
  }
  return { ...result, skipped: false, ms: Date.now() - t0 };
}
