/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON; the assertions check their shape. */
// Issue 32: the Polygon (Massive) adapter, the licensed production source (decision 279), against the fake on
// loopback (tests/worker/fakes/polygon.ts): the whole refresh (chains paged through next_url, quotes, history,
// dividends) into ideas and wheel strategies shaped like the simulated market's; a 429, a malformed page, an
// unknown symbol. Issue 41: each documented absence the live API can answer (next_url on the vendor's host, the
// live page size, no last_quote, no underlying price, no stocks plan, every optional field left out, special
// dividends) has its test. Production refuses the unlicensed Cboe source unless the operator overrides; /api/health says
// which source is licensed.
import { env } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { call, makeContext, testEnv } from "./helpers";
import * as health from "#app/routes/api.health.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { getMarketProvider } from "#app/server/market/provider.server.ts";
import { marketDataPlanProblem } from "#app/server/health.server.ts";
import { recordJobRun } from "#app/server/db/job-runs.server.ts";
import {
  createPolygonClient,
  POLYGON_PAGE_LIMIT,
  rebaseNextUrl,
} from "#app/server/market/providers/polygon.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { readIdeasSnapshot } from "#app/server/market/ideas.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { cspBatch } from "#app/server/wheel/strategies.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";

// Friday 2026-07-24, 21:00 ET: after the close.
const NOW = new Date("2026-07-25T01:00:00Z");

function polygonEnv(overrides: Record<string, string | undefined> = {}): WorkerEnv {
  return polygonContext(overrides).get(cloudflareContext).env;
}

function polygonContext(overrides: Record<string, string | undefined> = {}) {
  const origin = inject("fakeOrigin");
  return makeContext({
    MARKET_DATA_PROVIDER: "polygon",
    POLYGON_API_KEY: "test-key",
    POLYGON_API_BASE: `${origin}/polygon`,
    TREASURY_API_BASE: `${origin}/treasury`,
    FINNHUB_API_KEY: undefined,
    ALPHAVANTAGE_API_KEY: undefined,
    ...overrides,
  } as unknown as Partial<WorkerEnv>);
}

const noSleep = async () => {};

