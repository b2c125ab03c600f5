// The plan table (app/lib/entitlements.ts) as users meet it: each plan state through the route loaders and
// APIs that enforce it. Plan states: Free, Pro, Elite, a promotional Pro trial, an expired promotional
// trial (counts as Free) and a cancelled subscription still inside its paid period (keeps its plan).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as getTrades from "#app/routes/api.get_trades.ts";
import * as ccBatch from "#app/routes/api.wheel.cc-batch.ts";
import * as cspBatch from "#app/routes/api.wheel.csp-batch.ts";
import * as positions from "#app/routes/api.wheel.positions.ts";
import * as feedback from "#app/routes/feedback.tsx";
import * as notifications from "#app/routes/notifications.tsx";
import * as spreads from "#app/routes/spreads.tsx";
import * as tickers from "#app/routes/tickers.tsx";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { forgetIdeasMemo } from "#app/server/trade-ideas.server.ts";
import { freshIp, setUser, userRow } from "./auth-helpers";
import { fixtureIdeas } from "./fixtures/trade-ideas";
import { call, requestWithCookie, signUpAndGetCookie } from "./helpers";

const IDEAS = fixtureIdeas(84);
const DAY = 86_400_000;

type State = "free" | "pro" | "elite" | "promoTrial" | "expiredTrial" | "cancelledInPeriod";

const FIELDS: Record<State, Record<string, string | number | null>> = {
  free: {
    subscription_tier: "Free Plan",
    subscription_status: "inactive",
    has_used_trial: 1,
    trial_end: null,
  },
  pro: {
    subscription_tier: "Pro Plan",
    subscription_status: "active",
    subscription_id: "sub_ent_pro",
    has_used_trial: 1,
    trial_end: null,
  },
  elite: {
    subscription_tier: "Elite Plan",
    subscription_status: "active",
    subscription_id: "sub_ent_elite",
    has_used_trial: 1,
    trial_end: null,
  },
  promoTrial: {
    subscription_tier: "Pro Plan",
    subscription_status: "trialing",
    subscription_id: null,
    has_used_trial: 1,
    trial_end: Date.now() + 5 * DAY,
  },
  expiredTrial: {
    subscription_tier: "Pro Plan",
    subscription_status: "trialing",
    subscription_id: null,
    has_used_trial: 1,
    trial_end: Date.now() - 60_000,
  },
  cancelledInPeriod: {
    subscription_tier: "Elite Plan",
    subscription_status: "active",
    subscription_id: "sub_ent_cancelled",
    cancel_at_period_end: 1,
    current_period_end: Date.now() + 10 * DAY,
    has_used_trial: 1,
    trial_end: null,
  },
};

/** What each state may do, as docs/product/plans-and-billing.md#plan-limits says. */
const EXPECTED: Record<
  State,
  { plan: string; symbols: number; ideas: number | "all" | 0; positions: number; csp: number; paid: boolean }
> = {
  free: { plan: "Free Plan", symbols: 3, ideas: 0, positions: 0, csp: 5, paid: false },
  pro: { plan: "Pro Plan", symbols: 10, ideas: 30, positions: 10, csp: 10, paid: true },
  elite: { plan: "Elite Plan", symbols: 50, ideas: "all", positions: 50, csp: 50, paid: true },
  promoTrial: { plan: "Pro Plan", symbols: 10, ideas: 30, positions: 10, csp: 10, paid: true },
  expiredTrial: { plan: "Free Plan", symbols: 3, ideas: 0, positions: 0, csp: 5, paid: false },
  cancelledInPeriod: { plan: "Elite Plan", symbols: 50, ideas: "all", positions: 50, csp: 50, paid: true },
};

const STATES = Object.keys(FIELDS) as State[];
const cookies = {} as Record<State, string>;
/** Two of the fixture's symbols that rank late, so "watchlist first" is visible. */
const WATCHED = ["CLX", "KO"];

beforeAll(async () => {
  forgetIdeasMemo();
  await env.MARKET_KV.put(
    KV_KEYS.ideas,
    JSON.stringify({ ideas: IDEAS, source: "demo", asOf: "2026-11-23T16:00:00.000Z" }),
  );
  for (const state of STATES) {
    const email = `entitlements-${state.toLowerCase()}@example.com`;
    cookies[state] = await signUpAndGetCookie(email);
    await setUser(email, FIELDS[state]);
    const row = await userRow(email);
    for (const [position, symbol] of WATCHED.entries())
      await env.DB.prepare(
        "INSERT INTO watchlist_symbols (user_id, symbol, position, created_at) VALUES (?1, ?2, ?3, ?4)",
      )
        .bind(row!.id, symbol, position, Date.now())
        .run();
  }
}, 60_000);

