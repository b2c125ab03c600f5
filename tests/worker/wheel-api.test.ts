/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// The wheel API end to end in workerd: the cron job fills the caches with the simulated market, then the
// routes answer from them (auth, plan caps, validation, positions, preferences, favorites, shares).
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, jsonOf, requestWithCookie, signUpAndGetCookie, testEnv } from "./helpers";
import { freshIp } from "./auth-helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as cspRoute from "#app/routes/api.wheel.csp-batch.ts";
import * as ccRoute from "#app/routes/api.wheel.cc-batch.ts";
import * as prefsRoute from "#app/routes/api.wheel.preferences.ts";
import * as positionsRoute from "#app/routes/api.wheel.positions.ts";
import * as positionsCheck from "#app/routes/api.wheel.positions.check.ts";
import * as favoritesRoute from "#app/routes/api.wheel.favorites.ts";
import * as favoriteRoute from "#app/routes/api.wheel.favorites.$id.ts";
import * as shareCreate from "#app/routes/api.wheel.share.$type.ts";
import * as shareRead from "#app/routes/api.wheel.share.$type.$id.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { daysToExpiryAt } from "#app/engine/time.ts";
import { DEFAULT_UNIVERSE, DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { clearWheelChainMemory } from "#app/server/wheel/strategies.server.ts";
import { decodeSharePayload, SHARE_MESSAGES } from "#app/lib/wheel/share.ts";
import { FALLBACK_TICKERS, WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { createPositionsSaver, POSITIONS_VERSION_REQUIRED } from "#app/lib/wheel/positions-sync.ts";
import { savePositions as clientSavePositions } from "#app/lib/wheel/client.ts";

const NOW = new Date("2026-11-23T16:00:00Z");
// Shared strategies must not have expired on the day the tests run (an expired share answers 404).
const SHARED_EXPIRY = daysFromToday(25);

beforeAll(async () => {
  await runMarketRefresh(testEnv, NOW, { force: true });
  clearWheelChainMemory();
}, 120_000);

let n = 0;
async function userWith(tier: string, status = "active"): Promise<string> {
  const email = `wheel-${++n}-${tier.split(" ")[0]!.toLowerCase()}@example.com`;
  const cookie = await signUpAndGetCookie(email);
  await env.DB.prepare(
    "UPDATE user SET subscription_tier = ?1, subscription_status = ?2, has_used_trial = 1 WHERE email = ?3",
  )
    .bind(tier, status, email)
    .run();
  return cookie;
}

function post(path: string, body: unknown, cookie?: string, ip = freshIp()): Request {
  const headers: Record<string, string> = { "Content-Type": "application/json", "cf-connecting-ip": ip };
  const init = { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) };
  return cookie
    ? requestWithCookie(path, cookie, init)
    : new Request(new URL(path, "http://localhost"), init);
}

/**
 * The stored chains' expirations whose DTE, counted from the suite's today (TEST_NOW moves it), falls in the
 * wheel's Balanced 21-45 day window, per symbol: what the market offers the screen on the day the suite runs.
 */
async function expirationsInWindow(symbols: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const symbol of symbols) {
    const chain = await env.MARKET_KV.get<any>(KV_KEYS.chain(symbol), "json");
    const n = (chain?.expirations ?? []).filter((e: any) => {
      const dte = daysToExpiryAt(Date.now(), e.expirationDate);
      return dte >= 21 && dte <= 45;
    }).length;
    out.set(symbol, n);
  }
  return out;
}
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

async function json(res: unknown): Promise<{ status: number; body: any }> {
  expect(res).toBeInstanceOf(Response);
  const r = res as Response;
  return { status: r.status, body: await r.json() };
}

describe("visitors", () => {
  it("get 'User not authenticated' (401) from every signed-in endpoint", async () => {
    const attempts = [
      call(cspRoute.action, post("/api/wheel/csp-strategies/batch", { tickers: ["AAPL"] })),
      call(ccRoute.action, post("/api/wheel/cc-strategies/batch", { positions: [] })),
      call(prefsRoute.loader, "/api/wheel/preferences"),
      call(prefsRoute.action, post("/api/wheel/preferences", { cashAvailable: 5000 })),
      call(positionsRoute.loader, "/api/wheel/positions"),
      call(positionsRoute.action, post("/api/wheel/positions", { positions: [] })),
      call(favoritesRoute.loader, "/api/wheel/favorites"),
      call(favoritesRoute.action, post("/api/wheel/favorites", {})),
      call(
        favoriteRoute.action,
        new Request("http://localhost/api/wheel/favorites/x", { method: "DELETE" }),
        { params: { id: "x" } },
      ),
    ];
    for (const res of await Promise.all(attempts)) {
      const { status, body } = await json(res);
      expect(status).toBe(401);
      expect(body.error).toBe("User not authenticated");
    }
  });
});

