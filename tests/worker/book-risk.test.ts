// The book's risk of /positions in workerd (decision 341), for a Pro user with a spread and a cash-secured put on
// a refreshed symbol and a stated cash: buying power as their max losses against the cash, the greeks of the
// page's own marks summed and beta-weighted to SPY at the cached SPY price, concentration, the cached earnings
// and ex-dividend dates before expiration, the book's daily P&L from the stored closes, and the loader streaming
// it (none for Free).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, requestWithCookie, testEnv, userOnPlan } from "./helpers";
import { betaOf } from "#app/engine/buckets.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { bookRiskOf } from "#app/server/jobs/book-risk.server.ts";
import { positionsPage } from "#app/server/jobs/positions-page.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import type { TickerInfo } from "#app/server/market/market.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";
import { setStatedCash } from "#app/server/positions/book.server.ts";
import { recordLedgerEvent } from "#app/server/wheel/ledger.server.ts";
import type { BookRiskView } from "#app/lib/positions/book-risk.ts";
import type { MarkView } from "#app/lib/positions/client.ts";
import * as route from "#app/routes/positions.tsx";

// A Monday of the simulated market, 11:00 New York.
const OPEN = Date.parse("2026-11-23T16:00:00Z");
const SYMBOL = "MSFT";
const PRO = { subscriptionTier: "Pro Plan", subscriptionStatus: "active" };

let user: { id: string; cookie: string };
let book: BookRiskView;
let spreadMark: MarkView;
let putMark: MarkView;
let width: number;
let putStrike: number;
let exp: string;
let pageData: Awaited<ReturnType<typeof positionsPage>>;

const greeks = (m: MarkView) => {
  if (m.kind !== "marked") throw new Error("not marked");
  return m.mark;
};

beforeAll(async () => {
  user = await userOnPlan("book-risk@example.com", "Pro Plan");
  await runMarketRefresh(testEnv, new Date(OPEN), {
    symbols: [SYMBOL, "SPY"],
    provider: createDemoProvider(() => OPEN),
    force: true,
  });
  const chain = (await env.MARKET_KV.get<ChainSnapshot>(KV_KEYS.chain(SYMBOL), "json"))!;
  const expiration = chain.expirations.find((e) => e.expirationDate >= "2026-12-24")!;
  exp = expiration.expirationDate;
  const puts = expiration.legs
    .filter((l) => l.type === "put" && l.strike < chain.spot * 0.95 && l.bid > 0.05)
    .sort((a, b) => b.strike - a.strike);
  const short = puts[0]!;
  const long = puts.find((l) => l.strike <= short.strike - 5)!;
  width = short.strike - long.strike;
  putStrike = puts[1]!.strike;
  const legs = [
    { right: "put", side: "short", strike: short.strike, expiration: exp },
    { right: "put", side: "long", strike: long.strike, expiration: exp },
  ];
  // raw SQL in a test: the projection row the ledger would have written, and two stored closes.
  await env.DB.prepare(
    `INSERT INTO option_positions (id, user_id, symbol, strategy, status, contracts, legs, open_credit, opened_on,
       expiration, settings, updated_at)
     VALUES ('book-spread', ?1, ?2, 'BULL_PUT_SPREAD', 'open', 2, ?3, 1.5, '2026-11-19', ?4, '{}', ?5)`,
  )
    .bind(user.id, SYMBOL, JSON.stringify(legs), exp, OPEN)
    .run();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO option_position_marks VALUES ('book-spread', '2026-11-19', ?1)").bind(
      JSON.stringify({ pnlNatural: -40, pnlMid: 10 }),
    ),
    env.DB.prepare("INSERT INTO option_position_marks VALUES ('book-spread', '2026-11-20', ?1)").bind(
      JSON.stringify({ pnlNatural: 25, pnlMid: 60 }),
    ),
  ]);
  const sold = await recordLedgerEvent(
    env,
    { id: user.id, ...PRO },
    {
      kind: "sell_to_open",
      date: "2026-11-20",
      symbol: SYMBOL,
      optionType: "put",
      strike: putStrike,
      expiration: exp,
      contracts: 1,
      price: 2,
    } as never,
    OPEN,
  );
  expect(sold.ok).toBe(true);
  expect((await setStatedCash(testEnv, { id: user.id, ...PRO }, { statedCash: 50_000 })).ok).toBe(true);
  const data = await positionsPage(testEnv, { id: user.id, ...PRO }, 20, OPEN + 60_000);
  const open = await data.open;
  const wheelMarks = await data.wheelMarks;
  spreadMark = open[0]!.mark;
  putMark = wheelMarks[data.wheel[0]!.key]!;
  pageData = data;
  book = await bookRiskOf(testEnv, { id: user.id, ...PRO }, data, OPEN + 60_000);
}, 60_000);