const get = (path: string, state: State) => requestWithCookie(path, cookies[state]);
const postJson = (path: string, state: State, body: unknown) =>
  requestWithCookie(path, cookies[state], {
    method: "POST",
    headers: { "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify(body),
  });

describe.each(STATES)("entitlements: %s", (state) => {
  const want = EXPECTED[state];

  it("the watchlist page states the plan and its symbol limit", async () => {
    const data = (await call(tickers.loader, get("/tickers", state))) as Exclude<
      Awaited<ReturnType<typeof tickers.loader>>,
      Response
    >;
    expect(data.plan).toBe(want.plan);
    expect(data.limit).toBe(want.symbols);
  });

  it("trade ideas: Free none (403, nothing sent), Pro exactly 30 watchlist first, Elite all", async () => {
    const res = (await call(getTrades.loader, get("/api/get_trades", state))) as Response;
    const body = (await res.json()) as {
      trade_suggestions: { stock_symbol: string; strategy_type: string }[];
      limit: number | null;
      error?: string;
      requiresUpgrade?: boolean;
    };
    // The fixture holds credit spreads only (no wheel ideas), so "all" is every idea.
    const spreadsOnly = IDEAS;
    if (want.ideas === 0) {
      expect(res.status).toBe(403);
      expect(body.error).toBe("Trade ideas are available on the Pro and Elite plans");
      expect(body.requiresUpgrade).toBe(true);
      expect(body.trade_suggestions).toEqual([]);
      expect(JSON.stringify(body)).not.toContain("trade_unique_identifier");
      return;
    }
    expect(res.status).toBe(200);
    const expectedCount = want.ideas === "all" ? spreadsOnly.length : want.ideas;
    expect(body.trade_suggestions).toHaveLength(expectedCount);
    expect(body.limit).toBe(want.ideas === "all" ? null : want.ideas);
    const watchedCount = spreadsOnly.filter((i) => WATCHED.includes(i.stock_symbol)).length;
    expect(watchedCount).toBeGreaterThan(0);
    expect(body.trade_suggestions.slice(0, watchedCount).every((i) => WATCHED.includes(i.stock_symbol))).toBe(
      true,
    );
    expect(body.trade_suggestions.slice(watchedCount).some((i) => WATCHED.includes(i.stock_symbol))).toBe(
      false,
    );
  });

  it("the /spreads loader applies the same cap (Free: no list at all)", async () => {
    const data = (await call(spreads.loader, get("/spreads", state))) as Exclude<
      Awaited<ReturnType<typeof spreads.loader>>,
      Response
    >;
    expect(data.plan).toBe(want.plan);
    if (want.ideas === 0) {
      expect(data.limit).toBe(0);
      expect(data.trades).toBeNull();
      return;
    }
    const list = await data.trades!;
    expect("error" in list).toBe(false);
    if ("error" in list) return;
    // The cap applies to the list the filters and pages are taken from (decision 180).
    expect(list.capped).toBe(want.ideas === "all" ? IDEAS.length : want.ideas);
    expect(list.ideas.length).toBeLessThanOrEqual(list.capped);
    expect(WATCHED).toContain(list.ideas[0]!.stock_symbol);
  });

  it("positions: the limit is reported and one past it is refused with the plan's message", async () => {
    const res = (await call(positions.loader, get("/api/wheel/positions", state))) as Response;
    expect(((await res.json()) as { limit: number }).limit).toBe(want.positions);
    const over = Array.from({ length: want.positions + 1 }, (_, i) => ({
      symbol: `Z${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
      shares: 100,
      costBasis: 10,
    }));
    const refused = (await call(
      positions.action,
      postJson("/api/wheel/positions", state, { positions: over, version: 0 }),
    )) as Response;
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ currentTier: want.plan, limit: want.positions });
  });

  it("CSP batch: one ticker past the plan's count is refused; CC batch is refused on Free", async () => {
    const tickersOver = Array.from(
      { length: want.csp + 1 },
      (_, i) => `C${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
    );
    const csp = (await call(
      cspBatch.action,
      postJson("/api/wheel/csp-strategies/batch", state, {
        tickers: tickersOver,
        riskLevel: "balanced",
        cashAmount: 100_000,
      }),
    )) as Response;
    expect(csp.status).toBe(403);
    expect(await csp.json()).toMatchObject({
      error: `Your ${want.plan} allows up to ${want.csp} tickers per request`,
      limit: want.csp,
    });
    if (!want.paid) {
      const cc = (await call(
        ccBatch.action,
        postJson("/api/wheel/cc-strategies/batch", state, {
          positions: [{ symbol: "AAPL", shares: 100, costBasis: 150 }],
          riskLevel: "balanced",
        }),
      )) as Response;
      expect(cc.status).toBe(403);
      expect(await cc.json()).toMatchObject({ requiresUpgrade: true, limit: 0 });
    }
  });

  it("the board and notifications open only on a paid plan", async () => {
    const board = (await call(feedback.loader, get("/feedback", state))) as { canSubmit: boolean };
    expect(board.canSubmit).toBe(want.paid);
    const prefs = (await call(notifications.loader, get("/notifications", state))) as {
      premiumRequired: boolean;
      customTiming?: boolean;
    };
    expect(prefs.premiumRequired).toBe(!want.paid);
    if (want.paid) expect(prefs.customTiming).toBe(want.plan === "Elite Plan");
  });
});