describe("POST /api/wheel/csp-strategies/batch", () => {
  it("answers the product's shape from the cached chains, sized to the cash, 3 per ticker at most", async () => {
    const cookie = await userWith("Free Plan", "inactive");
    const { status, body } = await json(
      await call(
        cspRoute.action,
        post(
          "/api/wheel/csp-strategies/batch",
          { tickers: FALLBACK_TICKERS.map((t) => t.toLowerCase()), cashAmount: 50_000 },
          cookie,
        ),
      ),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "success",
      parameters: { riskLevel: "balanced", cashAmount: 50_000 },
    });
    for (const key of ["timestamp", "responseTimestamp", "marketStatus", "dataFreshness", "results"])
      expect(body).toHaveProperty(key);
    expect(Object.keys(body.results).sort()).toEqual([...FALLBACK_TICKERS].sort());
    let total = 0;
    for (const [ticker, result] of Object.entries<any>(body.results)) {
      expect(result.strategies.length).toBeLessThanOrEqual(3);
      const anns = result.strategies.map((s: any) => s.annualizedReturn);
      expect(anns).toEqual([...anns].sort((a: number, b: number) => b - a));
      for (const s of result.strategies) {
        total++;
        expect(s.symbol).toBe(ticker);
        expect(s.riskLevel).toBe("balanced");
        expect(s.contracts).toBe(Math.floor(50_000 / (s.putStrike * 100)));
        expect(s.totalPremium).toBe(s.premiumPerContract * s.contracts);
        expect(s.source).toBe("demo");
        expect(typeof s.lastUpdated).toBe("string");
        expect(s.daysToExpiration).toBeGreaterThanOrEqual(21);
        expect(s.daysToExpiration).toBeLessThanOrEqual(45);
      }
    }
    expect(total).toBeGreaterThan(0);
  });

  it("keeps the whole balanced list in its 21-45 day window, the best first by annualised return", async () => {
    const cookie = await userWith("Elite Plan");
    const tickers = DEFAULT_UNIVERSE_SYMBOLS.filter((s) => /^[A-Z]+$/.test(s));
    const all: any[] = [];
    for (let i = 0; i < tickers.length; i += 50) {
      const { status, body } = await json(
        await call(
          cspRoute.action,
          post("/api/wheel/csp-strategies/batch", { tickers: tickers.slice(i, i + 50) }, cookie),
        ),
      );
      expect(status).toBe(200);
      for (const r of Object.values<any>(body.results)) {
        all.push(...r.strategies);
        // one strike per expiration (decision 243)
        const expiries = r.strategies.map((s: any) => s.expirationDate);
        expect(new Set(expiries).size).toBe(expiries.length);
      }
    }
    // A sample of every kind of chain: at least half of the (ticker, expiration) pairs the stored chains offer in
    // the window on the day the suite runs (one strike per expiration; TEST_NOW moves the day).
    const offered = total(await expirationsInWindow(tickers));
    expect(offered).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThanOrEqual(Math.ceil(offered / 2));
    for (const s of all) {
      expect(s.daysToExpiration).toBeGreaterThanOrEqual(21);
      expect(s.daysToExpiration).toBeLessThanOrEqual(45);
      expect(Math.abs(s.delta)).toBeGreaterThanOrEqual(0.2);
      expect(Math.abs(s.delta)).toBeLessThan(0.35);
      expect(s.period_return).toBeCloseTo(s.returnOnCapital, 12);
      expect(s.annualizedReturn).toBeCloseTo((s.period_return / s.daysToExpiration) * 365, 9);
    }
  }, 60_000);

  it("scores by the refresh's volatility forecast, stored with each chain, as the spread ideas do", async () => {
    const cookie = await userWith("Pro Plan");
    // AAPL, or the name with the most expirations in the window on the day the suite runs (TEST_NOW).
    const offered = await expirationsInWindow(DEFAULT_UNIVERSE_SYMBOLS.filter((s) => /^[A-Z]+$/.test(s)));
    const symbol = (offered.get("AAPL") ?? 0) > 0 ? "AAPL" : [...offered].sort((a, b) => b[1] - a[1])[0]![0];
    const chain = await env.MARKET_KV.get<any>(KV_KEYS.chain(symbol), "json");
    expect(chain.forecastVol).toBeGreaterThan(0.05);
    const batch = async () =>
      (
        await json(
          await call(cspRoute.action, post("/api/wheel/csp-strategies/batch", { tickers: [symbol] }, cookie)),
        )
      ).body.results[symbol].strategies as any[];
    const scored = await batch();
    expect(scored.length).toBeGreaterThan(0);
    for (const s of scored) expect(s.score_parts.forecastVol).toBeCloseTo(chain.forecastVol, 4);
    // A chain stored without a forecast (an older snapshot) claims no edge.
    await env.MARKET_KV.put(KV_KEYS.chain(symbol), JSON.stringify({ ...chain, forecastVol: undefined }));
    clearWheelChainMemory();
    for (const s of await batch()) expect(s.score_parts.forecastVol).toBeNull();
    await env.MARKET_KV.put(KV_KEYS.chain(symbol), JSON.stringify(chain));
    clearWheelChainMemory();
  });

  it("caps tickers per call by plan (Free 5, Pro 10, Elite 50)", async () => {
    const cases: [string, number][] = [
      ["Free Plan", 5],
      ["Pro Plan", 10],
      ["Elite Plan", 50],
    ];
    for (const [tier, cap] of cases) {
      const cookie = await userWith(tier, tier === "Free Plan" ? "inactive" : "active");
      const ok = await json(
        await call(
          cspRoute.action,
          post(
            "/api/wheel/csp-strategies/batch",
            { tickers: DEFAULT_UNIVERSE_SYMBOLS.slice(0, cap) },
            cookie,
          ),
        ),
      );
      expect(ok.status).toBe(200);
      expect(Object.keys(ok.body.results)).toHaveLength(cap);
      const over = await json(
        await call(
          cspRoute.action,
          post(
            "/api/wheel/csp-strategies/batch",
            { tickers: DEFAULT_UNIVERSE_SYMBOLS.slice(0, cap + 1) },
            cookie,
          ),
        ),
      );
      expect(over.status).toBe(403);
      expect(over.body.limit).toBe(cap);
    }
  }, 60_000);

  it("refuses bad input with 400, never 500", async () => {
    const cookie = await userWith("Pro Plan");
    for (const body of [
      "not json",
      { tickers: [] },
      { tickers: ["AAPL"], cashAmount: 500 },
      { tickers: ["AAPL"], riskLevel: "yolo" },
      { tickers: ["$$$"] },
    ]) {
      const res = await json(
        await call(cspRoute.action, post("/api/wheel/csp-strategies/batch", body, cookie)),
      );
      expect(res.status).toBe(400);
    }
  });

  it("marks tickers without a cached chain instead of calling a provider", async () => {
    const cookie = await userWith("Pro Plan");
    const { body } = await json(
      await call(cspRoute.action, post("/api/wheel/csp-strategies/batch", { tickers: ["ZZZZ"] }, cookie)),
    );
    expect(body.results.ZZZZ).toMatchObject({ strategies: [], note: "no_data", currentPrice: null });
  });
});

