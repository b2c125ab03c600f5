/**
 * Trade ideas screen benchmark (figures printed, never asserted), Node's V8 (the engine workerd runs):
 *  1. /spreads loader data for an Elite user with the full idea list: the two server reads the loader
 *     makes after the session (plan + banner, then the capped list filtered and paged on the server,
 *     decision 180) over an in-memory KV holding the real ideas payload (made by one simulated market
 *     refresh) and a D1 stub, plus the JSON serialisation of the result (a stand-in for the response
 *     encoding; its size and gzip size are the loader data a document carries). Session lookup excluded.
 *     Printed for the default view (page 1), a filtered view, every page at once, and forced fresh
 *     (every request parses the KV payload, as Try Again does).
 *  2. The pass rule over 500 ideas per filter change (now in the loader, above), and the React render of
 *     one page of cards (server render, a stand-in for the browser's render).
 * The share image's CPU is measured by bench/share-image.bench.ts.
 */
import { gzipSync } from "node:zlib";
import { loadavg } from "node:os";
import type { IdeaPayload } from "#app/lib/idea-view.ts";
import {
  DEFAULT_FILTERS,
  filterIdeas,
  filtersFromQuery,
  pageFromQuery,
  type TradeFilters,
} from "#app/lib/trade-ideas.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { tradeIdeasFor, tradeIdeasPageFor, tradeIdeasScreen } from "#app/server/trade-ideas.server.ts";
import { MemoryKV } from "./memory-kv";

const stmt = {
  bind: () => stmt,
  all: async () => ({ results: [], success: true, meta: { changes: 0 } }),
  run: async () => ({ results: [], success: true, meta: { changes: 1 } }),
  raw: async () => [],
  first: async () => null,
};
const d1 = {
  prepare: () => stmt,
  batch: async (s: unknown[]) => s.map(() => ({ results: [], success: true, meta: { changes: 1 } })),
  exec: async () => ({ count: 0, duration: 0 }),
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

const kv = new MemoryKV();
const env = {
  APP_ENV: "development",
  MARKET_DATA_PROVIDER: "demo",
  DB: d1,
  MARKET_KV: kv,
  SHARE_KV: kv,
} as unknown as WorkerEnv;
const now = new Date("2026-11-23T16:00:00Z");
await runMarketRefresh(env, now, { force: true });
const snapshot = JSON.parse(kv.map.get(KV_KEYS.ideas) as string) as { ideas: IdeaPayload[] };
console.log(
  `Machine load average (1, 5, 15 min): ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")} on 2 cores`,
);
console.log(
  `Ideas payload: ${snapshot.ideas.length} ideas, ${((kv.map.get(KV_KEYS.ideas) as string).length / 1024).toFixed(0)} KiB in KV. Node ${process.version}`,
);

// 1. Loader ------------------------------------------------------------------------------------------
const elite = { id: "u1", subscriptionTier: "Elite Plan", subscriptionStatus: "active" };
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function loaderRun(search: string, runs: number, fresh = false) {
  const params = new URLSearchParams(search);
  const query = { filters: filtersFromQuery(params), page: pageFromQuery(params) };
  const times: number[] = [];
  let json = "";
  let shown = 0;
  for (let i = 0; i < runs + 10; i++) {
    const t0 = performance.now();
    const screen = await tradeIdeasScreen(env, elite, now.getTime());
    const page = await tradeIdeasPageFor(env, elite, query, {
      today: screen.today,
      nowMs: now.getTime() + i,
      fresh,
    });
    json = JSON.stringify({ ...screen, trades: page });
    shown = page.ideas.length;
    if (i >= 10) times.push(performance.now() - t0);
  }
  const gz = gzipSync(json).length;
  console.log(
    `/spreads loader ${(search || "(default view)").padEnd(34)} ${String(shown).padStart(3)} ideas: p50 ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms; ` +
      `data ${kib(json.length)} (${kib(gz)} gzip)`,
  );
}

await loaderRun("", 200);
await loaderRun("?strategy=BULL_PUT_SPREAD&minRor=10&popMin=60", 200);
await loaderRun("?page=100", 100);
await loaderRun("", 50, true);
console.log("  (the last line is forced fresh: every request parses the KV payload, as Try Again does)");
const whole = await tradeIdeasFor(env, elite, { nowMs: now.getTime() });
const wholeJson = JSON.stringify(whole);
console.log(
  `  for comparison, the whole capped list the document carried before decision 180: ${kib(wholeJson.length)} (${kib(gzipSync(wholeJson).length)} gzip)`,
);

// React's production build, as the browser gets it. tsx compiles app .tsx with the classic JSX transform
// here (the root tsconfig has no jsx setting), so React is made global.
process.env.NODE_ENV = "production";
const React = await import("react");
const { renderToString } = await import("react-dom/server");
(globalThis as { React?: unknown }).React = React;
const { IdeaCard } = await import("#app/components/ideas/IdeaCard.tsx");
// A card links to the track record, and a Link needs a router around it, as the app's page has.
const { MemoryRouter } = await import("react-router");
const { createElement } = React;

// 2. Filtering (server side, in the loader) and a page's render ---------------------------------------------------------------------------------------
const list = (await tradeIdeasFor(env, elite)).ideas as unknown as IdeaPayload[];
const ideas500 = Array.from({ length: 500 }, (_, i) => list[i % list.length]!);
const changes: TradeFilters[] = [
  DEFAULT_FILTERS,
  { ...DEFAULT_FILTERS, strategy: "BULL_PUT_SPREAD" },
  { ...DEFAULT_FILTERS, minReturnOnRisk: 20 },
  { ...DEFAULT_FILTERS, probabilityMin: 60, probabilityMax: 90 },
  { ...DEFAULT_FILTERS, maxDaysToExpiration: 30, minLiquidity: 3 },
  { ...DEFAULT_FILTERS, symbols: ["SPY", "QQQ", "AAPL"] },
];
const filterTimes: number[] = [];
const renderTimes: number[] = [];
for (let r = 0; r < 40; r++) {
  for (const f of changes) {
    const t0 = performance.now();
    const visible = filterIdeas(ideas500, f, "2026-11-23");
    const t1 = performance.now();
    if (r >= 5) filterTimes.push(t1 - t0);
    if (r % 4 === 0) {
      const t2 = performance.now();
      renderToString(
        createElement(
          MemoryRouter,
          null,
          createElement(
            "ul",
            null,
            visible
              .slice(0, 20)
              .map((idea) =>
                createElement(IdeaCard, { key: idea.trade_unique_identifier, idea, today: "2026-11-23" }),
              ),
          ),
        ),
      );
      if (r >= 8) renderTimes.push(performance.now() - t2);
    }
  }
}
console.log(
  `Pass rule over 500 ideas per change: p50 ${pct(filterTimes, 50).toFixed(3)} ms  p95 ${pct(filterTimes, 95).toFixed(3)} ms; ` +
    `render first 20 cards: p50 ${pct(renderTimes, 50).toFixed(1)} ms  p95 ${pct(renderTimes, 95).toFixed(1)} ms`,
);
