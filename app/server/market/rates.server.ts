// The risk-free rate every idea and wheel strategy is priced with, and where it came from (decision 160).
//   demo  the simulated market's own dated 13-week bill series (app/lib/risk-free-rate.ts), pure;
//   live  RISK_FREE_RATE when configured, else the Treasury's latest 13-week bill yield, read by the cron
//         refresh at most every RATE_REFETCH_MS and kept in KV as the last good value; requests only read
//         that value. With no reading at all the former 4% is used and r_source says it is not sourced.
import {
  continuousFromCouponEquivalent,
  simulatedRiskFreeRate,
  type RiskFreeRate,
} from "#app/lib/risk-free-rate.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS, kvGetJson, kvPutJson, TTL, type MarketCacheEnv } from "#app/server/market/cache.server.ts";
import { createTreasuryClient } from "#app/server/market/providers/treasury.server.ts";
import type { FetchPolicy } from "#app/server/market/providers/http.server.ts";

type RateEnv = MarketCacheEnv &
  Pick<WorkerEnv, "MARKET_DATA_PROVIDER" | "RISK_FREE_RATE" | "TREASURY_API_BASE" | "APP_ENV">;

/** Used only while no rate has ever been read (a fresh live install whose Treasury call failed). */
export const FALLBACK_RATE = 0.04;
export const FALLBACK_RATE_SOURCE = "not stated: no Treasury bill rate read yet, 4% assumed";
export const TREASURY_RATE_SOURCE = "U.S. Treasury daily bill rates, 13-week coupon equivalent";
export const CONFIGURED_RATE_SOURCE = "configured (RISK_FREE_RATE)";
/** The Treasury publishes once a business day (about 3:30 pm New York): a few reads a day catch it. */
export const RATE_REFETCH_MS = 6 * 3600_000;

interface StoredRate extends RiskFreeRate {
  /** Epoch ms of the last successful read. */
  fetchedMs: number;
}

function configured(env: RateEnv): RiskFreeRate | null {
  const percent = serverConfig(env as WorkerEnv).RISK_FREE_RATE;
  return percent === undefined ? null : { rate: percent / 100, source: CONFIGURED_RATE_SOURCE, asOf: null };
}

function live(env: RateEnv): boolean {
  return serverConfig(env as WorkerEnv).MARKET_DATA_PROVIDER !== "demo";
}

/** For request paths: never reaches the network. */
export async function readRiskFreeRate(env: RateEnv, nowMs: number): Promise<RiskFreeRate> {
  if (!live(env)) return simulatedRiskFreeRate(newYorkDateOf(nowMs));
  const fixed = configured(env);
  if (fixed) return fixed;
  const stored = await kvGetJson<StoredRate>(env, KV_KEYS.riskFreeRate);
  if (stored) return { rate: stored.rate, source: stored.source, asOf: stored.asOf };
  return { rate: FALLBACK_RATE, source: FALLBACK_RATE_SOURCE, asOf: null };
}

/**
 * For the cron refresh: in live mode reads the Treasury when the last good value is older than
 * RATE_REFETCH_MS, stores a good reading, and falls back to the last good value when the read fails.
 */
export async function refreshRiskFreeRate(
  env: RateEnv,
  nowMs: number,
  policy: Partial<FetchPolicy> = {},
): Promise<RiskFreeRate> {
  if (!live(env)) return simulatedRiskFreeRate(newYorkDateOf(nowMs));
  const fixed = configured(env);
  if (fixed) return fixed;
  const stored = await kvGetJson<StoredRate>(env, KV_KEYS.riskFreeRate);
  if (stored && nowMs - stored.fetchedMs < RATE_REFETCH_MS)
    return { rate: stored.rate, source: stored.source, asOf: stored.asOf };
  try {
    const client = createTreasuryClient(serverConfig(env as WorkerEnv).TREASURY_API_BASE, policy);
    const latest = await client.latestBillRate(newYorkDateOf(nowMs));
    const reading: StoredRate = {
      rate: continuousFromCouponEquivalent(latest.yieldPercent),
      source: TREASURY_RATE_SOURCE,
      asOf: latest.date,
      fetchedMs: nowMs,
    };
    await kvPutJson(env, KV_KEYS.riskFreeRate, reading, TTL.riskFreeRate);
    return { rate: reading.rate, source: reading.source, asOf: reading.asOf };
  } catch (error) {
    console.warn(`risk-free rate: ${error instanceof Error ? error.message : String(error)}`);
    if (stored) return { rate: stored.rate, source: stored.source, asOf: stored.asOf };
    return { rate: FALLBACK_RATE, source: FALLBACK_RATE_SOURCE, asOf: null };
  }
}
