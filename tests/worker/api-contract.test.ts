/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// The product's JSON shapes, pinned through the one API kit (app/server/http/api.server.ts): each API
// family's error envelope, the plan refusal's fields, 409 for a favourite already saved, 413/415 from the
// kit's body reader, and every answer uncached unless the route chose a public Cache-Control.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, requestWithCookie, signUpAndGetCookie } from "./helpers";
import { freshIp } from "./auth-helpers";
import * as cspRoute from "#app/routes/api.wheel.csp-batch.ts";
import * as favoritesRoute from "#app/routes/api.wheel.favorites.ts";
import * as positionsRoute from "#app/routes/api.wheel.positions.ts";
import * as positionsCheckRoute from "#app/routes/api.wheel.positions.check.ts";
import * as notificationPrefs from "#app/routes/api.notifications.preferences.ts";
import * as notificationToggle from "#app/routes/api.notifications.toggle.ts";
import * as checkout from "#app/routes/api.create-checkout-session.ts";
import * as getTrades from "#app/routes/api.get_trades.ts";
import * as ccRoute from "#app/routes/api.wheel.cc-batch.ts";
import * as favoriteByIdRoute from "#app/routes/api.wheel.favorites.$id.ts";
import * as ledgerRoute from "#app/routes/api.wheel.ledger.ts";
import * as ledgerImportRoute from "#app/routes/api.wheel.ledger.import.ts";
import * as notificationTest from "#app/routes/api.notifications.test.ts";
import * as unsubscribe from "#app/routes/api.notifications.unsubscribe.ts";
import * as contact from "#app/routes/api.contact.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { NOTIFICATION_MESSAGES } from "#app/lib/notifications.ts";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";

let n = 0;
async function userOn(tier: string): Promise<string> {
  const email = `contract-${++n}@example.com`;
  const cookie = await signUpAndGetCookie(email);
  await env.DB.prepare(
    "UPDATE user SET subscription_tier = ?1, subscription_status = 'active', has_used_trial = 1 WHERE email = ?2",
  )
    .bind(tier, email)
    .run();
  return cookie;
}

function post(
  path: string,
  body: unknown,
  cookie?: string,
  contentType = "application/json",
  method = "POST",
): Request {
  const init = {
    method,
    headers: { "Content-Type": contentType, "cf-connecting-ip": freshIp() },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  return cookie
    ? requestWithCookie(path, cookie, init)
    : new Request(new URL(path, "http://localhost"), init);
}

async function answer(res: unknown): Promise<{ status: number; body: any; cache: string | null }> {
  expect(res).toBeInstanceOf(Response);
  const r = res as Response;
  return { status: r.status, body: await r.json(), cache: r.headers.get("Cache-Control") };
}

describe("the API kit keeps each family's shape (docs/product/api.md#error-envelopes)", () => {
  it("wheel: errors carry status 'error' beside error; a plan refusal carries the upgrade fields", async () => {
    const visitor = await answer(
      await call(cspRoute.action, post("/api/wheel/csp-strategies/batch", { tickers: ["AAPL"] })),
    );
    expect(visitor).toEqual({
      status: 401,
      body: { status: "error", error: WHEEL_MESSAGES.notAuthenticated },
      cache: "no-store",
    });

    const free = await userOn("Free Plan");
    const refused = await answer(
      await call(
        positionsRoute.action,
        post(
          "/api/wheel/positions",
          { positions: [{ symbol: "AAPL", shares: 100, costBasis: 150 }], version: 0 },
          free,
        ),
      ),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      status: "error",
      error: REFUSAL_MESSAGES.freePositions,
      reason: "limit",
      requiresUpgrade: true,
      currentTier: "Free Plan",
      limit: 0,
      redirectTo: "/pricing",
    });
  });

  it("wheel: 409 for a favourite already saved, with its id; 415 and 413 from the body reader", async () => {
    const pro = await userOn("Pro Plan");
    const trade = { id: "AAPL-csp-contract", symbol: "AAPL", strike: 150 };
    const first = await answer(
      await call(favoritesRoute.action, post("/api/wheel/favorites", { type: "CSP", trade }, pro)),
    );
    expect(first.status).toBe(201);
    expect(first.body.status).toBe("success");
    const again = await answer(
      await call(favoritesRoute.action, post("/api/wheel/favorites", { type: "CSP", trade }, pro)),
    );
    expect(again).toMatchObject({
      status: 409,
      body: { status: "error", error: "Trade already saved", id: first.body.favorite.id },
    });

    const asText = await answer(
      await call(favoritesRoute.action, post("/api/wheel/favorites", "{}", pro, "text/plain")),
    );
    expect(asText).toMatchObject({
      status: 415,
      body: { status: "error", error: "Expected application/json" },
    });
    const huge = await answer(
      await call(
        favoritesRoute.action,
        post("/api/wheel/favorites", { type: "CSP", trade: { ...trade, pad: "x".repeat(20_000) } }, pro),
      ),
    );
    expect(huge).toMatchObject({ status: 413, body: { status: "error", error: "Request too large" } });
  });

  it("notifications: errors carry success false; a plan refusal names the features and the tier", async () => {
    const visitor = await answer(await call(notificationPrefs.loader, "/api/notifications/preferences"));
    expect(visitor).toEqual({
      status: 401,
      body: { success: false, error: NOTIFICATION_MESSAGES.notAuthenticated },
      cache: "no-store",
    });

    const free = await userOn("Free Plan");
    const refused = await answer(
      await call(notificationToggle.action, post("/api/notifications/toggle", { enabled: true }, free)),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      error: REFUSAL_MESSAGES.notifications,
      code: "PREMIUM_REQUIRED",
      requiresUpgrade: true,
      upgradeFeatures: ["email notifications for market events"],
      currentTier: "Free Plan",
    });

    const pro = await userOn("Pro Plan");
    const invalid = await answer(
      await call(
        notificationPrefs.action,
        post("/api/notifications/preferences", { enabled: "yes" }, pro, "application/json", "PUT"),
      ),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, code: "INVALID_INPUT" });
    expect(invalid.body.error).toMatch(new RegExp(`^${NOTIFICATION_MESSAGES.updateFailed}`));
  });

  it("billing: a bare { error } body; trade ideas: the plan refusal with an empty list", async () => {
    const visitor = await answer(
      await call(
        checkout.action,
        post("/api/create-checkout-session", { tier: "Pro Plan", period: "monthly" }),
      ),
    );
    expect(visitor).toEqual({
      status: 401,
      body: { error: BILLING_MESSAGES.mustBeLoggedIn },
      cache: "no-store",
    });

    const free = await userOn("Free Plan");
    const trades = await answer(
      await call(getTrades.loader, requestWithCookie("/api/get_trades", free, { headers: {} })),
    );
    expect(trades).toEqual({
      status: 403,
      body: {
        error: REFUSAL_MESSAGES.tradeIdeas,
        requiresUpgrade: true,
        currentTier: "Free Plan",
        limit: 0,
        redirectTo: "/pricing",
        trade_suggestions: [],
      },
      cache: "no-store",
    });
  });
});

