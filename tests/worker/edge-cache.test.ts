/* eslint-disable @typescript-eslint/no-explicit-any -- route modules and loader data under test are plain objects. */
// The edge cache policy (decision 282): Workers Caching answers before the Worker runs, so what it may keep is decided
// by the headers of each response. Pages are rendered by React Router's real request handler (its loaders, its
// merging of the routes' `headers`) with an entry that answers the loader data instead of HTML, then pass the
// Worker's response steps (security headers, then the cache policy, as workers/app.ts orders them).
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { page } from "./route-build";
import workerSource from "../../workers/app.ts?raw";
import { call, requestWithCookie, signUpAndGetCookie, testEnv, ORIGIN } from "./helpers";
import * as home from "#app/routes/home.tsx";
import * as pricing from "#app/routes/pricing.tsx";
import * as optionsGuide from "#app/routes/options-guide.tsx";
import * as howWeRank from "#app/routes/how-we-rank.tsx";
import * as trackRecord from "#app/routes/track-record.tsx";
import * as howtos from "#app/routes/howtos.tsx";
import * as howtosInstall from "#app/routes/howtos-mobile-app-install.tsx";
import * as terms from "#app/routes/terms.tsx";
import * as privacy from "#app/routes/privacy.tsx";
import * as riskDisclosure from "#app/routes/risk-disclosure.tsx";
import * as shareTrade from "#app/routes/share-trade.tsx";
import * as shareWheel from "#app/routes/share-wheel.tsx";
import * as shareWheelCsp from "#app/routes/share-wheel-csp.tsx";
import * as shareWheelCc from "#app/routes/share-wheel-cc.tsx";
import * as signin from "#app/routes/signin.tsx";
import * as tickersInfo from "#app/routes/api.get_tickers_info.ts";
import * as economicCal from "#app/routes/api.get_economic_cal.ts";
import * as getTrades from "#app/routes/api.get_trades.ts";
import * as tradeById from "#app/routes/api.trade.$tradeId.ts";
import * as robots from "#app/routes/seo.robots.ts";
import { edgeCached, withCachePolicy } from "#app/server/http/cache-control.server.ts";
import { purgeEdgeCache, workerCache } from "#app/server/http/edge-cache-purge.server.ts";
import { NON_DOCUMENT_CSP, withSecurityHeaders } from "#app/server/security-headers.server.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { createShare } from "#app/server/wheel/shares.server.ts";
import type { SharePayload } from "#app/lib/wheel/share.ts";
import { daysFromToday } from "./fixtures/trade-ideas";

const MONDAY_11AM = new Date("2026-11-23T16:00:00Z");

const visitor = (path: string, init: RequestInit = {}) => new Request(new URL(path, ORIGIN), init);

function expectShared(res: Response, tags: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
  expect(res.headers.get("Cloudflare-CDN-Cache-Control")).toMatch(
    /^public, max-age=[1-9]\d*, stale-while-revalidate=\d+$/,
  );
  expect(res.headers.get("Vary")).toMatch(/\bCookie\b/);
  expect(res.headers.get("Cache-Tag")).toBe(tags);
}

function expectPrivate(res: Response) {
  expect(res.headers.get("Cache-Control")).toMatch(/^private\b|^no-store\b/);
  expect(res.headers.get("Cache-Control")).not.toMatch(/public/);
  expect(res.headers.get("Cloudflare-CDN-Cache-Control")).toBeNull();
  expect(res.headers.get("Cache-Tag")).toBeNull();
}

const share: SharePayload = {
  type: "CSP",
  symbol: "AAPL",
  expirationDate: daysFromToday(25),
  strike: 200,
  premium: 3.25,
  returnOnCapital: 1.63,
  annualizedReturn: 23.1,
  asOf: "2026-11-23T16:00:00.000Z",
  source: "demo",
};

let cookie: string;
let tradeId: string;
let cspShareId: string;
let ccShareId: string;

beforeAll(async () => {
  await runJob("marketRefresh", testEnv, MONDAY_11AM);
  const ideas = JSON.parse((await env.MARKET_KV.get(KV_KEYS.ideas))!) as {
    ideas: { trade_unique_identifier: string }[];
  };
  tradeId = ideas.ideas[0]!.trade_unique_identifier;
  cspShareId = (await createShare(env, share)).id;
  ccShareId = (await createShare(env, { ...share, type: "CC", shares: 100, costBasis: 190 })).id;
  cookie = await signUpAndGetCookie("edge-cache@example.com");
}, 60_000);

afterEach(() => vi.restoreAllMocks());

