// The market module's public face: what routes, loaders and other server modules call.
// Everything here reads caches; only getTickerInfos (a signed-in user's watchlist) may reach a provider
// (at most 5 missing symbols, bounded in time).
import {
  marketStatus,
  newYorkDateOf,
  type EconomicEvent,
  type MarketStatus,
} from "#app/lib/market-calendar/index.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";
import { normaliseSymbol } from "#app/lib/symbols.ts";
import { withDaysToExpiration } from "#app/lib/trade-ideas.ts";
import { KV_KEYS, kvGetJson, kvPutJson, TTL } from "#app/server/market/cache.server.ts";
import { findTradeIdea } from "#app/server/market/ideas.server.ts";
import { getMarketProvider } from "#app/server/market/provider.server.ts";
import { readFreshness, type DataFreshness } from "#app/server/market/refresh/freshness.server.ts";
import { readTickerInfos, type TickerInfoResult } from "#app/server/market/ticker-reader.server.ts";
import type { ChainSnapshot, EconomicEvents, MarketSource } from "#app/server/market/types.server.ts";

export type { TickerInfo } from "#app/server/market/ticker-info.server.ts";
export type { TradeIdea } from "#app/server/market/ideas.server.ts";
export type { DataFreshness } from "#app/server/market/refresh/freshness.server.ts";

/**
 * Ticker info for a signed-in user's watchlist: cache first; a missing known symbol is refreshed
 * inline, within ~2.5 s.
 */
export async function getTickerInfos(
  env: WorkerEnv,
  symbols: readonly string[],
  nowMs = Date.now(),
): Promise<TickerInfoResult> {
  return readTickerInfos(env, symbols, nowMs, { refreshMissing: true });
}

/**
 * Ticker info for a public request: the caches only, never a provider call. A symbol nothing has
 * cached is pending when an earlier check proved it exists, else unknown.
 */
export async function getCachedTickerInfos(
  env: WorkerEnv,
  symbols: readonly string[],
  nowMs = Date.now(),
): Promise<TickerInfoResult> {
  return readTickerInfos(env, symbols, nowMs, { refreshMissing: false });
}

/** For the watchlist: does this symbol exist at the configured provider? */
export async function isKnownSymbol(env: WorkerEnv, symbol: string): Promise<boolean> {
  const s = normaliseSymbol(symbol);
  if (!s) return false;
  return getMarketProvider(env).isKnownSymbol(s);
}

type MarketEntry = "tickerInfo" | "ideas" | "economicCalendar";

/** How long a client may keep a market answer: as long as the cache entry it serves lives (the TTL table), or one
 * minute when the data is stale or incomplete so the client asks again soon. */
function marketMaxAge(entry: MarketEntry, retrySoon: boolean): number {
  return retrySoon ? RETRY_SOON_SECONDS : TTL[entry];
}

/**
 * Headers of a market answer that is the same for every visitor (ticker info, the economic calendar, one shared
 * idea): shared by the edge under the `market` tag, which the refresh purges when it stores a new snapshot
 * (decision 282); a stale or partial answer for one minute only.
 */
export function sharedMarketHeaders(entry: MarketEntry, retrySoon = false): Record<string, string> {
  const maxAge = marketMaxAge(entry, retrySoon);
  return edgeCached(["market"], { browserMaxAge: maxAge, edgeMaxAge: maxAge });
}

/** Cache-Control of a market answer shaped by its user (plan, watchlist): that browser's copy only. */
export function privateMarketCacheControl(entry: MarketEntry, retrySoon = false): string {
  return `private, max-age=${marketMaxAge(entry, retrySoon)}`;
}

const RETRY_SOON_SECONDS = 60;

/** Latest option chain snapshot of a symbol (for the wheel screens), or null if none is cached. */
export async function getOptionChain(env: WorkerEnv, symbol: string): Promise<ChainSnapshot | null> {
  const s = normaliseSymbol(symbol);
  return s ? kvGetJson<ChainSnapshot>(env, KV_KEYS.chain(s)) : null;
}

export interface EconomicCalendarView {
  events: EconomicEvent[];
  source: MarketSource;
  asOf: string;
}

/** Upcoming macro events (today on, New York date). Cached 6 hours; rebuilt from shipped data on a miss. */
export async function getEconomicCalendar(env: WorkerEnv, nowMs = Date.now()): Promise<EconomicCalendarView> {
  const today = newYorkDateOf(nowMs);
  let snapshot = await kvGetJson<EconomicEvents>(env, KV_KEYS.economicCalendar);
  if (!snapshot) {
    snapshot = await getMarketProvider(env, () => nowMs).getEconomicEvents(today, 90);
    await kvPutJson(env, KV_KEYS.economicCalendar, snapshot, TTL.economicCalendar).catch((error) =>
      console.error("economic calendar: KV write failed", error),
    );
  }
  return {
    events: snapshot.events.filter((e) => e.date >= today),
    source: snapshot.source,
    asOf: snapshot.asOf,
  };
}

export interface MarketBanner extends MarketStatus {
  dataFreshness: {
    optionsDataUpdated: string | null;
    stockDataUpdated: string | null;
    dataUpdateAttempted: string | null;
  };
  /** 'demo' when the simulated market is active (the UI says so). */
  source: MarketSource | null;
  simulated: boolean;
}

/** Everything the market banner shows (docs/product/app-shell.md#market-banner). */
export async function getMarketBanner(env: WorkerEnv, nowMs = Date.now()): Promise<MarketBanner> {
  return marketBannerOf(await readMarketFreshness(env), nowMs);
}

/** The refresh job's freshness record, or null when it is missing or unreadable (the banner says so). */
export function readMarketFreshness(env: WorkerEnv): Promise<DataFreshness | null> {
  return readFreshness(env).catch(() => null);
}

/** The banner from a freshness record already read: the market's status is computed for `nowMs`. */
export function marketBannerOf(freshness: DataFreshness | null, nowMs: number): MarketBanner {
  return {
    ...marketStatus(nowMs),
    dataFreshness: {
      optionsDataUpdated: freshness?.optionsDataUpdated ?? null,
      stockDataUpdated: freshness?.stockDataUpdated ?? null,
      dataUpdateAttempted: freshness?.dataUpdateAttempted ?? null,
    },
    source: freshness?.source ?? null,
    simulated: (freshness?.source ?? "demo") === "demo",
  };
}

/**
 * One idea by its public id (share pages). `current`: true in today's list, false only in the history, null
 * when no fresh list says which.
 */
export async function getTradeById(env: WorkerEnv, tradeId: string, nowMs = Date.now()) {
  const found = await findTradeIdea(env, tradeId, nowMs);
  // A shared idea may be days old: its DTE is counted from today (decision 235).
  return found && { ...found, idea: withDaysToExpiration(found.idea, newYorkDateOf(nowMs)) };
}