describe("POST /api/wheel/cc-strategies/batch", () => {
  it("refuses Free users (positions are a paid feature)", async () => {
    const cookie = await userWith("Free Plan", "inactive");
    const res = await json(
      await call(
        ccRoute.action,
        post(
          "/api/wheel/cc-strategies/batch",
          { positions: [{ ticker: "AAPL", shares: 100, costBasis: 100 }] },
          cookie,
        ),
      ),
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ requiresUpgrade: true, error: REFUSAL_MESSAGES.freePositions });
  });

  it("screens covered calls per position with the cost-basis guardrail; 10 positions per call", async () => {
    const cookie = await userWith("Pro Plan");
    const ten = DEFAULT_UNIVERSE_SYMBOLS.filter((s) => /^[A-Z]+$/.test(s)).slice(0, 10);
    const positions = ten.map((ticker) => ({ ticker, shares: 300, costBasis: 10_000 }));
    // By default a call struck below the basis is left out, and the ticker says why (decision 244).
    const hidden = await json(
      await call(
        ccRoute.action,
        post("/api/wheel/cc-strategies/batch", { positions, riskLevel: "aggressive" }, cookie),
      ),
    );
    expect(hidden.status).toBe(200);
    const { status, body } = await json(
      await call(
        ccRoute.action,
        post(
          "/api/wheel/cc-strategies/batch",
          { positions, riskLevel: "aggressive", includeBelowCostBasis: true },
          cookie,
        ),
      ),
    );
    expect(status).toBe(200);
    let flagged = 0;
    for (const t of ten) {
      const r = body.results[t];
      expect(r.position).toMatchObject({ symbol: t, shares: 300, costBasis: 10_000 });
      expect(r.currentPrice).toBeGreaterThan(0);
      for (const s of r.strategies) {
        expect(s.contracts).toBe(3);
        // A cost basis of $10,000 is above every strike: assignment would lock in a loss.
        expect(s.costBasisGuardrail).toBe(true);
        flagged++;
      }
    }
    expect(flagged).toBeGreaterThan(0);
    // Each ticker the switch shows calls for was hidden for its basis; one with no call in the window says so.
    for (const t of ten)
      expect(hidden.body.results[t]).toMatchObject({
        strategies: [],
        note: body.results[t].strategies.length > 0 ? "below_cost_basis" : "no_match",
      });
    const eleven = [...positions, { ticker: "ZZZ", shares: 100, costBasis: 1 }];
    const over = await json(
      await call(ccRoute.action, post("/api/wheel/cc-strategies/batch", { positions: eleven }, cookie)),
    );
    expect(over.status).toBe(400);
    const notBoolean = await json(
      await call(
        ccRoute.action,
        post(
          "/api/wheel/cc-strategies/batch",
          { positions: positions.slice(0, 1), includeBelowCostBasis: "yes" },
          cookie,
        ),
      ),
    );
    expect(notBoolean.status).toBe(400);
  });

  it("lists no default covered call that loses money if assigned (a book bought at and above reference prices)", async () => {
    const cookie = await userWith("Elite Plan");
    // Every third position bought 15% above its reference price: today's closes sit near the reference prices
    // (the simulated paths are anchored there, decision 315), so those sit above today's price.
    const book = DEFAULT_UNIVERSE.filter((e) => /^[A-Z]+$/.test(e.symbol)).map((e, i) => ({
      ticker: e.symbol,
      shares: 100,
      costBasis: Math.round(e.refPrice * (i % 3 === 0 ? 1.15 : 1) * 100) / 100,
    }));
    let listed = 0;
    let belowBasis = 0;
    for (let i = 0; i < book.length; i += 10) {
      const positions = book.slice(i, i + 10);
      const { status, body } = await json(
        await call(ccRoute.action, post("/api/wheel/cc-strategies/batch", { positions }, cookie)),
      );
      expect(status).toBe(200);
      for (const r of Object.values<any>(body.results))
        for (const s of r.strategies) {
          listed++;
          expect(s.costBasisGuardrail).toBe(false);
          expect(s.callStrike).toBeGreaterThanOrEqual(r.position.costBasis);
          expect(s.assignmentProfit).toBeGreaterThan(0);
          expect(s.winProbabilityMethod).toBe("market-implied (risk-neutral, at expiry)");
          expect(s.probabilityITM).toBeCloseTo(Math.abs(s.delta) * 100, 9);
        }
      belowBasis += Object.values<any>(body.results).filter((r) => r.note === "below_cost_basis").length;
    }
    // A floor on the sample, not a figure of the day's market: a third of the (ticker, expiration) pairs the stored
    // chains offer in the window on the day the suite runs (TEST_NOW), some calls being below their basis.
    const offered = total(await expirationsInWindow(book.map((p) => p.ticker)));
    expect(offered).toBeGreaterThan(0);
    expect(listed).toBeGreaterThanOrEqual(Math.ceil(offered / 3));
    // Some positions sit above today's price: the switch would show calls for them.
    expect(belowBasis).toBeGreaterThan(0);
  }, 60_000);
});

