// Which provider serves the market: the simulated one (default, no keys, no network) or the live
// composite (Cboe delayed quotes for quotes/chains/history; Finnhub and Alpha Vantage when their keys
// are set). MARKET_DATA_PROVIDER=demo|live in wrangler.toml.
import { sql } from "drizzle-orm";
import { addDays, economicEventsBetween, newYorkDateOf } from "../../lib/market-calendar";
import { getDb } from "../db/client.server";
import { serverConfig, type WorkerEnv } from "../env.server";
import { ALPHAVANTAGE_DAILY_BUDGET, createAlphaVantageClient } from "./alphavantage.server";
import { KV_KEYS, kvGetJson, kvPutJson, TTL } from "./cache.server";
import { createCboeClient } from "./cboe.server";
import { createDemoProvider, DEMO_RISK_FREE_RATE } from "./demo-provider.server";
import { createFinnhubClient } from "./finnhub.server";
import type { MarketDataProvider, Quote } from "./types.server";
import { ProviderError } from "./types.server";
import { normaliseSymbol } from "./universe.server";

/**
 * No rate source is wired in: both modes price with 4% (continuous), close to the 2025-26 T-bill
 * yield. Kept in one place so a provider can replace it.
 */
export function riskFreeRateFor(_env: WorkerEnv): number {
  return DEMO_RISK_FREE_RATE;
}

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
    await db.run(sql`INSERT OR IGNORE INTO market_snapshots (key, payload, source, as_of, updated_at)
      VALUES (${key}, '{"used":0}', ${provider}, ${new Date(nowMs).toISOString()}, ${nowMs})`);
    const res =
      await db.run(sql`UPDATE market_snapshots SET payload = json_set(payload, '$.used', json_extract(payload, '$.used') + 1), updated_at = ${nowMs}
      WHERE key = ${key} AND json_extract(payload, '$.used') < ${limit}`);
    return (res.meta.changes ?? 0) === 1;
  };
}

export function createLiveProvider(env: WorkerEnv, clock: () => number = Date.now): MarketDataProvider {
  const config = serverConfig(env);
  const cboe = createCboeClient(config.CBOE_API_BASE);
  const finnhub = config.FINNHUB_API_KEY
    ? createFinnhubClient(config.FINNHUB_API_KEY, config.FINNHUB_API_BASE)
    : null;
  const alpha = config.ALPHAVANTAGE_API_KEY
    ? createAlphaVantageClient(
        config.ALPHAVANTAGE_API_KEY,
        config.ALPHAVANTAGE_API_BASE,
        dailyBudget(env, "alphavantage", ALPHAVANTAGE_DAILY_BUDGET, clock),
      )
    : null;
  // The options call carries the quote too: reuse it for a minute instead of a second request.
  const recentQuotes = new Map<string, Quote>();
  return {
    name: "live",
    async isKnownSymbol(symbol) {
      const s = normaliseSymbol(symbol);
      if (!s) return false;
      const cached = await kvGetJson<{ known: boolean }>(env, KV_KEYS.known(s));
      if (cached) return cached.known;
      try {
        await cboe.quote(s);
        await kvPutJson(env, KV_KEYS.known(s), { known: true }, TTL.known);
        return true;
      } catch (error) {
        if (error instanceof ProviderError && error.kind === "unknown_symbol") {
          await kvPutJson(env, KV_KEYS.known(s), { known: false }, 86_400);
          return false;
        }
        throw error;
      }
    },
    async getQuote(symbol) {
      const recent = recentQuotes.get(symbol);
      if (recent && clock() - Date.parse(recent.asOf) < 60_000) return recent;
      return cboe.quote(symbol);
    },
    getDailyHistory: (symbol, days) => cboe.history(symbol, days),
    async getOptionChain(symbol) {
      const { chain, quote } = await cboe.chain(symbol);
      recentQuotes.set(symbol, quote);
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

export function getMarketProvider(env: WorkerEnv, clock: () => number = Date.now): MarketDataProvider {
  return serverConfig(env).MARKET_DATA_PROVIDER === "live"
    ? createLiveProvider(env, clock)
    : createDemoProvider(clock);
}

/** For the watchlist: does this symbol exist at the configured provider? */
export async function isKnownSymbol(env: WorkerEnv, symbol: string): Promise<boolean> {
  const s = normaliseSymbol(symbol);
  if (!s) return false;
  return getMarketProvider(env).isKnownSymbol(s);
}
