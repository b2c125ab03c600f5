// When the market data was last refreshed (the banner's hover tip), written by every cron run.
import { KV_KEYS, readCachedOne, type MarketCacheEnv } from "#app/server/market/cache.server.ts";
import type { Sourced } from "#app/server/market/types.server.ts";

/** What the market banner's hover tip shows (`dataFreshness`, docs/product/app-shell.md#market-banner). */
export interface DataFreshness extends Sourced {
  optionsDataUpdated: string | null;
  stockDataUpdated: string | null;
  dataUpdateAttempted: string;
  symbolsRefreshed: number;
  failures: number;
  /** The screens' version the ideas were built with (engine SCREEN_VERSION); absent before it was stored. */
  screenVersion?: number;
}

export async function readFreshness(env: MarketCacheEnv): Promise<DataFreshness | null> {
  // The freshness record states its own times: a D1 copy needs no stale mark.
  return readCachedOne<DataFreshness>(env, KV_KEYS.freshness, (payload) => payload);
}