describe("positions", () => {
  // A save from the list as stored now: every save names the version it was made from (decision 300).
  const save = async (cookie: string, positions: unknown) => {
    const { version } = await jsonOf(
      await call(positionsRoute.loader, requestWithCookie("/api/wheel/positions", cookie)),
    );
    return json(
      await call(positionsRoute.action, post("/api/wheel/positions", { positions, version }, cookie)),
    );
  };
  const lots = (k: number, prefix = "") =>
    Array.from({ length: k }, (_, i) => ({
      symbol: (
        prefix +
        String.fromCharCode(65 + (i % 26)) +
        String.fromCharCode(65 + Math.floor(i / 26))
      ).slice(0, 5),
      shares: 100,
      costBasis: 50,
    }));

  it("Free cannot add any; Pro up to 10; Elite up to 50, with the product's messages", async () => {
    const free = await userWith("Free Plan", "inactive");
    expect(await save(free, lots(1))).toMatchObject({
      status: 403,
      body: { error: REFUSAL_MESSAGES.freePositions },
    });
    const pro = await userWith("Pro Plan");
    expect((await save(pro, lots(10))).status).toBe(200);
    expect(await save(pro, lots(11))).toMatchObject({
      status: 403,
      body: { error: REFUSAL_MESSAGES.proPositions },
    });
    const elite = await userWith("Elite Plan");
    expect((await save(elite, lots(50))).status).toBe(200);
    expect(await save(elite, lots(51))).toMatchObject({
      status: 403,
      body: { error: REFUSAL_MESSAGES.elitePositions },
    });
    const listed = await json(
      await call(positionsRoute.loader, requestWithCookie("/api/wheel/positions", elite)),
    );
    expect(listed.body.positions).toHaveLength(50);
  });

  it("validates each field with the product's messages and refuses duplicates", async () => {
    const pro = await userWith("Pro Plan");
    expect((await save(pro, [{ symbol: "AAPL1", shares: 100, costBasis: 1 }])).body.error).toBe(
      "Invalid symbol format",
    );
    expect((await save(pro, [{ symbol: "AAPL", shares: 150, costBasis: 1 }])).body.error).toBe(
      "Shares must be in multiples of 100 (for options contracts)",
    );
    expect((await save(pro, [{ symbol: "AAPL", shares: 0, costBasis: 1 }])).body.error).toBe(
      "Shares must be greater than 0",
    );
    expect((await save(pro, [{ symbol: "AAPL", shares: 100, costBasis: 0 }])).body.error).toBe(
      "Cost basis must be greater than 0",
    );
    const dup = await save(pro, [
      { symbol: "AAPL", shares: 100, costBasis: 1 },
      { symbol: "aapl", shares: 200, costBasis: 2 },
    ]);
    expect(dup).toMatchObject({ status: 409, body: { error: "Duplicate symbols found: AAPL" } });
  });

  it("edits and removes by saving the list; concurrent saves never pass the plan's limit", async () => {
    const pro = await userWith("Pro Plan");
    await save(pro, [
      { symbol: "AAPL", shares: 100, costBasis: 150 },
      { symbol: "MSFT", shares: 200, costBasis: 300 },
    ]);
    const edited = await save(pro, [{ symbol: "MSFT", shares: 400, costBasis: 310.5 }]);
    expect(edited.body.positions).toEqual([{ symbol: "MSFT", shares: 400, costBasis: 310.5 }]);
    const results = await Promise.all(
      ["A", "B", "C", "D", "E", "F"].map((p) =>
        save(
          pro,
          lots(8, p).map((x) => ({ ...x, symbol: (p + x.symbol).slice(0, 5) })),
        ),
      ),
    );
    // Saves made from the same version: the first to land is stored, the others are stale.
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(results.some((r) => r.status === 200)).toBe(true);
    const listed = await json(
      await call(positionsRoute.loader, requestWithCookie("/api/wheel/positions", pro)),
    );
    // Each save replaced the whole list in one transaction: one of them, never a mix past the limit.
    expect(listed.body.positions).toHaveLength(8);
    expect(new Set(listed.body.positions.map((p: any) => p.symbol[0])).size).toBe(1);
  });
});

