/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON; the assertions check their shape. */
// The live adapters in workerd against the fake Cboe / Finnhub / Alpha Vantage servers
// (tests/worker/fakes/market.ts serving the recorded samples): refresh -> KV/D1 -> API, and outages.
import { env } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { call, makeContext } from "./helpers";
import * as tickersInfo from "#app/routes/api.get_tickers_info.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { getTickerInfos, isKnownSymbol } from "#app/server/market/market.server.ts";
import { getMarketProvider } from "#app/server/market/provider.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

// Friday 2026-07-24, 21:00 ET: after the close the samples were recorded at.
const NOW = new Date("2026-07-25T01:00:00Z");

function liveEnv(overrides: Partial<WorkerEnv> = {}): WorkerEnv {
  const origin = inject("fakeOrigin");
  return makeContext({
    MARKET_DATA_PROVIDER: "live",
    CBOE_API_BASE: `${origin}/cboe`,
    FINNHUB_API_KEY: "test-key",
    FINNHUB_API_BASE: `${origin}/finnhub`,
    ALPHAVANTAGE_API_KEY: "test-key",
    ALPHAVANTAGE_API_BASE: `${origin}/alphavantage`,
    TREASURY_API_BASE: `${origin}/treasury`,
    ...overrides,
  } as Partial<WorkerEnv>).get(cloudflareContext).env;
}

