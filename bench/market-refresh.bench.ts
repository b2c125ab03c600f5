/**
 * Market refresh benchmark (figures printed, never asserted): one cron refresh of the whole default
 * universe with the simulated market, through the real pipeline (runMarketRefresh: provider -> ticker
 * info -> engine hygiene + spread screener -> ideas -> cache writes), over in-memory fakes of KV (a Map)
 * and D1 (statements are built and bound by drizzle but not executed). So the figure is the Worker's
 * CPU for one run minus the storage round trips. "cold" is a fresh isolate (the simulated price paths
 * are built from the epoch); "warm" is a later run in the same isolate. The fake D1 stores nothing, so
 * every run also writes the 30 first-sight daily closes per symbol: the statement count is the cold-start
 * worst case (in steady state a run writes ~15 statements). CPU includes V8's GC threads.
 */
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { MemoryKV } from "./memory-kv";

class NullD1 {
  statements = 0;
  params = 0;
  prepare(_sql: string) {
    const stmt = {
      bind: (...values: unknown[]) => {
        this.params += values.length;
        return stmt;
      },
      all: async () => ({ results: [], success: true, meta: { changes: 0 } }),
      run: async () => ({ results: [], success: true, meta: { changes: 1 } }),
      raw: async () => [],
      first: async () => null,
    };
    this.statements++;
    return stmt;
  }
  async batch(stmts: unknown[]) {
    return stmts.map(() => ({ results: [], success: true, meta: { changes: 1 } }));
  }
  async exec() {
    return { count: 0, duration: 0 };
  }
}

async function measure(label: string, env: WorkerEnv, kv: MemoryKV, d1: NullD1, now: Date) {
  const w0 = kv.writes;
  const b0 = kv.bytesWritten;
  const s0 = d1.statements;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const outcome = await runMarketRefresh(env, now, { force: true });
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const detail = outcome.detail as { symbols: number; ideas: number; chains: number };
  console.log(
    `${label.padEnd(6)} CPU ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(5)} ms  wall ${wall.toFixed(0).padStart(5)} ms  ` +
      `symbols ${detail.symbols}  chains ${detail.chains}  ideas ${detail.ideas}  ` +
      `KV writes ${kv.writes - w0} (${((kv.bytesWritten - b0) / 1e6).toFixed(1)} MB)  D1 statements ${d1.statements - s0}`,
  );
  return (cpu.user + cpu.system) / 1000;
}

const kv = new MemoryKV();
const d1 = new NullD1();
const env = {
  APP_ENV: "development",
  MARKET_DATA_PROVIDER: "demo",
  DB: d1,
  MARKET_KV: kv,
} as unknown as WorkerEnv;
const now = new Date("2026-11-23T16:00:00Z"); // a Monday, 11:00 New York, market open
console.log("One cron refresh of the default universe (simulated market), Node", process.version);
await measure("cold", env, kv, d1, now);
const warm: number[] = [];
for (let i = 1; i <= 5; i++)
  warm.push(await measure(`warm${i}`, env, kv, d1, new Date(now.getTime() + i * 300_000)));
warm.sort((a, b) => a - b);
console.log(`median warm refresh CPU: ${warm[2]!.toFixed(0)} ms`);