describe("positions import check (decision 257)", () => {
  const check = async (cookie: string, positions: unknown) =>
    json(await call(positionsCheck.action, post("/api/wheel/positions/check", { positions }, cookie)));

  it("names rows without market data and rows already held; keeps the product's validation; writes nothing", async () => {
    const pro = await userWith("Pro Plan");
    await call(
      positionsRoute.action,
      post(
        "/api/wheel/positions",
        { positions: [{ symbol: "AAPL", shares: 100, costBasis: 150 }], version: 0 },
        pro,
      ),
    );
    const res = await check(pro, [
      { symbol: "BRK.B", shares: "100", costBasis: "350" },
      { symbol: "brkb", shares: 100, costBasis: 350 },
      { symbol: "AAPL", shares: 200, costBasis: 140 },
      { symbol: "MSFT", shares: "150", costBasis: "300" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      // The share-class dot is not stripped into another symbol: the product's format rule names the row.
      { symbol: "BRK.B", errors: { symbol: "Invalid format" }, marketData: false, held: null },
      { symbol: "BRKB", errors: {}, marketData: false, held: null },
      { symbol: "AAPL", errors: {}, marketData: true, held: { symbol: "AAPL", shares: 100, costBasis: 150 } },
      { symbol: "MSFT", errors: { shares: "Must be multiple of 100" }, marketData: true, held: null },
    ]);
    const stored = await json(
      await call(positionsRoute.loader, requestWithCookie("/api/wheel/positions", pro)),
    );
    expect(stored.body.positions).toEqual([{ symbol: "AAPL", shares: 100, costBasis: 150 }]);
  });

  it("blocks duplicates among the submitted rows with the product's message; refuses visitors and Free", async () => {
    const pro = await userWith("Pro Plan");
    expect(
      await check(pro, [
        { symbol: "MSFT", shares: 100, costBasis: 1 },
        { symbol: "msft ", shares: 200, costBasis: 2 },
      ]),
    ).toMatchObject({ status: 409, body: { error: "Duplicate symbols found: MSFT", reason: "duplicate" } });
    expect((await check(pro, [])).status).toBe(400);
    expect((await check(pro, [{ symbol: 5 }])).status).toBe(400);
    const free = await userWith("Free Plan", "inactive");
    expect(await check(free, [{ symbol: "AAPL", shares: 100, costBasis: 1 }])).toMatchObject({
      status: 403,
      body: { error: REFUSAL_MESSAGES.freePositions },
    });
    expect((await check("", [{ symbol: "AAPL", shares: 100, costBasis: 1 }])).status).toBe(401);
  });
});

describe("positions: a save from an older list (decision 225)", () => {
  const base = [{ symbol: "AAPL", shares: 100, costBasis: 150 }];
  const added = "BCDEFGHIJK".split("").map((c) => ({ symbol: `Z${c}`, shares: 100, costBasis: 10 }));
  const saveFrom = async (cookie: string, positions: unknown, version: unknown) =>
    json(await call(positionsRoute.action, post("/api/wheel/positions", { positions, version }, cookie)));
  const stored = async (cookie: string) =>
    (await json(await call(positionsRoute.loader, requestWithCookie("/api/wheel/positions", cookie)))).body;

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("parallel saves from one version: exactly one is stored, the rest get 409 and change nothing", async () => {
    const elite = await userWith("Elite Plan");
    expect(await stored(elite)).toMatchObject({ positions: [], version: 0 });
    const first = await saveFrom(elite, base, 0);
    expect(first).toMatchObject({ status: 200, body: { positions: base, version: 1 } });

    const results = await Promise.all(added.map((p) => saveFrom(elite, [...base, p], 1)));
    const winners = results.filter((r) => r.status === 200);
    const stale = results.filter((r) => r.status === 409);
    expect(winners).toHaveLength(1);
    expect(stale).toHaveLength(added.length - 1);
    const winner = winners[0]!.body.positions;
    expect(winners[0]!.body.version).toBe(2);
    // Each refusal carries the stored list and its version, to re-apply the change to.
    for (const r of stale)
      expect(r.body).toMatchObject({
        error: WHEEL_MESSAGES.positionsChanged,
        reason: "stale",
        positions: winner,
        version: 2,
      });
    expect(await stored(elite)).toMatchObject({ positions: winner, version: 2 });
    // The preferences (the /wheels loader's read) carry the same version.
    const prefs = await json(
      await call(prefsRoute.loader, requestWithCookie("/api/wheel/preferences", elite)),
    );
    expect(prefs.body.positionsVersion).toBe(2);
  });

  it("after the screen's re-apply (wheel-client + positions-sync), every parallel addition is stored", async () => {
    const elite = await userWith("Elite Plan");
    await saveFrom(elite, base, 0);
    // The browser client's fetch, answered by the route as this user.
    const statuses: number[] = [];
    vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
      const res = await call(positionsRoute.action, post(path, JSON.parse(String(init.body)), elite));
      statuses.push((res as Response).status);
      return res;
    });
    // Ten windows that all loaded the list at version 1, each adding one position at the same moment.
    const done = await Promise.all(
      added.map((p) =>
        createPositionsSaver({
          initial: { positions: base, version: 1 },
          send: clientSavePositions,
          maxAttempts: added.length,
        }).save(base, [...base, p]),
      ),
    );
    expect(statuses.filter((s) => s === 409).length).toBeGreaterThanOrEqual(added.length - 1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const all = [...base, ...added].map((p) => p.symbol).sort();
    expect((await stored(elite)).positions.map((p: { symbol: string }) => p.symbol)).toEqual(all);
    expect((await stored(elite)).version).toBe(1 + added.length);
    // The last save to land answers the whole list.
    expect(Math.max(...done.map((d) => d.snapshot.positions.length))).toBe(all.length);
  });

  it("a version the list never had is stale; a save without one is refused (decision 300)", async () => {
    const elite = await userWith("Elite Plan");
    expect(await saveFrom(elite, base, 7)).toMatchObject({
      status: 409,
      body: { reason: "stale", positions: [], version: 0 },
    });
    expect(await saveFrom(elite, base, undefined)).toMatchObject({
      status: 400,
      body: { status: "error", error: POSITIONS_VERSION_REQUIRED },
    });
    expect(await stored(elite)).toMatchObject({ positions: [], version: 0 });
    expect((await saveFrom(elite, base, 0)).status).toBe(200);
    expect(await stored(elite)).toMatchObject({ positions: base, version: 1 });
    expect((await saveFrom(elite, base, -1)).status).toBe(400);
    expect((await saveFrom(elite, base, "1")).status).toBe(400);
  });
});

