/**
 * Notifications dispatcher benchmark for 10,000 subscribed users (figures printed, never asserted).
 * A real D1 (SQLite inside workerd, run by Miniflare in this process) holds 10,000 paid users with
 * notification preferences and 10-symbol watchlists, migrated with the project's migrations.
 * 1. Enqueue: the cron's due-user query and the queue messages (sendBatch is counted, not sent).
 * 2. Consumer: whole messages of 25 users through processNotificationMessage against that D1 and an
 *    in-memory KV holding ticker info for the simulated universe; wall time per message includes the
 *    Node <-> workerd hop of every D1 call (an upper bound for the Worker). CPU per user is the alert
 *    building and email rendering alone (buildAlerts + alertEmail), the part that scales with users.
 */
import { readdirSync, readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import type { WorkerEnv } from "../app/server/env.server";
import { computeTickerInfo, type TickerInfo } from "../app/server/market/ticker-info.server";
import { createDemoProvider } from "../app/server/market/providers/demo/provider.server";
import { DEFAULT_UNIVERSE_SYMBOLS } from "../app/server/market/universe.server";
import { KV_KEYS } from "../app/server/market/cache.server";
import {
  dueUserIds,
  processNotificationMessage,
  toMessages,
  enqueueDueNotifications,
  type NotificationMessage,
} from "../app/server/notifications/dispatch.server";
import { readEconomicInputs, readSymbolMarketData } from "../app/server/notifications/market-inputs.server";
import { buildAlerts } from "../app/server/notifications/triggers.server";
import { alertEmail } from "../app/server/email/notification-templates.server";
import { defaultPreferences } from "../app/lib/notifications";

const USERS = 10_000;
const SYMBOLS_PER_USER = 10;
const NOW = Date.parse("2026-11-23T15:00:00Z"); // Monday 10:00 New York

const mf = new Miniflare({
  modules: true,
  script: "export default { fetch() { return new Response('ok') } }",
  d1Databases: ["DB"],
  compatibilityDate: "2026-04-26",
});
const DB = (await mf.getD1Database("DB")) as unknown as D1Database;
for (const file of readdirSync("migrations")
  .filter((f) => f.endsWith(".sql"))
  .sort()) {
  const statements = readFileSync(`migrations/${file}`, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of statements) await DB.prepare(s).run();
}

// 10,000 users, each with preferences (realtime, New York) and 10 symbols of the universe.
const universe = DEFAULT_UNIVERSE_SYMBOLS;
const t0 = performance.now();
for (let start = 0; start < USERS; start += 500) {
  const stmts: D1PreparedStatement[] = [];
  for (let i = start; i < Math.min(USERS, start + 500); i++) {
    const id = `u${String(i).padStart(5, "0")}`;
    stmts.push(
      DB.prepare(
        "insert into user (id, name, email, subscription_tier, subscription_status, has_used_trial, created_at, updated_at) values (?, ?, ?, ?, 'active', 1, 0, 0)",
      ).bind(id, id, `${id}@example.com`, i % 5 === 0 ? "Elite Plan" : "Pro Plan"),
      DB.prepare(
        "insert into notification_preferences (user_id, preferences, updated_at, enabled, time_zone, next_run_at) values (?, '{}', 0, 1, 'America/New_York', 0)",
      ).bind(id),
    );
    const values = Array.from(
      { length: SYMBOLS_PER_USER },
      (_, k) => universe[(i * 7 + k * 13) % universe.length]!,
    );
    const unique = [...new Set(values)];
    stmts.push(
      DB.prepare(
        `insert into watchlist_symbols (user_id, symbol, position, created_at) values ${unique.map(() => "(?, ?, ?, 0)").join(", ")}`,
      ).bind(...unique.flatMap((s, k) => [id, s, k])),
    );
  }
  await DB.batch(stmts);
}
console.log(
  `setup: ${USERS} users, ${SYMBOLS_PER_USER} symbols each, in ${((performance.now() - t0) / 1000).toFixed(1)} s (not measured)`,
);

// Ticker info for the universe, as the market cron leaves it in KV.
class MemoryKV {
  map = new Map<string, string>();
  async get(key: string, type?: string) {
    const v = this.map.get(key);
    return v === undefined ? null : type === "json" ? JSON.parse(v) : v;
  }
  async put(key: string, value: string) {
    this.map.set(key, value);
  }
}
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
  `enqueue (cron): median ${enqueueRuns[2]!.toFixed(0)} ms for ${due.length} due users -> ${messages} messages in ${sendBatchCalls} sendBatch calls (due query alone ${queryMs.toFixed(0)} ms)`,
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

// 2b. Whole messages against the real D1 (claim, reads, dedupe, batch write, outbox capture).
const sample = toMessages(due.slice(0, 250), NOW);
const perMessage: number[] = [];
const mcpu0 = process.cpuUsage();
for (const m of sample) {
  const s = performance.now();
  await processNotificationMessage(env, m, NOW);
  perMessage.push(performance.now() - s);
}
const mcpu = process.cpuUsage(mcpu0);
perMessage.sort((a, b) => a - b);
const sent = await DB.prepare("select count(*) as n from email_outbox").first<{ n: number }>();
console.log(
  `consumer message (25 users, local D1 via Miniflare): median ${perMessage[Math.floor(perMessage.length / 2)]!.toFixed(0)} ms wall, Node-side CPU ${((mcpu.user + mcpu.system) / 1000 / (sample.length * 25)).toFixed(1)} ms per user; ${sent?.n} emails captured for ${sample.length * 25} users`,
);
console.log(
  `projected for ${USERS} users: ${Math.ceil(USERS / 25)} messages; at 10 messages per consumer invocation, ${Math.ceil(USERS / 250)} invocations`,
);
await mf.dispose();
