/// <reference types="vite/client" />
// Cross-site writes (decision 215). A page on another site, or on a sibling subdomain (same site, so
// SameSite=Lax cookies ride along), can post a text/plain, form or multipart body to us without a CORS
// preflight. The Worker refuses every such write before React Router runs (crossSiteRefusal in
// workers/app.ts), except on the allowlist; every JSON endpoint also refuses a body not sent as JSON (415).
import { beforeAll, describe, expect, it } from "vitest";
import routesSource from "../../app/routes.ts?raw";
import workerSource from "../../workers/app.ts?raw";
import { call, ORIGIN, signUpAndGetCookie, testEnv } from "./helpers";
import { freshIp, setUser } from "./auth-helpers";
import { stripeContext } from "./billing-helpers";
import { routeTable } from "./route-table";
import {
  acceptsCrossSite,
  CROSS_SITE_ALLOWLIST,
  crossSiteRefusal,
} from "#app/server/http/cross-site-guard.server.ts";
import { isJsonContentType } from "#app/server/http/json-body.server.ts";
import * as positionsRoute from "#app/routes/api.wheel.positions.ts";
import * as toggleRoute from "#app/routes/api.notifications.toggle.ts";
import * as notificationPrefsRoute from "#app/routes/api.notifications.preferences.ts";

type RouteFn = (args: unknown) => unknown;
const modules = import.meta.glob<{ action?: RouteFn }>("../../app/routes/*.{ts,tsx}");

/** The ways a browser marks a request another page made (the three, and a sibling subdomain's). */
const HOSTILE: Record<string, Record<string, string>> = {
  "a foreign Origin": { Origin: "https://evil.example" },
  "Origin null": { Origin: "null" },
  "Sec-Fetch-Site: cross-site": { "Sec-Fetch-Site": "cross-site" },
  "a sibling subdomain": { Origin: "https://evil.localhost", "Sec-Fetch-Site": "same-site" },
};

/** A concrete URL path for a route pattern: each :param and the splat filled in. */
function concretePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, "x").replace(/\*$/, "sign-out");
}

function write(path: string, headers: Record<string, string>, init: RequestInit = {}): Request {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body: "{}",
    ...init,
    headers: { "Content-Type": "text/plain", ...headers, ...(init.headers as Record<string, string>) },
  });
}

/** What the Worker answers: the guard's refusal, or the route's action (as workers/app.ts orders them). */
async function serve(action: RouteFn, request: Request): Promise<Response> {
  const refusal = crossSiteRefusal(request, testEnv.APP_URL);
  if (refusal) return refusal;
  const out = await call(action, request, { context: stripeContext() });
  return out instanceof Response ? out : Response.json(out);
}

describe("the guard runs in the Worker before any route", () => {
  it("workers/app.ts answers with crossSiteRefusal before handing the request to React Router", () => {
    const fetchBody = workerSource.slice(workerSource.indexOf("async fetch("));
    const guard = fetchBody.indexOf("crossSiteRefusal(request, env.APP_URL)");
    expect(guard).toBeGreaterThan(0);
    expect(guard).toBeLessThan(fetchBody.indexOf("requestHandler(request"));
  });
});

