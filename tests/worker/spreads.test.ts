// /spreads (plan caps through the route loader), /api/get_trades for trialing and expired trials, the
// public share page as a crawler gets it, and the preview image endpoint. Ideas come from fixtures written
// to the ideas cache the way the refresh job writes them.
import { gunzipSync } from "node:zlib";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as getTrades from "#app/routes/api.get_trades.ts";
import * as tradeById from "#app/routes/api.trade.$tradeId.ts";
import * as tradeImage from "#app/routes/api.trade-image.$tradeId.ts";
import { bookDelta, daysToExpiry } from "#app/engine/index.ts";
import { betaOf } from "#app/engine/buckets.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import * as shareTrade from "#app/routes/share-trade.tsx";
import * as spreads from "#app/routes/spreads.tsx";
import { getSession } from "#app/server/auth/session.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { tradeIdeaUpserts } from "#app/server/market/ideas.server.ts";
import { getDb } from "#app/server/db/client.server.ts";
import {
  forgetIdeasMemo,
  SLIM_LIST_MEMO_MS,
  slimIdea,
  tradeSuggestionsBody,
  tradeSuggestionsFor,
} from "#app/server/trade-ideas.server.ts";
import { tradeShareUrl } from "#app/lib/share.ts";
import { setUser } from "./auth-helpers";
import { fixtureIdea, fixtureIdeas } from "./fixtures/trade-ideas";
import {
  call,
  envCountingMarketKvReads,
  makeContext,
  requestWithCookie,
  signUpAndGetCookie,
  testEnv,
} from "./helpers";
import { pngSize } from "./png";
import { cloudflareContext } from "#app/server/request-context.server.ts";

const IDEAS = fixtureIdeas(60);
const cookies: Record<string, string> = {};

beforeAll(async () => {
  await env.MARKET_KV.put(
    KV_KEYS.ideas,
    JSON.stringify({ ideas: IDEAS, source: "demo", asOf: "2026-11-23T16:00:00.000Z" }),
  );
  await getDb(testEnv).batch(tradeIdeaUpserts(testEnv, IDEAS, Date.now()) as never);
  // New accounts start on the automatic Pro trial.
  cookies.trial = await signUpAndGetCookie("spreads-trial@example.com");
  cookies.pro = await signUpAndGetCookie("spreads-pro@example.com");
  await setUser("spreads-pro@example.com", { subscription_tier: "Pro Plan", subscription_status: "active" });
  cookies.elite = await signUpAndGetCookie("spreads-elite@example.com");
  await setUser("spreads-elite@example.com", {
    subscription_tier: "Elite Plan",
    subscription_status: "active",
  });
  cookies.free = await signUpAndGetCookie("spreads-free@example.com");
  await setUser("spreads-free@example.com", {
    subscription_tier: "Free Plan",
    subscription_status: "inactive",
    has_used_trial: 1,
    trial_end: null,
  });
  cookies.expired = await signUpAndGetCookie("spreads-expired@example.com");
  await setUser("spreads-expired@example.com", {
    subscription_tier: "Pro Plan",
    subscription_status: "trialing",
    has_used_trial: 1,
    trial_end: Date.now() - 60_000,
  });
  // The Pro user watches KO: its ideas come first.
  const pro = await env.DB.prepare("SELECT id FROM user WHERE email = ?1")
    .bind("spreads-pro@example.com")
    .first<{ id: string }>();
  await env.DB.prepare(
    "INSERT INTO watchlist_symbols (user_id, symbol, position, created_at) VALUES (?1, 'KO', 0, ?2)",
  )
    .bind(pro!.id, Date.now())
    .run();
}, 60_000);

type SpreadsData = Exclude<Awaited<ReturnType<typeof spreads.loader>>, Response>;