describe("Polygon (Massive) adapter", () => {
  it("runs the whole refresh: chain over every page, quote, history and dividends, into ideas", async () => {
    const e = polygonEnv();
    const outcome = await runMarketRefresh(e, NOW, { symbols: ["CLX"], force: true });
    expect(outcome).toMatchObject({ itemsProcessed: 1, failures: 0 });
    expect(outcome.detail).toMatchObject({ provider: "polygon", chains: 1 });
    expect((outcome.detail as any).ideas).toBeGreaterThan(0);

    const chain = await env.MARKET_KV.get<any>(KV_KEYS.chain("CLX"), "json");
    expect(chain).toMatchObject({ underlying: "CLX", source: "polygon", spot: 95.55 });
    // 2 expirations x 21 strikes x put and call = 84 contracts: one page at the live page size.
    const contracts = chain.expirations.reduce((n: number, x: any) => n + x.legs.length, 0);
    expect(contracts).toBe(84);
    expect(chain.expirations.map((x: any) => x.expirationDate)).toEqual(["2026-08-21", "2026-09-18"]);
    expect(chain.expirations[0].legs[0]).toMatchObject({
      occSymbol: expect.stringMatching(/^O:CLX260821[CP]\d{8}$/),
      bid: expect.any(Number),
      ask: expect.any(Number),
      iv: expect.any(Number),
      delta: expect.any(Number),
      openInterest: 800,
    });
    // Dividends from Polygon price the chain with a stated yield (not "unknown").
    expect(chain.dividendYieldSource).not.toBe("unknown");

    const info = await env.MARKET_KV.get<any>(KV_KEYS.tickerInfo("CLX"), "json");
    expect(info).toMatchObject({
      symbol: "CLX",
      current_price: 95.55,
      source: "polygon",
      ex_dividend_date: "2026-08-10",
      stale: false,
    });
    // 320 daily bars: an RSI to show.
    expect(info.last_rsi_value).toEqual(expect.any(Number));

    // Ideas labelled with their source, in the same shape as the simulated market's.
    const snapshot = await readIdeasSnapshot(e, NOW.getTime());
    expect(snapshot!.source).toBe("polygon");
    const idea = snapshot!.ideas[0]!;
    expect(idea).toMatchObject({
      stock_symbol: "CLX",
      source: "polygon",
      net_credit: expect.any(Number),
      probability_of_profit: expect.any(Number),
      assumptions: expect.objectContaining({ r: expect.any(Number) }),
    });
    // The simulated market's ideas at a session of its own.
    const session = new Date("2026-11-23T16:00:00Z");
    const demo = await runMarketRefresh(testEnv, session, { symbols: ["AAPL", "MSFT", "SPY"], force: true });
    expect(demo.failures).toBe(0);
    const demoIdeas = (await readIdeasSnapshot(testEnv, session.getTime()))!.ideas;
    expect(demoIdeas[0]!.source).toBe("demo");
    expect(Object.keys(idea).sort()).toEqual(Object.keys(demoIdeas[0]!).sort());
  }, 60_000);

  it("screens wheel strategies from the Polygon chain, shaped as on the simulated market", async () => {
    const e = polygonEnv();
    await runMarketRefresh(e, NOW, { symbols: ["CLX"], force: true });
    const batch = await cspBatch(
      e,
      { tickers: ["CLX"], riskLevel: "balanced", cashAmount: 100_000, maxDaysToExpiration: 60, minReturn: 0 },
      NOW.getTime(),
    );
    const clx = batch.results.CLX!;
    expect(clx.source).toBe("polygon");
    expect(clx.strategies.length).toBeGreaterThan(0);
    expect(clx.strategies[0]).toMatchObject({
      symbol: "CLX",
      strategy_type: "CASH_SECURED_PUT",
      putStrike: expect.any(Number),
      premium: expect.any(Number),
      annualizedReturn: expect.any(Number),
    });
  }, 60_000);

  it("sends the key in a header only, to the configured host: next_url's path and query re-based on it", async () => {
    const seen: string[] = [];
    const origin = inject("fakeOrigin");
    const client = createPolygonClient("test-key", `${origin}/polygon`, {
      clock: () => NOW.getTime(),
      policy: {
        fetchImpl: async (input, init) => {
          seen.push(String(input));
          expect(new Headers(init?.headers).get("authorization")).toBe("Bearer test-key");
          return fetch(input, init);
        },
      },
    });
    // SPY's pages name api.massive.com, api.polygon.io and api.polygon.io:443:443 in turn, as past answers did.
    const { chain, read } = await client.chain("SPY");
    expect(read).toMatchObject({ pages: 4, contracts: 846, quoted: 846, spotSource: "chain" });
    expect(chain.expirations.reduce((n, x) => n + x.legs.length, 0)).toBe(846);
    expect(seen).toHaveLength(4);
    expect(seen[0]).toContain(`limit=${POLYGON_PAGE_LIMIT}`);
    for (const url of seen) expect(url.startsWith(`${origin}/polygon/v3/snapshot/options/SPY?`)).toBe(true);
    // Past the first page the vendor's cursor alone (it carries the limit).
    expect(seen.slice(1).every((u) => /\?cursor=[\w-]+$/.test(u))).toBe(true);
    expect(seen.every((u) => !/test-key|apiKey/i.test(u))).toBe(true);
  });

  it("re-bases next_url whatever host or port it names, and keeps a path prefix of the configured root", () => {
    const root = "http://127.0.0.1:8787/polygon";
    for (const host of [
      "https://api.massive.com",
      "https://api.polygon.io",
      "https://api.polygon.io:443:443",
    ])
      expect(rebaseNextUrl(root, `${host}/v3/snapshot/options/SPY?cursor=abc`)).toBe(
        `${root}/v3/snapshot/options/SPY?cursor=abc`,
      );
    // No way to another host: whatever precedes the path is dropped.
    expect(rebaseNextUrl("https://api.massive.com", "https://evil.example//x?cursor=1")).toBe(
      "https://api.massive.com//x?cursor=1",
    );
    expect(new URL(rebaseNextUrl("https://api.massive.com", "https://a@evil.example/v3?c=1")).host).toBe(
      "api.massive.com",
    );
  });

  it("reports a 429 as throttled after its retries, a malformed page as malformed, a 404 as unknown", async () => {
    const origin = inject("fakeOrigin");
    let calls = 0;
    const client = createPolygonClient("test-key", `${origin}/polygon`, {
      clock: () => NOW.getTime(),
      policy: {
        sleep: noSleep,
        fetchImpl: async (input, init) => {
          calls++;
          return fetch(input, init);
        },
      },
    });
    await expect(client.quote("THROTTLED")).rejects.toMatchObject({ kind: "throttled" });
    expect(calls).toBe(3); // the first try and two retries
    await expect(client.chain("BROKE")).rejects.toMatchObject({ kind: "malformed" });
    await expect(client.quote("NOPE")).rejects.toMatchObject({ kind: "unknown_symbol" });
    const wrongKey = createPolygonClient("wrong", `${origin}/polygon`, { policy: { sleep: noSleep } });
    await expect(wrongKey.quote("CLX")).rejects.toBeInstanceOf(ProviderError);
  });

  it("keeps one isolate within the plan's calls per minute", async () => {
    const origin = inject("fakeOrigin");
    const client = createPolygonClient("test-key", `${origin}/polygon`, { callsPerMinute: 2 });
    await client.quote("CLX");
    await client.quote("CLX");
    await expect(client.quote("CLX")).rejects.toMatchObject({ kind: "throttled" });
  });

  it("needs its key: the polygon provider without POLYGON_API_KEY says so", () => {
    expect(() => getMarketProvider(polygonEnv({ POLYGON_API_KEY: undefined }))).toThrow(/POLYGON_API_KEY/);
  });
});

