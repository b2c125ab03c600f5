// The market refresh: providers -> snapshots (KV hot cache, D1 last good + history) -> engine -> ideas.
// Runs from cron (`marketRefresh`), at dev-seed time, and for single symbols on a cache miss.
import { inArray, sql } from "drizzle-orm";
import {
  addDays,
  latestStartedSession,
  marketStatus,
  newYorkDateOf,
  sessionProgress,
} from "../../lib/market-calendar";
import { getDb, schema } from "../db/client.server";
import { authSecret, serverConfig, type WorkerEnv } from "../env.server";
import type { JobOutcome } from "../jobs/job-runs.server";
import {
  KV_KEYS,
  kvGetJson,
  kvPutJson,
  lastGoodUpserts,
  readLastGood,
  TTL,
  type MarketCacheEnv,
} from "./cache.server";
import {
  engineEvents,
  finaliseIdeas,
  tradeIdeaUpserts,
  tradeIdKeyer,
  screenChain,
  type TradeIdeasSnapshot,
} from "./ideas.server";
import { getMarketProvider, riskFreeRateFor } from "./provider.server";
import { computeTickerInfo, type TickerInfo } from "./ticker-info.server";
import type {
  DailyHistory,
  Dividends,
  EarningsCalendar,
  EconomicEvents,
  MarketDataProvider,
  NewsFeed,
  Sourced,
} from "./types.server";
import { ProviderError } from "./types.server";
import { DEFAULT_UNIVERSE_SYMBOLS } from "./universe.server";
import type { SpreadIdea } from "../../engine";

/** What the market banner's hover tip shows (spec 001 "Batch strategies response" dataFreshness). */
export interface DataFreshness extends Sourced {
  optionsDataUpdated: string | null;
  stockDataUpdated: string | null;
  dataUpdateAttempted: string;
  symbolsRefreshed: number;
  failures: number;
}

export const REFRESH_LIMITS = {
  /** Symbols per run: the simulated market is cheap; live sources have subrequest and rate budgets. */
  demoMaxSymbols: 150,
  liveMaxSymbols: 40,
  concurrency: 6,
  /** Wall-clock budget of one run (cron invocations may run longer; this keeps one stuck source from eating it). */
  runBudgetMs: 60_000,
  historyDays: 300,
  /** Daily closes written to D1 for a symbol whose history was (re)loaded. */
  closesToStore: 30,
  newsDays: 5,
} as const;

export interface RefreshOptions {
  force?: boolean;
  provider?: MarketDataProvider;
  /** Overrides the universe (tests). */
  symbols?: string[];
}

type Clock = () => number;