describe("one 405 for every API (issue 28)", () => {
  // Each: the route's answer to a method it does not take, the methods it takes, and its family's envelope.
  // tests/worker/api-methods.test.ts holds every route to it, through React Router (decision 300).
  const cases: [string, () => Promise<Response> | Response, string, Record<string, unknown>][] = [
    ["wheel CSP batch (GET)", () => cspRoute.loader(), "POST", { status: "error" }],
    ["wheel CC batch (GET)", () => ccRoute.loader(), "POST", { status: "error" }],
    ["wheel favourite (GET)", () => favoriteByIdRoute.loader(), "DELETE", { status: "error" }],
    [
      "wheel ledger (PUT)",
      () => call(ledgerRoute.action, post("/api/wheel/ledger", {}, undefined, "application/json", "PUT")),
      "GET, POST",
      { status: "error" },
    ],
    [
      "wheel ledger import (PUT)",
      () =>
        call(
          ledgerImportRoute.action,
          post("/api/wheel/ledger/import", {}, undefined, "application/json", "PUT"),
        ),
      "POST",
      { status: "error" },
    ],
    // GET on the POST-only routes of issue 42 item 7: the API's 405, not the framework's text.
    ["wheel ledger import (GET)", () => ledgerImportRoute.loader(), "POST", { status: "error" }],
    ["wheel positions check (GET)", () => positionsCheckRoute.loader(), "POST", { status: "error" }],
    ["notifications test (GET)", () => notificationTest.loader(), "POST", { success: false }],
    [
      "notifications unsubscribe (PUT)",
      () =>
        call(
          unsubscribe.action,
          post("/api/notifications/unsubscribe", {}, undefined, "application/json", "PUT"),
        ),
      // GET takes the link to the confirm page.
      "GET, POST",
      { success: false },
    ],
    ["contact (GET)", () => contact.loader(), "POST", {}],
  ];

  for (const [name, answer, allow, envelope] of cases)
    it(`${name}: 405, Allow, the family's envelope and one message`, async () => {
      const res = await answer();
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe(allow);
      expect(res.headers.get("Cache-Control")).toContain("no-store");
      expect(await res.json()).toEqual({ ...envelope, error: "Method not allowed" });
    });
});