async function screen(who: string, query = "") {
  const data = (await call(
    spreads.loader,
    requestWithCookie(`/spreads${query}`, cookies[who]!),
  )) as SpreadsData;
  const list = data.trades ? await data.trades : null;
  return { data, list: list && !("error" in list) ? list : null };
}

describe("/spreads loader: plan caps", () => {
  it("a visitor is sent to sign in with the return address", async () => {
    const res = (await call(spreads.loader, "/spreads?strategy=IRON_CONDOR")) as Response;
    expect(res.headers.get("Location")).toBe("/signin?returnTo=%2Fspreads%3Fstrategy%3DIRON_CONDOR");
  });

  it("Free: no ideas are read or sent (the unlock panel)", async () => {
    const { data } = await screen("free");
    expect(data.plan).toBe("Free Plan");
    expect(data.limit).toBe(0);
    expect(data.trades).toBeNull();
    expect(JSON.stringify(data)).not.toContain("trade_unique_identifier");
  });

  it("expired trial counts as Free", async () => {
    const { data } = await screen("expired");
    expect(data.plan).toBe("Free Plan");
    expect(data.trades).toBeNull();
  });

  it("trialing Pro: at most 30", async () => {
    const { data, list } = await screen("trial");
    expect(data.plan).toBe("Pro Plan");
    expect(list!.capped).toBe(30);
    expect(list!.total).toBe(60);
    // All 30 over two pages, never more.
    const { list: all } = await screen("trial", "?page=9");
    expect(all!.ideas).toHaveLength(30);
    expect(all!.page).toBe(2);
  });

  it("sends the capped list's net beta-weighted delta (decision 327)", async () => {
    const { list } = await screen("trial", "?page=9");
    const spy = list!.ideas.find((i) => i.stock_symbol === "SPY")?.underlyingPrice ?? null;
    expect(list!.bookDelta).toEqual({ ...bookDelta(list!.ideas, spy), spyPrice: spy });
    // The fixtures carry no legs; the slim idea keeps each leg's delta so the list orders as /api/get_trades does.
    const leg = {
      occSymbol: "X",
      type: "call",
      side: "sell",
      strike: 101,
      bid: 1,
      ask: 1.1,
      mid: 1.05,
    } as const;
    const rest = { fill: 1, iv: 0.3, delta: 0.3, liquidityPoint: 4, openInterest: 900, prevDayVolume: null };
    const slim = slimIdea({ ...IDEAS[0]!, legs: [{ ...leg, ...rest }] });
    expect(slim.legs[0]!.delta).toBe(0.3);
    expect(bookDelta([slim]).gross).toBeCloseTo(30 * slim.underlyingPrice * betaOf(slim.stock_symbol), 6);
  });

  it("Pro: 30 with the watchlist's symbols first", async () => {
    const { list } = await screen("pro", "?page=2");
    expect(list!.ideas).toHaveLength(30);
    const ko = IDEAS.filter((i) => i.stock_symbol === "KO").length;
    expect(list!.ideas.slice(0, ko).every((i) => i.stock_symbol === "KO")).toBe(true);
    expect(list!.ideas.slice(ko).some((i) => i.stock_symbol === "KO")).toBe(false);
  });

  it("Elite: all of them, slimmed (no ranking internals), with the banner and the server's date", async () => {
    const { data, list } = await screen("elite");
    expect(data.limit).toBeNull();
    expect(list!.capped).toBe(60);
    expect(list!.filtered).toBe(60);
    expect(list!.ideas[0]).not.toHaveProperty("score");
    expect(list!.ideas[0]).toMatchObject({ stock_symbol: "SPY", net_credit: 0.8, source: "demo" });
    expect(data.banner.marketStatus).toMatch(/^(open|closed)$/);
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("/spreads loader: filters and pages on the server", () => {
  const SYMBOLS = [...new Set(IDEAS.map((i) => i.stock_symbol))].sort();
  // An idea expiring on or before the server's date never passes (DTE 0 is excluded).
  const live = (today: string) => IDEAS.filter((i) => i.expiration_date > today);
  const daysAfter = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  it("sends one page of 20, the counts and the symbols of the capped list", async () => {
    const { data, list } = await screen("elite");
    expect(list!.ideas).toHaveLength(20);
    expect(list!.page).toBe(1);
    expect(list!.pageSize).toBe(20);
    expect(list!.filtered).toBe(live(data.today).length);
    expect(list!.symbols).toEqual(SYMBOLS);
  });

  it("filters with the query: strategy, liquidity, return, probability, days, symbols", async () => {
    const { data, list } = await screen(
      "elite",
      "?strategy=IRON_CONDOR&minLiq=3&minRor=20&popMin=60&popMax=85&maxDte=30&symbols=spy,qqq,AAPL&page=5",
    );
    const expected = live(data.today).filter(
      (i) =>
        i.strategy_type === "IRON_CONDOR" &&
        i.liquidity_point >= 3 &&
        i.return_on_risk >= 20 &&
        i.probability_of_profit >= 60 &&
        i.probability_of_profit <= 85 &&
        i.expiration_date <= daysAfter(data.today, 30) &&
        ["SPY", "QQQ", "AAPL"].includes(i.stock_symbol),
    );
    expect(list!.filtered).toBe(expected.length);
    for (const idea of list!.ideas) {
      expect(idea.strategy_type).toBe("IRON_CONDOR");
      expect(idea.liquidity_point).toBeGreaterThanOrEqual(3);
      expect(["SPY", "QQQ", "AAPL"]).toContain(idea.stock_symbol);
    }
    expect(list!.ideas).toHaveLength(Math.min(list!.filtered, 20));
    expect(list!.filters).toMatchObject({ strategy: "IRON_CONDOR", symbols: ["SPY", "QQQ", "AAPL"] });
    // The symbol list is the capped list's, not the filtered one's (the entry adds from all of it).
    expect(list!.symbols).toEqual(SYMBOLS);
  });

  it("pages: each page extends the one before; past the end is the last page", async () => {
    const { data, list: one } = await screen("elite");
    const { list: two } = await screen("elite", "?page=2");
    const n = live(data.today).length;
    expect(two!.ideas).toHaveLength(Math.min(40, n));
    expect(two!.ideas.slice(0, 20).map((i) => i.trade_unique_identifier)).toEqual(
      one!.ideas.map((i) => i.trade_unique_identifier),
    );
    const { list: last } = await screen("elite", "?page=99");
    expect(last!.ideas).toHaveLength(n);
    expect(last!.page).toBe(Math.ceil(n / 20));
    // No match: page 1 of nothing.
    const { list: none } = await screen("elite", "?minRor=50&popMin=100&page=3");
    expect(none).toMatchObject({ filtered: 0, page: 1, ideas: [] });
  });

  it("a bad query value is ignored or clamped, never a 500", async () => {
    for (const query of [
      "?page=abc",
      "?page=0",
      "?page=-4",
      "?page=1e400",
      "?page=2.7&page=x",
      "?minRor=abc&popMin=500&popMax=-3&maxDte=NaN&minLiq=99&strategy=CASH_SECURED_PUT",
      "?symbols=%E2%80%AE%00%3Cscript%3E,,,&strategy=%FF",
      `?symbols=${"A".repeat(5000)}&minRor=${"9".repeat(400)}`,
    ]) {
      const { list } = await screen("elite", query);
      expect(list, query).not.toBeNull();
      expect(list!.ideas.length, query).toBeLessThanOrEqual(list!.pageSize * list!.page);
      expect(list!.page, query).toBeGreaterThanOrEqual(1);
    }
    // Clamped, not dropped: liquidity 99 is 5, and the strategy falls back to All.
    const { list } = await screen("elite", "?minLiq=99&strategy=CASH_SECURED_PUT&page=9");
    expect(list!.filters).toMatchObject({ minLiquidity: 5, strategy: "ALL" });
    expect(list!.ideas.length).toBeGreaterThan(0);
    expect(list!.ideas.every((i) => i.liquidity_point === 5)).toBe(true);
  });

  it("a selected symbol the plan's list does not have is dropped, not matched against", async () => {
    const { list } = await screen("pro", "?symbols=KO,ZZZZ");
    expect(list!.filters.symbols).toEqual(["KO"]);
    expect(list!.ideas.length).toBeGreaterThan(0);
    expect(list!.ideas.every((i) => i.stock_symbol === "KO")).toBe(true);
    const { list: gone } = await screen("pro", "?symbols=ZZZZ");
    expect(gone!.filters.symbols).toEqual([]);
    expect(gone!.filtered).toBe(gone!.capped);
  });

  it("every filter or page change runs the loader; dropping the Try Again marker does not", () => {
    const u = (s: string) => new URL(s, "http://localhost");
    const run = (from: string, to: string) =>
      spreads.shouldRevalidate({
        currentUrl: u(from),
        nextUrl: u(to),
        formMethod: undefined,
        defaultShouldRevalidate: true,
      } as never);
    expect(run("/spreads", "/spreads?minRor=5")).toBe(true);
    expect(run("/spreads?minRor=5", "/spreads?minRor=5&page=2")).toBe(true);
    expect(run("/spreads?minRor=5&fresh=1", "/spreads?minRor=5")).toBe(false);
    expect(run("/spreads?fresh=1", "/spreads")).toBe(false);
    expect(run("/spreads?minRor=5&fresh=1", "/spreads?minRor=6")).toBe(true);
  });

  it("Pro filters within its 30 only; Free gets nothing whatever the query", async () => {
    const { list } = await screen("pro", "?page=50&minLiq=1");
    expect(list!.capped).toBe(30);
    expect(list!.ideas.length).toBeLessThanOrEqual(30);
    const { data } = await screen("free", "?page=3&strategy=IRON_CONDOR");
    expect(data.trades).toBeNull();
    expect(JSON.stringify(data)).not.toContain("trade_unique_identifier");
  });
});

describe("/api/get_trades: trialing and expired trials", () => {
  it("trialing Pro gets 30; an expired trial gets 403 and nothing", async () => {
    const trial = (await call(
      getTrades.loader,
      requestWithCookie("/api/get_trades", cookies.trial!),
    )) as Response;
    expect(((await trial.json()) as { trade_suggestions: unknown[] }).trade_suggestions).toHaveLength(30);
    const expired = (await call(
      getTrades.loader,
      requestWithCookie("/api/get_trades", cookies.expired!),
    )) as Response;
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ requiresUpgrade: true, trade_suggestions: [] });
  });
});

describe("/api/get_trades: the body is built once per snapshot", () => {
  async function userOf(who: string) {
    const session = await getSession(testEnv, requestWithCookie("/api/get_trades", cookies[who]!));
    return session!.user;
  }

  it("equals the view serialised afresh, byte for byte, per plan and watchlist, cached or not", async () => {
    forgetIdeasMemo();
    const now = Date.now();
    for (const who of ["elite", "pro", "trial", "elite", "pro", "trial"]) {
      const user = await userOf(who);
      const body = await tradeSuggestionsBody(testEnv, user, now);
      const view = await tradeSuggestionsFor(testEnv, user, now);
      expect(body.ok && view.ok).toBe(true);
      if (body.ok && view.ok) expect(body.json).toBe(JSON.stringify(view.view));
    }
    // Through the route: the same text, as JSON.
    const res = (await call(
      getTrades.loader,
      requestWithCookie("/api/get_trades", cookies.pro!),
    )) as Response;
    expect(res.headers.get("Content-Type")).toBe("application/json");
    expect(res.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    const list = ((await res.json()) as { trade_suggestions: { stock_symbol: string }[] }).trade_suggestions;
    expect(list).toHaveLength(30);
    expect(list[0]!.stock_symbol).toBe("KO");
  });

  it("a new snapshot is served once the isolate's copy expires", async () => {
    forgetIdeasMemo();
    const now = Date.now();
    const user = await userOf("elite");
    const before = await tradeSuggestionsBody(testEnv, user, now);
    const next = IDEAS.slice(0, 12).map((i) => ({ ...i, asOf: "2026-11-23T16:05:00.000Z" }));
    await env.MARKET_KV.put(
      KV_KEYS.ideas,
      JSON.stringify({ ideas: next, source: "demo", asOf: "2026-11-23T16:05:00.000Z" }),
    );
    const cached = await tradeSuggestionsBody(testEnv, user, now + 1000);
    if (before.ok && cached.ok) expect(cached.json).toBe(before.json);
    const later = now + SLIM_LIST_MEMO_MS + 1;
    const after = await tradeSuggestionsBody(testEnv, user, later);
    const view = await tradeSuggestionsFor(testEnv, user, later);
    expect(after.ok && view.ok).toBe(true);
    if (after.ok && view.ok) {
      expect(after.json).toBe(JSON.stringify(view.view));
      expect(view.view.trade_suggestions).toHaveLength(12);
    }
    // Put the list of the other tests back.
    await env.MARKET_KV.put(
      KV_KEYS.ideas,
      JSON.stringify({ ideas: IDEAS, source: "demo", asOf: "2026-11-23T16:00:00.000Z" }),
    );
    forgetIdeasMemo();
  });

  it("reads no KV within the isolate's window: the freshness comes with the snapshot, the status is for now", async () => {
    forgetIdeasMemo();
    const { env: counted, reads } = envCountingMarketKvReads();
    const user = await userOf("elite");
    const now = Date.now();
    const first = await tradeSuggestionsBody(counted, user, now);
    expect(reads).toEqual(expect.arrayContaining([KV_KEYS.ideas, KV_KEYS.freshness]));
    reads.length = 0;
    const second = await tradeSuggestionsBody(counted, user, now + 1000);
    expect(reads).toEqual([]);
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) expect(second.json).toBe(first.json);
    // The same body read fresh (the reference) agrees: nothing the memo keeps has drifted.
    const view = await tradeSuggestionsFor(testEnv, user, now + 1000);
    if (second.ok && view.ok) expect(second.json).toBe(JSON.stringify(view.view));
    forgetIdeasMemo();
  });
});

describe("/api/get_trades: the watchlist comes with the session (decision 209)", () => {
  /** The test env with the SQL of every D1 statement prepared through it recorded. */
  function contextRecordingSql() {
    const sql: string[] = [];
    const db = new Proxy(testEnv.DB, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== "function") return value;
        if (prop !== "prepare") return (value as (...a: unknown[]) => unknown).bind(target);
        return (query: string) => {
          sql.push(query);
          return (value as (q: string) => unknown).call(target, query);
        };
      },
    });
    return { context: makeContext({ DB: db }), sql };
  }

  async function firstSymbols(cookie: string, context = makeContext()) {
    const res = (await call(getTrades.loader, requestWithCookie("/api/get_trades", cookie), {
      context,
    })) as Response;
    expect(res.status).toBe(200);
    const body = (await res.json()) as { trade_suggestions: { stock_symbol: string }[] };
    return body.trade_suggestions.map((i) => i.stock_symbol);
  }

  it("one D1 statement per request (the session joined with the user), none on watchlist_symbols", async () => {
    forgetIdeasMemo();
    await firstSymbols(cookies.pro!); // the ideas snapshot into the isolate's memo
    const { context, sql } = contextRecordingSql();
    const symbols = await firstSymbols(cookies.pro!, context);
    expect(symbols[0]).toBe("KO");
    // The table, not the copy column the session query selects.
    expect(sql.filter((q) => /watchlist_symbols(?!_json)/i.test(q))).toEqual([]);
    expect(sql).toHaveLength(1);
  });

  it("a watchlist edit applies to the very next request", async () => {
    const pro = await env.DB.prepare("SELECT id FROM user WHERE email = ?1")
      .bind("spreads-pro@example.com")
      .first<{ id: string }>();
    const other = IDEAS.map((i) => i.stock_symbol).find((s) => s !== "KO")!;
    await env.DB.prepare(
      "INSERT INTO watchlist_symbols (user_id, symbol, position, created_at) VALUES (?1, ?2, -1, ?3)",
    )
      .bind(pro!.id, other, Date.now())
      .run();
    const withBoth = await firstSymbols(cookies.pro!);
    expect(new Set(withBoth.slice(0, 2))).toContain(other);
    await env.DB.prepare("DELETE FROM watchlist_symbols WHERE user_id = ?1 AND symbol = ?2")
      .bind(pro!.id, other)
      .run();
    expect((await firstSymbols(cookies.pro!))[0]).toBe("KO");
  });
});

