// The Balanced Pro 30 of a new user (empty watchlist) on a given instant: one refresh of the default universe on the
// simulated market through the real pipeline (in-memory KV, a D1 that stores nothing), then the plan's list. Shared
// by the book bench (figures) and the unit test that holds the list rules on two dates.
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import type { TradeIdeasSnapshot } from "#app/server/market/ideas.server.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { ideasInPlanOrder } from "#app/lib/trade-ideas.ts";
import { MemoryKV } from "./memory-kv.ts";
import { NullD1 } from "./null-d1.ts";

export type BookIdea = TradeIdeasSnapshot["ideas"][number];

export async function bookOnDate(
  now: Date,
  limit = 30,
): Promise<{ today: string; pool: BookIdea[]; list: BookIdea[] }> {
  const kv = new MemoryKV();
  const env = {
    APP_ENV: "development",
    MARKET_DATA_PROVIDER: "demo",
    DB: new NullD1(),
    MARKET_KV: kv,
  } as unknown as WorkerEnv;
  await runMarketRefresh(env, now, { force: true });
  const snapshot = (await kv.get(KV_KEYS.ideas, "json")) as TradeIdeasSnapshot | null;
  if (!snapshot) throw new Error(`no ideas stored by the refresh at ${now.toISOString()}`);
  const today = newYorkDateOf(now.getTime());
  const pool = snapshot.ideas.filter((i) => (i.profile ?? "balanced") === "balanced");
  return { today, pool, list: ideasInPlanOrder(snapshot.ideas, limit, [], "balanced", today) };
}
