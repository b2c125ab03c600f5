// Market caches: KV is the hot cache (with the product's TTLs); D1 `market_snapshots` keeps the last good
// payload per key so an expired KV entry or a failing provider still has something honest to serve.
import { inArray } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { sqlExcluded } from "#app/server/db/sql.server.ts";
import type { Sourced } from "#app/server/market/types.server.ts";

export interface MarketCacheEnv {
  DB: D1Database;
  MARKET_KV: KVNamespace;
}

/** KV keys; the version suffix lets a payload shape change without reading old entries. */
export const KV_KEYS = {
  tickerInfo: (symbol: string) => `ti:v1:${symbol}`,
  chain: (symbol: string) => `chain:v1:${symbol}`,
  history: (symbol: string) => `hist:v1:${symbol}`,
  dividends: (symbol: string) => `div:v1:${symbol}`,
  news: (symbol: string) => `news:v1:${symbol}`,
  known: (symbol: string) => `known:v1:${symbol}`,
  earnings: "earnings:v1",
  ideas: "ideas:v1",
  economicCalendar: "econ:v1",
  freshness: "freshness:v1",
  /** The live risk-free rate's last good reading (rates.server.ts). */
  riskFreeRate: "rate:v1",
} as const;

/** Seconds. KV refuses TTLs under 60. */
export const TTL = {
  /** Ticker info 5 minutes per symbol (docs/product/limits-and-timings.md#cache-times). */
  tickerInfo: 300,
  /** Trade suggestions 5 minutes (docs/product/limits-and-timings.md#cache-times). */
  ideas: 300,
  /** Economic calendar 6 hours (docs/product/limits-and-timings.md#cache-times). */
  economicCalendar: 6 * 3600,
  /** Chains stay readable (with their asOf) for the wheel screens until the next session. */
  chain: 3 * 86_400,
  history: 2 * 86_400,
  earnings: 12 * 3600,
  dividends: 3 * 86_400,
  news: 6 * 3600,
  known: 7 * 86_400,
  /** A symbol the provider did not know may be listed tomorrow: ask again after a day. */
  unknown: 86_400,
  /** The last good Treasury bill rate: kept a month, so a long Treasury outage still prices with it. */
  riskFreeRate: 30 * 86_400,
} as const;

export async function kvGetJson<T>(env: MarketCacheEnv, key: string): Promise<T | null> {
  try {
    return await env.MARKET_KV.get<T>(key, "json");
  } catch (error) {
    console.error(`market cache: KV read ${key} failed`, error);
    return null;
  }
}

/** KV's bulk read takes at most this many keys per call. */
const KV_BULK_GET_MAX = 100;

/**
 * Several keys in one KV call per 100 (KV's bulk get) instead of one call per key: a watchlist of 50 is one
 * round trip. A failed batch reads as missing, like a failed single read, so D1's copy answers for it.
 */
export async function kvGetManyJson<T>(
  env: MarketCacheEnv,
  keys: readonly string[],
): Promise<Map<string, T | null>> {
  if (keys.length === 1) return new Map([[keys[0]!, await kvGetJson<T>(env, keys[0]!)]]);
  const batches: string[][] = [];
  for (let i = 0; i < keys.length; i += KV_BULK_GET_MAX) batches.push(keys.slice(i, i + KV_BULK_GET_MAX));
  const read = await Promise.all(
    batches.map((batch) =>
      env.MARKET_KV.get<T>(batch, "json").catch((error: unknown) => {
        console.error(`market cache: KV bulk read of ${batch.length} keys failed`, error);
        return new Map<string, T | null>();
      }),
    ),
  );
  const found = new Map<string, T | null>();
  for (const batch of read) for (const [key, value] of batch) found.set(key, value);
  return found;
}

export async function kvPutJson(
  env: MarketCacheEnv,
  key: string,
  value: unknown,
  ttlSeconds?: number,
): Promise<void> {
  const options = ttlSeconds ? { expirationTtl: Math.max(60, Math.round(ttlSeconds)) } : undefined;
  await env.MARKET_KV.put(key, JSON.stringify(value), options);
}

/** Multi-row upsert of last-good payloads, chunked under D1's 100 bound parameters (5 per row). */
export function lastGoodUpserts(
  env: MarketCacheEnv,
  rows: { key: string; payload: Sourced }[],
  nowMs: number,
) {
  const db = getDb(env);
  const statements = [];
  for (let i = 0; i < rows.length; i += 19) {
    const values = rows.slice(i, i + 19).map(({ key, payload }) => ({
      key,
      payload,
      source: payload.source,
      asOf: payload.asOf,
      updatedAt: new Date(nowMs),
    }));
    statements.push(
      db
        .insert(schema.marketSnapshots)
        .values(values)
        .onConflictDoUpdate({
          target: schema.marketSnapshots.key,
          set: {
            payload: sqlExcluded("payload"),
            source: sqlExcluded("source"),
            asOf: sqlExcluded("as_of"),
            updatedAt: sqlExcluded("updated_at"),
          },
        }),
    );
  }
  return statements;
}

export async function readLastGood<T>(
  env: MarketCacheEnv,
  keys: readonly string[],
): Promise<Map<string, { payload: T; updatedAt: number }>> {
  const out = new Map<string, { payload: T; updatedAt: number }>();
  if (keys.length === 0) return out;
  const db = getDb(env);
  for (let i = 0; i < keys.length; i += 90) {
    const rows = await db
      .select({
        key: schema.marketSnapshots.key,
        payload: schema.marketSnapshots.payload,
        updatedAt: schema.marketSnapshots.updatedAt,
      })
      .from(schema.marketSnapshots)
      .where(inArray(schema.marketSnapshots.key, keys.slice(i, i + 90) as string[]));
    for (const r of rows) out.set(r.key, { payload: r.payload as T, updatedAt: r.updatedAt.getTime() });
  }
  return out;
}

/**
 * The one cache reader: KV first, then the D1 last-good copy of each key KV no longer holds, passed
 * through `fromLastGood` (which marks it stale when it should be). A failing D1 read counts as a miss.
 */
export async function readCached<T>(
  env: MarketCacheEnv,
  keys: readonly string[],
  fromLastGood: (payload: T) => T,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (const [key, value] of await kvGetManyJson<T>(env, keys)) if (value) found.set(key, value);
  const missing = keys.filter((key) => !found.has(key));
  if (missing.length === 0) return found;
  try {
    const cold = await readLastGood<T>(env, missing);
    for (const [key, row] of cold) found.set(key, fromLastGood(row.payload));
  } catch (error) {
    console.error(`market cache: D1 last-good read failed (${missing.slice(0, 3).join(", ")})`, error);
  }
  return found;
}

/** `readCached` for one key; null when neither cache has it. */
export async function readCachedOne<T>(
  env: MarketCacheEnv,
  key: string,
  fromLastGood: (payload: T) => T,
): Promise<T | null> {
  return (await readCached(env, [key], fromLastGood)).get(key) ?? null;
}
