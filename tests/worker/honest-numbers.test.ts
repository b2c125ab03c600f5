/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON; the assertions check their shape. */
// Issue 11's fields from the engine to the APIs the screens read (decision 160): every idea of
// /api/get_trades and /api/trade/:id, and every wheel strategy, carries the three credits, the fill basis,
// the four POP methods, the probability of touch, the expected value and its sourced assumptions; the
// risk-free rate comes from the simulated series (demo) or the Treasury's bill rate with a last good
// value (live, fake on loopback); a Pro list is balanced by strategy within its two groups.
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  call,
  jsonOf,
  makeContext,
  requestWithCookie,
  setPlan,
  signUpAndGetCookie,
  testEnv,
} from "./helpers";
import { freshIp } from "./auth-helpers";
import { readAt, restoreSuiteClock } from "./test-clock";
import * as getTrades from "#app/routes/api.get_trades.ts";
import * as tradeById from "#app/routes/api.trade.$tradeId.ts";
import * as cspRoute from "#app/routes/api.wheel.csp-batch.ts";
import { FILL_BASIS } from "#app/engine/hygiene.ts";
import { FILL_BASIS_LABEL } from "#app/lib/model-labels.ts";
import {
  continuousFromCouponEquivalent,
  SIMULATED_RATE_SOURCE,
  simulatedRiskFreeRate,
} from "#app/lib/risk-free-rate.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { daysToExpiry } from "#app/engine/index.ts";
import { PROFILE_TARGETS } from "#app/engine/quality.ts";
import { spreadIdeaWhy, wheelStrategyWhy, whySentence } from "#app/lib/idea-why.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import {
  CONFIGURED_RATE_SOURCE,
  FALLBACK_RATE,
  FALLBACK_RATE_SOURCE,
  RATE_REFETCH_MS,
  readRiskFreeRate,
  refreshRiskFreeRate,
  TREASURY_RATE_SOURCE,
} from "#app/server/market/rates.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { clearWheelChainMemory } from "#app/server/wheel/strategies.server.ts";
import { forgetIdeasMemo } from "#app/server/trade-ideas.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

const MONDAY_11AM = new Date("2026-11-23T16:00:00Z");
/** The ideas are read just after their refresh: their DTE windows hold then, on whatever day the suite runs. */
const JUST_AFTER_REFRESH = MONDAY_11AM.getTime() + 5 * 60_000;

/** The contract's fields on one idea, with real values. */
function expectHonestIdea(t: any) {
  expect(t.net_credit_natural).toBeLessThanOrEqual(t.net_credit + 1e-9);
  expect(t.net_credit).toBeLessThanOrEqual(t.net_credit_mid + 1e-9);
  expect(t.net_credit).toBeGreaterThan(0);
  expect(t).toMatchObject({ fill_basis: FILL_BASIS, fill_basis_label: FILL_BASIS_LABEL });
  for (const k of ["market_implied", "lognormal_atm", "delta", "credit_width"]) {
    expect(typeof t.pop_methods[k]).toBe("number");
    expect(t.pop_methods[k]).toBeGreaterThanOrEqual(0);
    expect(t.pop_methods[k]).toBeLessThanOrEqual(100);
  }
  expect(t.probability_of_profit).toBe(t.pop_methods.market_implied);
  expect(t.prob_touch).toBeGreaterThan(0);
  expect(t.prob_touch).toBeLessThanOrEqual(100);
  expect(Number.isFinite(t.expected_value)).toBe(true);
  expect(t.return_on_risk).toBeCloseTo((t.net_credit / (t.width - t.net_credit)) * 100, 1);
  const series = simulatedRiskFreeRate("2026-11-23");
  expect(t.assumptions).toMatchObject({
    r_source: SIMULATED_RATE_SOURCE,
    r_as_of: series.asOf,
    model: expect.any(String),
  });
  expect(t.assumptions.r).toBeCloseTo(series.rate, 6);
  // The simulated market publishes dividends, so q is known (0 for a non-payer), with its source.
  expect(typeof t.assumptions.q).toBe("number");
  expect(t.assumptions.q_source).toMatch(/^Simulated data: /);
  // The engine ships numbers; the card writes the reason from them (app/lib/idea-why.ts, decision 246).
  expect(t).not.toHaveProperty("why");
  const why = spreadIdeaWhy(t);
  expect(why).not.toBeNull();
  expect(whySentence(why!)).toMatch(
    /^(IV \d+% vs \d+% forecast realised|No forecast: the history is too short)/,
  );
}

beforeAll(async () => {
  await runMarketRefresh(testEnv, MONDAY_11AM, { force: true });
  forgetIdeasMemo();
  clearWheelChainMemory();
}, 120_000);

