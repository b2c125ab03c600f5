// A live run's held share (decision 333: every held symbol is marked): with more held symbols than the provider's call
// budget pays for in one run, the run refreshes the first REFRESH_LIMITS.liveHeldMaxSymbols of them (most holders
// first, then by symbol) before any watched symbol, and the rest go onto the market queue.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { testEnv, userOnPlan } from "./helpers";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import type { MarketMessage } from "#app/server/jobs/market-queue.server.ts";
import { REFRESH_LIMITS } from "#app/server/market/refresh/limits.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";

const OPEN = Date.parse("2026-11-23T16:00:00Z");
const HELD = [...DEFAULT_UNIVERSE_SYMBOLS].sort().slice(0, REFRESH_LIMITS.liveHeldMaxSymbols + 5);

// Strikes no chain lists: the positions are held (and marked, with their legs missing) without a quote.
const LEGS = JSON.stringify([
  { right: "put", side: "short", strike: 2, expiration: "2026-12-18" },
  { right: "put", side: "long", strike: 1, expiration: "2026-12-18" },
]);

beforeAll(async () => {
  const user = await userOnPlan("fan-out@example.com");
  const insert = env.DB.prepare(
    `INSERT INTO option_positions (id, user_id, symbol, strategy, status, contracts, legs, open_credit, opened_on,
       expiration, settings, updated_at) VALUES (?1, ?2, ?3, 'BULL_PUT_SPREAD', 'open', 1, ?5, 0.5, '2026-11-20',
       '2026-12-18', '{}', ?4)`,
  );
  await env.DB.batch(HELD.map((s) => insert.bind(`fan-${s}`, user.id, s, OPEN, LEGS)));
});

describe("a live run with more held symbols than its share", () => {
  it("refreshes its share of them first and queues the rest, a run's worth per message", async () => {
    const sent: { body: MarketMessage; delaySeconds?: number }[] = [];
    const queue = { sendBatch: async (m: typeof sent) => void sent.push(...m) };
    // The simulated market under a live provider's name: the live caps and budget apply.
    const provider = { ...createDemoProvider(() => OPEN), name: "polygon" };
    const outcome = await runMarketRefresh({ ...testEnv, MARKET_QUEUE: queue as never }, new Date(OPEN), {
      provider,
      force: true,
    });
    // The run: its share of the held symbols, then the default universe (no watchlists here), 40 in all; a held
    // symbol past the share that the default universe reaches anyway is refreshed there, not queued.
    const run = [
      ...new Set([...HELD.slice(0, REFRESH_LIMITS.liveHeldMaxSymbols), ...DEFAULT_UNIVERSE_SYMBOLS]),
    ].slice(0, REFRESH_LIMITS.liveMaxSymbols);
    const queued = HELD.slice(REFRESH_LIMITS.liveHeldMaxSymbols).filter((s) => !run.includes(s));
    expect(queued.length).toBeGreaterThan(0);
    expect(outcome.detail).toMatchObject({
      symbols: REFRESH_LIMITS.liveMaxSymbols,
      held: HELD.length - queued.length,
      heldQueued: queued.length,
      heldMessages: 1,
    });
    expect(sent).toEqual([{ body: { v: 1, runAt: OPEN, symbols: queued }, delaySeconds: 60 }]);
  }, 60_000);
});
