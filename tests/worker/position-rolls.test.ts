// The roll finder's API in workerd: the user's own open spread rolled at the cached chain (KV, no provider call),
// the close priced at the fill basis from the chain's own quotes, candidates at later expirations only, best score
// first, the assumptions shipped; another user's, a closed or an unknown position is a 404; a visitor a 401; a bad
// query a 400; a symbol with no cached chain says so without numbers.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, requestWithCookie, testEnv, userOnPlan } from "./helpers";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";
import { positionRolls } from "#app/server/positions/rolls.server.ts";
import type { RollsView } from "#app/lib/positions/rolls.ts";
import * as route from "#app/routes/api.positions.$id.rolls.ts";

// A Monday of the simulated market, 11:00 New York.
const OPEN = Date.parse("2026-11-23T16:00:00Z");
const SYMBOL = "MSFT";
const PRO = { subscriptionTier: "Pro Plan", subscriptionStatus: "active" };

async function insertPosition(id: string, userId: string, symbol: string, legs: unknown[], status = "open") {
  const expiration = (legs[0] as { expiration: string }).expiration;
  // raw SQL in a test: the projection row the ledger would have written.
  await env.DB.prepare(
    `INSERT INTO option_positions (id, user_id, symbol, strategy, status, contracts, legs, open_credit, opened_on,
       expiration, closed_on, close_debit, settings, updated_at)
     VALUES (?1, ?2, ?3, 'BULL_PUT_SPREAD', ?4, 2, ?5, 1.5, '2026-11-20', ?6, NULL, NULL, '{}', ?7)`,
  )
    .bind(id, userId, symbol, status, JSON.stringify(legs), expiration, OPEN)
    .run();
}

let user: { id: string; cookie: string };
let other: { id: string; cookie: string };
let chain: ChainSnapshot;
let legs: { right: string; side: string; strike: number; expiration: string }[];
let view: RollsView;

beforeAll(async () => {
  user = await userOnPlan("rolls@example.com", "Pro Plan");
  other = await userOnPlan("rolls-other@example.com", "Pro Plan");
  await runMarketRefresh(testEnv, new Date(OPEN), {
    symbols: [SYMBOL],
    provider: createDemoProvider(() => OPEN),
    force: true,
  });
  chain = (await env.MARKET_KV.get<ChainSnapshot>(KV_KEYS.chain(SYMBOL), "json"))!;
  // The nearest expiration, a put spread just below the spot: tested.
  const near = [...chain.expirations].sort((a, b) => a.expirationDate.localeCompare(b.expirationDate))[0]!;
  const puts = near.legs
    .filter((l) => l.type === "put" && l.strike < chain.spot && l.bid > 0.05)
    .sort((a, b) => b.strike - a.strike);
  const short = puts[0]!;
  const long = puts.find((l) => l.strike <= short.strike - 5)!;
  const leg = (side: string, strike: number) => ({
    right: "put",
    side,
    strike,
    expiration: near.expirationDate,
  });
  legs = [leg("short", short.strike), leg("long", long.strike)];
  await insertPosition("roll-ok", user.id, SYMBOL, legs);
  await insertPosition("roll-closed", user.id, SYMBOL, legs, "closed");
  await insertPosition("roll-nochain", user.id, "ZZZZ", [
    { right: "put", side: "short", strike: 50, expiration: near.expirationDate },
    { right: "put", side: "long", strike: 45, expiration: near.expirationDate },
  ]);
  const result = await positionRolls(
    testEnv,
    { id: user.id, ...PRO },
    "roll-ok",
    { allowBelowBasis: false },
    OPEN + 60_000,
  );
  if (!result.ok) throw new Error(result.message);
  view = result.body;
}, 60_000);

const quoteOf = (strike: number, expiration: string) =>
  chain.expirations
    .find((e) => e.expirationDate === expiration)!
    .legs.find((l) => l.type === "put" && l.strike === strike)!;

describe("GET /api/positions/:id/rolls", () => {
  it("prices the close at the fill basis from the cached chain's quotes, with the quote time and assumptions", () => {
    expect(view.status).toBe("ok");
    const s = quoteOf(legs[0]!.strike, legs[0]!.expiration);
    const l = quoteOf(legs[1]!.strike, legs[1]!.expiration);
    // Buy the short back a quarter of its spread above its mid, sell the long a quarter below.
    const debit = (s.bid + 3 * s.ask) / 4 - (3 * l.bid + l.ask) / 4;
    expect(view.closeDebit).toBeCloseTo(debit, 9);
    expect(view.closeDebitNatural).toBeCloseTo(s.ask - l.bid, 9);
    expect(view.closeDollars).toBeCloseTo(debit * 200, 7);
    expect(view.quoteTime).toBe(chain.asOf);
    expect(view.assumptions).toMatchObject({
      fillBasis: "halfway_mid_natural",
      dividendYield: chain.dividendYield ?? null,
    });
    expect(view.assumptions!.fillBasisLabel).toMatch(/halfway between mid and natural/);
  });

  it("offers later expirations only, each credit from the chain's quotes, best score first", () => {
    expect(view.candidates.length).toBeGreaterThan(0);
    for (const c of view.candidates) {
      expect(c.expiration > legs[0]!.expiration).toBe(true);
      const credit = c.legs.reduce((sum, leg) => {
        const q = quoteOf(leg.strike, leg.expiration);
        return sum + (leg.side === "short" ? (3 * q.bid + q.ask) / 4 : -(q.bid + 3 * q.ask) / 4);
      }, 0);
      expect(c.newCredit).toBeCloseTo(credit, 9);
      expect(c.net).toBeCloseTo(credit - view.closeDebit!, 9);
      expect(c.legs.every((leg) => leg.quantity === 2)).toBe(true);
    }
    const scores = view.candidates.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(view.closeInstead).toBe(!view.candidates.some((c) => c.net > 0));
  });

  it("answers the owner through the route, and 404 for another user's, a closed or an unknown position", async () => {
    const ok = (await call(route.loader, requestWithCookie("/api/positions/roll-ok/rolls", user.cookie), {
      params: { id: "roll-ok" },
    })) as Response;
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as RollsView).positionId).toBe("roll-ok");
    for (const [id, cookie] of [
      ["roll-ok", other.cookie],
      ["roll-closed", user.cookie],
      ["nope", user.cookie],
    ] as const) {
      const res = (await call(route.loader, requestWithCookie(`/api/positions/${id}/rolls`, cookie), {
        params: { id },
      })) as Response;
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "Position not found" });
    }
  });

  it("401 for a visitor, 400 for a bad query, and no numbers without a cached chain", async () => {
    const visitor = (await call(route.loader, "/api/positions/roll-ok/rolls", {
      params: { id: "roll-ok" },
    })) as Response;
    expect(visitor.status).toBe(401);
    const bad = (await call(
      route.loader,
      requestWithCookie("/api/positions/roll-ok/rolls?allowBelowBasis=maybe", user.cookie),
      { params: { id: "roll-ok" } },
    )) as Response;
    expect(bad.status).toBe(400);
    const none = await positionRolls(
      testEnv,
      { id: user.id, ...PRO },
      "roll-nochain",
      { allowBelowBasis: false },
      OPEN,
    );
    expect(none.ok && none.body).toMatchObject({ status: "no_chain", candidates: [], closeDebit: null });
  });
});
