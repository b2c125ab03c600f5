/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON; the assertions check their shape. */
// The market pipeline end to end in workerd with the simulated market: cron job -> KV/D1 -> the APIs.
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAt, restoreSuiteClock } from "./test-clock";
import {
  call,
  envCountingMarketKvReads,
  freshRateLimitWindow,
  jsonOf,
  makeContext,
  requestWithCookie,
  setPlan,
  signUpAndGetCookie,
  testEnv,
} from "./helpers";
import * as tickersInfo from "#app/routes/api.get_tickers_info.ts";
import * as economicCal from "#app/routes/api.get_economic_cal.ts";
import * as getTrades from "#app/routes/api.get_trades.ts";
import * as tradeById from "#app/routes/api.trade.$tradeId.ts";
import { runJob, runScheduled } from "#app/server/jobs/scheduler.server.ts";
import { CRON } from "#app/server/jobs/schedule.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { getEconomicCalendar, getMarketBanner, getTickerInfos } from "#app/server/market/market.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import type { MarketDataProvider } from "#app/server/market/types.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import { forgetIdeasMemo } from "#app/server/trade-ideas.server.ts";
import { RATE_LIMITS } from "#app/server/rate-limit.server.ts";
import { SCREEN_VERSION } from "#app/engine/screen-version.ts";

const MONDAY_11AM = new Date("2026-11-23T16:00:00Z");

async function userId(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM user WHERE email = ?1").bind(email).first<{ id: string }>())!
    .id;
}

let lastRun: Awaited<ReturnType<typeof runJob>>;

beforeAll(async () => {
  lastRun = await runJob("marketRefresh", testEnv, MONDAY_11AM);
}, 60_000);

