// The /positions page's data in workerd (decision 334): an open spread marked at the cached chain when read (values
// at mid and at the cost to close, P&L, POP, greeks, the quote time), stale with its time an hour later, a leg the
// chain does not list named and left without a number, a symbol with no cached chain said so; the stored closes for
// the chart; the wheel ledger's open put and call marked by the same engine at the same chain (and one without a
// chain said so); the closed ones a page at a time; the loader's signed-in guard.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, requestWithCookie, testEnv, userOnPlan } from "./helpers";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { positionsPage } from "#app/server/jobs/positions-page.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";
import { readRiskFreeRate } from "#app/server/market/rates.server.ts";
import { markOnChain } from "#app/server/positions/marks.server.ts";
import { recordLedgerEvent } from "#app/server/wheel/ledger.server.ts";
import { wheelOptionPosition } from "#app/lib/positions/wheel-option.ts";
import type { PositionsPageData } from "#app/lib/positions/client.ts";
import * as route from "#app/routes/positions.tsx";

// A Monday of the simulated market, 11:00 New York.
const OPEN = Date.parse("2026-11-23T16:00:00Z");
const SYMBOL = "MSFT";
const PRO = { subscriptionTier: "Pro Plan", subscriptionStatus: "active" };

async function insertPosition(
  id: string,
  userId: string,
  symbol: string,
  legs: unknown[],
  expiration: string,
  status = "open",
  closedOn: string | null = null,
) {
  // raw SQL in a test: the projection rows the ledger would have written.
  await env.DB.prepare(
    `INSERT INTO option_positions (id, user_id, symbol, strategy, status, contracts, legs, open_credit, opened_on,
       expiration, closed_on, close_debit, settings, updated_at)
     VALUES (?1, ?2, ?3, 'BULL_PUT_SPREAD', ?4, 1, ?5, 1.5, '2026-11-20', ?6, ?7, ?8, '{}', ?9)`,
  )
    .bind(id, userId, symbol, status, JSON.stringify(legs), expiration, closedOn, closedOn ? 0.5 : null, OPEN)
    .run();
}

let user: { id: string; cookie: string };
let marked: PositionsPageData;
let markedOpen: Awaited<PositionsPageData["open"]>;
let wheelMarks: Awaited<PositionsPageData["wheelMarks"]>;
let wheelLegs: { put: ChainLeg; call: ChainLeg; exp: string; spot: number };
type ChainLeg = ChainSnapshot["expirations"][number]["legs"][number];

beforeAll(async () => {
  user = await userOnPlan("positions-page@example.com", "Pro Plan");
  await runMarketRefresh(testEnv, new Date(OPEN), {
    symbols: [SYMBOL],
    provider: createDemoProvider(() => OPEN),
    force: true,
  });
  const chain = (await env.MARKET_KV.get<ChainSnapshot>(KV_KEYS.chain(SYMBOL), "json"))!;
  const expiration = chain.expirations.find((e) => e.expirationDate >= "2026-12-24")!;
  const puts = expiration.legs
    .filter((l) => l.type === "put" && l.strike < chain.spot * 0.95 && l.bid > 0.05)
    .sort((a, b) => b.strike - a.strike);
  const short = puts[0]!;
  const long = puts.find((l) => l.strike <= short.strike - 5)!;
  const exp = expiration.expirationDate;
  const leg = (side: string, strike: number) => ({ right: "put", side, strike, expiration: exp });
  await insertPosition(
    "page-ok",
    user.id,
    SYMBOL,
    [leg("short", short.strike), leg("long", long.strike)],
    exp,
  );
  // A long strike the chain does not list.
  await insertPosition("page-missing", user.id, SYMBOL, [leg("short", short.strike), leg("long", 0.37)], exp);
  await insertPosition("page-nochain", user.id, "ZZZZ", [leg("short", 50), leg("long", 45)], exp);
  for (let i = 0; i < 3; i++)
    await insertPosition(
      `page-closed-${i}`,
      user.id,
      SYMBOL,
      [leg("short", 50), leg("long", 45)],
      exp,
      "closed",
      `2026-11-1${i}`,
    );
  await env.DB.prepare("INSERT INTO option_position_marks VALUES ('page-ok', '2026-11-20', ?1)")
    .bind(JSON.stringify({ pnlNatural: 12.5, pnlMid: 20 }))
    .run();
  const sold = await recordLedgerEvent(
    env,
    { id: user.id, ...PRO },
    {
      kind: "sell_to_open",
      date: "2026-11-20",
      symbol: "KO",
      optionType: "put",
      strike: 55,
      expiration: exp,
      contracts: 1,
      price: 0.8,
    } as never,
    OPEN,
  );
  expect(sold.ok).toBe(true);
  // A wheel on the refreshed symbol: a put sold Thursday, shares bought Friday, a call sold today.
  const call = expiration.legs
    .filter((l) => l.type === "call" && l.strike > chain.spot * 1.03 && l.bid > 0.05)
    .sort((a, b) => a.strike - b.strike)[0]!;
  wheelLegs = { put: short, call, exp, spot: chain.spot };
  for (const event of [
    { kind: "sell_to_open", date: "2026-11-19", optionType: "put", strike: short.strike, price: 1.25 },
    { kind: "buy_shares", date: "2026-11-20", shares: 100, price: 400 },
    { kind: "sell_to_open", date: "2026-11-23", optionType: "call", strike: call.strike, price: 0.9 },
  ]) {
    const recorded = await recordLedgerEvent(
      env,
      { id: user.id, ...PRO },
      { symbol: SYMBOL, expiration: exp, contracts: 1, ...event } as never,
      OPEN,
    );
    expect(recorded.ok).toBe(true);
  }
  marked = await positionsPage(testEnv, { id: user.id, ...PRO }, 2, OPEN + 60_000);
  markedOpen = await marked.open;
  wheelMarks = await marked.wheelMarks;
}, 60_000);

