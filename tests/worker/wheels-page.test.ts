// /wheels renders its first view on the server (decision 287): the loader screens the page's tickers and the
// positions through the same functions, and the same plan checks, as the batch APIs, and the route's HTML carries
// the strategy rows before any script runs.
import { env } from "cloudflare:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { call, requestWithCookie, signUpAndGetCookie, testEnv } from "./helpers";
import { freshIp } from "./auth-helpers";
import * as cspRoute from "#app/routes/api.wheel.csp-batch.ts";
import * as ccRoute from "#app/routes/api.wheel.cc-batch.ts";
import * as wheelsPage from "#app/routes/wheels.tsx";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { clearWheelChainMemory } from "#app/server/wheel/strategies.server.ts";
import { FALLBACK_TICKERS } from "#app/lib/wheel/wheel.ts";

beforeAll(async () => {
  await runMarketRefresh(testEnv, new Date("2026-11-23T16:00:00Z"), { force: true });
  clearWheelChainMemory();
}, 120_000);

const PLAIN = DEFAULT_UNIVERSE_SYMBOLS.filter((s) => /^[A-Z]+$/.test(s));

let n = 0;
async function userOn(tier: "Pro Plan" | "Free Plan", watchlist: readonly string[] = []) {
  const email = `wheels-page-${++n}@example.com`;
  const cookie = await signUpAndGetCookie(email);
  await env.DB.prepare(
    "UPDATE user SET subscription_tier = ?1, subscription_status = ?2, has_used_trial = 1 WHERE email = ?3",
  )
    .bind(tier, tier === "Free Plan" ? "inactive" : "active", email)
    .run();
  const { id } = (await env.DB.prepare("SELECT id FROM user WHERE email = ?1")
    .bind(email)
    .first<{ id: string }>())!;
  for (const [i, symbol] of watchlist.entries())
    await env.DB.prepare(
      "INSERT INTO watchlist_symbols (user_id, symbol, position, created_at) VALUES (?1, ?2, ?3, 0)",
    )
      .bind(id, symbol, i)
      .run();
  return cookie;
}

const post = (path: string, body: unknown, cookie: string) =>
  requestWithCookie(path, cookie, {
    method: "POST",
    headers: { "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify(body),
  });

type PageData = Awaited<ReturnType<typeof wheelsPage.loader>>;

async function page(cookie: string): Promise<PageData> {
  const data = await call(wheelsPage.loader, requestWithCookie("/wheels", cookie));
  if (data instanceof Response) throw new Error(`loader answered ${data.status}`);
  return data;
}

/** The route's component rendered with its loader's data, as the server writes the document's body. */
function html(data: PageData): string {
  const Screen = wheelsPage.default as unknown as (props: { loaderData: PageData }) => React.ReactElement;
  const Stub = createRoutesStub([
    { path: "/wheels", Component: () => createElement(Screen, { loaderData: data }) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/wheels"] }));
}

const ids = (list: { id: string }[]) => list.map((s) => s.id);

/** A batch API's answer, as far as these tests read it. */
async function batchStrategies(res: unknown): Promise<Record<string, { id: string }[]>> {
  const body = (await (res as Response).json()) as {
    results: Record<string, { strategies: { id: string }[] }>;
  };
  return Object.fromEntries(Object.entries(body.results).map(([ticker, r]) => [ticker, r.strategies]));
}

describe("GET /wheels renders the strategies (decision 287)", () => {
  it("as Pro: the HTML carries a strategy row for the watchlist's tickers, no skeleton, the API's own list", async () => {
    const watched = PLAIN.slice(0, 3);
    const cookie = await userOn("Pro Plan", watched);
    const data = await page(cookie);
    const csp = data.firstView.CSP;
    expect(csp.error).toBeNull();
    const strategies = csp.result!.strategies;
    expect(new Set(strategies.map((s) => s.symbol))).toEqual(new Set(watched));

    const body = html(data);
    const rows = body.match(/data-testid="strategy-row"/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(body).not.toContain('data-testid="skeleton-row"');
    for (const symbol of watched) expect(body).toContain(`>${symbol}<`);

    // The same screen as the API at the page's first settings (saved cash and risk, the default 45 days).
    const api = (await call(
      cspRoute.action,
      post(
        "/api/wheel/csp-strategies/batch",
        {
          tickers: watched,
          riskLevel: data.screen.cspRisk,
          cashAmount: data.cashAvailable,
          maxDaysToExpiration: 45,
        },
        cookie,
      ),
    )) as Response;
    const apiStrategies = Object.values(await batchStrategies(api)).flat();
    expect(new Set(ids(strategies))).toEqual(new Set(ids(apiStrategies)));
  });

  it("screens no more tickers than the plan's batch holds (Pro 10), as the API refuses an 11th (403)", async () => {
    const watched = PLAIN.slice(0, 12);
    const cookie = await userOn("Pro Plan", watched);
    const data = await page(cookie);
    expect(data.tickers).toEqual(watched.slice(0, 10));
    const screened = new Set(data.firstView.CSP.result!.strategies.map((s) => s.symbol));
    expect([...screened].every((s) => watched.slice(0, 10).includes(s))).toBe(true);
    const refused = (await call(
      cspRoute.action,
      post("/api/wheel/csp-strategies/batch", { tickers: watched.slice(0, 11) }, cookie),
    )) as Response;
    expect(refused.status).toBe(403);
  });

  it("as Pro with a position: the covered calls come with the page, as the CC batch answers them", async () => {
    const cookie = await userOn("Pro Plan", PLAIN.slice(0, 1));
    const position = { symbol: PLAIN[1]!, shares: 200, costBasis: 1 };
    const saved = (await call(
      (await import("#app/routes/api.wheel.positions.ts")).action,
      post("/api/wheel/positions", { positions: [position], version: 0 }, cookie),
    )) as Response;
    expect(saved.status).toBe(200);
    const cc = (await page(cookie)).firstView.CC;
    expect(cc.error).toBeNull();
    expect(cc.result!.strategies.length).toBeGreaterThan(0);
    expect(cc.result!.strategies.every((s) => s.symbol === position.symbol)).toBe(true);
    const api = (await call(
      ccRoute.action,
      post("/api/wheel/cc-strategies/batch", { positions: [position], maxDaysToExpiration: 45 }, cookie),
    )) as Response;
    const apiStrategies = (await batchStrategies(api))[position.symbol]!;
    expect(ids(cc.result!.strategies)).toEqual(ids(apiStrategies));
  });

  it("as Free: the fallback tickers' puts, and no covered-call screen (positions are a paid feature)", async () => {
    const data = await page(await userOn("Free Plan"));
    expect(data.usingFallback).toBe(true);
    expect(new Set(data.firstView.CSP.result!.strategies.map((s) => s.symbol)).size).toBeGreaterThan(0);
    expect(
      data.firstView.CSP.result!.strategies.every((s) =>
        (FALLBACK_TICKERS as readonly string[]).includes(s.symbol),
      ),
    ).toBe(true);
    expect(data.firstView.CC).toEqual({ result: null, error: null });
  });
});