describe("market refresh job (demo provider)", () => {
  it("refreshes the whole default universe and records the run", async () => {
    expect(lastRun.ok).toBe(true);
    expect(lastRun.failures).toBe(0);
    expect(lastRun.itemsProcessed).toBeGreaterThanOrEqual(95);
    expect(lastRun.detail).toMatchObject({ provider: "demo", market: "open" });
    expect((lastRun.detail as { ideas: number }).ideas).toBeGreaterThan(50);
    const row = await env.DB.prepare(
      "SELECT ok, items_processed, failures, duration_ms FROM job_runs WHERE job = 'marketRefresh' ORDER BY started_at DESC",
    ).first<any>();
    expect(row).toMatchObject({ ok: 1, failures: 0 });
    expect(row.items_processed).toBe(lastRun.itemsProcessed);
  });

  it("writes KV snapshots with source and asOf, and D1 history", async () => {
    const info = await env.MARKET_KV.get<any>(KV_KEYS.tickerInfo("AAPL"), "json");
    expect(info).toMatchObject({ symbol: "AAPL", source: "demo", asOf: MONDAY_11AM.toISOString() });
    const chain = await env.MARKET_KV.get<any>(KV_KEYS.chain("SPY"), "json");
    expect(chain.expirations.length).toBeGreaterThan(10);
    const closes = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM daily_closes WHERE symbol = 'AAPL'",
    ).first<{ n: number }>();
    expect(closes!.n).toBe(30);
    const ideas = await env.DB.prepare("SELECT COUNT(*) AS n FROM trade_ideas").first<{ n: number }>();
    expect(ideas!.n).toBeGreaterThan(50);
    const snapshots = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM market_snapshots WHERE key LIKE 'ti:v1:%'",
    ).first<{ n: number }>();
    expect(snapshots!.n).toBe(lastRun.itemsProcessed);
  });

  it("reports data freshness and market status for the banner", async () => {
    const banner = await getMarketBanner(testEnv, MONDAY_11AM.getTime());
    expect(banner).toMatchObject({ marketStatus: "open", isOpen: true, simulated: true, source: "demo" });
    expect(banner.dataFreshness).toEqual({
      optionsDataUpdated: MONDAY_11AM.toISOString(),
      stockDataUpdated: MONDAY_11AM.toISOString(),
      dataUpdateAttempted: MONDAY_11AM.toISOString(),
    });
  });

  it("skips when the market is closed and the close is captured, but always runs on an empty cache", async () => {
    const afterClose = new Date("2026-11-23T21:30:00Z");
    const first = await runMarketRefresh(testEnv, afterClose, { symbols: ["AAPL"] });
    expect(first.detail).toMatchObject({ market: "after-hours", refreshed: 1 });
    const second = await runMarketRefresh(testEnv, new Date("2026-11-23T21:35:00Z"), { symbols: ["AAPL"] });
    expect(second.detail).toMatchObject({ skipped: "market after-hours" });
    await env.MARKET_KV.delete(KV_KEYS.freshness);
    const third = await runMarketRefresh(testEnv, new Date("2026-11-23T21:40:00Z"), { symbols: ["AAPL"] });
    expect(third.detail).toMatchObject({ refreshed: 1 });
    // No copy of the ideas list left (hot copy expired, last-good copy gone): a closed market runs again.
    await env.MARKET_KV.delete(KV_KEYS.ideas);
    await env.DB.prepare("DELETE FROM market_snapshots WHERE key LIKE 'ideas:v1%'").run();
    const fourth = await runMarketRefresh(testEnv, new Date("2026-11-23T21:45:00Z"), { symbols: ["AAPL"] });
    expect(fourth.detail).toMatchObject({ refreshed: 1 });
    expect(
      (await runMarketRefresh(testEnv, new Date("2026-11-23T21:50:00Z"), { symbols: ["AAPL"] })).detail,
    ).toMatchObject({ skipped: "market after-hours" });
    // A deploy whose screens differ (another SCREEN_VERSION stored) re-screens once, then skips again.
    const stored = await env.MARKET_KV.get<any>(KV_KEYS.freshness, "json");
    expect(stored.screenVersion).toBe(SCREEN_VERSION);
    await env.MARKET_KV.put(
      KV_KEYS.freshness,
      JSON.stringify({ ...stored, screenVersion: SCREEN_VERSION - 1 }),
    );
    const fifth = await runMarketRefresh(testEnv, new Date("2026-11-23T21:55:00Z"), { symbols: ["AAPL"] });
    expect(fifth.detail).toMatchObject({ refreshed: 1 });
    expect(
      (await runMarketRefresh(testEnv, new Date("2026-11-23T22:00:00Z"), { symbols: ["AAPL"] })).detail,
    ).toMatchObject({ skipped: "market after-hours" });
    // Put the full universe back for the tests below.
    await runMarketRefresh(testEnv, MONDAY_11AM, { force: true });
  }, 60_000);

  it("runs from the cron dispatch", async () => {
    await runScheduled(CRON.marketRefresh, testEnv, new Date("2026-11-23T16:05:00Z"));
    const row = await env.DB.prepare(
      "SELECT ok, detail FROM job_runs WHERE job = 'marketRefresh' ORDER BY started_at DESC",
    ).first<any>();
    expect(row.ok).toBe(1);
    expect(JSON.parse(row.detail)).toMatchObject({ provider: "demo", closesStored: 0 }); // nothing new since the last run
  }, 60_000);
});