describe("the /positions page's data", () => {
  it("marks an open spread at the cached chain, with its quote time and stored closes", () => {
    const ok = markedOpen.find((v) => v.position.id === "page-ok")!;
    expect(ok.mark.kind).toBe("marked");
    if (ok.mark.kind !== "marked") return;
    expect(ok.mark.mark.status).toBe("ok");
    expect(ok.mark.mark.valueNatural!).toBeGreaterThanOrEqual(ok.mark.mark.valueMid!);
    expect(ok.mark.mark.pnlNatural).toBeCloseTo((1.5 - ok.mark.mark.valueNatural!) * 100, 9);
    expect(ok.mark.mark.popPercent).not.toBeNull();
    expect(ok.mark.mark.thetaDollarsPerDay).not.toBeNull();
    expect(Date.parse(ok.mark.quoteTime!)).toBeLessThanOrEqual(OPEN);
    expect(ok.daily).toEqual([{ date: "2026-11-20", pnlNatural: 12.5, pnlMid: 20 }]);
  });

  it("names a leg the chain does not quote and gives no number; a symbol without a chain says so", () => {
    const missing = markedOpen.find((v) => v.position.id === "page-missing")!;
    expect(missing.mark.kind === "marked" && missing.mark.mark.status).toBe("missing_leg");
    if (missing.mark.kind === "marked") {
      expect(missing.mark.mark.missingLegIndexes).toEqual([1]);
      expect(missing.mark.mark.valueNatural).toBeNull();
    }
    expect(markedOpen.find((v) => v.position.id === "page-nochain")!.mark).toEqual({ kind: "no_chain" });
  });

  it("marks stale an hour after the quotes, with the numbers", async () => {
    const later = await (await positionsPage(testEnv, { id: user.id, ...PRO }, 2, OPEN + 3_600_000)).open;
    const ok = later.find((v) => v.position.id === "page-ok")!;
    expect(ok.mark.kind === "marked" && ok.mark.mark.status).toBe("stale");
    expect(ok.mark.kind === "marked" && ok.mark.mark.valueNatural).not.toBeNull();
  });

  it("marks the wheel's open put and call with the spreads' engine at the same chain, smile and rate", async () => {
    const csp = marked.wheel.find((o) => o.symbol === SYMBOL && o.kind === "CSP")!;
    const cc = marked.wheel.find((o) => o.symbol === SYMBOL && o.kind === "CC")!;
    expect(csp).toMatchObject({ strike: wheelLegs.put.strike, premium: 1.25, openedOn: "2026-11-19" });
    expect(cc).toMatchObject({ strike: wheelLegs.call.strike, premium: 0.9, openedOn: "2026-11-23" });
    // Shares at 400 less the put's 1.25 (the adjusted basis, before the call's own premium).
    expect(cc.stockCostPerShare).toBeCloseTo(400 - 1.25, 9);
    const chain = (await env.MARKET_KV.get<ChainSnapshot>(KV_KEYS.chain(SYMBOL), "json"))!;
    const held = { chain, dividendYield: chain.dividendYield ?? null, nextEarningsDate: null };
    const rate = await readRiskFreeRate(testEnv, OPEN + 60_000);
    for (const [option, leg] of [
      [csp, wheelLegs.put],
      [cc, wheelLegs.call],
    ] as const) {
      const view = wheelMarks[option.key]!;
      expect(view.kind).toBe("marked");
      if (view.kind !== "marked") continue;
      const expected = markOnChain(wheelOptionPosition(option), held, rate.rate, OPEN + 60_000);
      expect(view.mark).toEqual(expected);
      expect(view.mark.status).toBe("ok");
      // Read off the chain itself: the cost to close is the ask, the value the mid, the premium the max profit.
      expect(view.mark.valueNatural).toBe(leg.ask);
      expect(view.mark.valueMid).toBeCloseTo((leg.bid + leg.ask) / 2, 12);
      expect(view.mark.maxProfit).toBeCloseTo(option.premium * 100, 9);
      expect(view.mark.pnlNatural).toBeCloseTo((option.premium - leg.ask) * 100, 9);
      expect(view.mark.pnlNaturalPercentOfMaxProfit).toBeCloseTo(
        ((option.premium - leg.ask) / option.premium) * 100,
        9,
      );
      expect(view.mark.popPercent).not.toBeNull();
      expect(view.mark.touchPercent).not.toBeNull();
      expect(view.mark.vegaDollarsPerVolPoint).not.toBeNull();
      expect(view.assumptions).toEqual({
        rate: rate.rate,
        rateSource: rate.source,
        dividendYield: held.dividendYield,
      });
      expect(Date.parse(view.quoteTime!)).toBeLessThanOrEqual(OPEN);
    }
    const cspMark = wheelMarks[csp.key]!;
    const ccMark = wheelMarks[cc.key]!;
    expect(cspMark.kind === "marked" && cspMark.mark.daysHeld).toBe(4);
    expect(cspMark.kind === "marked" && cspMark.mark.maxLoss).toBeCloseTo(
      (wheelLegs.put.strike - 1.25) * 100,
      9,
    );
    expect(ccMark.kind === "marked" && ccMark.mark.breakevens).toEqual([expect.closeTo(400 - 1.25 - 0.9, 9)]);
  });

  it("says a wheel option whose symbol has no cached chain has no mark", () => {
    const ko = marked.wheel.find((o) => o.symbol === "KO")!;
    expect(wheelMarks[ko.key]).toEqual({ kind: "no_chain" });
  });

  it("lists the wheel's open puts and a page of the newest closed positions", () => {
    expect(marked.wheel.map((o) => [o.symbol, o.kind])).toEqual([
      ["KO", "CSP"],
      [SYMBOL, "CSP"],
      [SYMBOL, "CC"],
    ]);
    expect(marked.wheel[0]).toMatchObject({
      strike: 55,
      contracts: 1,
      premium: 0.8,
      stockCostPerShare: null,
    });
    expect(marked.closed.map((p) => p.id)).toEqual(["page-closed-2", "page-closed-1"]);
    expect(marked).toMatchObject({
      closedRemaining: 1,
      nextClosed: 22,
      openCount: 3,
      limit: 10,
      canOpen: true,
    });
  });

  it("sends a visitor to sign in and answers a signed-in user through the loader", async () => {
    const visitor = (await call(route.loader, "/positions")) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/signin?returnTo=%2Fpositions");
    const data = (await call(
      route.loader,
      requestWithCookie("/positions?closed=1", user.cookie),
    )) as PositionsPageData;
    expect(data.closed).toHaveLength(1);
    expect(await data.open).toHaveLength(3);
  });

  it("after the close, the session's closing quotes are current until the next open, not stale", async () => {
    // Monday 16:30 New York, after the close: the refresh takes the closing quotes.
    const closed = Date.parse("2026-11-23T21:30:00Z");
    await runMarketRefresh(testEnv, new Date(closed), {
      symbols: [SYMBOL],
      provider: createDemoProvider(() => closed),
      force: true,
    });
    // Tuesday 07:00 New York, before the open: still the latest quotes there are.
    const nextMorning = Date.parse("2026-11-24T12:00:00Z");
    const overnight = await (await positionsPage(testEnv, { id: user.id, ...PRO }, 2, nextMorning)).open;
    const ok = overnight.find((v) => v.position.id === "page-ok")!;
    expect(ok.mark.kind === "marked" && ok.mark.mark.status).toBe("ok");
    // Once the market opens, the same quotes are stale.
    const afterOpen = Date.parse("2026-11-24T15:00:00Z");
    const open = await (await positionsPage(testEnv, { id: user.id, ...PRO }, 2, afterOpen)).open;
    const atOpen = open.find((v) => v.position.id === "page-ok")!;
    expect(atOpen.mark.kind === "marked" && atOpen.mark.mark.status).toBe("stale");
  });
});
