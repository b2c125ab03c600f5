// The market refresh (cron `marketRefresh`, and dev seeding): providers -> snapshots (KV hot cache,
// D1 last good + history) -> engine -> ideas.
import type { SpreadIdea } from "#app/engine/index.ts";
import type { OptionChain } from "#app/engine/types.ts";
import { marketStatus, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { runBatch, type BatchStatement } from "#app/server/db/sql.server.ts";
import { authSecret, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import type { JobOutcome } from "#app/server/db/job-runs.server.ts";
import {
  KV_KEYS,
  kvGetJson,
  kvPutJson,
  lastGoodUpserts,
  readLastGood,
  TTL,
} from "#app/server/market/cache.server.ts";
import {
  finaliseIdeas,
  ideasLastGoodStatements,
  readIdeasSnapshot,
  tradeIdeaUpserts,
  tradeIdKeyer,
  type TradeIdea,
  type TradeIdeasSnapshot,
} from "#app/server/market/ideas.server.ts";
import { chainSourceOf, getMarketProvider, unlicensedRefusal } from "#app/server/market/provider.server.ts";
import { refreshRiskFreeRate } from "#app/server/market/rates.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";
import type { ChainSnapshot, DailyHistory, MarketDataProvider } from "#app/server/market/types.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";
import type { DataFreshness } from "#app/server/market/refresh/freshness.server.ts";
import { loadShared, pool } from "#app/server/market/refresh/inputs.server.ts";
import { heldSymbolsPerRun, REFRESH_LIMITS } from "#app/server/market/refresh/limits.server.ts";
import { SCREEN_VERSION } from "#app/engine/screen-version.ts";
import { refreshSymbol, type SharedInputs } from "#app/server/market/refresh/symbol.server.ts";
import {
  heldSymbols,
  selectUniverse,
  type RefreshUniverse,
} from "#app/server/market/refresh/universe.server.ts";
import { latestStoredCloses } from "#app/server/market/closes.server.ts";

export interface RefreshOptions {
  force?: boolean;
  provider?: MarketDataProvider;
  /** Overrides the universe (tests, and the market queue's held symbols). */
  symbols?: string[];
  /**
   * Marks only (the market queue's held symbols past a run's share): the symbols' caches are refreshed and their
   * chains handed on, but the idea list and the freshness record stay the cron run's.
   */
  marksOnly?: boolean;
}

/** A held symbol's chain as this run fetched it, with what its positions are marked with. */
export interface HeldChain {
  chain: ChainSnapshot;
  /** Continuous, decimal; null when unknown (marked at 0). */
  dividendYield: number | null;
  /** The symbol's next earnings date as its ticker info says ('YYYY-MM-DD'), for the earnings alert. */
  nextEarningsDate: string | null;
  /** The next dividend, for the early-assignment alert; null or missing when none is known. */
  nextDividend?: { exDate: string; amount: number } | null;
}

/**
 * What a run stored that the jobs layer hands on (the track record's log and closing marks): the published ideas,
 * the symbols whose chain this run stored, and, live after the close, the closing chains with their session's date.
 */
export interface RefreshStored {
  ideas: TradeIdea[];
  chainSymbols: string[];
  closingChains: Map<string, OptionChain> | null;
  /** The New York date of the session whose close `closingChains` holds. */
  closeDate: string;
  /** The held symbols' chains this run fetched (their open positions are marked from them). */
  heldChains: Map<string, HeldChain>;
  /** The risk-free rate the run priced with, continuous, decimal. */
  rate: number;
  /** False: this run's quotes are the session's close (the closing marks are taken from them). */
  marketOpen: boolean;
}

export interface MarketRefreshResult {
  outcome: JobOutcome;
  /** Null when the run stored no chain (skipped, refused or every chain failed). */
  stored: RefreshStored | null;
  /** Held symbols past this run's share, for the market queue (the jobs layer sends them). */
  heldOverflow: string[];
}

/** One refresh of the market's caches; it writes nothing of any feature's (the jobs layer composes those). */
export async function refreshMarketData(
  env: WorkerEnv,
  now: Date,
  options: RefreshOptions = {},
): Promise<MarketRefreshResult> {
  const nowMs = now.getTime();
  // Before any provider is built or called: production never shows an unlicensed source's numbers.
  const refusal = options.provider ? null : unlicensedRefusal(serverConfig(env));
  if (refusal) {
    console.error(`market refresh: ${refusal}`);
    return {
      outcome: { itemsProcessed: 0, failures: 1, detail: { refused: refusal } },
      stored: null,
      heldOverflow: [],
    };
  }
  const provider = options.provider ?? getMarketProvider(env, () => nowMs);
  const status = marketStatus(nowMs);
  const previous = await kvGetJson<DataFreshness>(env, KV_KEYS.freshness);
  // The cron fires every 5 minutes over a UTC window that covers both EST and EDT sessions; outside the
  // session one run after the close captures closing prices, then runs are skipped until the next open.
  // An empty cache (fresh install, wiped KV) always gets a full run.
  const caughtUpAfterClose =
    previous !== null &&
    previous.stockDataUpdated !== null &&
    previous.stockDataUpdated >= status.lastClose &&
    previous.failures === 0 &&
    // ...by the screens this code runs: a deploy that changes them re-screens the closed market's list once.
    previous.screenVersion === SCREEN_VERSION;
  // ...and a closed market still gets one when no copy of the ideas list is left (the hot copy lives 5 minutes;
  // the last-good copy may be missing after a wiped database or a failed write): the list must not vanish.
  if (
    !options.force &&
    previous &&
    !status.isOpen &&
    caughtUpAfterClose &&
    (await readIdeasSnapshot(env, nowMs)) !== null
  ) {
    return {
      outcome: {
        itemsProcessed: 0,
        failures: 0,
        detail: { skipped: `market ${status.phase}`, lastRefresh: previous.dataUpdateAttempted },
      },
      stored: null,
      heldOverflow: [],
    };
  }
  const live = provider.name !== "demo";
  const plan = await universeOf(env, live, options.symbols);
  const universe = plan.symbols;
  const held = new Set(plan.held);
  const deadlineMs = Date.now() + REFRESH_LIMITS.runBudgetMs;
  const shared = await loadShared(env, provider, universe, nowMs, deadlineMs, live);
  if (shared.economic) {
    await kvPutJson(env, KV_KEYS.economicCalendar, shared.economic, TTL.economicCalendar);
  }

  const infos: TickerInfo[] = [];
  const ideas: SpreadIdea[] = [];
  const chainAsOf: Record<string, string> = {};
  // Live mode, market closed: this run's chains are the session's closing quotes, kept for the track record's
  // daily marks (decision 278). The simulated market's marks are rebuilt from its state instead.
  const closingChains = live && !status.isOpen ? new Map<string, OptionChain>() : null;
  const heldChains = new Map<string, HeldChain>();
  const histories: DailyHistory[] = [];
  const failed: { symbol: string; error: string }[] = [];
  const unknown: string[] = [];
  const partial: Record<string, string[]> = {};
  // Parts the operator's plan does not include (a chain without option quotes): failures, named in the log.
  const planMissing: { symbol: string; error: string }[] = [];
  const inputs: SharedInputs = {
    ...shared,
    nowMs,
    marketOpen: status.isOpen,
    rate: await refreshRiskFreeRate(env, nowMs),
    withChain: true,
    cacheInputs: live,
  };
  await pool(universe, REFRESH_LIMITS.concurrency, async (symbol) => {
    try {
      const r = await refreshSymbol(env, provider, symbol, inputs, deadlineMs);
      infos.push(r.info);
      ideas.push(...r.ideas);
      if (r.chainAsOf) chainAsOf[symbol] = r.chainAsOf;
      if (closingChains && r.chain) closingChains.set(symbol, r.chain);
      if (held.has(symbol) && r.chain)
        heldChains.set(symbol, {
          chain: r.chain,
          dividendYield: r.dividendYield,
          nextEarningsDate: r.info.next_earnings_date ?? null,
          nextDividend:
            r.nextDividend !== null && r.info.ex_dividend_date
              ? { exDate: r.info.ex_dividend_date, amount: r.nextDividend }
              : null,
        });
      if (r.history) histories.push(r.history);
      if (r.errors.length) partial[symbol] = r.errors;
      for (const error of r.notConfigured) planMissing.push({ symbol, error });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === "unknown_symbol") unknown.push(symbol);
      else failed.push({ symbol, error: error instanceof Error ? error.message : String(error) });
    }
  });

  if (planMissing.length)
    console.error(
      `market refresh: ${planMissing.length} symbol(s) refused for the provider plan; first: ${planMissing[0]!.error}`,
    );

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
  const statements: BatchStatement[] = [
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
  let ideasLastGood: ReturnType<typeof ideasLastGoodStatements> = [];
  let publishedIdeasList: TradeIdea[] = [];
  const anyChain = Object.keys(chainAsOf).length > 0;
  if (anyChain && !options.marksOnly) {
    const keyer = await tradeIdKeyer(authSecret(serverConfig(env)));
    const finalIdeas = await finaliseIdeas(ideas, keyer, chainSourceOf(provider), chainAsOf);
    ideaCount = finalIdeas.length;
    publishedIdeasList = finalIdeas;
    const snapshot: TradeIdeasSnapshot = {
      ideas: finalIdeas,
      source: chainSourceOf(provider),
      asOf: new Date(nowMs).toISOString(),
    };
    await kvPutJson(env, KV_KEYS.ideas, snapshot, TTL.ideas);
    // The last-good copy of every profile's ideas is stored in parts (one would pass D1's value size
    // limit), in a batch of its own after the run's, so it never takes the other durable writes with it.
    ideasLastGood = ideasLastGoodStatements(env, snapshot, nowMs);
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
    failures: failed.length + planMissing.length,
    screenVersion: SCREEN_VERSION,
    source: chainSourceOf(provider),
    asOf: new Date(nowMs).toISOString(),
  };
  // A marks-only run (the market queue) leaves the banner's record to the cron run it follows.
  if (!options.marksOnly) {
    await kvPutJson(env, KV_KEYS.freshness, freshness);
    statements.push(...lastGoodUpserts(env, [{ key: KV_KEYS.freshness, payload: freshness }], nowMs));
  }

  // One batch: the durable side of this run lands together or not at all.
  await runBatch(db, statements);
  if (ideasLastGood.length)
    await runBatch(db, ideasLastGood).catch((error) =>
      console.error("market refresh: the ideas' last-good copy was not stored", error),
    );
  const outcome: JobOutcome = {
    itemsProcessed: infos.length,
    failures: failed.length + planMissing.length,
    detail: {
      provider: provider.name,
      market: status.phase,
      symbols: universe.length,
      held: plan.held.length,
      heldQueued: plan.heldOverflow.length,
      refreshed: infos.length,
      chains: Object.keys(chainAsOf).length,
      ideas: ideaCount,
      closesStored,
      unknown,
      failed: failed.slice(0, 20),
      planMissing: planMissing.slice(0, 20),
      partial: Object.fromEntries(Object.entries(partial).slice(0, 20)),
    },
  };
  return {
    outcome,
    stored: anyChain
      ? {
          ideas: publishedIdeasList,
          chainSymbols: Object.keys(chainAsOf),
          closingChains,
          closeDate: newYorkDateOf(Date.parse(status.lastClose)),
          heldChains,
          rate: inputs.rate.rate,
          marketOpen: status.isOpen,
        }
      : null,
    heldOverflow: plan.heldOverflow,
  };
}

/**
 * The run's symbols: the selection (held symbols first, within the provider's call budget), or the given ones, of
 * which the held are marked.
 */
async function universeOf(env: WorkerEnv, live: boolean, symbols?: string[]): Promise<RefreshUniverse> {
  if (symbols) {
    const heldNow = new Set(await heldSymbols(env, HELD_LOOKUP_MAX));
    return { symbols, held: symbols.filter((s) => heldNow.has(s)), heldOverflow: [] };
  }
  if (!live) return selectUniverse(env, REFRESH_LIMITS.demoMaxSymbols);
  const perRun = heldSymbolsPerRun(serverConfig(env).POLYGON_CALLS_PER_MINUTE);
  return selectUniverse(
    env,
    REFRESH_LIMITS.liveMaxSymbols,
    perRun,
    perRun * (1 + REFRESH_LIMITS.heldFanOutMessages),
  );
}

/** Enough to tell which of a given list is held (a list is at most a run's or a queue message's). */
const HELD_LOOKUP_MAX = 10_000;