describe("every route with an action, asked from another site", () => {
  const routes = routeTable(routesSource);
  let withAction: { path: string; url: string }[] = [];
  beforeAll(async () => {
    withAction = [];
    for (const entry of routes) {
      const mod = await modules[`../../app/routes/${entry.file}`]!();
      if (mod.action) withAction.push({ path: entry.path, url: concretePath(entry.path) });
    }
  }, 60_000);

  it("finds the write routes of app/routes.ts (pages with forms and API routes)", () => {
    const paths = withAction.map((r) => r.path);
    expect(paths.length).toBeGreaterThan(30);
    for (const p of ["/signin", "/tickers", "/feedback", "/api/wheel/positions", "/api/notifications/toggle"])
      expect(paths).toContain(p);
  });

  for (const [how, headers] of Object.entries(HOSTILE))
    it(`refuses ${how} with 403 on every one but the allowlist, for POST, PUT and DELETE`, () => {
      const passed: string[] = [];
      for (const route of withAction)
        for (const method of ["POST", "PUT", "DELETE"]) {
          const refusal = crossSiteRefusal(write(route.url, headers, { method }));
          if (refusal) expect(refusal.status, `${method} ${route.path}`).toBe(403);
          else passed.push(`${method} ${route.path}`);
        }
      // The allowlist, by name: token- or signature-authenticated endpoints only.
      expect(passed.sort()).toEqual([
        "DELETE /api/email/events",
        "DELETE /api/notifications/unsubscribe",
        "DELETE /api/stripe/webhook",
        "POST /api/email/events",
        "POST /api/notifications/unsubscribe",
        "POST /api/stripe/webhook",
        "PUT /api/email/events",
        "PUT /api/notifications/unsubscribe",
        "PUT /api/stripe/webhook",
      ]);
      // The OAuth callbacks live under the /api/auth/* splat, whose other endpoints stay guarded.
      expect(crossSiteRefusal(write("/api/auth/callback/apple", headers))).toBeNull();
      expect(crossSiteRefusal(write("/api/auth/sign-out", headers))?.status).toBe(403);
    });

  it("lets through what is not a cross-site write", () => {
    const sameOrigin = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" };
    for (const route of withAction) {
      expect(crossSiteRefusal(write(route.url, sameOrigin)), route.path).toBeNull();
      // Neither header: curl, a server, a test; not a browser's cross-site request.
      expect(crossSiteRefusal(write(route.url, {})), route.path).toBeNull();
      // Reads are not guarded (they change nothing).
      expect(
        crossSiteRefusal(
          new Request(new URL(route.url, ORIGIN), { headers: { Origin: "https://evil.example" } }),
        ),
      ).toBeNull();
    }
  });

  it("takes APP_URL's origin as our own (the public address behind a proxy or a preview host)", () => {
    const fromPublicSite = write("/api/wheel/positions", { Origin: "https://wheelhouse.example" });
    expect(crossSiteRefusal(fromPublicSite)?.status).toBe(403);
    expect(crossSiteRefusal(fromPublicSite, "https://wheelhouse.example/")).toBeNull();
    expect(crossSiteRefusal(fromPublicSite, "not a url")?.status).toBe(403);
    // Another port or scheme is another origin.
    expect(crossSiteRefusal(write("/api/wheel/positions", { Origin: "http://localhost:5173" }))?.status).toBe(
      403,
    );
    expect(crossSiteRefusal(write("/api/wheel/positions", { Origin: "https://localhost" }))?.status).toBe(
      403,
    );
  });

  it("allowlists exact paths only: another spelling of an allowlisted path is guarded", () => {
    expect(CROSS_SITE_ALLOWLIST.map((e) => e.name)).toHaveLength(4);
    for (const path of [
      "/api/email/events/",
      "/api/stripe/webhook/",
      "/api/stripe/webhook.data",
      "/api/notifications/unsubscribe/x",
      "/api/auth/callback/apple/x",
      "/api/auth/callback/",
    ])
      expect(acceptsCrossSite(path), path).toBe(false);
  });
});