describe("preferences", () => {
  it("defaults to $100,000 and balanced; the cash set with Update comes back", async () => {
    const cookie = await userWith("Free Plan", "inactive");
    const first = await json(
      await call(prefsRoute.loader, requestWithCookie("/api/wheel/preferences", cookie)),
    );
    expect(first.body).toMatchObject({
      cashAvailable: 100_000,
      cspRiskLevel: "balanced",
      ccRiskLevel: "balanced",
      positions: {},
    });
    const saved = await json(
      await call(
        prefsRoute.action,
        post("/api/wheel/preferences", { cashAvailable: 25_000, cspRiskLevel: "aggressive" }, cookie),
      ),
    );
    expect(saved.body).toMatchObject({ cashAvailable: 25_000, cspRiskLevel: "aggressive" });
    const again = await json(
      await call(prefsRoute.loader, requestWithCookie("/api/wheel/preferences", cookie)),
    );
    expect(again.body.cashAvailable).toBe(25_000);
    const bad = await json(
      await call(prefsRoute.action, post("/api/wheel/preferences", { cashAvailable: 999 }, cookie)),
    );
    expect(bad.status).toBe(400);
  });
});

describe("favorites", () => {
  const trade = {
    id: "AAPL261218P00200000",
    symbol: "AAPL",
    putStrike: 200,
    premium: 3.1,
    annualizedReturn: 22,
  };

  it("saves (201), refuses a second save (409), lists by type and removes", async () => {
    const cookie = await userWith("Free Plan", "inactive");
    const add = () =>
      call(favoritesRoute.action, post("/api/wheel/favorites", { type: "CSP", trade }, cookie));
    const first = await json(await add());
    expect(first.status).toBe(201);
    expect((await json(await add())).status).toBe(409);
    const csp = await json(
      await call(favoritesRoute.loader, requestWithCookie("/api/wheel/favorites?type=CSP", cookie)),
    );
    expect(csp.body.favorites).toHaveLength(1);
    expect(csp.body.favorites[0]).toMatchObject({ type: "CSP", trade });
    expect(Number.isFinite(Date.parse(csp.body.favorites[0].savedAt))).toBe(true);
    const cc = await json(
      await call(favoritesRoute.loader, requestWithCookie("/api/wheel/favorites?type=CC", cookie)),
    );
    expect(cc.body.favorites).toHaveLength(0);

    const other = await userWith("Pro Plan");
    const id = first.body.favorite.id;
    const del = (c: string) =>
      call(favoriteRoute.action, requestWithCookie(`/api/wheel/favorites/${id}`, c, { method: "DELETE" }), {
        params: { id },
      });
    expect((await json(await del(other))).status).toBe(404);
    expect((await json(await del(cookie))).status).toBe(200);
    expect((await json(await del(cookie))).status).toBe(404);
  });

  it("refuses a trade without an id and oversized bodies", async () => {
    const cookie = await userWith("Pro Plan");
    const noId = await json(
      await call(
        favoritesRoute.action,
        post("/api/wheel/favorites", { type: "CSP", trade: { symbol: "A" } }, cookie),
      ),
    );
    expect(noId.status).toBe(400);
    const huge = await json(
      await call(
        favoritesRoute.action,
        post("/api/wheel/favorites", { type: "CSP", trade: { ...trade, pad: "x".repeat(20_000) } }, cookie),
      ),
    );
    // Past the size cap the API kit answers 413 in the wheel envelope, as every JSON API does.
    expect(huge).toMatchObject({ status: 413, body: { status: "error", error: "Request too large" } });
  });
});

