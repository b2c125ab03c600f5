// The live composite provider: quotes, chains and history from Polygon (Massive, the licensed production source,
// MARKET_DATA_PROVIDER=polygon, which also serves dividends) or from Cboe's delayed quotes (MARKET_DATA_PROVIDER=live,
// development only: decision 279); Finnhub (earnings, headlines) and Alpha Vantage (news sentiment, dividends
// without Polygon) when their keys are set.
import { sql } from "drizzle-orm";
import { addDays, economicEventsBetween, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { getDb } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS, kvGetJson, kvPutJson, TTL } from "#app/server/market/cache.server.ts";
import type { MarketDataProvider, Quote } from "#app/server/market/types.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";
import { normaliseSymbol } from "#app/lib/symbols.ts";
import {
  ALPHAVANTAGE_DAILY_BUDGET,
  createAlphaVantageClient,
  type AlphaVantageClient,
} from "#app/server/market/providers/alphavantage.server.ts";
import { createCboeClient, type CboeClient } from "#app/server/market/providers/cboe.server.ts";
import { createFinnhubClient, type FinnhubClient } from "#app/server/market/providers/finnhub.server.ts";
import { createPolygonClient, type PolygonClient } from "#app/server/market/providers/polygon.server.ts";

/** A quote younger than this is reused instead of asking Cboe again (the options call carries one too). */
const QUOTE_REUSE_MS = 60_000;

/**
 * One unit of a provider's daily quota, counted atomically in D1 (KV is eventually consistent and
 * wrong for counters). Returns false when the day's budget is spent.
 */
export function dailyBudget(
  env: { DB: D1Database },
  provider: string,
  limit: number,
  clock: () => number = Date.now,
) {
  return async (): Promise<boolean> => {
    const key = `budget:${provider}:${newYorkDateOf(clock())}`;
    const db = getDb(env);
    const nowMs = clock();
    // raw SQL: INSERT OR IGNORE, then a conditional UPDATE claim whose changes() is the answer (not yet rewritten).
    await db.run(sql`INSERT OR IGNORE INTO market_snapshots (key, payload, source, as_of, updated_at)
      VALUES (${key}, '{"used":0}', ${provider}, ${new Date(nowMs).toISOString()}, ${nowMs})`);
    // raw SQL: the claim: one unit only while the day's count is under the limit.
    const res =
      await db.run(sql`UPDATE market_snapshots SET payload = json_set(payload, '$.used', json_extract(payload, '$.used') + 1), updated_at = ${nowMs}
      WHERE key = ${key} AND json_extract(payload, '$.used') < ${limit}`);
    return changes(res) === 1;
  };
}

/** The adapters and the state that must outlive a request: concurrency caps, minute budgets, recent quotes. */
interface LiveClients {
  cboe: CboeClient;
  /** Set when MARKET_DATA_PROVIDER=polygon (the key is then required). */
  polygon: PolygonClient | null;
  finnhub: FinnhubClient | null;
  alpha: AlphaVantageClient | null;
  recentQuotes: Map<string, Quote>;
}

const clientsByEnv = new WeakMap<object, LiveClients>();

function liveClients(env: WorkerEnv): LiveClients {
  let clients = clientsByEnv.get(env);
  if (!clients) {
    const config = serverConfig(env);
    if (config.MARKET_DATA_PROVIDER === "polygon" && !config.POLYGON_API_KEY)
      throw new ProviderError("polygon", "POLYGON_API_KEY is not set", "not_configured");
    clients = {
      cboe: createCboeClient(config.CBOE_API_BASE),
      polygon:
        config.MARKET_DATA_PROVIDER === "polygon"
          ? createPolygonClient(config.POLYGON_API_KEY!, config.POLYGON_API_BASE, {
              callsPerMinute: config.POLYGON_CALLS_PER_MINUTE,
            })
          : null,
      finnhub: config.FINNHUB_API_KEY
        ? createFinnhubClient(config.FINNHUB_API_KEY, config.FINNHUB_API_BASE)
        : null,
      alpha: config.ALPHAVANTAGE_API_KEY
        ? createAlphaVantageClient(
            config.ALPHAVANTAGE_API_KEY,
            config.ALPHAVANTAGE_API_BASE,
            dailyBudget(env, "alphavantage", ALPHAVANTAGE_DAILY_BUDGET),
          )
        : null,
      recentQuotes: new Map(),
    };
    clientsByEnv.set(env, clients);
  }
  return clients;
}

