import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call, makeContext, requestWithCookie, signUpAndGetCookie } from "./helpers";
import * as signedInLayout from "#app/routes/signed-in-layout.tsx";
import * as catchall from "#app/routes/catchall.tsx";
import * as health from "#app/routes/api.health.ts";
import * as root from "#app/root.tsx";
import * as devSeed from "#app/routes/dev.seed.ts";
import * as adminRoute from "#app/routes/admin-layout.tsx";
import * as subscriptionSuccess from "#app/routes/subscription-success.tsx";
import * as redirectTradeIdeas from "#app/routes/redirect-trade-ideas.tsx";
import * as redirectPricing from "#app/routes/redirect-pricing.tsx";

function location(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  const r = res as Response;
  expect([301, 302, 303, 307, 308]).toContain(r.status);
  return r.headers.get("Location");
}

describe("sign-in guard", () => {
  it("sends a visitor to /signin remembering path and query", async () => {
    const res = await call(signedInLayout.loader, "/spreads?strategy=IRON_CONDOR&dte=30");
    expect(location(res)).toBe("/signin?returnTo=%2Fspreads%3Fstrategy%3DIRON_CONDOR%26dte%3D30");
  });

  it("lets a signed-in user through", async () => {
    const cookie = await signUpAndGetCookie("guard@example.com");
    const res = await call(signedInLayout.loader, requestWithCookie("/tickers", cookie));
    expect(res).toBeNull();
  });
});

describe("route aliases", () => {
  it("redirects unknown paths to /", async () => {
    expect(location(await call(catchall.loader, "/no/such/page"))).toBe("/");
  });
  it("sends /suggested-trades and /dashboard to the trade ideas screen", async () => {
    expect(location(await call(redirectTradeIdeas.loader, "/suggested-trades"))).toBe("/spreads");
  });
  it("sends /account/subscription to /pricing", async () => {
    expect(location(await call(redirectPricing.loader, "/account/subscription"))).toBe("/pricing");
  });
});

describe("root loader", () => {
  it("gives visitors no user and only the public config", async () => {
    const data = (await call(root.loader, "/")) as Awaited<ReturnType<typeof root.loader>>;
    expect(data.user).toBeNull();
    expect(data.config).toEqual({
      appEnv: "test",
      marketDataProvider: "demo",
      turnstileSiteKey: null,
      googleSignIn: false,
      appleSignIn: false,
      payments: false,
    });
  });

  it("reports configured integrations without exposing secrets", async () => {
    const context = makeContext({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "very-secret" });
    const data = (await call(root.loader, "/", { context })) as Awaited<ReturnType<typeof root.loader>>;
    expect(data.config.googleSignIn).toBe(true);
    expect(JSON.stringify(data)).not.toContain("very-secret");
  });

  it("gives a signed-in user their plan badge", async () => {
    const cookie = await signUpAndGetCookie("badge@example.com");
    const data = (await call(root.loader, requestWithCookie("/", cookie))) as Awaited<
      ReturnType<typeof root.loader>
    >;
    expect(data.user?.email).toBe("badge@example.com");
    expect(data.user?.isAdmin).toBe(false);
  });
});

describe("health API", () => {
  it("answers with D1 reachable and integrations not configured", async () => {
    const res = (await call(health.loader, "/api/health")) as Response;
    const body = (await res.json()) as { ok: boolean; integrations: Record<string, string> };
    expect(body.ok).toBe(true);
    expect(body.integrations.stripe).toBe("not configured");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("dev seed", () => {
  it("does not exist outside development", async () => {
    const res = (await call(
      devSeed.action,
      new Request("http://localhost/__dev/seed", { method: "POST" }),
    )) as Response;
    expect(res.status).toBe(404);
  });

  it("refuses non-loopback hosts even in development", async () => {
    const context = makeContext({ APP_ENV: "development" } as never);
    const res = (await call(
      devSeed.action,
      new Request("https://wheelhouse.example.com/__dev/seed", { method: "POST" }),
      { context },
    )) as Response;
    expect(res.status).toBe(404);
  });

  it("seeds an admin and one user per plan, idempotently", async () => {
    const context = makeContext({ APP_ENV: "development" } as never);
    const first = (await call(
      devSeed.action,
      new Request("http://localhost/__dev/seed", { method: "POST" }),
      { context },
    )) as Response;
    expect(((await first.json()) as { created: string[] }).created).toHaveLength(5);
    const second = (await call(
      devSeed.action,
      new Request("http://localhost/__dev/seed", { method: "POST" }),
      { context },
    )) as Response;
    expect(((await second.json()) as { created: string[]; existing: string[] }).existing).toHaveLength(5);
    const rows = await env.DB.prepare(
      "select email, subscription_tier as tier, subscription_status as status, role from user where email like '%@wheelhouse.local' order by email",
    ).all();
    expect(rows.results).toEqual([
      { email: "admin@wheelhouse.local", tier: "Free Plan", status: "inactive", role: "admin" },
      { email: "elite@wheelhouse.local", tier: "Elite Plan", status: "active", role: "user" },
      { email: "free@wheelhouse.local", tier: "Free Plan", status: "inactive", role: "user" },
      { email: "pro@wheelhouse.local", tier: "Pro Plan", status: "active", role: "user" },
      { email: "trial@wheelhouse.local", tier: "Pro Plan", status: "trialing", role: "user" },
    ]);
    const admins = await env.DB.prepare("select email from admins").all();
    expect(admins.results).toEqual([{ email: "admin@wheelhouse.local" }]);
    // Five password hashes and a first market refresh: slow on a loaded 2-core machine.
  }, 90_000);
});

describe("admin gate", () => {
  it("sends a non-admin to /admin/login", async () => {
    const cookie = await signUpAndGetCookie("not-admin@example.com");
    expect(location(await call(adminRoute.loader, requestWithCookie("/admin", cookie)))).toBe("/admin/login");
  });
  it("sends an admin-role user without an admins row to /admin/login", async () => {
    const cookie = await signUpAndGetCookie("role-only@example.com");
    await env.DB.prepare("update user set role = 'admin' where email = ?")
      .bind("role-only@example.com")
      .run();
    expect(location(await call(adminRoute.loader, requestWithCookie("/admin", cookie)))).toBe("/admin/login");
  });
});

describe("subscription result pages", () => {
  it("redirect visitors to /", async () => {
    expect(location(await call(subscriptionSuccess.loader, "/subscription/success"))).toBe("/");
  });
});