// ---------------------------------------------------------------- universe
/** Every user's watchlist and position symbols (most-watched first), then the default universe, capped. */
export async function selectUniverse(env: { DB: D1Database }, cap: number): Promise<string[]> {
  const rows = await getDb(env).all<{ symbol: string; n: number }>(sql`
    SELECT symbol, COUNT(*) AS n FROM (
      SELECT user_id, symbol FROM ${schema.watchlistSymbols}
      UNION SELECT user_id, symbol FROM ${schema.positions}
    ) GROUP BY symbol ORDER BY n DESC, symbol LIMIT ${cap}`);
  const out: string[] = [];
  for (const s of [...rows.map((r) => r.symbol), ...DEFAULT_UNIVERSE_SYMBOLS]) {
    if (out.length >= cap) break;
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

// ---------------------------------------------------------------- helpers
async function withDeadline<T>(work: Promise<T>, deadlineMs: number, what: string): Promise<T> {
  const left = deadlineMs - Date.now();
  if (left <= 0) throw new ProviderError("refresh", `${what}: out of time`, "network");
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProviderError("refresh", `${what}: timed out`, "network")), left);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

/** Reads a KV-cached input; loads it from the provider when missing or too old; keeps the old one on failure. */
async function cachedInput<T extends Sourced>(
  env: MarketCacheEnv,
  key: string,
  ttl: number,
  fresh: (cached: T) => boolean,
  load: () => Promise<T | null>,
  useCache = true,
): Promise<{ value: T | null; loaded: boolean; error?: unknown }> {
  if (!useCache) {
    // The simulated market computes its inputs in microseconds: caching them would only spend KV
    // operations (1000 per invocation).
    try {
      return { value: await load(), loaded: true };
    } catch (error) {
      return { value: null, loaded: false, error };
    }
  }
  const cached = await kvGetJson<T>(env, key);
  if (cached && fresh(cached)) return { value: cached, loaded: false };
  try {
    const value = await load();
    if (value) await kvPutJson(env, key, value, ttl);
    return { value: value ?? cached, loaded: value !== null };
  } catch (error) {
    return { value: cached, loaded: false, error };
  }
}

// ---------------------------------------------------------------- one symbol
interface SymbolResult {
  info: TickerInfo;
  ideas: SpreadIdea[];
  chainAsOf: string | null;
  history: DailyHistory | null;
  errors: string[];
}

interface SharedInputs {
  earnings: EarningsCalendar | null;
  economic: EconomicEvents | null;
  nowMs: number;
  marketOpen: boolean;
  riskFreeRate: number;
  withChain: boolean;
  /** Keep provider inputs (history, dividends, news, earnings) in KV between runs: live providers only. */
  cacheInputs: boolean;
}

async function refreshSymbol(
  env: MarketCacheEnv,
  provider: MarketDataProvider,
  symbol: string,
  shared: SharedInputs,
  deadlineMs: number,
): Promise<SymbolResult> {
  const errors: string[] = [];
  const note = (what: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    errors.push(`${what}: ${message}`);
    console.warn(`market refresh ${symbol} ${what}: ${message}`);
  };
  const quote = await withDeadline(provider.getQuote(symbol), deadlineMs, `${symbol} quote`);
  const needBarsThrough = lastCompletedBarDate(shared.nowMs);
  const history = await cachedInput<DailyHistory>(
    env,
    KV_KEYS.history(symbol),
    TTL.history,
    (h) => (h.bars.at(-1)?.date ?? "") >= needBarsThrough,
    () =>
      withDeadline(
        provider.getDailyHistory(symbol, REFRESH_LIMITS.historyDays),
        deadlineMs,
        `${symbol} history`,
      ),
    shared.cacheInputs,
  );
  if (history.error) note("history", history.error);
  const dividends = await cachedInput<Dividends>(
    env,
    KV_KEYS.dividends(symbol),
    TTL.dividends,
    (d) => shared.nowMs - Date.parse(d.asOf) < 86_400_000,
    () => withDeadline(provider.getDividends(symbol), deadlineMs, `${symbol} dividends`),
    shared.cacheInputs,
  );
  if (dividends.error) note("dividends", dividends.error);
  const news = await cachedInput<NewsFeed>(
    env,
    KV_KEYS.news(symbol),
    TTL.news,
    (n) => shared.nowMs - Date.parse(n.asOf) < 3600_000,
    () => withDeadline(provider.getNews(symbol, REFRESH_LIMITS.newsDays), deadlineMs, `${symbol} news`),
    shared.cacheInputs,
  );
  if (news.error) note("news", news.error);
  let earnings = (shared.earnings?.dates ?? []).filter((d) => d.symbol === symbol);
  if (!shared.earnings?.symbols?.includes(symbol)) {
    // Not in the shared calendar (a symbol outside the last run's universe): ask for it alone.
    try {
      const today = newYorkDateOf(shared.nowMs);
      const own = await withDeadline(
        provider.getEarnings([symbol], addDays(today, -120), addDays(today, 120)),
        deadlineMs,
        `${symbol} earnings`,
      );
      earnings = own?.dates.filter((d) => d.symbol === symbol) ?? [];
    } catch (error) {
      note("earnings", error);
    }
  }
  const info = computeTickerInfo({
    quote,
    history: history.value,
    earnings,
    dividends: dividends.value,
    news: news.value,
    nowMs: shared.nowMs,
  });
  let ideas: SpreadIdea[] = [];
  let chainAsOf: string | null = null;
  if (shared.withChain) {
    try {
      const chain = await withDeadline(provider.getOptionChain(symbol), deadlineMs, `${symbol} chain`);
      chainAsOf = chain.asOf;
      await kvPutJson(env, KV_KEYS.chain(symbol), chain, TTL.chain);
      const yearAgo = addDays(newYorkDateOf(shared.nowMs), -365);
      const paid = (dividends.value?.events ?? []).filter(
        (e) => e.exDate >= yearAgo && e.exDate <= newYorkDateOf(shared.nowMs),
      );
      const dividendYield = quote.price > 0 ? paid.reduce((s, e) => s + (e.amount ?? 0), 0) / quote.price : 0;
      ideas = screenChain(chain, {
        riskFreeRate: shared.riskFreeRate,
        dividendYield: Math.min(dividendYield, 0.2),
        earningsDate: info.next_earnings_date,
        exDividendDate: info.ex_dividend_date,
        events: engineEvents(shared.economic?.events ?? []),
        marketOpen: shared.marketOpen,
      });
    } catch (error) {
      note("chain", error);
    }
  }
  return { info, ideas, chainAsOf, history: history.value, errors };
}

function lastCompletedBarDate(ms: number): string {
  const { session, fraction } = sessionProgress(ms);
  if (fraction >= 1) return session.date;
  return latestStartedSession(session.openMs - 1).date;
}

// ---------------------------------------------------------------- shared inputs
async function loadShared(
  env: MarketCacheEnv,
  provider: MarketDataProvider,
  universe: string[],
  nowMs: number,
  deadlineMs: number,
  useCache: boolean,
) {
  const today = newYorkDateOf(nowMs);
  const earnings = await cachedInput<EarningsCalendar>(
    env,
    KV_KEYS.earnings,
    TTL.earnings,
    // One call covers the universe; a symbol new to the universe reloads it (still one call).
    (c) => nowMs - Date.parse(c.asOf) < 12 * 3600_000 && universe.every((s) => c.symbols?.includes(s)),
    async () => {
      const calendar = await withDeadline(
        provider.getEarnings(universe, addDays(today, -120), addDays(today, 120)),
        deadlineMs,
        "earnings calendar",
      );
      return calendar ? { ...calendar, symbols: [...universe] } : null;
    },
    useCache,
  );
  let economic: EconomicEvents | null = null;
  try {
    economic = await provider.getEconomicEvents(today, 90);
  } catch (error) {
    console.warn("market refresh: economic events failed", error);
  }
  return { earnings: earnings.value, economic, earningsError: earnings.error };
}

// ---------------------------------------------------------------- the job
async function latestStoredCloses(env: { DB: D1Database }, symbols: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const db = getDb(env);
  for (let i = 0; i < symbols.length; i += 90) {
    const chunk = symbols.slice(i, i + 90);
    const rows = await db
      .select({ symbol: schema.dailyCloses.symbol, last: sql<string>`max(${schema.dailyCloses.date})` })
      .from(schema.dailyCloses)
      .where(inArray(schema.dailyCloses.symbol, chunk))
      .groupBy(schema.dailyCloses.symbol);
    for (const r of rows) out.set(r.symbol, r.last);
  }
  return out;
}

export async function readFreshness(env: MarketCacheEnv): Promise<DataFreshness | null> {
  const hot = await kvGetJson<DataFreshness>(env, KV_KEYS.freshness);
  if (hot) return hot;
  const cold = await readLastGood<DataFreshness>(env, [KV_KEYS.freshness]).catch(() => new Map());
  return (cold.get(KV_KEYS.freshness)?.payload as DataFreshness | undefined) ?? null;
}

export async function runMarketRefresh(
  env: WorkerEnv,
  now: Date,
  options: RefreshOptions = {},
): Promise<JobOutcome> {
  const nowMs = now.getTime();
  const clock: Clock = () => nowMs;
  const provider = options.provider ?? getMarketProvider(env, clock);
  const status = marketStatus(nowMs);
  const previous = await kvGetJson<DataFreshness>(env, KV_KEYS.freshness);
  // The cron fires every 5 minutes over a UTC window that covers both EST and EDT sessions; outside the
  // session one run after the close captures closing prices, then runs are skipped until the next open.
  // An empty cache (fresh install, wiped KV) always gets a full run.
  const caughtUpAfterClose =
    previous !== null &&
    previous.stockDataUpdated !== null &&
    previous.stockDataUpdated >= status.lastClose &&
    previous.failures === 0;
  if (!options.force && previous && !status.isOpen && caughtUpAfterClose) {
    return {
      itemsProcessed: 0,
      failures: 0,
      detail: { skipped: `market ${status.phase}`, lastRefresh: previous.dataUpdateAttempted },
    };
  }
  const live = provider.name !== "demo";
  const cap = live ? REFRESH_LIMITS.liveMaxSymbols : REFRESH_LIMITS.demoMaxSymbols;
  const universe = options.symbols ?? (await selectUniverse(env, cap));
  const deadlineMs = Date.now() + REFRESH_LIMITS.runBudgetMs;
  const shared = await loadShared(env, provider, universe, nowMs, deadlineMs, live);
  if (shared.economic) {
    await kvPutJson(env, KV_KEYS.economicCalendar, shared.economic, TTL.economicCalendar);
  }

  const infos: TickerInfo[] = [];
  const ideas: SpreadIdea[] = [];
  const chainAsOf: Record<string, string> = {};
  const histories: DailyHistory[] = [];
  const failed: { symbol: string; error: string }[] = [];
  const unknown: string[] = [];
  const partial: Record<string, string[]> = {};
  const inputs: SharedInputs = {
    ...shared,
    nowMs,
    marketOpen: status.isOpen,
    riskFreeRate: riskFreeRateFor(env),
    withChain: true,
    cacheInputs: live,
  };
  await pool(universe, REFRESH_LIMITS.concurrency, async (symbol) => {
    try {
      const r = await refreshSymbol(env, provider, symbol, inputs, deadlineMs);
      infos.push(r.info);
      ideas.push(...r.ideas);
      if (r.chainAsOf) chainAsOf[symbol] = r.chainAsOf;
      if (r.history) histories.push(r.history);
      if (r.errors.length) partial[symbol] = r.errors;
    } catch (error) {
      if (error instanceof ProviderError && error.kind === "unknown_symbol") unknown.push(symbol);
      else failed.push({ symbol, error: error instanceof Error ? error.message : String(error) });
    }
  });

  // Ticker info: fresh ones hot and durable; failed ones re-served from the last good copy, marked stale.
  await Promise.all(
    infos.map((info) => kvPutJson(env, KV_KEYS.tickerInfo(info.symbol), info, TTL.tickerInfo)),
  );
  if (failed.length) {
    const lastGood = await readLastGood<TickerInfo>(
      env,
      failed.map((f) => KV_KEYS.tickerInfo(f.symbol)),
    ).catch(() => new Map());
    await Promise.all(
      [...lastGood.values()].map((row) =>
        kvPutJson(
          env,
          KV_KEYS.tickerInfo(row.payload.symbol),
          { ...row.payload, stale: true },
          TTL.tickerInfo,
        ),
      ),
    );
  }

  const db = getDb(env);
  const statements: unknown[] = [
    ...lastGoodUpserts(
      env,
      infos.map((info) => ({ key: KV_KEYS.tickerInfo(info.symbol), payload: info })),
      nowMs,
    ),
  ];
  if (shared.economic)
    statements.push(
      ...lastGoodUpserts(env, [{ key: KV_KEYS.economicCalendar, payload: shared.economic }], nowMs),
    );

  // Ideas: only from chains refreshed in this run (stale quotes never become ideas). If every chain
  // failed, the previous list stays in place (the API marks it stale by its age).
  let ideaCount = 0;
  const anyChain = Object.keys(chainAsOf).length > 0;
  if (anyChain) {
    const keyer = await tradeIdKeyer(authSecret(serverConfig(env)));
    const finalIdeas = await finaliseIdeas(
      ideas,
      keyer,
      provider.name === "demo" ? "demo" : "cboe",
      chainAsOf,
    );
    ideaCount = finalIdeas.length;
    const snapshot: TradeIdeasSnapshot = {
      ideas: finalIdeas,
      source: provider.name === "demo" ? "demo" : "cboe",
      asOf: new Date(nowMs).toISOString(),
    };
    await kvPutJson(env, KV_KEYS.ideas, snapshot, TTL.ideas);
    statements.push(...lastGoodUpserts(env, [{ key: KV_KEYS.ideas, payload: snapshot }], nowMs));
    statements.push(...tradeIdeaUpserts(env, finalIdeas, nowMs));
  }

  // Daily closes: bars newer than what D1 already holds (the last 30 for a symbol seen the first time),
  // so a steady-state run writes nothing and the first run after a close one row per symbol.
  const storedThrough = await latestStoredCloses(
    env,
    histories.map((h) => h.symbol),
  );
  let closesStored = 0;
  for (const h of histories) {
    const after = storedThrough.get(h.symbol);
    const bars = (after ? h.bars.filter((b) => b.date > after) : h.bars).slice(-REFRESH_LIMITS.closesToStore);
    closesStored += bars.length;
    // 8 bound parameters a row: 12 rows a statement stays under D1's 100.
    for (let i = 0; i < bars.length; i += 12) {
      statements.push(
        db
          .insert(schema.dailyCloses)
          .values(
            bars.slice(i, i + 12).map((b) => ({
              symbol: h.symbol,
              date: b.date,
              open: b.open,
              high: b.high,
              low: b.low,
              close: b.close,
              volume: b.volume,
              source: h.source,
            })),
          )
          .onConflictDoNothing(),
      );
    }
  }

  const latest = (values: string[]) => (values.length ? values.sort().at(-1)! : null);
  const freshness: DataFreshness = {
    optionsDataUpdated: latest(Object.values(chainAsOf)) ?? previous?.optionsDataUpdated ?? null,
    stockDataUpdated: latest(infos.map((i) => i.asOf)) ?? previous?.stockDataUpdated ?? null,
    dataUpdateAttempted: new Date(nowMs).toISOString(),
    symbolsRefreshed: infos.length,
    failures: failed.length,
    source: provider.name === "demo" ? "demo" : "cboe",
    asOf: new Date(nowMs).toISOString(),
  };
  await kvPutJson(env, KV_KEYS.freshness, freshness);
  statements.push(...lastGoodUpserts(env, [{ key: KV_KEYS.freshness, payload: freshness }], nowMs));

  // One batch: the durable side of this run lands together or not at all.
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);

  return {
    itemsProcessed: infos.length,
    failures: failed.length,
    detail: {
      provider: provider.name,
      market: status.phase,
      symbols: universe.length,
      refreshed: infos.length,
      chains: Object.keys(chainAsOf).length,
      ideas: ideaCount,
      closesStored,
      unknown,
      failed: failed.slice(0, 20),
      partial: Object.fromEntries(Object.entries(partial).slice(0, 20)),
    },
  };
}