/**
 * The live provider reading `clock`. Every instance for the same env shares one set of clients, so the
 * caps in http.server.ts hold across requests and cron runs of the isolate, not just within one.
 */
export function createLiveProvider(env: WorkerEnv, clock: () => number = Date.now): MarketDataProvider {
  const { cboe, polygon, finnhub, alpha, recentQuotes } = liveClients(env);
  // The quotes, chains and history vendor: Polygon when configured, else Cboe (both answer the same shapes).
  const vendor = polygon
    ? {
        quote: polygon.quote,
        history: polygon.history,
        chain: async (symbol: string) => {
          const { chain } = await polygon.chain(symbol);
          return { chain, quote: null };
        },
      }
    : cboe;
  const remember = (quote: Quote) => {
    if (recentQuotes.size > 500) recentQuotes.clear();
    recentQuotes.set(quote.symbol, quote);
    return quote;
  };
  return {
    name: polygon ? "polygon" : "live",
    async isKnownSymbol(symbol) {
      const s = normaliseSymbol(symbol);
      if (!s) return false;
      const cached = await kvGetJson<{ known: boolean }>(env, KV_KEYS.known(s));
      if (cached) return cached.known;
      try {
        // The quote that proves the symbol exists is kept for the refresh that usually follows.
        remember(await vendor.quote(s));
        await kvPutJson(env, KV_KEYS.known(s), { known: true }, TTL.known);
        return true;
      } catch (error) {
        if (error instanceof ProviderError && error.kind === "unknown_symbol") {
          await kvPutJson(env, KV_KEYS.known(s), { known: false }, TTL.unknown);
          return false;
        }
        throw error;
      }
    },
    async getQuote(symbol) {
      const recent = recentQuotes.get(symbol);
      if (recent && clock() - Date.parse(recent.asOf) < QUOTE_REUSE_MS) return recent;
      return vendor.quote(symbol);
    },
    getDailyHistory: (symbol, days) => vendor.history(symbol, days),
    async getOptionChain(symbol) {
      const { chain, quote } = await vendor.chain(symbol);
      if (quote) remember(quote);
      return chain;
    },
    async getEarnings(symbols, fromDate, toDate) {
      if (!finnhub) return null;
      // One call for the whole window (all symbols) unless a single symbol is asked for.
      const all = await finnhub.earnings(fromDate, toDate, symbols.length === 1 ? symbols[0] : undefined);
      const wanted = new Set(symbols);
      return { ...all, dates: all.dates.filter((d) => wanted.has(d.symbol)) };
    },
    async getDividends(symbol) {
      if (polygon) return polygon.dividends(symbol);
      return alpha ? alpha.dividends(symbol) : null;
    },
    async getNews(symbol, days) {
      const today = newYorkDateOf(clock());
      const from = addDays(today, -days);
      if (alpha) {
        try {
          return await alpha.news(symbol, from);
        } catch (error) {
          if (!finnhub) throw error;
          console.warn(
            `alphavantage news ${symbol} failed, using finnhub headlines`,
            error instanceof Error ? error.message : error,
          );
        }
      }
      return finnhub ? finnhub.news(symbol, from, today) : null;
    },
    // Finnhub's economic calendar is premium: the shipped calendar is the source in both modes.
    async getEconomicEvents(fromDate, days) {
      return {
        events: economicEventsBetween(fromDate, days),
        source: "calendar",
        asOf: new Date(clock()).toISOString(),
      };
    },
  };
}