describe("/api/get_trades: gzipped once per snapshot for clients that take it (decision 200)", () => {
  async function getTradesAs(who: string, acceptEncoding?: string) {
    const headers: Record<string, string> =
      acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
    return (await call(
      getTrades.loader,
      requestWithCookie("/api/get_trades", cookies[who]!, { headers }),
    )) as Response;
  }

  it("gunzips to the plain body byte for byte; the plan caps hold in both", async () => {
    forgetIdeasMemo();
    for (const [who, count] of [
      ["elite", IDEAS.length],
      ["pro", 30],
      ["trial", 30],
    ] as const) {
      const plain = await getTradesAs(who);
      const gzipped = await getTradesAs(who, "gzip, deflate, br");
      expect(plain.status).toBe(200);
      expect(gzipped.status).toBe(200);
      expect(plain.headers.get("Content-Encoding")).toBeNull();
      expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
      for (const res of [plain, gzipped]) {
        expect(res.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
        expect(res.headers.get("Content-Type")).toBe("application/json");
        expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
      }
      const text = await plain.text();
      const bytes = new Uint8Array(await gzipped.arrayBuffer());
      // The gzip magic number, then a body that is the plain one exactly.
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
      expect(bytes.length).toBeLessThan(text.length / 3);
      expect(gunzipSync(bytes).toString("utf8")).toBe(text);
      // The kept copy serves the next request whole (a Response must not take the bytes from the memo).
      const next = new Uint8Array(await (await getTradesAs(who, "gzip")).arrayBuffer());
      expect(gunzipSync(next).toString("utf8")).toBe(text);
      const list = (JSON.parse(text) as { trade_suggestions: { stock_symbol: string }[] }).trade_suggestions;
      expect(list).toHaveLength(count);
      if (who === "pro") expect(list[0]!.stock_symbol).toBe("KO");
    }
  });

  it("a client that does not take gzip gets the plain JSON", async () => {
    for (const acceptEncoding of ["identity", "br", "gzip;q=0", "gzip;q=0, *", "deflate"]) {
      const res = await getTradesAs("elite", acceptEncoding);
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(res.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      const body = (await res.json()) as { trade_suggestions: unknown[] };
      expect(body.trade_suggestions).toHaveLength(IDEAS.length);
    }
    for (const acceptEncoding of ["GZIP", "x-gzip", "br;q=1, gzip;q=0.5", "*"]) {
      const res = await getTradesAs("elite", acceptEncoding);
      expect(res.headers.get("Content-Encoding")).toBe("gzip");
    }
  });

  it("Free, an expired trial and a visitor get nothing, gzip or not", async () => {
    for (const who of ["free", "expired"]) {
      const res = await getTradesAs(who, "gzip");
      expect(res.status).toBe(403);
      expect(res.headers.get("Content-Encoding")).toBeNull();
      expect(await res.json()).toMatchObject({ requiresUpgrade: true, trade_suggestions: [] });
    }
    const visitor = (await call(
      getTrades.loader,
      new Request(new URL("/api/get_trades", "http://localhost"), { headers: { "Accept-Encoding": "gzip" } }),
    )) as Response;
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get("Content-Encoding")).toBeNull();
  });

  it("is compressed once per snapshot and fields, and follows a new snapshot", async () => {
    forgetIdeasMemo();
    const now = Date.now();
    const user = (await getSession(testEnv, requestWithCookie("/api/get_trades", cookies.elite!)))!.user;
    const first = await tradeSuggestionsBody(testEnv, user, now);
    const again = await tradeSuggestionsBody(testEnv, user, now + 1000);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    const bytes = first.gzipped();
    expect(bytes).not.toBeNull();
    // The same bytes, not compressed again.
    expect(again.gzipped()).toBe(bytes);
    const next = IDEAS.slice(0, 7).map((i) => ({ ...i, asOf: "2026-11-23T16:10:00.000Z" }));
    await env.MARKET_KV.put(
      KV_KEYS.ideas,
      JSON.stringify({ ideas: next, source: "demo", asOf: "2026-11-23T16:10:00.000Z" }),
    );
    const after = await tradeSuggestionsBody(testEnv, user, now + SLIM_LIST_MEMO_MS + 1);
    expect(after.ok).toBe(true);
    if (after.ok) {
      const text = gunzipSync(after.gzipped()!).toString("utf8");
      expect(text).toBe(after.json);
      expect((JSON.parse(text) as { trade_suggestions: unknown[] }).trade_suggestions).toHaveLength(7);
    }
    await env.MARKET_KV.put(
      KV_KEYS.ideas,
      JSON.stringify({ ideas: IDEAS, source: "demo", asOf: "2026-11-23T16:00:00.000Z" }),
    );
    forgetIdeasMemo();
  });
});

type ShareData = Exclude<Awaited<ReturnType<typeof shareTrade.loader>>, Response>;

describe("/share/trade/:tradeId", () => {
  const idea = IDEAS[2]!;
  const id = idea.trade_unique_identifier;

  it("round trip: the link the screen builds opens the same idea, with the social tags", async () => {
    const link = new URL(tradeShareUrl("http://localhost", id));
    const data = (await call(shareTrade.loader, link.pathname, { params: { tradeId: id } })) as ShareData;
    expect(data.idea.trade_unique_identifier).toBe(id);
    expect(data.canonical).toBe(link.toString());
    const tags = shareTrade.meta({ loaderData: data } as never) as unknown as Record<string, string>[];
    const find = (k: string, v: string) => tags.find((t) => t[k] === v);
    expect(find("name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find("property", "og:image")?.content).toBe(`http://localhost/api/trade-image/${id}`);
    expect(find("property", "og:url")?.content).toBe(link.toString());
    expect(find("rel", "canonical")?.href).toBe(link.toString());
    expect(tags[0]!.title).toContain(`${idea.stock_symbol} Iron Condor`);
    expect(find("name", "description")?.content).toContain("return on risk");
  });

  it("stays readable from the D1 history after leaving the live list", async () => {
    await env.MARKET_KV.put(
      KV_KEYS.ideas,
      JSON.stringify({ ideas: IDEAS.slice(10), source: "demo", asOf: "2026-11-23T16:00:00.000Z" }),
    );
    const data = (await call(shareTrade.loader, `/share/trade/${id}`, {
      params: { tradeId: id },
    })) as ShareData;
    expect(data.idea.trade_unique_identifier).toBe(id);
    expect(data.status).toMatchObject({ state: "open", inLiveList: false });
  });

  it("an expired idea says how it finished (close on the expiration day from the history)", async () => {
    const old = fixtureIdea(200, {
      expiration_date: "2026-10-16",
      trade_unique_identifier: "SPY-aaaaaaaaaaaaaaaaaaaaaaaa",
    });
    await getDb(testEnv).batch(tradeIdeaUpserts(testEnv, [old], Date.now()) as never);
    await env.DB.prepare(
      "INSERT INTO daily_closes (symbol, date, close, source) VALUES (?1, '2026-10-16', ?2, 'demo')",
    )
      .bind(old.stock_symbol, old.put_short_strike! + 1)
      .run();
    const data = (await call(shareTrade.loader, "/share/trade/x", {
      params: { tradeId: old.trade_unique_identifier },
    })) as ShareData;
    expect(data.status.state).toBe("expired");
    // Above the short put and below the short call: the whole credit is kept.
    if (data.status.state === "expired") expect(data.status.pnlAtExpiry).toBeCloseTo(old.net_credit * 100);
  });

  it("unknown or malformed ids redirect to /", async () => {
    for (const tradeId of ["SPY-000000000000000000000000", "not-an-id", "SPY-20261218-BPS-P450-P445"]) {
      const res = (await call(shareTrade.loader, `/share/trade/${tradeId}`, {
        params: { tradeId },
      })) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    }
  });
});

describe("/api/trade-image/:tradeId", () => {
  it("a real 1200x630 PNG, long cache headers; the second call is a KV hit", async () => {
    const id = IDEAS[0]!.trade_unique_identifier;
    // The KV write rides on waitUntil: collect it like the runtime would before the next request.
    const pending: Promise<unknown>[] = [];
    const context = makeContext();
    (context.get(cloudflareContext).ctx as { waitUntil: (p: Promise<unknown>) => void }).waitUntil = (p) =>
      pending.push(p);
    const first = (await call(tradeImage.loader, `/api/trade-image/${id}`, {
      params: { tradeId: id },
      context,
    })) as Response;
    await Promise.all(pending);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.headers.get("Cache-Control")).toContain("max-age=86400");
    expect(first.headers.get("X-Image-Cache")).toBe("miss");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    const second = (await call(tradeImage.loader, `/api/trade-image/${id}`, {
      params: { tradeId: id },
    })) as Response;
    expect(second.headers.get("X-Image-Cache")).toBe("hit");
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
  });

  it("unknown or malformed id: 404 before any render (decision 220)", async () => {
    for (const tradeId of ["SPY-000000000000000000000000", "%3Cscript%3E"]) {
      const res = (await call(tradeImage.loader, `/api/trade-image/${tradeId}`, {
        params: { tradeId },
      })) as Response;
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("X-Image-Cache")).toBeNull();
    }
  });
});

describe("one day count (decision 235): DTE from today's New York date on every reader", () => {
  it("/api/get_trades and /api/trade/:id count daysToExpiration from today, not from the refresh", async () => {
    forgetIdeasMemo();
    const today = newYorkDateOf(Date.now());
    const res = (await call(
      getTrades.loader,
      requestWithCookie("/api/get_trades", cookies.elite!),
    )) as Response;
    const list = (
      (await res.json()) as { trade_suggestions: { expiration_date: string; daysToExpiration: number }[] }
    ).trade_suggestions;
    // The fixtures were stored with daysToExpiration 10 whatever their expiration.
    expect(new Set(list.map((i) => i.daysToExpiration)).size).toBeGreaterThan(1);
    for (const i of list) expect(i.daysToExpiration).toBe(daysToExpiry(today, i.expiration_date));
    const id = IDEAS[0]!.trade_unique_identifier;
    const one = (await (
      (await call(tradeById.loader, `/api/trade/${id}`, { params: { tradeId: id } })) as Response
    ).json()) as { trade: { expiration_date: string; daysToExpiration: number } };
    expect(one.trade.daysToExpiration).toBe(daysToExpiry(today, one.trade.expiration_date));
  });
});
