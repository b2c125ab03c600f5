/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON; the assertions check their shape. */
// Issue 32: the Polygon (Massive) adapter, the licensed production source (decision 279), against the fake on
// loopback (tests/worker/fakes/market.ts): the whole refresh (chains paged through next_url, quotes, history,
// dividends) into ideas and wheel strategies shaped like the simulated market's; a 429, a malformed page, an
// unknown symbol; production refuses the unlicensed Cboe source unless the operator overrides; /api/health says
// which source is licensed.
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { call, makeContext, testEnv } from "./helpers";
import * as health from "../../app/routes/api.health";
import type { WorkerEnv } from "../../app/server/env.server";
import { KV_KEYS } from "../../app/server/market/cache.server";
import { getMarketProvider } from "../../app/server/market/provider.server";
import { createPolygonClient, POLYGON_PAGE_LIMIT } from "../../app/server/market/providers/polygon.server";
import { runMarketRefresh } from "../../app/server/market/refresh/run.server";
import { readIdeasSnapshot } from "../../app/server/market/ideas.server";
import { cloudflareContext } from "../../app/server/request-context.server";
import { cspBatch } from "../../app/server/wheel/strategies.server";
import { ProviderError } from "../../app/server/market/types.server";

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
    // 2 expirations x 21 strikes x put and call = 84 contracts, served 50 a page: both pages were read.
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

  it("sends the key in a header only, follows next_url, and asks for at most a page's limit", async () => {
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
    const { chain } = await client.chain("CLX");
    expect(chain.expirations.length).toBe(2);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toContain(`limit=${POLYGON_PAGE_LIMIT}`);
    expect(seen[1]).toContain("cursor=50");
    expect(seen.every((u) => !/test-key|apiKey/i.test(u))).toBe(true);
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

describe("licences", () => {
  it("production refuses the unlicensed Cboe source, calls nothing, and says why; the override lets it run", async () => {
    const origin = inject("fakeOrigin");
    const cboeProduction = (extra: Record<string, string> = {}) =>
      makeContext({
        APP_ENV: "production",
        BETTER_AUTH_SECRET: "x".repeat(40),
        MARKET_DATA_PROVIDER: "live",
        CBOE_API_BASE: `${origin}/cboe-down`,
        TREASURY_API_BASE: `${origin}/treasury`,
        ...extra,
      } as unknown as Partial<WorkerEnv>).get(cloudflareContext).env;
    const refused = await runMarketRefresh(cboeProduction(), NOW, { symbols: ["CLX"], force: true });
    expect(refused.failures).toBe(1);
    expect((refused.detail as any).refused).toMatch(/cboe is not licensed for production/);
    expect(refused.itemsProcessed).toBe(0);

    const overridden = await runMarketRefresh(cboeProduction({ ALLOW_UNLICENSED_MARKET_DATA: "true" }), NOW, {
      symbols: ["CLX"],
      force: true,
    });
    expect((overridden.detail as any).refused).toBeUndefined();
    expect((overridden.detail as any).provider).toBe("live");
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