describe("the issue's attacks, served as the Worker serves them", () => {
  let cookie: string;
  const email = "cross-site-victim@example.com";
  beforeAll(async () => {
    cookie = await signUpAndGetCookie(email);
    await setUser(email, { subscription_tier: "Elite Plan", subscription_status: "active" });
  });

  const json = (path: string, method: string, body: unknown, headers: Record<string, string> = {}) =>
    new Request(new URL(path, ORIGIN), {
      method,
      headers: {
        Cookie: cookie,
        Origin: ORIGIN,
        "Content-Type": "application/json",
        "cf-connecting-ip": freshIp(),
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it("same-origin JSON still saves positions; a foreign text/plain post cannot wipe them", async () => {
    const saved = await serve(
      positionsRoute.action as RouteFn,
      json("/api/wheel/positions", "POST", {
        positions: [{ symbol: "KO", shares: 100, costBasis: 60 }],
        version: 0,
      }),
    );
    expect(saved.status).toBe(200);
    for (const headers of Object.values(HOSTILE)) {
      const wipe = json(
        "/api/wheel/positions",
        "POST",
        { positions: [], version: 1 },
        { ...headers, "Content-Type": "text/plain" },
      );
      expect((await serve(positionsRoute.action as RouteFn, wipe)).status).toBe(403);
    }
    const list = await call(positionsRoute.loader, json("/api/wheel/positions", "GET", undefined));
    const { positions } = (await (list as Response).json()) as { positions: { symbol: string }[] };
    expect(positions.map((p) => p.symbol)).toEqual(["KO"]);
  });

  it("a foreign page cannot switch alerts off (toggle, preferences PUT)", async () => {
    const on = await serve(
      toggleRoute.action as RouteFn,
      json("/api/notifications/toggle", "POST", { enabled: true }),
    );
    expect(on.status).toBe(200);
    for (const headers of Object.values(HOSTILE)) {
      const off = json("/api/notifications/toggle", "POST", { enabled: false }, headers);
      expect((await serve(toggleRoute.action as RouteFn, off)).status).toBe(403);
      const put = json("/api/notifications/preferences", "PUT", { enabled: false }, headers);
      expect((await serve(notificationPrefsRoute.action as RouteFn, put)).status).toBe(403);
    }
    const prefs = await call(
      notificationPrefsRoute.loader,
      json("/api/notifications/preferences", "GET", undefined),
    );
    expect(((await (prefs as Response).json()) as { data: { enabled: boolean } }).data.enabled).toBe(true);
  });

  it("without Origin and Sec-Fetch-Site, a text/plain body on a JSON endpoint is 415 and changes nothing", async () => {
    const plain = json(
      "/api/notifications/toggle",
      "POST",
      { enabled: false },
      { "Content-Type": "text/plain" },
    );
    plain.headers.delete("Origin");
    const res = await serve(toggleRoute.action as RouteFn, plain);
    expect(res.status).toBe(415);
    const prefs = await call(
      notificationPrefsRoute.loader,
      json("/api/notifications/preferences", "GET", undefined),
    );
    expect(((await (prefs as Response).json()) as { data: { enabled: boolean } }).data.enabled).toBe(true);
  });
});

describe("JSON endpoints take JSON only (415), as the signed-in Elite user", () => {
  let cookie: string;
  const email = "cross-site-json@example.com";
  beforeAll(async () => {
    cookie = await signUpAndGetCookie(email);
    await setUser(email, { subscription_tier: "Elite Plan", subscription_status: "active" });
  });

  // Every route that reads a JSON body, with a body it would accept (or whose refusal comes after the body).
  const JSON_ENDPOINTS: { file: string; path: string; method: string; body: unknown; params?: object }[] = [
    {
      file: "api.wheel.positions.ts",
      path: "/api/wheel/positions",
      method: "POST",
      body: { positions: [], version: 0 },
    },
    {
      file: "api.wheel.positions.check.ts",
      path: "/api/wheel/positions/check",
      method: "POST",
      body: { positions: [{ symbol: "KO", shares: 100, costBasis: 60 }] },
    },
    { file: "api.wheel.preferences.ts", path: "/api/wheel/preferences", method: "POST", body: {} },
    {
      file: "api.wheel.ledger.ts",
      path: "/api/wheel/ledger",
      method: "POST",
      body: { date: "2026-01-05", symbol: "KO", kind: "buy_shares", shares: 100, price: 50 },
    },
    {
      file: "api.positions.ts",
      path: "/api/positions",
      method: "POST",
      body: { version: 0, action: "void", positionId: "x" },
    },
    { file: "api.positions.book.ts", path: "/api/positions/book", method: "PUT", body: { statedCash: 1000 } },
    {
      file: "api.wheel.ledger.import.ts",
      path: "/api/wheel/ledger/import",
      method: "POST",
      body: { csv: "Date,Action,Symbol,Quantity\n2026-01-05,Buy,KO,100" },
    },
    {
      file: "api.wheel.favorites.ts",
      path: "/api/wheel/favorites",
      method: "POST",
      body: { type: "CSP", trade: { id: "t1", symbol: "KO" } },
    },
    {
      file: "api.wheel.share.$type.ts",
      path: "/api/wheel/share/csp",
      method: "POST",
      body: { strategy: {} },
      params: { type: "csp" },
    },
    {
      file: "api.wheel.csp-batch.ts",
      path: "/api/wheel/csp-strategies/batch",
      method: "POST",
      body: { tickers: ["KO"] },
    },
    {
      file: "api.wheel.cc-batch.ts",
      path: "/api/wheel/cc-strategies/batch",
      method: "POST",
      body: { positions: [] },
    },
    {
      file: "api.notifications.toggle.ts",
      path: "/api/notifications/toggle",
      method: "POST",
      body: { enabled: true },
    },
    {
      file: "api.notifications.preferences.ts",
      path: "/api/notifications/preferences",
      method: "PUT",
      body: {},
    },
    {
      file: "api.notifications.push-devices.ts",
      path: "/api/notifications/push-devices",
      method: "POST",
      body: { subscription: {} },
    },
    { file: "api.events.ts", path: "/api/events", method: "POST", body: { name: "page_view", path: "/" } },
    { file: "api.contact.ts", path: "/api/contact", method: "POST", body: { message: "Hello" } },
    {
      file: "api.create-checkout-session.ts",
      path: "/api/create-checkout-session",
      method: "POST",
      body: { tier: "Pro Plan", period: "monthly" },
    },
    {
      file: "api.stripe.change-plan.ts",
      path: "/api/stripe/change-plan",
      method: "POST",
      body: { tier: "Pro Plan", period: "monthly" },
    },
    {
      file: "api.stripe.cancel-subscription.ts",
      path: "/api/stripe/cancel-subscription",
      method: "POST",
      body: {},
    },
  ];

  for (const contentType of [
    "text/plain",
    "text/plain; application/json",
    "application/x-www-form-urlencoded",
    "",
  ])
    it(`answers 415 to a JSON body sent as ${JSON.stringify(contentType)}`, async () => {
      const answers: Record<string, number> = {};
      for (const ep of JSON_ENDPOINTS) {
        const mod = await modules[`../../app/routes/${ep.file}`]!();
        const headers = new Headers({ Cookie: cookie, Origin: ORIGIN, "cf-connecting-ip": freshIp() });
        const request = new Request(new URL(ep.path, ORIGIN), {
          method: ep.method,
          headers,
          body: new Blob([JSON.stringify(ep.body)], { type: contentType }),
        });
        const out = await call(mod.action!, request, {
          params: ep.params as Record<string, string>,
          context: stripeContext(),
        });
        answers[ep.file] = (out as Response).status;
      }
      expect(answers).toEqual(Object.fromEntries(JSON_ENDPOINTS.map((ep) => [ep.file, 415])));
    }, 60_000);

  it("recognises the JSON media type with parameters, in any case, and nothing that merely mentions it", () => {
    for (const ok of ["application/json", "application/json; charset=utf-8", "Application/JSON"])
      expect(isJsonContentType(ok), ok).toBe(true);
    for (const bad of [
      null,
      "",
      "text/plain",
      "text/plain; application/json",
      "application/json-seq",
      "text/json",
    ])
      expect(isJsonContentType(bad), String(bad)).toBe(false);
  });

  it("every route that reads JSON does it through the one reader", async () => {
    const sources = import.meta.glob<string>("../../app/{routes,server}/**/*.{ts,tsx}", {
      query: "?raw",
      import: "default",
    });
    const readers: string[] = [];
    for (const [file, load] of Object.entries(sources)) {
      const text = await load();
      if (/request\.json\(\)|JSON\.parse\(await request\.text\(\)\)/.test(text)) readers.push(file);
    }
    expect(readers).toEqual([]);
    // The table above is every JSON endpoint: a route importing a JSON reader is in it.
    const jsonRoutes = Object.entries(sources)
      .filter(([file]) => file.includes("/routes/"))
      .map(([file]) => file);
    const missing: string[] = [];
    for (const file of jsonRoutes) {
      const text = await sources[file]!();
      if (/readWheelInput|readApiBody|readJsonBody|wheelBatchResponse|planChoicePost/.test(text)) {
        const name = file.split("/").pop()!;
        if (!JSON_ENDPOINTS.some((ep) => ep.file === name)) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
  }, 60_000);
});