/**
 * Single-symbol refresh on a cache miss (ticker info only, no chain), within `deadlineMs`.
 * Writes the same caches as the cron job so the next reader finds them.
 */
export async function refreshTickerInfos(
  env: WorkerEnv,
  symbols: string[],
  deadlineMs: number,
  nowMs = Date.now(),
): Promise<Map<string, TickerInfo>> {
  const provider = getMarketProvider(env, () => nowMs);
  const status = marketStatus(nowMs);
  const earnings = await kvGetJson<EarningsCalendar>(env, KV_KEYS.earnings);
  const out = new Map<string, TickerInfo>();
  const inputs: SharedInputs = {
    earnings,
    economic: null,
    nowMs,
    marketOpen: status.isOpen,
    riskFreeRate: riskFreeRateFor(env),
    withChain: false,
    cacheInputs: provider.name !== "demo",
  };
  await Promise.all(
    symbols.map(async (symbol) => {
      try {
        const r = await refreshSymbol(env, provider, symbol, inputs, deadlineMs);
        out.set(symbol, r.info);
        await kvPutJson(env, KV_KEYS.tickerInfo(symbol), r.info, TTL.tickerInfo);
        const db = getDb(env);
        await db.batch(
          lastGoodUpserts(
            env,
            [{ key: KV_KEYS.tickerInfo(symbol), payload: r.info }],
            nowMs,
          ) as unknown as Parameters<typeof db.batch>[0],
        );
      } catch (error) {
        console.warn(`inline refresh ${symbol} failed`, error instanceof Error ? error.message : error);
      }
    }),
  );
  return out;
}