describe("GET /api/get_tickers_info", () => {
  it("answers an array of ticker info with the product's field names", async () => {
    const res = await call(tickersInfo.loader, "/api/get_tickers_info?symbols=aapl,TSLA");
    const body = await jsonOf(res);
    expect(body.map((i: any) => i.symbol)).toEqual(["AAPL", "TSLA"]);
    for (const info of body) {
      for (const field of [
        "symbol",
        "current_price",
        "change_percentage",
        "ex_dividend_date",
        "next_earnings_date",
        "positive_5days",
        "neutral_5days",
        "negative_5days",
        "last_rsi_value",
        "rsi_value_trend",
      ]) {
        expect(info).toHaveProperty(field);
      }
      expect(info.current_price).toBeGreaterThan(0);
      expect(info.last_rsi_value).toBeGreaterThan(0);
      expect(info.last_rsi_value).toBeLessThan(100);
      expect(["up", "down"]).toContain(info.rsi_value_trend);
      expect(info.source).toBe("demo");
    }
    expect(body[0].next_earnings_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((res as Response).headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("reads the hot copies of several symbols in one KV call (bulk get), in the order asked", async () => {
    const { env: counted, reads: calls } = envCountingMarketKvReads();
    const { infos } = await getTickerInfos(counted, ["TSLA", "AAPL", "SPY"]);
    expect(infos.map((i) => i.symbol)).toEqual(["TSLA", "AAPL", "SPY"]);
    expect(calls).toEqual([["TSLA", "AAPL", "SPY"].map(KV_KEYS.tickerInfo)]);
  });

  it("reports unknown and malformed symbols without failing the known ones", async () => {
    const res = (await call(
      tickersInfo.loader,
      "/api/get_tickers_info?symbols=SPY,ZZZZ,bad$$,QQQ",
    )) as Response;
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.map((i: any) => i.symbol)).toEqual(["SPY", "QQQ"]);
    expect(res.headers.get("X-Unknown-Symbols")).toBe("BAD$$,ZZZZ");
  });

  it("answers an empty array without symbols and 400 for too many", async () => {
    expect(await jsonOf(await call(tickersInfo.loader, "/api/get_tickers_info"))).toEqual([]);
    const many = Array.from(
      { length: 51 },
      (_, i) => `S${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
    ).join(",");
    const res = (await call(tickersInfo.loader, `/api/get_tickers_info?symbols=${many}`)) as Response;
    expect(res.status).toBe(400);
  });

  it("is rate limited per client address", async () => {
    await freshRateLimitWindow();
    const from = (ip: string) =>
      new Request("http://localhost/api/get_tickers_info?symbols=SPY", {
        headers: { "cf-connecting-ip": ip },
      });
    for (let i = 0; i < RATE_LIMITS.tickersInfo.max; i++)
      expect(((await call(tickersInfo.loader, from("203.0.113.70"))) as Response).status).toBe(200);
    const refused = (await call(tickersInfo.loader, from("203.0.113.70"))) as Response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(((await call(tickersInfo.loader, from("203.0.113.71"))) as Response).status).toBe(200);
  });

  it("refreshes a watchlist's known symbol inline when nothing is cached", async () => {
    await env.MARKET_KV.delete(KV_KEYS.tickerInfo("COIN"));
    await env.DB.prepare("DELETE FROM market_snapshots WHERE key = ?1")
      .bind(KV_KEYS.tickerInfo("COIN"))
      .run();
    const result = await getTickerInfos(testEnv, ["COIN"]);
    expect(result.infos.map((i) => i.symbol)).toEqual(["COIN"]);
    expect(result.pending).toEqual([]);
    expect(await env.MARKET_KV.get(KV_KEYS.tickerInfo("COIN"))).not.toBeNull();
  });

  it("falls back to the D1 last-good copy when the hot cache has expired", async () => {
    await env.MARKET_KV.delete(KV_KEYS.tickerInfo("MSFT"));
    const open = await getTickerInfos(testEnv, ["MSFT"], MONDAY_11AM.getTime());
    expect(open.infos[0]).toMatchObject({ symbol: "MSFT", stale: true });
    const closed = await getTickerInfos(testEnv, ["MSFT"], Date.parse("2026-11-22T12:00:00Z"));
    expect(closed.infos[0]).toMatchObject({ symbol: "MSFT", stale: false });
  });
});

describe("GET /api/get_economic_cal", () => {
  it("answers field events with 6-hour caching", async () => {
    // The refresh above ran on a fixed past day; its 90-day calendar would be all past events some day. A miss
    // rebuilds it from today, as it does once the 6-hour copy expires.
    await env.MARKET_KV.delete(KV_KEYS.economicCalendar);
    const res = (await call(economicCal.loader, "/api/get_economic_cal")) as Response;
    const body = await jsonOf(res);
    expect(Array.isArray(body.events)).toBe(true);
    expect(body.events.length).toBeGreaterThan(0);
    for (const e of body.events) {
      expect(e).toMatchObject({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        title: expect.any(String),
      });
      expect(["high", "medium"]).toContain(e.impact);
    }
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=21600");
  });

  it("carries the rule-estimated releases after the published dates, flagged with their basis (decision 258)", async () => {
    await env.MARKET_KV.delete(KV_KEYS.economicCalendar);
    const { events } = await getEconomicCalendar(testEnv, Date.parse("2026-11-26T15:00:00Z"));
    await env.MARKET_KV.delete(KV_KEYS.economicCalendar);
    const january = events.filter((e) => e.date.startsWith("2027-01") && e.kind !== "FOMC");
    expect(january.map((e) => [e.date, e.kind, e.estimated])).toEqual([
      ["2027-01-08", "NFP", true],
      ["2027-01-13", "CPI", true],
      ["2027-01-28", "GDP", true],
      ["2027-01-29", "PCE", true],
    ]);
    for (const e of january) expect(e.estimateBasis).toEqual(expect.stringMatching(/practice/));
    // The published 2026 dates stay as they were (no rule basis).
    expect(events.find((e) => e.date === "2026-12-04")).toMatchObject({ kind: "NFP", estimated: false });
  });
});

describe("GET /api/get_trades plan caps", () => {
  let cookies: Record<string, string>;
  let watched: string;
  // The lists are read just after the refresh that stored them, on whatever day the suite runs (decision 298).
  afterAll(restoreSuiteClock);
  beforeAll(async () => {
    readAt(MONDAY_11AM.getTime() + 5 * 60_000);
    cookies = {
      free: await signUpAndGetCookie("trades-free@example.com"),
      pro: await signUpAndGetCookie("trades-pro@example.com"),
      elite: await signUpAndGetCookie("trades-elite@example.com"),
      expired: await signUpAndGetCookie("trades-expired@example.com"),
    };
    await setPlan("trades-free@example.com", "Free Plan", "inactive");
    await setPlan("trades-pro@example.com", "Pro Plan", "active");
    await setPlan("trades-elite@example.com", "Elite Plan", "trialing");
    await setPlan("trades-expired@example.com", "Elite Plan", "inactive");
    // The Pro user watches a symbol that has ideas but none in the top 30 on its own merit: taken from the
    // Elite list of the same profile, so the test follows whatever today's simulated market offers.
    const all = await jsonOf(
      (await call(getTrades.loader, requestWithCookie("/api/get_trades", cookies.elite!))) as Response,
    );
    const top = new Set(all.trade_suggestions.slice(0, 30).map((t: any) => t.stock_symbol));
    watched = all.trade_suggestions.find((t: any) => !top.has(t.stock_symbol))!.stock_symbol;
    await env.DB.prepare(
      "INSERT INTO watchlist_symbols (user_id, symbol, position, created_at) VALUES (?1, ?2, 0, 0)",
    )
      .bind(await userId("trades-pro@example.com"), watched)
      .run();
  });

  it("refuses visitors", async () => {
    const res = (await call(getTrades.loader, "/api/get_trades")) as Response;
    expect(res.status).toBe(401);
  });

  it("gives Free users (and lapsed subscribers) 403 and no ideas", async () => {
    for (const who of ["free", "expired"]) {
      const res = (await call(
        getTrades.loader,
        requestWithCookie("/api/get_trades", cookies[who]!),
      )) as Response;
      expect(res.status).toBe(403);
      const body = await jsonOf(res);
      expect(body).toMatchObject({ requiresUpgrade: true, trade_suggestions: [] });
    }
  });

  it("caps Pro at 30 with the watchlist's ideas first", async () => {
    const res = (await call(
      getTrades.loader,
      requestWithCookie("/api/get_trades", cookies.pro!),
    )) as Response;
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.plan).toBe("Pro Plan");
    expect(body.trade_suggestions).toHaveLength(30);
    expect(body.total).toBeGreaterThan(30);
    const mine = body.trade_suggestions.filter((t: any) => t.stock_symbol === watched).length;
    expect(mine).toBeGreaterThan(0);
    expect(body.trade_suggestions.slice(0, mine).every((t: any) => t.stock_symbol === watched)).toBe(true);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
    for (const t of body.trade_suggestions) {
      expect(["BULL_PUT_SPREAD", "BEAR_CALL_SPREAD", "IRON_CONDOR"]).toContain(t.strategy_type);
      expect(t).toMatchObject({
        source: "demo",
        trade_unique_identifier: expect.stringMatching(/^[A-Z.]+-[0-9a-f]{24}$/),
      });
    }
  });

  it("gives Elite every idea of its profile; the cron stored every profile's (decision 237)", async () => {
    const body = await jsonOf(
      await call(getTrades.loader, requestWithCookie("/api/get_trades", cookies.elite!)),
    );
    expect(body.plan).toBe("Elite Plan");
    expect(body.limit).toBeNull();
    expect(body.profile).toBe("balanced");
    const stored = JSON.parse((await env.MARKET_KV.get(KV_KEYS.ideas))!) as { ideas: { profile: string }[] };
    const balanced = stored.ideas.filter((i) => i.profile === "balanced").length;
    expect(body.trade_suggestions.length).toBe(balanced);
    expect(body.trade_suggestions.length).toBeGreaterThan(30);
    for (const p of ["conservative", "aggressive"]) {
      const other = await jsonOf(
        await call(getTrades.loader, requestWithCookie(`/api/get_trades?profile=${p}`, cookies.elite!)),
      );
      expect(other.profile).toBe(p);
      expect(other.trade_suggestions.length).toBe(stored.ideas.filter((i) => i.profile === p).length);
    }
    const bad = (await call(
      getTrades.loader,
      requestWithCookie("/api/get_trades?profile=yolo", cookies.elite!),
    )) as Response;
    expect(bad.status).toBe(400);
  });

  it("serves one trade by id for share pages, never the list", async () => {
    const elite = await jsonOf(
      await call(getTrades.loader, requestWithCookie("/api/get_trades", cookies.elite!)),
    );
    const id = elite.trade_suggestions[0].trade_unique_identifier;
    const found = await jsonOf(await call(tradeById.loader, `/api/trade/${id}`, { params: { tradeId: id } }));
    expect(found).toMatchObject({ current: true, trade: { trade_unique_identifier: id } });
    // Still found once the hot list has expired; the list left (the last-good copy, older than the last
    // close) is not today's, so whether the idea is in today's list is not claimed either way.
    await env.MARKET_KV.delete(KV_KEYS.ideas);
    const fromHistory = await jsonOf(
      await call(tradeById.loader, `/api/trade/${id}`, { params: { tradeId: id } }),
    );
    expect(fromHistory).toMatchObject({ current: null, trade: { trade_unique_identifier: id } });
    const missing = (await call(tradeById.loader, "/api/trade/AAPL-000000000000000000000000", {
      params: { tradeId: "AAPL-000000000000000000000000" },
    })) as Response;
    expect(missing.status).toBe(404);
    const invalid = (await call(tradeById.loader, "/api/trade/AAPL-20261218-BPS-P250-P245", {
      params: { tradeId: "AAPL-20261218-BPS-P250-P245" },
    })) as Response;
    expect(invalid.status).toBe(400);
  });

  it("serves the last good list marked stale when the hot list has expired", async () => {
    await env.MARKET_KV.delete(KV_KEYS.ideas);
    // The isolate keeps its parsed copy of the hot list up to 15 s (decision 181): past that window.
    forgetIdeasMemo();
    const res = (await call(
      getTrades.loader,
      requestWithCookie("/api/get_trades", cookies.elite!),
    )) as Response;
    const body = await jsonOf(res);
    expect(body.stale).toBe(true);
    expect(body.trade_suggestions.length).toBeGreaterThan(30);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=60");
  });
});

describe("a failing provider", () => {
  it("keeps serving the last good snapshot, marked stale, and never fails the API", async () => {
    const demo = createDemoProvider(() => MONDAY_11AM.getTime());
    const failing: MarketDataProvider = {
      ...demo,
      name: "demo",
      getQuote: async () => {
        throw new Error("upstream 503");
      },
      getOptionChain: async () => {
        throw new Error("upstream 503");
      },
    };
    const before = await env.MARKET_KV.get<any>(KV_KEYS.tickerInfo("AAPL"), "json");
    await env.MARKET_KV.delete(KV_KEYS.tickerInfo("AAPL"));
    const outcome = await runMarketRefresh(testEnv, new Date("2026-11-23T16:10:00Z"), {
      provider: failing,
      symbols: ["AAPL", "TSLA"],
      force: true,
    });
    expect(outcome.failures).toBe(2);
    expect(outcome.detail).toMatchObject({ refreshed: 0, chains: 0 });
    const res = (await call(tickersInfo.loader, "/api/get_tickers_info?symbols=AAPL", {
      context: makeContext(),
    })) as Response;
    expect(res.status).toBe(200);
    const [aapl] = await jsonOf(res);
    expect(aapl).toMatchObject({
      symbol: "AAPL",
      stale: true,
      current_price: before.current_price,
      asOf: before.asOf,
    });
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    const freshness = await env.MARKET_KV.get<any>(KV_KEYS.freshness, "json");
    expect(freshness).toMatchObject({ failures: 2, dataUpdateAttempted: "2026-11-23T16:10:00.000Z" });
    expect(freshness.stockDataUpdated < freshness.dataUpdateAttempted).toBe(true);
  }, 30_000);
});