describe("Polygon (Massive): each documented absence", () => {
  const client = () =>
    createPolygonClient("test-key", `${inject("fakeOrigin")}/polygon`, {
      clock: () => NOW.getTime(),
      policy: { sleep: noSleep },
    });

  it("the live page size: at most 250 contracts a page (10 when no limit is asked), so SPY takes four", async () => {
    const origin = inject("fakeOrigin");
    const page = async (query: string) => {
      const res = await fetch(`${origin}/polygon/v3/snapshot/options/SPY${query}`, {
        headers: { authorization: "Bearer test-key" },
      });
      return ((await res.json()) as any).results.length;
    };
    expect(await page("?limit=1000")).toBe(250);
    expect(await page("")).toBe(10);
    const { read } = await client().chain("SPY");
    expect(read).toMatchObject({ pages: 4, contracts: 846, stoppedAtPageCap: false });
  });

  it("no last_quote (an options plan without quotes): the refresh fails naming the feature, in the log and for /api/health", async () => {
    const logged = vi.spyOn(console, "error");
    try {
      await expect(client().chain("NOQT")).rejects.toMatchObject({
        kind: "not_configured",
        message: expect.stringMatching(/NOQT options: the Massive subscription lacks options quotes/),
      });
      expect(logged.mock.calls.some(([m]) => /lacks options quotes/.test(String(m)))).toBe(true);
    } finally {
      logged.mockRestore();
    }
    const e = polygonEnv();
    const run = await recordJobRun(e, "marketRefresh", () =>
      runMarketRefresh(e, NOW, { symbols: ["NOQT"], force: true }),
    );
    expect(run.detail).toMatchObject({ chains: 0, ideas: 0 });
    // A refusal for the plan is a failure of the run, named in its detail (not a partial read).
    expect(run.failures).toBe(1);
    expect(run.detail).toMatchObject({
      planMissing: [{ symbol: "NOQT", error: expect.stringMatching(/lacks options quotes/) }],
    });
    const problem = await marketDataPlanProblem(e);
    expect(problem).toMatch(
      /^polygon: NOQT options: the Massive subscription lacks options quotes \(none of 84/,
    );
    expect(problem).not.toMatch(/no underlying price/);
    // A run skipped outside the session read nothing: the message stays until a run reads again.
    await recordJobRun(e, "marketRefresh", async () => ({
      itemsProcessed: 0,
      failures: 0,
      detail: { skipped: "market closed" },
    }));
    expect(await marketDataPlanProblem(e)).toBe(problem);
    // /api/health names the missing feature.
    const answer = (await call(health.loader, "/api/health", { context: polygonContext() })) as Response;
    expect((await answer.json()) as { marketDataProblem: string | null }).toMatchObject({
      marketDataProblem: problem,
    });
  }, 30_000);

  it("no underlying_asset.price (it comes with a stocks plan): the spot comes from the stock snapshot", async () => {
    const { chain, quote, read } = await client().chain("NOSPT");
    expect(read.spotSource).toBe("stock snapshot");
    expect(chain.spot).toBe(95.55);
    expect(quote).toMatchObject({ symbol: "NOSPT", price: 95.55 });
    expect(chain.expirations).toHaveLength(2);
  });

  it("no stocks plan: the vendor's 403 names the missing plan, for the quote and for the chain's spot", async () => {
    const lacksStocks = {
      kind: "not_configured",
      message: expect.stringMatching(/the Massive subscription lacks a stocks plan \(.*HTTP 403/),
    };
    await expect(client().quote("NOSTK")).rejects.toMatchObject(lacksStocks);
    await expect(client().chain("NOSTK")).rejects.toMatchObject(lacksStocks);
  });

  it("every field the OpenAPI marks optional left out: the whole refresh still runs", async () => {
    const e = polygonEnv();
    const outcome = await runMarketRefresh(e, NOW, { symbols: ["BARE"], force: true });
    expect(outcome).toMatchObject({ itemsProcessed: 1, failures: 0 });
    expect((outcome.detail as any).partial).toEqual({});
    expect((outcome.detail as any).chains).toBe(1);
    // No todaysChangePerc, no updated: the change from prevDay.c, the time of the read.
    const quote = await client().quote("BARE");
    expect(quote.previousClose).toBe(93.8);
    expect(quote.changePercent).toBeCloseTo((95.55 / 93.8 - 1) * 100, 10);
    expect(quote.asOf).toBe(NOW.toISOString());
    // Neither status nor results in the dividends answer: a known 0, not an error.
    const chain = await env.MARKET_KV.get<any>(KV_KEYS.chain("BARE"), "json");
    expect(chain).toMatchObject({ spot: 95.55, dividendYield: 0 });
  }, 30_000);

  it("special dividends (dividend_type other than CD) stay out of the yield", async () => {
    const dividends = await client().dividends("KO");
    expect(dividends.events.map((d) => d.exDate)).not.toContain("2026-04-01");
    expect(dividends.specialExcluded).toEqual([{ exDate: "2026-04-01", amount: 1, type: "SC" }]);
    const e = polygonEnv();
    await runMarketRefresh(e, NOW, { symbols: ["KO"], force: true });
    const chain = await env.MARKET_KV.get<any>(KV_KEYS.chain("KO"), "json");
    // The four regular 0.51 of the past year over the price; with the special it would be 3.04 / 70.4.
    expect(chain.dividendYield).toBeCloseTo(2.04 / 70.4, 10);
  }, 30_000);
});

describe("licences", () => {
  // Production honours no *_API_BASE (decision 297), so this test does not point the clients at the loopback fake:
  // it stands in for the runtime's fetch, answers every call as an outage, and records where each call went.
  it("production refuses the unlicensed Cboe source, calls nothing, and says why; the override lets it run", async () => {
    const origin = inject("fakeOrigin");
    const called: string[] = [];
    const outage = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      called.push(input instanceof Request ? input.url : String(input));
      return new Response("Service Unavailable", { status: 503 });
    });
    const cboeProduction = (extra: Record<string, string> = {}) =>
      makeContext({
        APP_ENV: "production",
        BETTER_AUTH_SECRET: "x".repeat(40),
        MARKET_DATA_PROVIDER: "live",
        // Set, and ignored: a stray override must not move production's calls.
        CBOE_API_BASE: `${origin}/cboe`,
        TREASURY_API_BASE: `${origin}/treasury`,
        ...extra,
      } as unknown as Partial<WorkerEnv>).get(cloudflareContext).env;
    try {
      const refused = await runMarketRefresh(cboeProduction(), NOW, { symbols: ["CLX"], force: true });
      expect(refused.failures).toBe(1);
      expect((refused.detail as any).refused).toMatch(/cboe is not licensed for production/);
      expect(refused.itemsProcessed).toBe(0);
      expect(called).toEqual([]);

      const overridden = await runMarketRefresh(
        cboeProduction({ ALLOW_UNLICENSED_MARKET_DATA: "true" }),
        NOW,
        {
          symbols: ["CLX"],
          force: true,
        },
      );
      expect((overridden.detail as any).refused).toBeUndefined();
      expect((overridden.detail as any).provider).toBe("live");
      // Every call went to a provider's own host, Cboe's among them; none to the override.
      const hosts = new Set(called.map((url) => new URL(url).origin));
      expect(hosts).toContain("https://cdn.cboe.com");
      expect(
        [...hosts].filter((h) => !["https://cdn.cboe.com", "https://home.treasury.gov"].includes(h)),
      ).toEqual([]);
    } finally {
      outage.mockRestore();
    }
  }, 60_000);

  it("/api/health states each source's licence status", async () => {
    const res = (await call(health.loader, "/api/health", { context: polygonContext() })) as Response;
    const body = (await res.json()) as any;
    expect(body.marketData).toBe("polygon");
    expect(body.marketDataLicence).toMatchObject({ source: "polygon", licensed: true });
    expect(body.marketDataSources.cboe).toMatch(/not licensed for production/);
    expect(body.marketDataSources.polygon).toMatch(/^configured/);
    expect(JSON.stringify(body)).not.toContain("test-key");
  });
});