// Every page a visitor sees, with the route pattern it is served under and the tags its copy carries.
const VISITOR_PAGES: { url: () => string; route: string; module: unknown; tags: string }[] = [
  { url: () => "/", route: "", module: home, tags: "market" },
  { url: () => "/pricing", route: "pricing", module: pricing, tags: "content" },
  { url: () => "/options-guide", route: "options-guide", module: optionsGuide, tags: "content" },
  { url: () => "/how-we-rank", route: "how-we-rank", module: howWeRank, tags: "content" },
  { url: () => "/track-record", route: "track-record", module: trackRecord, tags: "market,track" },
  { url: () => "/wheelhouse-howtos", route: "wheelhouse-howtos", module: howtos, tags: "content" },
  {
    url: () => "/wheelhouse-howtos/mobile-app-install",
    route: "wheelhouse-howtos/mobile-app-install",
    module: howtosInstall,
    tags: "content",
  },
  { url: () => "/terms", route: "terms", module: terms, tags: "content" },
  { url: () => "/privacy", route: "privacy", module: privacy, tags: "content" },
  { url: () => "/risk-disclosure", route: "risk-disclosure", module: riskDisclosure, tags: "content" },
  {
    url: () => `/share/trade/${tradeId}`,
    route: "share/trade/:tradeId",
    module: shareTrade,
    tags: "share,market",
  },
  { url: () => "/share/wheel", route: "share/wheel", module: shareWheel, tags: "share" },
  {
    url: () => `/share/wheel/csp/${cspShareId}`,
    route: "share/wheel/csp/:shareId",
    module: shareWheelCsp,
    tags: "share",
  },
  {
    url: () => `/share/wheel/cc/${ccShareId}`,
    route: "share/wheel/cc/:shareId",
    module: shareWheelCc,
    tags: "share",
  },
];