describe("the book's risk on /positions", () => {
  it("uses the spread's and the put's max losses against the stated cash", () => {
    // (width - 1.50) x 100 x 2 and (strike - 2.00) x 100 x 1.
    const bp = (width - 1.5) * 200 + (putStrike - 2) * 100;
    expect(book.buyingPower).toBeCloseTo(bp, 6);
    expect(book.statedCash).toBe(50_000);
    expect(book.buyingPowerPercent).toBeCloseTo((bp / 50_000) * 100, 6);
    expect(book.cashFree).toBeCloseTo(50_000 - bp, 6);
    expect(book.bySymbol).toEqual([
      { key: SYMBOL, buyingPower: book.buyingPower, percent: 100, positions: 2 },
    ]);
    expect(book.byBucket.map((r) => [r.key, r.positions])).toEqual([["technology", 2]]);
  });

  it("sums the page's own marks and beta-weights them to SPY at SPY's cached price", async () => {
    const s = greeks(spreadMark);
    const p = greeks(putMark);
    expect(book.marked).toBe(2);
    expect(book.unmarked).toBe(0);
    expect(book.thetaDollarsPerDay).toBeCloseTo(s.thetaDollarsPerDay! + p.thetaDollarsPerDay!, 9);
    expect(book.vegaDollarsPerVolPoint).toBeCloseTo(s.vegaDollarsPerVolPoint! + p.vegaDollarsPerVolPoint!, 9);
    const deltaDollars = s.deltaDollars! + p.deltaDollars!;
    expect(deltaDollars).toBeGreaterThan(0); // short puts are long delta
    expect(book.deltaDollars).toBeCloseTo(deltaDollars, 9);
    expect(book.betaDeltaDollars).toBeCloseTo(deltaDollars * betaOf(SYMBOL), 9);
    const spy = (await env.MARKET_KV.get<TickerInfo>(KV_KEYS.tickerInfo("SPY"), "json"))!;
    expect(book.spySpot).toBe(spy.current_price);
    expect(book.spyShares).toBeCloseTo((deltaDollars * betaOf(SYMBOL)) / spy.current_price, 9);
    expect(book.betas).toEqual([{ symbol: SYMBOL, beta: 1.2, bucket: "technology" }]);
    expect(book.rateSource.length).toBeGreaterThan(0);
    expect(book.quoteTime).not.toBeNull();
  });

  it("lists the cached earnings and ex-dividend dates that fall before the expiration", async () => {
    const key = KV_KEYS.tickerInfo(SYMBOL);
    const info = (await env.MARKET_KV.get<TickerInfo>(key, "json"))!;
    // The demo's dates fall after this expiration: none listed.
    expect(info.next_earnings_date! > exp).toBe(true);
    expect(book.eventsKnown).toBe(true);
    expect(book.events).toEqual([]);
    // Earnings before it (estimated) and an ex-dividend date on its day; both positions carry them.
    await env.MARKET_KV.put(
      key,
      JSON.stringify({
        ...info,
        next_earnings_date: "2026-12-10",
        next_earnings_estimated: true,
        ex_dividend_date: exp,
        ex_dividend_estimated: false,
      }),
    );
    const again = await bookRiskOf(testEnv, { id: user.id, ...PRO }, pageData, OPEN + 60_000);
    expect(again.events.map((e) => [e.kind, e.date, e.estimated, e.expiration])).toEqual([
      ["earnings", "2026-12-10", true, exp],
      ["earnings", "2026-12-10", true, exp],
      ["exDividend", exp, false, exp],
      ["exDividend", exp, false, exp],
    ]);
    expect(new Set(again.events.map((e) => e.id)).size).toBe(2);
    await env.MARKET_KV.put(key, JSON.stringify(info));
  });

  it("charts the book's daily P&L from the stored closes", () => {
    expect(book.daily).toEqual([
      { date: "2026-11-19", pnlMid: 10, pnlNatural: -40 },
      { date: "2026-11-20", pnlMid: 60, pnlNatural: 25 },
    ]);
  });

  it("the loader streams it for a paid plan and not for Free", async () => {
    const data = (await call(route.loader, requestWithCookie("/positions", user.cookie))) as {
      book: Promise<BookRiskView | null>;
    };
    expect((await data.book)?.buyingPower).toBeCloseTo(book.buyingPower, 6);
    const free = await userOnPlan("book-risk-free@example.com", "Free Plan");
    const freeData = (await call(route.loader, requestWithCookie("/positions", free.cookie))) as {
      book: Promise<BookRiskView | null>;
    };
    expect(await freeData.book).toBeNull();
  });
});
