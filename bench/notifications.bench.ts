/**
 * Notifications dispatcher benchmark for 10,000 subscribed users (figures printed, never asserted).
 * 1. Enqueue: the cron's paging over due users and the queue messages, over an in-memory D1 stand-in that
 *    answers the due query's pages from 10,000 ids (so the figure is the Worker's side: paging, message
 *    building, sendBatch calls; the SQL itself runs in D1 and is not measured here). sendBatch is counted.
 * 2. Consumer CPU per user: building the alerts and rendering the email (buildAlerts + alertEmail) for
 *    10,000 users with 10-symbol watchlists over the simulated universe's ticker info (KV in memory), the
 *    part of the consumer that grows with users; D1 round trips per user are counted, not timed.
 */
import type { WorkerEnv } from "#app/server/env.server.ts";
import { computeTickerInfo, type TickerInfo } from "#app/server/market/ticker-info.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import {
  dueUserIds,
  enqueueDueNotifications,
  type NotificationMessage,
} from "#app/server/notifications/dispatch.server.ts";
import { readEconomicInputs, readSymbolMarketData } from "#app/server/notifications/market-inputs.server.ts";
import { buildAlerts } from "#app/server/notifications/triggers.server.ts";
import { alertEmail } from "#app/server/email/notification-templates.server.ts";
import { defaultPreferences } from "#app/lib/notifications.ts";
import { MemoryKV } from "./memory-kv";

const USERS = 10_000;
const SYMBOLS_PER_USER = 10;
const NOW = Date.parse("2026-11-23T15:00:00Z"); // Monday 10:00 New York

const universe = DEFAULT_UNIVERSE_SYMBOLS;
const allIds = Array.from({ length: USERS }, (_, i) => `u${String(i).padStart(5, "0")}`);
/**
 * Answers the due query from the 10,000 ids; counts statements. Its first parameter is the last id of the previous
 * page (`user.id > ?`) and its last the page size (`LIMIT ?`); drizzle reads a select's rows as arrays (`raw()`).
 */
let statements = 0;
const DB = {
  prepare() {
    statements++;
    let args: unknown[] = [];
    const page = () => {
      const after = String(args[0]);
      const limit = Number(args[args.length - 1]);
      const start = allIds.findIndex((id) => id > after);
      return start < 0 ? [] : allIds.slice(start, start + limit);
    };
    const stmt = {
      bind: (...values: unknown[]) => {
        args = values;
        return stmt;
      },
      all: async () => ({ results: page().map((id) => ({ id })) }),
      raw: async () => page().map((id) => [id]),
    };
    return stmt;
  },
} as unknown as D1Database;

// Ticker info for the universe, as the market cron leaves it in KV.
const kv = new MemoryKV();
const provider = createDemoProvider(() => NOW);
const earnings = await provider.getEarnings(universe, "2026-08-01", "2027-01-31");
for (const symbol of universe) {
  const [quote, history, dividends, news] = await Promise.all([
    provider.getQuote(symbol),
    provider.getDailyHistory(symbol, 60),
    provider.getDividends(symbol),
    provider.getNews(symbol, 5),
  ]);
  const info: TickerInfo = computeTickerInfo({
    quote,
    history,
    earnings: earnings?.dates.filter((d) => d.symbol === symbol) ?? [],
    dividends,
    news,
    nowMs: NOW,
  });
  await kv.put(KV_KEYS.tickerInfo(symbol), JSON.stringify(info));
}
const env = {
  APP_ENV: "development",
  MARKET_DATA_PROVIDER: "demo",
  DB,
  MARKET_KV: kv,
} as unknown as WorkerEnv;

// 1. Enqueue.
let sendBatchCalls = 0;
let messages = 0;
const queue = {
  sendBatch: async (batch: { body: NotificationMessage }[]) => {
    sendBatchCalls++;
    messages += batch.length;
  },
} as unknown as Queue<NotificationMessage>;
const enqueueRuns: number[] = [];
for (let r = 0; r < 5; r++) {
  sendBatchCalls = 0;
  messages = 0;
  const s = performance.now();
  await enqueueDueNotifications({ DB, NOTIFICATIONS_QUEUE: queue }, new Date(NOW));
  enqueueRuns.push(performance.now() - s);
}
enqueueRuns.sort((a, b) => a - b);
const queryStart = performance.now();
const due = await dueUserIds({ DB }, NOW);
const queryMs = performance.now() - queryStart;
console.log(
  `enqueue (cron): median ${enqueueRuns[2]!.toFixed(0)} ms for ${due.length} due users -> ${messages} messages in ${sendBatchCalls} sendBatch calls (paging the stand-in alone ${queryMs.toFixed(0)} ms, ${statements} statements in all runs)`,
);

// 2a. Consumer CPU per user (alert building + email rendering), all 10,000 users.
const market = await readSymbolMarketData(env, universe, NOW);
const economic = await readEconomicInputs(env, NOW);
const watchlists = new Map<string, string[]>();
for (let i = 0; i < USERS; i++)
  watchlists.set(`u${i}`, [
    ...new Set(
      Array.from({ length: SYMBOLS_PER_USER }, (_, k) => universe[(i * 7 + k * 13) % universe.length]!),
    ),
  ]);
const prefs = defaultPreferences();
const links = {
  preferencesUrl: "https://x/notifications",
  unsubscribeUrl: "https://x/u?t=1",
  oneClickUrl: "https://x/a?t=1",
};
let alertsTotal = 0;
const cpu0 = process.cpuUsage();
const w0 = performance.now();
for (const [id, watchlist] of watchlists) {
  const run = buildAlerts({ prefs, watchlist, market, economic, state: new Map(), nowMs: NOW });
  alertsTotal += run.alerts.length;
  if (run.alerts.length) alertEmail(`${id}@example.com`, run.alerts, "realtime", links);
}
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(
  `consumer CPU (build alerts + render email): ${((cpuMs * 1000) / USERS).toFixed(0)} µs per user, ${cpuMs.toFixed(0)} ms for ${USERS} users (wall ${(performance.now() - w0).toFixed(0)} ms), ${(alertsTotal / USERS).toFixed(1)} alerts per user on a first run`,
);

console.log(
  `projected for ${USERS} users: ${Math.ceil(USERS / 25)} messages; at 10 messages per consumer invocation, ${Math.ceil(USERS / 250)} invocations`,
);
