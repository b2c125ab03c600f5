// A wheel option's roll finder in workerd (GET /api/wheel/options/:campaignId/:optionKey/rolls): the user's own open
// cash-secured put and covered call, read from the wheel ledger, rolled at the simulated market's refreshed chain
// (KV, no provider call); each candidate's new adjusted basis is the engine's formula from the campaign's own
// numbers, and a covered call is never rolled below the basis unless asked. Another user's, an unknown or a
// malformed option is a 404; a visitor a 401; a bad query a 400.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, requestWithCookie, testEnv, userOnPlan } from "./helpers";
import { buildLedger, optionKey } from "#app/engine/wheel/ledger.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { wheelOptionRolls } from "#app/server/jobs/wheel-rolls.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";
import { readLedger, recordLedgerEvent, type LedgerEventInput } from "#app/server/wheel/ledger.server.ts";
import type { RollsView } from "#app/lib/positions/rolls.ts";
import * as route from "#app/routes/api.wheel.options.$campaignId.$optionKey.rolls.ts";

// A Monday of the simulated market, 11:00 New York.
const OPEN = Date.parse("2026-11-23T16:00:00Z");
const PRO = { subscriptionTier: "Pro Plan", subscriptionStatus: "active" };
const PUT_SYMBOL = "MSFT";
const CALL_SYMBOL = "AAPL";

let user: { id: string; cookie: string };
let other: { id: string; cookie: string };
const chains: Record<string, ChainSnapshot> = {};

interface Sold {
  campaignId: string;
  key: string;
  strike: number;
  expiration: string;
}
let put: Sold;
let call_: Sold;
let callBasis: number;
const PUT_PREMIUM = 1.5;
const CALL_PREMIUM = 1.0;
let sharePrice: number;

const nearest = (chain: ChainSnapshot) =>
  [...chain.expirations].sort((a, b) => a.expirationDate.localeCompare(b.expirationDate))[0]!;

async function record(input: LedgerEventInput) {
  const result = await recordLedgerEvent(testEnv, { id: user.id, ...PRO }, input, OPEN);
  if (!result.ok) throw new Error(`not recorded: ${JSON.stringify(result)}`);
}

const rollsOf = async (sold: Sold, allowBelowBasis = false, userId = user.id) => {
  const result = await wheelOptionRolls(
    testEnv,
    { id: userId, ...PRO },
    sold.campaignId,
    sold.key,
    { allowBelowBasis },
    OPEN + 60_000,
  );
  if (!result.ok) throw new Error(result.message);
  return result.body;
};

beforeAll(async () => {
  user = await userOnPlan("wheel-rolls@example.com", "Pro Plan");
  other = await userOnPlan("wheel-rolls-other@example.com", "Pro Plan");
  await runMarketRefresh(testEnv, new Date(OPEN), {
    symbols: [PUT_SYMBOL, CALL_SYMBOL],
    provider: createDemoProvider(() => OPEN),
    force: true,
  });
  for (const s of [PUT_SYMBOL, CALL_SYMBOL])
    chains[s] = (await env.MARKET_KV.get<ChainSnapshot>(KV_KEYS.chain(s), "json"))!;

  // A cash-secured put just below the spot at the nearest expiration, two contracts.
  const putChain = chains[PUT_SYMBOL]!;
  const putExp = nearest(putChain);
  const putStrike = putExp.legs
    .filter((l) => l.type === "put" && l.strike < putChain.spot && l.bid > 0.05)
    .sort((a, b) => b.strike - a.strike)[0]!.strike;
  await record({
    date: "2026-11-20",
    symbol: PUT_SYMBOL,
    kind: "sell_to_open",
    optionType: "put",
    strike: putStrike,
    expiration: putExp.expirationDate,
    contracts: 2,
    price: PUT_PREMIUM,
  });

  // Shares bought above the spot, then a call at the strike just below it: the same strike is below the basis.
  const callChain = chains[CALL_SYMBOL]!;
  const callExp = nearest(callChain);
  sharePrice = Math.round(callChain.spot) + 4;
  const callStrike = callExp.legs
    .filter((l) => l.type === "call" && l.strike <= callChain.spot)
    .sort((a, b) => b.strike - a.strike)[0]!.strike;
  await record({
    date: "2026-11-19",
    symbol: CALL_SYMBOL,
    kind: "buy_shares",
    shares: 100,
    price: sharePrice,
  });
  await record({
    date: "2026-11-20",
    symbol: CALL_SYMBOL,
    kind: "sell_to_open",
    optionType: "call",
    strike: callStrike,
    expiration: callExp.expirationDate,
    contracts: 1,
    price: CALL_PREMIUM,
  });

  const { events } = await readLedger(testEnv, user.id);
  const built = buildLedger(events, "2026-11-23");
  if (!built.ok) throw new Error("ledger does not build");
  const campaignOf = (s: string) => built.campaigns.find((c) => c.symbol === s && c.status === "open")!.id;
  put = {
    campaignId: campaignOf(PUT_SYMBOL),
    key: optionKey("put", putStrike, putExp.expirationDate),
    strike: putStrike,
    expiration: putExp.expirationDate,
  };
  call_ = {
    campaignId: campaignOf(CALL_SYMBOL),
    key: optionKey("call", callStrike, callExp.expirationDate),
    strike: callStrike,
    expiration: callExp.expirationDate,
  };
  // (shares paid - the call's premium) per share: the campaign's adjusted basis.
  callBasis = sharePrice - CALL_PREMIUM;
  expect(callStrike).toBeLessThan(callBasis);
}, 60_000);

