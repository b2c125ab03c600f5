// The refresh's universe puts what users hold first (decision 333: every held symbol is marked): open spread positions
// and open wheel campaigns, most holders first, then watchlists by popularity, then the default universe, with the held
// share of a live run capped by the provider's call budget.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { userOnPlan } from "./helpers";
import {
  heldSymbolsPerRun,
  LIVE_CALLS_PER_SYMBOL_MAX,
  REFRESH_LIMITS,
} from "#app/server/market/refresh/limits.server.ts";
import { heldSymbols, selectUniverse } from "#app/server/market/refresh/universe.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { POLYGON_MAX_PAGES } from "#app/server/market/providers/polygon.server.ts";

const NOW = 1_800_000_000_000;

async function openPosition(userId: string, id: string, symbol: string, status: "open" | "closed" = "open") {
  await env.DB.prepare(
    `INSERT INTO option_positions (id, user_id, symbol, strategy, status, contracts, legs, open_credit, opened_on,
       expiration, settings, updated_at) VALUES (?1, ?2, ?3, 'BULL_PUT_SPREAD', ?4, 1, '[]', 1, '2026-01-02',
       '2026-02-20', '{}', ?5)`,
  )
    .bind(id, userId, symbol, status, NOW)
    .run();
}

let seq = 0;
async function ledgerEvent(userId: string, symbol: string, kind: string) {
  seq++;
  await env.DB.prepare(
    `INSERT INTO wheel_ledger_events (id, user_id, user_seq, symbol, kind, trade_date, event, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, '2026-01-02', '{}', ?6)`,
  )
    .bind(`ev-${seq}`, userId, seq, symbol, kind, NOW)
    .run();
}

beforeAll(async () => {
  const a = await userOnPlan("held-a@example.com");
  const b = await userOnPlan("held-b@example.com");
  const c = await userOnPlan("held-c@example.com");
  // ZHB: two holders (A's spread, B's campaign); ZHA, ZHC and ZHZ one each; A's closed ZHX and C's ended ZHY are
  // not held.
  await openPosition(a.id, "p1", "ZHB");
  await openPosition(a.id, "p2", "ZHC");
  await openPosition(a.id, "p3", "ZHX", "closed");
  await openPosition(c.id, "p4", "ZHA");
  // Two open positions of one user on one symbol count one holder.
  await openPosition(c.id, "p5", "ZHA");
  await ledgerEvent(b.id, "ZHB", "sell_to_open");
  await ledgerEvent(c.id, "ZHY", "sell_to_open");
  await ledgerEvent(c.id, "ZHY", "expire");
  // A campaign sold again after its option expired is held: its latest event counts.
  await ledgerEvent(b.id, "ZHZ", "sell_to_open");
  await ledgerEvent(b.id, "ZHZ", "expire");
  await ledgerEvent(b.id, "ZHZ", "sell_to_open");
  await env.DB.prepare(
    "INSERT INTO watchlist_symbols (user_id, symbol, position, created_at) VALUES (?1, 'ZWW', 0, ?2)",
  )
    .bind(a.id, NOW)
    .run();
});

describe("held symbols", () => {
  it("are the open positions' and open campaigns' symbols, most holders first, then by symbol", async () => {
    expect(await heldSymbols(env, 100)).toEqual(["ZHB", "ZHA", "ZHC", "ZHZ"]);
    expect(await heldSymbols(env, 2)).toEqual(["ZHB", "ZHA"]);
  });

  it("come first in the universe, then the watchlists, then the default universe", async () => {
    const u = await selectUniverse(env, 7);
    expect(u.symbols).toEqual(["ZHB", "ZHA", "ZHC", "ZHZ", "ZWW", ...DEFAULT_UNIVERSE_SYMBOLS.slice(0, 2)]);
    expect(u.held).toEqual(["ZHB", "ZHA", "ZHC", "ZHZ"]);
    expect(u.heldOverflow).toEqual([]);
  });

  it("past the run's held cap go to the queue in the held order, up to the held maximum", async () => {
    const u = await selectUniverse(env, 5, 1, 2);
    expect(u.symbols).toEqual(["ZHB", "ZWW", ...DEFAULT_UNIVERSE_SYMBOLS.slice(0, 3)]);
    expect(u.held).toEqual(["ZHB"]);
    expect(u.heldOverflow).toEqual(["ZHA"]);
    expect((await selectUniverse(env, 5, 1, 10)).heldOverflow).toEqual(["ZHA", "ZHC", "ZHZ"]);
  });
});

describe("the held cap", () => {
  it("is the provider's per-minute call budget over a run's minute at the worst calls per symbol", () => {
    expect(LIVE_CALLS_PER_SYMBOL_MAX).toBe(POLYGON_MAX_PAGES + 4);
    expect(REFRESH_LIMITS.liveHeldMaxSymbols).toBe(25);
    expect(heldSymbolsPerRun(undefined)).toBe(25);
    expect(heldSymbolsPerRun(60)).toBe(2);
    expect(heldSymbolsPerRun(1)).toBe(1);
    // Never more than a live run refreshes at all.
    expect(heldSymbolsPerRun(100_000)).toBe(REFRESH_LIMITS.liveMaxSymbols);
  });
});