describe("idea payloads carry the honest numbers", () => {
  let cookies: Record<string, string>;
  afterAll(restoreSuiteClock);
  beforeAll(async () => {
    readAt(JUST_AFTER_REFRESH);
    cookies = {
      pro: await signUpAndGetCookie("honest-pro@example.com"),
      elite: await signUpAndGetCookie("honest-elite@example.com"),
    };
    await setPlan("honest-pro@example.com", "Pro Plan", "active");
    await setPlan("honest-elite@example.com", "Elite Plan", "active");
  });

  it("on every idea of /api/get_trades and on /api/trade/:id", async () => {
    const body = await jsonOf(
      await call(getTrades.loader, requestWithCookie("/api/get_trades", cookies.elite!)),
    );
    expect(body.trade_suggestions.length).toBeGreaterThan(30);
    for (const t of body.trade_suggestions) expectHonestIdea(t);
    // A dividend payer's yield is the trailing 12 months over the price, not 0.
    const payer = body.trade_suggestions.find((t: any) => t.assumptions.q > 0);
    expect(payer?.assumptions.q_source).toMatch(/trailing 12-month dividends/);
    const id = body.trade_suggestions[0].trade_unique_identifier;
    const one = await jsonOf(await call(tradeById.loader, `/api/trade/${id}`, { params: { tradeId: id } }));
    expectHonestIdea(one.trade);
    expect(one.trade.pop_methods).toEqual(body.trade_suggestions[0].pop_methods);
    expect(one.trade.assumptions).toEqual(body.trade_suggestions[0].assumptions);
  });

  it("a Pro list keeps the list rules: watchlist first, no repeats, at most 3 per symbol, Balanced's window", async () => {
    const proId = (await env.DB.prepare("SELECT id FROM user WHERE email = 'honest-pro@example.com'").first<{
      id: string;
    }>())!.id;
    // Three watched symbols, so the watchlist block holds more than one strategy.
    for (const [i, s] of ["AAPL", "MSFT", "KO"].entries())
      await env.DB.prepare(
        "INSERT INTO watchlist_symbols (user_id, symbol, position, created_at) VALUES (?1, ?2, ?3, 0)",
      )
        .bind(proId, s, i)
        .run();
    const body = await jsonOf(
      await call(getTrades.loader, requestWithCookie("/api/get_trades", cookies.pro!)),
    );
    const list: any[] = body.trade_suggestions;
    expect(list).toHaveLength(30);
    const watched = new Set(["AAPL", "MSFT", "KO"]);
    const split = list.findIndex((t) => !watched.has(t.stock_symbol));
    expect(split).toBeGreaterThan(0);
    expect(list.slice(split).every((t) => !watched.has(t.stock_symbol))).toBe(true);
    // Strategies on their merit (no interleave, decision 238); the list rules hold on what the refresh stored.
    const keys = new Set(list.map((t) => `${t.stock_symbol}|${t.expiration_date}|${t.strategy_type}`));
    expect(keys.size).toBe(list.length);
    const perSymbol = new Map<string, number>();
    for (const t of list) perSymbol.set(t.stock_symbol, (perSymbol.get(t.stock_symbol) ?? 0) + 1);
    expect(Math.max(...perSymbol.values())).toBeLessThanOrEqual(3);
    expect(body.profile).toBe("balanced");
    for (const t of list) {
      expect(t.profile).toBe("balanced");
      expect(t.daysToExpiration).toBeGreaterThanOrEqual(21);
      expect(t.daysToExpiration).toBeLessThanOrEqual(60);
    }
  });

  it("a list read days after its refresh keeps the profile's window at read time (decision 298)", async () => {
    const proList = async () =>
      (await jsonOf(await call(getTrades.loader, requestWithCookie("/api/get_trades", cookies.pro!))))
        .trade_suggestions as any[];
    const atRefresh = await proList();
    // Read again on the day the nearest idea has left the window: it is dropped, the rest stay in it.
    const { minDte, maxDte } = PROFILE_TARGETS.balanced;
    const nearest = Math.min(...atRefresh.map((t) => t.daysToExpiration as number));
    expect(nearest).toBeGreaterThanOrEqual(minDte);
    const later = JUST_AFTER_REFRESH + (nearest - minDte + 1) * 86_400_000;
    const laterDay = newYorkDateOf(later);
    readAt(later);
    const stale = await proList();
    readAt(JUST_AFTER_REFRESH);
    expect(
      atRefresh.filter((t) => daysToExpiry(laterDay, t.expiration_date) < minDte).length,
    ).toBeGreaterThan(0);
    expect(stale.length).toBeGreaterThan(0);
    for (const t of stale) {
      expect(t.daysToExpiration).toBe(daysToExpiry(laterDay, t.expiration_date));
      expect(t.daysToExpiration).toBeGreaterThanOrEqual(minDte);
      expect(t.daysToExpiration).toBeLessThanOrEqual(maxDte);
    }
  });
});

