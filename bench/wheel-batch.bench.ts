/**
 * Wheel batch benchmark (figures printed, never asserted): server time of the CSP batch for 50 tickers and
 * the CC batch for 10 positions, the work behind POST /api/wheel/csp-strategies/batch and
 * /api/wheel/cc-strategies/batch after the session check. The caches are filled by one real cron refresh of
 * the simulated market into an in-memory KV (a Map; no storage latency). "warm" = the isolate already holds
 * the cleaned chains (steady state between two cron refreshes); "cold" = a fresh isolate that reads and
 * cleans every chain first. Node's V8 stands in for workerd's (same engine); the route adds JSON encoding.
 */
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { ccBatch, clearWheelChainMemory, cspBatch } from "#app/server/wheel/strategies.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { loadavg } from "node:os";
import { MemoryKV } from "./memory-kv";
import { NullD1 } from "./null-d1";

const env = {
  APP_ENV: "development",
  MARKET_DATA_PROVIDER: "demo",
  DB: new NullD1(),
  MARKET_KV: new MemoryKV(),
} as unknown as WorkerEnv;
const now = new Date("2026-11-23T16:00:00Z");
await runMarketRefresh(env, now, { force: true });

const tickers = DEFAULT_UNIVERSE_SYMBOLS.slice(0, 50);
const positions = DEFAULT_UNIVERSE_SYMBOLS.filter((s) => /^[A-Z]+$/.test(s))
  .slice(0, 10)
  .map((symbol, i) => ({ symbol, shares: 100 * (i + 1), costBasis: 100 }));

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  return `p50 ${q(0.5).toFixed(2)} ms  p95 ${q(0.95).toFixed(2)} ms  max ${s.at(-1)!.toFixed(2)} ms  (n=${s.length})`;
}

async function measure(label: string, run: () => Promise<unknown>, rounds: number, cold: boolean) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (cold) clearWheelChainMemory();
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(40)} ${stats(times)}`);
}

const csp = () =>
  cspBatch(
    env,
    { tickers, riskLevel: "balanced", cashAmount: 100_000, maxDaysToExpiration: 45, minReturn: 0 },
    now.getTime(),
  );
const cc = () =>
  ccBatch(
    env,
    { positions, riskLevel: "balanced", maxDaysToExpiration: 45, minReturn: 0, includeBelowCostBasis: false },
    now.getTime(),
  );

const sample = (await csp()) as { results: Record<string, { strategies: unknown[] }> };
const found = Object.values(sample.results).reduce((n, r) => n + r.strategies.length, 0);
console.log(
  `CSP batch: ${tickers.length} tickers -> ${found} strategies; CC batch: ${positions.length} positions. Node ${process.version}`,
);
// Warm first: the cold rounds leave garbage whose collection would land in the warm figures.
await cc();
await measure("CSP 50 tickers, warm", csp, 300, false);
await measure("CC 10 positions, warm", cc, 300, false);
await measure("CSP 50 tickers, cold isolate", csp, 10, true);
await measure("CC 10 positions, cold isolate", cc, 10, true);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} at the end`,
);
