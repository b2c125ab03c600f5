// The one place a request may reach a provider: ticker info for a few symbols nobody has cached yet,
// within the caller's deadline (see docs/ARCHITECTURE.md "The one exception").
import { marketStatus } from "#app/lib/market-calendar/index.ts";
import { getDb } from "#app/server/db/client.server.ts";
import { runBatch } from "#app/server/db/sql.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS, kvGetJson, kvPutJson, lastGoodUpserts, TTL } from "#app/server/market/cache.server.ts";
import { readRiskFreeRate } from "#app/server/market/rates.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";
import type { EarningsCalendar, MarketDataProvider } from "#app/server/market/types.server.ts";
import { refreshSymbol, type SharedInputs } from "#app/server/market/refresh/symbol.server.ts";

/**
 * Single-symbol refresh on a cache miss (ticker info only, no chain), within `deadlineMs`.
 * Writes the same caches as the cron job so the next reader finds them.
 */
export async function refreshTickerInfos(
  env: WorkerEnv,
  provider: MarketDataProvider,
  symbols: string[],
  deadlineMs: number,
  nowMs = Date.now(),
): Promise<Map<string, TickerInfo>> {
  const status = marketStatus(nowMs);
  const earnings = await kvGetJson<EarningsCalendar>(env, KV_KEYS.earnings);
  const out = new Map<string, TickerInfo>();
  const inputs: SharedInputs = {
    earnings,
    economic: null,
    nowMs,
    marketOpen: status.isOpen,
    rate: await readRiskFreeRate(env, nowMs),
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
        await runBatch(
          db,
          lastGoodUpserts(env, [{ key: KV_KEYS.tickerInfo(symbol), payload: r.info }], nowMs),
        );
      } catch (error) {
        console.warn(`inline refresh ${symbol} failed`, error instanceof Error ? error.message : error);
      }
    }),
  );
  return out;
}