describe("wheel strategies carry them too", () => {
  it("premium at the fill with mid and natural, win probability, touch, period return, assumptions", async () => {
    const cookie = await signUpAndGetCookie("honest-wheel@example.com");
    await setPlan("honest-wheel@example.com", "Elite Plan", "active");
    const res = await call(
      cspRoute.action,
      requestWithCookie("/api/wheel/csp-strategies/batch", cookie, {
        method: "POST",
        headers: { "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
        body: JSON.stringify({ tickers: ["AAPL", "KO", "SPY"], cashAmount: 100_000 }),
      }),
    );
    const body = await jsonOf(res);
    // The wheel prices today's simulated chain, so the rate is the series' value for today in New York.
    const series = simulatedRiskFreeRate(newYorkDateOf(Date.now()));
    expect(body.parameters.riskFreeRate).toBeCloseTo(series.rate, 12);
    let n = 0;
    for (const result of Object.values<any>(body.results))
      for (const s of result.strategies) {
        n++;
        expect(s.premium_natural).toBeLessThanOrEqual(s.premium + 1e-9);
        expect(s.premium).toBeLessThanOrEqual(s.premium_mid + 1e-9);
        expect(s.fill_basis).toBe(FILL_BASIS);
        expect(s.winProbability).toBeGreaterThan(0);
        expect(s.prob_touch).toBeGreaterThan(0);
        expect(s.period_return).toBeGreaterThan(0);
        expect(s.daysToExpiration).toBeGreaterThanOrEqual(7);
        expect(s.assumptions).toMatchObject({ r_source: SIMULATED_RATE_SOURCE, r_as_of: series.asOf });
        expect(s.assumptions.r).toBeCloseTo(series.rate, 12);
        expect(s.assumptions.q_source).toMatch(/^Simulated data: /);
        // The API's strategy carries what its plain-words reason is written from.
        expect(wheelStrategyWhy(s)?.clauses).toHaveLength(6);
      }
    expect(n).toBeGreaterThan(0);
  });
});

describe("the live risk-free rate", () => {
  const NOW = Date.parse("2026-07-25T01:00:00Z");
  function liveEnv(overrides: Partial<WorkerEnv> = {}): WorkerEnv {
    return makeContext({
      MARKET_DATA_PROVIDER: "live",
      TREASURY_API_BASE: `${inject("fakeOrigin")}/treasury`,
      ...overrides,
    } as Partial<WorkerEnv>).get(cloudflareContext).env;
  }

  it("reads the latest 13-week bill, keeps it as the last good value, and serves it when the Treasury is down", async () => {
    await env.MARKET_KV.delete(KV_KEYS.riskFreeRate);
    // No reading yet and the Treasury down: the old 4%, saying it is not sourced.
    const down = liveEnv({ TREASURY_API_BASE: `${inject("fakeOrigin")}/treasury-down` });
    expect(await refreshRiskFreeRate(down, NOW, { retries: 0 })).toEqual({
      rate: FALLBACK_RATE,
      source: FALLBACK_RATE_SOURCE,
      asOf: null,
    });
    expect(await readRiskFreeRate(down, NOW)).toMatchObject({ source: FALLBACK_RATE_SOURCE, asOf: null });

    const read = await refreshRiskFreeRate(liveEnv(), NOW);
    // 07/24's 13-week coupon equivalent (3.93%), as a continuous rate; dated by the Treasury's row.
    expect(read).toEqual({
      rate: continuousFromCouponEquivalent(3.93),
      source: TREASURY_RATE_SOURCE,
      asOf: "2026-07-24",
    });
    // Requests read the stored value, never the network.
    expect(await readRiskFreeRate(down, NOW + 1000)).toEqual(read);
    // Later, with the Treasury down, the last good value keeps its date.
    expect(await refreshRiskFreeRate(down, NOW + RATE_REFETCH_MS + 1, { retries: 0 })).toEqual(read);
  });

  it("takes the previous month's last row early in a month, skipping days the bill was not quoted", async () => {
    await env.MARKET_KV.delete(KV_KEYS.riskFreeRate);
    const august1 = Date.parse("2026-08-01T15:00:00Z");
    expect(await refreshRiskFreeRate(liveEnv(), august1)).toMatchObject({ asOf: "2026-07-24" });
    await env.MARKET_KV.delete(KV_KEYS.riskFreeRate);
    // As of 07/22 (13-week cell "N/A"): that row is skipped, not read as 0.
    const july22 = Date.parse("2026-07-22T20:00:00Z");
    expect(await refreshRiskFreeRate(liveEnv(), july22)).toMatchObject({ asOf: "2026-07-01" });
  });

  it("uses a configured RISK_FREE_RATE (percent, continuous) over any reading", async () => {
    const fixed = liveEnv({ RISK_FREE_RATE: "4.5" } as Partial<WorkerEnv>);
    expect(await refreshRiskFreeRate(fixed, NOW)).toEqual({
      rate: 0.045,
      source: CONFIGURED_RATE_SOURCE,
      asOf: null,
    });
  });

  it("leaves the simulated market on its own series", async () => {
    const demo = makeContext({ MARKET_DATA_PROVIDER: "demo" } as Partial<WorkerEnv>).get(
      cloudflareContext,
    ).env;
    expect(await readRiskFreeRate(demo, NOW)).toEqual(simulatedRiskFreeRate("2026-07-24"));
  });
});