describe("live providers", () => {
  it("refreshes a symbol from Cboe, Finnhub and Alpha Vantage into the caches", async () => {
    const outcome = await runMarketRefresh(liveEnv(), NOW, { symbols: ["CLX"], force: true });
    expect(outcome).toMatchObject({ itemsProcessed: 1, failures: 0 });
    expect(outcome.detail).toMatchObject({ provider: "live", chains: 1 });
    const info = await env.MARKET_KV.get<any>(KV_KEYS.tickerInfo("CLX"), "json");
    expect(info).toMatchObject({
      symbol: "CLX",
      current_price: 95.55,
      change_percentage: 1.87,
      next_earnings_date: "2026-07-31",
      next_earnings_time: "amc",
      next_earnings_estimated: false,
      ex_dividend_date: "2026-08-10",
      source: "cboe",
      asOf: "2026-07-25T00:43:14.000Z",
      stale: false,
    });
    // The sample news scores AAPL only: zero articles for CLX, counted as zeros (a source exists).
    expect(info).toMatchObject({ positive_5days: 0, neutral_5days: 0, negative_5days: 0 });
    const chain = await env.MARKET_KV.get<any>(KV_KEYS.chain("CLX"), "json");
    expect(chain).toMatchObject({ underlying: "CLX", source: "cboe", spot: 95.55 });
    const closes = await env.DB.prepare(
      "SELECT date, close, source FROM daily_closes WHERE symbol = 'CLX' ORDER BY date",
    ).all();
    expect(closes.results).toEqual([
      { date: "2026-07-22", close: 93.5, source: "cboe" },
      { date: "2026-07-23", close: 93.8, source: "cboe" },
    ]);
  }, 30_000);

  it("works with Cboe alone when no keys are set (no earnings, dividends or news)", async () => {
    await env.MARKET_KV.delete(KV_KEYS.dividends("CLX"));
    const outcome = await runMarketRefresh(
      liveEnv({ FINNHUB_API_KEY: undefined, ALPHAVANTAGE_API_KEY: undefined }),
      NOW,
      { symbols: ["CLX"], force: true },
    );
    expect(outcome.failures).toBe(0);
    const info = await env.MARKET_KV.get<any>(KV_KEYS.tickerInfo("CLX"), "json");
    expect(info.current_price).toBe(95.55);
    // No dividend feed: the yield is unknown and stored as such with the chain, never a silent 0.
    const chain = await env.MARKET_KV.get<any>(KV_KEYS.chain("CLX"), "json");
    expect(chain).toMatchObject({ dividendYield: null, dividendYieldSource: "unknown" });
  }, 30_000);

  it("records malformed payloads and throttling without failing the run", async () => {
    await env.MARKET_KV.delete(KV_KEYS.dividends("CLX"));
    await env.MARKET_KV.delete(KV_KEYS.news("CLX"));
    const outcome = await runMarketRefresh(liveEnv({ ALPHAVANTAGE_API_KEY: "throttled" }), NOW, {
      symbols: ["CLX", "BROKE"],
      force: true,
    });
    expect(outcome.itemsProcessed).toBe(1);
    const detail = outcome.detail as {
      failed: { symbol: string; error: string }[];
      partial: Record<string, string[]>;
    };
    expect(detail.failed).toEqual([
      {
        symbol: "BROKE",
        error: expect.stringMatching(/BROKE quote: malformed payload \(data\.current_price/),
      },
    ]);
    // Alpha Vantage's HTTP 200 throttling note: dividends are recorded as throttled (ticker info still
    // produced), news falls back to Finnhub's headlines with keyword sentiment.
    expect(detail.partial.CLX).toEqual([
      expect.stringMatching(/^dividends: alphavantage: CLX dividends: throttled/),
    ]);
    const news = await env.MARKET_KV.get<any>(KV_KEYS.news("CLX"), "json");
    expect(news).toMatchObject({ source: "finnhub", headlines: [{ sentimentMethod: "keywords" }] });
  }, 30_000);

  it("serves the last good snapshot marked stale when Cboe is down, never a 500", async () => {
    const down = liveEnv({ CBOE_API_BASE: `${inject("fakeOrigin")}/cboe-down` });
    await env.MARKET_KV.delete(KV_KEYS.tickerInfo("CLX"));
    const outcome = await runMarketRefresh(down, NOW, { symbols: ["CLX"], force: true });
    expect(outcome).toMatchObject({ itemsProcessed: 0, failures: 1 });
    expect(JSON.stringify(outcome.detail)).toMatch(/HTTP 503/);
    const res = (await call(tickersInfo.loader, "/api/get_tickers_info?symbols=CLX", {
      context: makeContext(down as never),
    })) as Response;
    expect(res.status).toBe(200);
    const [clx] = (await res.json()) as any[];
    expect(clx).toMatchObject({ symbol: "CLX", current_price: 95.55, stale: true, source: "cboe" });
  }, 30_000);

  it("knows which symbols exist, and reports unknown ones from the API", async () => {
    const live = liveEnv();
    expect(await isKnownSymbol(live, "CLX")).toBe(true);
    expect(await isKnownSymbol(live, "NOPE")).toBe(false);
    expect(await isKnownSymbol(live, "not a symbol")).toBe(false);
    const res = (await call(tickersInfo.loader, "/api/get_tickers_info?symbols=CLX,NOPE", {
      context: makeContext(live as never),
    })) as Response;
    expect(res.headers.get("X-Unknown-Symbols")).toBe("NOPE");
    expect(((await res.json()) as any[]).map((i) => i.symbol)).toEqual(["CLX"]);
  }, 30_000);

  it("reports a watchlist symbol as pending, within the request's budget, when the provider hangs", async () => {
    const slow = liveEnv({ CBOE_API_BASE: `${inject("fakeOrigin")}/cboe-slow` });
    // The fake hangs far past the inline budget (2.5 s): the symbol comes back pending, not as an error.
    const result = await getTickerInfos(slow, ["SLOWX"]);
    expect(result).toEqual({ infos: [], unknown: [], pending: ["SLOWX"] });
  }, 30_000);
});

describe("GET /api/get_tickers_info never reaches a provider", () => {
  function fromAddress(path: string, ip: string) {
    return new Request(new URL(path, "http://localhost"), { headers: { "cf-connecting-ip": ip } });
  }

  it("answers a symbol nothing has cached from the caches, without one provider call", async () => {
    const live = liveEnv();
    await env.MARKET_KV.delete(KV_KEYS.known("KO"));
    await env.MARKET_KV.put(KV_KEYS.known("PEP"), JSON.stringify({ known: true }));
    await env.MARKET_KV.put(KV_KEYS.known("NOPE"), JSON.stringify({ known: false }));
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const res = (await call(
        tickersInfo.loader,
        fromAddress("/api/get_tickers_info?symbols=KO,PEP,NOPE", "198.51.100.40"),
        { context: makeContext(live as never) },
      )) as Response;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
      // Never checked: unknown. Proved to exist by an earlier check: pending (the refresh will bring it).
      expect(res.headers.get("X-Unknown-Symbols")).toBe("KO,NOPE");
      expect(res.headers.get("X-Pending-Symbols")).toBe("PEP");
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
    // Nothing was written on the visitor's behalf either.
    expect(await env.MARKET_KV.get(KV_KEYS.known("KO"))).toBeNull();
    expect(await env.MARKET_KV.get(KV_KEYS.tickerInfo("KO"))).toBeNull();
  });

  it("spends no Alpha Vantage budget however many symbols a visitor asks for", async () => {
    const live = liveEnv();
    const symbols = Array.from({ length: 50 }, (_, i) => `Q${String.fromCharCode(65 + (i % 26))}${i}`);
    const budget = () =>
      env.DB.prepare(
        "SELECT COALESCE(SUM(json_extract(payload, '$.used')), 0) AS n FROM market_snapshots WHERE key LIKE 'budget:%'",
      ).first<{ n: number }>();
    const before = await budget();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const res = (await call(
        tickersInfo.loader,
        fromAddress(`/api/get_tickers_info?symbols=${symbols.join(",")}`, "198.51.100.41"),
        { context: makeContext(live as never) },
      )) as Response;
      expect(res.status).toBe(200);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
    expect(await budget()).toEqual(before);
  });
});

describe("one provider per isolate and env", () => {
  it("builds the provider once per env", () => {
    const a = liveEnv();
    const b = liveEnv();
    expect(getMarketProvider(a)).toBe(getMarketProvider(a));
    expect(getMarketProvider(a)).not.toBe(getMarketProvider(b));
  });

  it("quotes a new symbol once for the known-symbol check and the refresh that follows", async () => {
    const live = liveEnv();
    // A clock just after the sample's timestamp, so the checked quote is recent enough to reuse.
    const provider = getMarketProvider(live, () => Date.parse("2026-07-25T00:43:30Z"));
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      await live.MARKET_KV.delete(KV_KEYS.known("CLX"));
      expect(await provider.isKnownSymbol("CLX")).toBe(true);
      const quote = await provider.getQuote("CLX");
      expect(quote).toMatchObject({ symbol: "CLX", price: 95.55 });
      const quoteCalls = fetchSpy.mock.calls.filter(([url]) => String(url).includes("/quotes/CLX"));
      expect(quoteCalls).toHaveLength(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