describe("sharing", () => {
  const csp = {
    id: "x",
    symbol: "AAPL",
    putStrike: 200,
    premium: 3.25,
    expirationDate: SHARED_EXPIRY,
    returnOnCapital: 1.6,
    annualizedReturn: 23.1,
    daysToExpiration: 25,
    currentPrice: 215.2,
    lastUpdated: NOW.toISOString(),
    source: "demo",
    secretField: "not stored",
  };

  it("creates a server record and a self-contained link; both read back the same payload (no sign-in)", async () => {
    const created = await json(
      await call(shareCreate.action, post("/api/wheel/share/csp", { strategy: csp }), {
        params: { type: "csp" },
      }),
    );
    expect(created.status).toBe(201);
    const url = new URL(created.body.shareUrl);
    expect(url.pathname).toBe(`/share/wheel/csp/${created.body.shareId}`);
    const compact = decodeSharePayload(url.searchParams.get("d"), "CSP");
    expect(compact).toMatchObject({
      type: "CSP",
      symbol: "AAPL",
      strike: 200,
      premium: 3.25,
      expirationDate: SHARED_EXPIRY,
    });
    expect(compact).not.toHaveProperty("secretField");
    const read = await json(
      await call(shareRead.loader, `/api/wheel/share/csp/${created.body.shareId}`, {
        params: { type: "csp", id: created.body.shareId },
      }),
    );
    expect(read.status).toBe(200);
    expect(read.body.strategy).toEqual(compact);
    const stored = await env.DB.prepare("SELECT payload FROM shares WHERE id = ?1")
      .bind(created.body.shareId)
      .first<{ payload: string }>();
    expect(stored!.payload).not.toContain("not stored");
  });

  it("answers a CC share with its position", async () => {
    const created = await json(
      await call(
        shareCreate.action,
        post("/api/wheel/share/cc", {
          strategy: { symbol: "MSFT", callStrike: 450, premium: 4, expirationDate: SHARED_EXPIRY },
          position: { shares: 300, costBasis: 400 },
        }),
        { params: { type: "cc" } },
      ),
    );
    const read = await json(
      await call(shareRead.loader, "/x", { params: { type: "cc", id: created.body.shareId } }),
    );
    expect(read.body.position).toEqual({ symbol: "MSFT", shares: 300, costBasis: 400 });
    // The CSP path does not read a CC share.
    const wrong = await json(
      await call(shareRead.loader, "/x", { params: { type: "csp", id: created.body.shareId } }),
    );
    expect(wrong).toMatchObject({ status: 404, body: { reason: "not_found" } });
  });

  it("tells expired from not found", async () => {
    const created = await json(
      await call(
        shareCreate.action,
        post("/api/wheel/share/csp", { strategy: { ...csp, expirationDate: "2020-01-17" } }),
        {
          params: { type: "csp" },
        },
      ),
    );
    const expired = await json(
      await call(shareRead.loader, "/x", { params: { type: "csp", id: created.body.shareId } }),
    );
    expect(expired).toMatchObject({
      status: 404,
      body: { error: WHEEL_MESSAGES.shareNotFoundOrExpired, reason: "expired" },
    });
    const missing = await json(
      await call(shareRead.loader, "/x", { params: { type: "csp", id: "AAAAAAAAAAAA" } }),
    );
    expect(missing).toMatchObject({ status: 404, body: { reason: "not_found" } });
  });

  const shareCount = async () =>
    (await env.DB.prepare("SELECT count(*) AS n FROM shares").first<{ n: number }>())!.n;
  const createShareLink = async (type: "csp" | "cc", body: unknown) =>
    json(await call(shareCreate.action, post(`/api/wheel/share/${type}`, body), { params: { type } }));

  it("refuses nonsense payloads with 400 and the problem's message, storing nothing", async () => {
    const cases: [string, "csp" | "cc", unknown, string][] = [
      ["zero strike", "csp", { strategy: { ...csp, putStrike: 0 } }, "Strike must be greater than 0"],
      ["negative strike", "csp", { strategy: { ...csp, putStrike: -200 } }, "Strike must be greater than 0"],
      ["1e308 strike", "csp", { strategy: { ...csp, putStrike: 1e308 } }, "Strike must be at most 100,000"],
      ["zero premium", "csp", { strategy: { ...csp, premium: 0 } }, "Premium must be greater than 0"],
      ["negative premium", "csp", { strategy: { ...csp, premium: -3 } }, "Premium must be greater than 0"],
      [
        "premium over strike",
        "csp",
        { strategy: { ...csp, premium: 250 } },
        SHARE_MESSAGES.premiumOverStrike,
      ],
      [
        "900% return on capital",
        "csp",
        { strategy: { ...csp, returnOnCapital: 900 } },
        "Return on capital must be at most 100",
      ],
      [
        "win probability 101",
        "csp",
        { strategy: { ...csp, winProbability: 101 } },
        "Win probability must be at most 100",
      ],
      ["strike as text", "csp", { strategy: { ...csp, putStrike: "200" } }, "Strike must be a number"],
      [
        "free text as quote time",
        "csp",
        { strategy: { ...csp, lastUpdated: "Guaranteed 900% return!" } },
        SHARE_MESSAGES.asOf,
      ],
      ["free text as source", "csp", { strategy: { ...csp, source: "Guaranteed!" } }, SHARE_MESSAGES.source],
      [
        "no such day",
        "csp",
        { strategy: { ...csp, expirationDate: "2026-02-30" } },
        SHARE_MESSAGES.expirationDate,
      ],
      [
        "expiration in 2099",
        "csp",
        { strategy: { ...csp, expirationDate: "2099-12-18" } },
        SHARE_MESSAGES.expirationTooFar,
      ],
      [
        "symbol without market data",
        "csp",
        { strategy: { ...csp, symbol: "QQQQQ" } },
        SHARE_MESSAGES.unknownSymbol("QQQQQ"),
      ],
      [
        "odd lot of shares",
        "cc",
        {
          strategy: { symbol: "MSFT", callStrike: 450, premium: 4, expirationDate: SHARED_EXPIRY },
          position: { shares: 150, costBasis: 400 },
        },
        SHARE_MESSAGES.sharesLot,
      ],
      [
        "negative cost basis",
        "cc",
        {
          strategy: { symbol: "MSFT", callStrike: 450, premium: 4, expirationDate: SHARED_EXPIRY },
          position: { shares: 100, costBasis: -1 },
        },
        "Cost basis must be greater than 0",
      ],
      [
        "call premium over the stock price",
        "cc",
        {
          strategy: {
            symbol: "MSFT",
            callStrike: 450,
            premium: 500,
            currentPrice: 420,
            expirationDate: SHARED_EXPIRY,
          },
        },
        SHARE_MESSAGES.premiumOverPrice,
      ],
    ];
    const before = await shareCount();
    for (const [label, type, body, message] of cases) {
      const res = await createShareLink(type, body);
      expect({ label, ...res }).toMatchObject({ label, status: 400, body: { error: message } });
    }
    expect(await shareCount()).toBe(before);
    // The same strategy with plausible numbers is stored.
    expect((await createShareLink("csp", { strategy: csp })).status).toBe(201);
    expect(await shareCount()).toBe(before + 1);
  });

  it("never answers 500 for a stored record that breaks the rules (read as not found)", async () => {
    const later = Date.now() + 86_400_000;
    const rows: [string, string, unknown][] = [
      [
        "NullStrike01",
        "CSP",
        { type: "CSP", symbol: "AAPL", expirationDate: SHARED_EXPIRY, strike: null, premium: 3 },
      ],
      [
        "NegPremium01",
        "CSP",
        { type: "CSP", symbol: "AAPL", expirationDate: SHARED_EXPIRY, strike: 200, premium: -3 },
      ],
      ["FreeText0001", "CSP", { ...csp, type: "CSP", strike: 200, lastUpdated: "Guaranteed 900% return!" }],
      ["NotJson00001", "CSP", "{not json"],
      ["WrongShape01", "CC", [1, 2, 3]],
    ];
    for (const [id, type, payload] of rows)
      await env.DB.prepare(
        "INSERT INTO shares (id, type, payload, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
      )
        .bind(id, type, typeof payload === "string" ? payload : JSON.stringify(payload), Date.now(), later)
        .run();
    for (const [id, type] of rows) {
      const read = await json(
        await call(shareRead.loader, "/x", { params: { type: type.toLowerCase(), id } }),
      );
      expect({ id, ...read }).toMatchObject({ id, status: 404, body: { reason: "not_found" } });
    }
  });

  it("is rate limited per client and size-capped", async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = (await call(
        shareCreate.action,
        post("/api/wheel/share/csp", { strategy: csp }, undefined, ip),
        {
          params: { type: "csp" },
        },
      )) as Response;
      last = res.status;
    }
    expect(last).toBe(429);
    const big = await json(
      await call(
        shareCreate.action,
        post("/api/wheel/share/csp", { strategy: { ...csp, pad: "x".repeat(9000) } }),
        {
          params: { type: "csp" },
        },
      ),
    );
    expect(big).toMatchObject({ status: 413, body: { status: "error", error: "Request too large" } });
    const bad = await json(
      await call(shareCreate.action, post("/api/wheel/share/csp", { strategy: { symbol: "A" } }), {
        params: { type: "csp" },
      }),
    );
    expect(bad).toMatchObject({ status: 400, body: { error: SHARE_MESSAGES.expirationDate } });
  });
});