describe("visitor pages", () => {
  for (const p of VISITOR_PAGES) {
    it(`${p.route || "/"}: a visitor's copy is shared (tag ${p.tags}); a session cookie's answer is private`, async () => {
      const url = p.url();
      const shared = await page(p.route, p.module, visitor(url));
      expectShared(shared, p.tags);
      expect(((await shared.json()) as any).root.user).toBeNull();

      const signedIn = await page(p.route, p.module, requestWithCookie(url, cookie));
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
      expectPrivate(signedIn);
      // The signed-in shell: the session's user, which the shared copy must never carry.
      expect(((await signedIn.json()) as any).root.user.email).toBe("edge-cache@example.com");
    });
  }

  it("a session cookie under the __Secure- prefix (production) is private too", async () => {
    const secure = cookie.replace("better-auth.session_token", "__Secure-better-auth.session_token");
    expectPrivate(await page("pricing", pricing, requestWithCookie("/pricing", secure)));
  });

  it("a page that did not opt in is private for a visitor too (/signin)", async () => {
    const res = await page("signin", signin, visitor("/signin"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a POST answer is never shared, even on a page that opted in", async () => {
    const form = new URLSearchParams({ email: "nobody@example.com", password: "wrong-password-1" });
    const res = await page(
      "signin",
      signin,
      visitor("/signin", {
        method: "POST",
        body: form,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      }),
    );
    expectPrivate(res);
    const opted = withCachePolicy(
      visitor("/pricing", { method: "POST" }),
      new Response("x", { headers: edgeCached(["content"]) }),
    );
    expectPrivate(opted);
  });

  it("an answer that sets a cookie is never shared", async () => {
    const headers = new Headers(edgeCached(["content"]));
    headers.append("Set-Cookie", "better-auth.session_token=abc; Path=/; HttpOnly");
    const res = withCachePolicy(visitor("/pricing"), new Response("x", { headers }));
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expectPrivate(res);
  });

  it("a redirect or an error is never shared, whatever the route said", async () => {
    for (const status of [302, 404, 500, 503]) {
      const res = withCachePolicy(
        visitor("/pricing"),
        new Response(null, { status, headers: edgeCached(["content"]) }),
      );
      expectPrivate(res);
    }
  });

  it("an answer with no Cache-Control (the edge would keep it 2 hours) or a hand-written public one is private", () => {
    expect(withCachePolicy(visitor("/x"), new Response("x")).headers.get("Cache-Control")).toBe(
      "private, no-store",
    );
    const handWritten = withCachePolicy(
      visitor("/x"),
      new Response("x", { headers: { "Cache-Control": "public, max-age=300", "Cache-Tag": "other" } }),
    );
    expectPrivate(handWritten);
  });

  it("an Authorization header keeps the answer private", () => {
    const res = withCachePolicy(
      visitor("/pricing", { headers: { Authorization: "Bearer x" } }),
      new Response("x", { headers: edgeCached(["content"]) }),
    );
    expectPrivate(res);
  });

  it("workers/app.ts sends every response through the cache policy, last", () => {
    expect(workerSource).toMatch(/return withCachePolicy\(request, secured\);\s*\},\s*async scheduled/);
  });
});

describe("market and resource answers", () => {
  it("ticker info and the economic calendar are shared by the edge under `market` for one refresh", async () => {
    const info = withCachePolicy(
      visitor("/api/get_tickers_info?symbols=AAPL"),
      (await call(tickersInfo.loader, "/api/get_tickers_info?symbols=AAPL")) as Response,
    );
    expectShared(info, "market");
    expect(info.headers.get("Cloudflare-CDN-Cache-Control")).toBe(
      "public, max-age=300, stale-while-revalidate=60",
    );
    const cal = withCachePolicy(
      visitor("/api/get_economic_cal"),
      (await call(economicCal.loader, "/api/get_economic_cal")) as Response,
    );
    expectShared(cal, "market");
    expect(cal.headers.get("Cache-Control")).toBe("public, max-age=21600");
    const trade = withCachePolicy(
      visitor(`/api/trade/${tradeId}`),
      (await call(tradeById.loader, `/api/trade/${tradeId}`, { params: { tradeId } })) as Response,
    );
    expectShared(trade, "market");
    const txt = withCachePolicy(
      visitor("/robots.txt"),
      (await call(robots.loader, "/robots.txt")) as Response,
    );
    expectShared(txt, "content");
  });

  it("a shared API answer carries the API policy, no page nonce (decision 295)", async () => {
    const req = visitor("/api/get_tickers_info?symbols=AAPL");
    const res = withCachePolicy(
      req,
      withSecurityHeaders((await call(tickersInfo.loader, req)) as Response, {
        nonce: "n",
        production: false,
        dev: false,
      }),
    );
    expectShared(res, "market");
    expect(res.headers.get("Content-Security-Policy")).toBe(NON_DOCUMENT_CSP);
    expect(res.headers.get("Permissions-Policy")).toBeNull();
  });

  it("the same APIs asked with a session cookie are private", async () => {
    const req = requestWithCookie("/api/get_tickers_info?symbols=AAPL", cookie);
    expectPrivate(withCachePolicy(req, (await call(tickersInfo.loader, req)) as Response));
  });

  it("the trade ideas list is per user and per plan: private, never tagged", async () => {
    await env.DB.prepare(
      "UPDATE user SET subscription_tier = 'Elite Plan', subscription_status = 'active' WHERE email = ?1",
    )
      .bind("edge-cache@example.com")
      .run();
    const req = requestWithCookie("/api/get_trades", cookie);
    const res = withCachePolicy(req, (await call(getTrades.loader, req)) as Response);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, max-age=300");
    expectPrivate(res);
  });
});

describe("purge", () => {
  function recordPurges() {
    const purges: unknown[] = [];
    const cache = {
      purge: async (options: unknown) => {
        purges.push(options);
        return { success: true, errors: [] };
      },
    } as unknown as CacheContext;
    vi.spyOn(workerCache, "context").mockReturnValue(cache);
    return purges;
  }

  it("a market refresh that stored a snapshot purges the `market` tag", async () => {
    const purges = recordPurges();
    const run = await runJob("marketRefresh", testEnv, new Date(MONDAY_11AM.getTime() + 5 * 60_000));
    expect(run.itemsProcessed).toBeGreaterThan(0);
    expect(purges).toEqual([{ tags: ["market"] }]);
  }, 60_000);

  it("a run that stored nothing (market closed, already caught up) purges nothing", async () => {
    const saturday = new Date("2026-11-28T16:00:00Z");
    await runJob("marketRefresh", testEnv, saturday); // the one run after the close
    const purges = recordPurges();
    const run = await runJob("marketRefresh", testEnv, new Date(saturday.getTime() + 5 * 60_000));
    expect(run.detail).toMatchObject({ skipped: expect.stringMatching(/^market /) });
    expect(purges).toEqual([]);
  }, 60_000);

  it("without Workers Caching (Miniflare) the purge is skipped and said once, never thrown", async () => {
    vi.spyOn(workerCache, "context").mockReturnValue(undefined);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await purgeEdgeCache(["market"])).toBe("unavailable");
  });

  it("a failing purge is logged, never thrown", async () => {
    const failing = { purge: async () => Promise.reject(new Error("down")) } as unknown as CacheContext;
    vi.spyOn(workerCache, "context").mockReturnValue(failing);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await purgeEdgeCache(["market"])).toBe("failed");
    expect(error).toHaveBeenCalled();
  });
});
