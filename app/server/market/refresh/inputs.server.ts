// Inputs of a refresh: the KV-cached provider inputs (kept when a reload fails), the calendars every
// symbol shares, and a small worker pool.
import { addDays, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { KV_KEYS, kvGetJson, kvPutJson, TTL, type MarketCacheEnv } from "#app/server/market/cache.server.ts";
import { withDeadline } from "#app/server/market/deadline.server.ts";
import type {
  EarningsCalendar,
  EconomicEvents,
  MarketDataProvider,
  Sourced,
} from "#app/server/market/types.server.ts";

export async function pool<T>(
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
export async function cachedInput<T extends Sourced>(
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

export async function loadShared(
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