const path = (s: Sold, query = "") =>
  `/api/wheel/options/${encodeURIComponent(s.campaignId)}/${encodeURIComponent(s.key)}/rolls${query}`;

describe("GET /api/wheel/options/:campaignId/:optionKey/rolls", () => {
  it("rolls a cash-secured put: the new adjusted basis is the engine's formula from the campaign's numbers", async () => {
    const view = await rollsOf(put);
    expect(view.status).toBe("ok");
    expect(view.positionId).toBe(`${put.campaignId}:${put.key}`);
    expect(view.quoteTime).toBe(chains[PUT_SYMBOL]!.asOf);
    const q = nearest(chains[PUT_SYMBOL]!).legs.find((l) => l.type === "put" && l.strike === put.strike)!;
    // Bought back a quarter of its spread above its mid.
    expect(view.closeDebit).toBeCloseTo((q.bid + 3 * q.ask) / 4, 9);
    expect(view.candidates.length).toBeGreaterThan(0);
    // What the shares would cost if the put were assigned: its strike less the campaign's option cash per share.
    const basis = put.strike - (PUT_PREMIUM * 100 * 2) / (100 * 2);
    for (const c of view.candidates) {
      expect(c.expiration > put.expiration).toBe(true);
      expect(c.legs).toHaveLength(1);
      expect(c.legs[0]).toMatchObject({ right: "put", side: "short", quantity: 2 });
      expect(c.net).toBeCloseTo(c.newCredit - view.closeDebit!, 9);
      expect(c.adjustedBasis).toBeCloseTo(basis - c.net + (c.legs[0]!.strike - put.strike), 9);
    }
  });

  it("never rolls a covered call below the adjusted basis unless asked", async () => {
    const kept = await rollsOf(call_);
    expect(kept.candidates.length).toBeGreaterThan(0);
    for (const c of kept.candidates) {
      expect(c.legs[0]!.strike).toBeGreaterThanOrEqual(callBasis);
      expect(c.adjustedBasis).toBeCloseTo(callBasis - c.net, 9);
    }
    const all = await rollsOf(call_, true);
    expect(all.candidates.some((c) => c.legs[0]!.strike < callBasis)).toBe(true);
    for (const c of all.candidates) expect(c.adjustedBasis).toBeCloseTo(callBasis - c.net, 9);
  });

  it("answers the owner through the route with the flag, and 404 for another user's, unknown or malformed", async () => {
    const ok = (await call(route.loader, requestWithCookie(path(call_, "?allowBelowBasis=1"), user.cookie), {
      params: { campaignId: call_.campaignId, optionKey: call_.key },
    })) as Response;
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as RollsView;
    expect(body.positionId).toBe(`${call_.campaignId}:${call_.key}`);
    expect(body.candidates.some((c) => c.legs[0]!.strike < callBasis)).toBe(true);
    for (const [params, cookie] of [
      [{ campaignId: put.campaignId, optionKey: put.key }, other.cookie],
      [{ campaignId: put.campaignId, optionKey: call_.key }, user.cookie],
      [{ campaignId: "nope", optionKey: put.key }, user.cookie],
      [{ campaignId: put.campaignId, optionKey: "not-a-key" }, user.cookie],
    ] as const) {
      const res = (await call(route.loader, requestWithCookie(path(put), cookie), { params })) as Response;
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ status: "error", error: "Option not found" });
    }
  });

  it("401 for a visitor and 400 for a bad query", async () => {
    const params = { campaignId: put.campaignId, optionKey: put.key };
    const visitor = (await call(route.loader, path(put), { params })) as Response;
    expect(visitor.status).toBe(401);
    const bad = (await call(
      route.loader,
      requestWithCookie(path(put, "?allowBelowBasis=maybe"), user.cookie),
      {
        params,
      },
    )) as Response;
    expect(bad.status).toBe(400);
  });
});
