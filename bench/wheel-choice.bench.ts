/**
 * Which wheel strategies the screens choose (figures printed, never asserted; issue 27 item 4): the 10 best
 * balanced CSPs of the whole universe in the table's default order (annualised), with their DTE, delta and
 * period return, and how many listed covered calls would lose money if assigned. The caches are filled by
 * one real cron refresh of the simulated market on Monday 2026-11-23 11:00 New York into an in-memory KV.
 * The covered-call book holds 100 shares of every universe symbol bought at its reference price (a round
 * late-2025 level), so some positions sit above today's price and some below, as a real book does.
 */
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { DEFAULT_UNIVERSE } from "#app/server/market/universe.server.ts";
import { ccBatch, cspBatch } from "#app/server/wheel/strategies.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
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

const tickers = DEFAULT_UNIVERSE.map((e) => e.symbol).filter((s) => /^[A-Z]{1,5}$/.test(s));
const positions = DEFAULT_UNIVERSE.filter((e) => /^[A-Z]{1,5}$/.test(e.symbol)).map((e) => ({
  symbol: e.symbol,
  shares: 100,
  costBasis: e.refPrice,
}));
const riskLevel = "balanced" as const;

const csp = await cspBatch(
  env,
  { tickers, riskLevel, cashAmount: 100_000, maxDaysToExpiration: 45, minReturn: 0 },
  now.getTime(),
);
const csps = Object.values(csp.results)
  .flatMap((r) => r.strategies)
  .sort((a, b) => b.annualizedReturn - a.annualizedReturn);
const dtes = csps.map((c) => c.daysToExpiration);
console.log(
  `Balanced CSPs, ${tickers.length} tickers: ${csps.length} listed, DTE ${Math.min(...dtes)}-${Math.max(...dtes)}`,
);
console.log("10 best by annualised return (the table's default sort):");
for (const c of csps.slice(0, 10))
  console.log(
    `  ${c.symbol.padEnd(5)} ${String(c.daysToExpiration).padStart(3)} DTE  strike ${String(c.putStrike).padStart(7)}` +
      `  |delta| ${Math.abs(c.delta).toFixed(2)}  annualised ${c.annualizedReturn.toFixed(1).padStart(5)}%` +
      `  period ${c.period_return.toFixed(2)}%`,
  );

// Ten positions per call, as the screen sends them.
let listed = 0;
let losing = 0;
for (let i = 0; i < positions.length; i += 10) {
  const cc = await ccBatch(
    env,
    {
      positions: positions.slice(i, i + 10),
      riskLevel,
      maxDaysToExpiration: 45,
      minReturn: 0,
      includeBelowCostBasis: false,
    },
    now.getTime(),
  );
  for (const r of Object.values(cc.results))
    for (const s of r.strategies) {
      listed++;
      if (s.assignmentProfit < 0) losing++;
    }
}
console.log(
  `Balanced CCs, ${positions.length} positions at their reference price: ${listed} listed, ${losing} lose money if assigned`,
);
