import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:test";
import { call, makeContext, requestWithCookie, signUpAndGetCookie } from "./helpers";
import { formPost, outcome, setUser } from "./auth-helpers";
import * as tickers from "#app/routes/tickers.tsx";
import * as home from "#app/routes/home.tsx";

type LoaderData = Awaited<ReturnType<typeof tickers.loader>>;

async function add(cookie: string, symbol: string) {
  const res = await call(tickers.action, formPost("/tickers", { intent: "add", symbol }, { cookie }));
  if (res instanceof Response && res.headers.get("content-type")?.includes("json"))
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  return outcome(res);
}

async function freeUser(email: string) {
  const cookie = await signUpAndGetCookie(email);
  // New accounts get the automatic Pro trial; end it to see the Free experience.
  await setUser(email, {
    subscription_tier: "Free Plan",
    subscription_status: "inactive",
    has_used_trial: 1,
    trial_end: null,
  });
  return cookie;
}

describe("/tickers for a visitor", () => {
  it("the page sends them to sign in", async () => {
    const res = await call(tickers.loader, "/tickers");
    expect((res as Response).headers.get("Location")).toBe("/signin?returnTo=%2Ftickers");
  });

  it("a crafted add gets 401 and the product's message", async () => {
    const res = (await call(
      tickers.action,
      formPost("/tickers", { intent: "add", symbol: "AAPL" }),
    )) as Response;
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      ok: false,
      message: "Please sign in to add symbols to your watchlist",
    });
  });
});

describe("/tickers adding and removing", () => {
  it("a Free user crafting a 4th add gets 403 with the upgrade message and nothing is stored", async () => {
    const cookie = await freeUser("free-crafter@example.com");
    for (const s of ["AAPL", "TSLA", "SPY"])
      expect((await add(cookie, s)).body).toMatchObject({ ok: true, symbol: s });
    const fourth = await add(cookie, "QQQ");
    expect(fourth.status).toBe(403);
    expect(fourth.body).toEqual({
      ok: false,
      intent: "add",
      message: "Upgrade to PRO to track up to 10 symbols",
      redirectTo: "/pricing",
    });
    const count = await env.DB.prepare(
      "select count(*) as n from watchlist_symbols ws join user u on u.id = ws.user_id where u.email = ?",
    )
      .bind("free-crafter@example.com")
      .first<{ n: number }>();
    expect(count?.n).toBe(3);
  });

  it("a full Free list adding a mistyped or malformed symbol hears the limit, not the symbol error (defect 7)", async () => {
    const cookie = await freeUser("full-and-mistyped@example.com");
    for (const s of ["AAPL", "TSLA", "SPY"]) await add(cookie, s);
    for (const typo of ["ZZZZZ", "AP1L"])
      expect(await add(cookie, typo)).toEqual({
        status: 403,
        body: {
          ok: false,
          intent: "add",
          message: "Upgrade to PRO to track up to 10 symbols",
          redirectTo: "/pricing",
        },
      });
    // A symbol already in the list is still named as such (duplicates first, then the limit:
    // docs/product/watchlist-and-tickers.md#adding-a-symbol).
    expect((await add(cookie, "aapl")).body).toMatchObject({ message: "AAPL is already in your watchlist" });
  });

  it("a new user is on the Pro trial: 10 symbols, then 'Upgrade to Elite'", async () => {
    const cookie = await signUpAndGetCookie("trial-adder@example.com");
    const ten = ["AAPL", "TSLA", "SPY", "QQQ", "MSFT", "COIN", "NVDA", "AMD", "AMZN", "META"];
    for (const s of ten) expect((await add(cookie, s)).body).toMatchObject({ ok: true });
    expect((await add(cookie, "NFLX")).body).toMatchObject({
      ok: false,
      message: "Upgrade to Elite to track up to 50 symbols",
    });
  });

  it("rejects duplicates, unknown and malformed symbols with clear messages; ignores blanks", async () => {
    const cookie = await signUpAndGetCookie("rules@example.com");
    expect((await add(cookie, "aapl")).body).toMatchObject({ ok: true, symbol: "AAPL" });
    expect(await add(cookie, " AaPl ")).toMatchObject({
      status: 400,
      body: { message: "AAPL is already in your watchlist" },
    });
    expect(await add(cookie, "ZZZZZ")).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining("ZZZZZ is not a symbol") },
    });
    expect(await add(cookie, "NOT A TICKER")).toMatchObject({ status: 400 });
    expect((await add(cookie, "   ")).body).toMatchObject({ ok: true, ignored: true });
  });

  it("a malformed form is a 400, not a 500", async () => {
    const cookie = await signUpAndGetCookie("malformed@example.com");
    const res = (await call(
      tickers.action,
      formPost("/tickers", { intent: "explode" }, { cookie }),
    )) as Response;
    expect(res.status).toBe(400);
  });

  it("deletes a symbol", async () => {
    const cookie = await signUpAndGetCookie("deleter@example.com");
    await add(cookie, "AAPL");
    await add(cookie, "SPY");
    const res = outcome(
      await call(tickers.action, formPost("/tickers", { intent: "delete", symbol: "aapl" }, { cookie })),
    );
    expect(res.body).toEqual({ ok: true, intent: "delete", symbol: "AAPL" });
    const data = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    expect(data.symbols).toEqual(["SPY"]);
  });
});

/** The real D1, except that every statement touching the watchlist fails (a D1 outage mid-request). */
function watchlistDownDb(): D1Database {
  const real = env.DB;
  return new Proxy(real, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          // The table; the session query names its copy column (decision 209) and must still work.
          if (/watchlist_symbols(?!_json)/.test(query)) throw new Error("D1_ERROR: simulated outage");
          return target.prepare(query);
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("/tickers when a dependency fails", () => {
  it("a D1 error on add or delete answers the product's messages, not the error page", async () => {
    const cookie = await signUpAndGetCookie("d1-down@example.com");
    const context = makeContext({ DB: watchlistDownDb() });
    const added = (await call(
      tickers.action,
      formPost("/tickers", { intent: "add", symbol: "AAPL" }, { cookie }),
      {
        context,
      },
    )) as Response;
    expect(added.status).toBe(503);
    expect(await added.json()).toEqual({
      ok: false,
      intent: "add",
      message: "Failed to add symbol. Please try again.",
    });
    const deleted = (await call(
      tickers.action,
      formPost("/tickers", { intent: "delete", symbol: "AAPL" }, { cookie }),
      { context },
    )) as Response;
    expect(deleted.status).toBe(503);
    expect(await deleted.json()).toEqual({
      ok: false,
      intent: "delete",
      message: "Failed to delete symbol. Please try again.",
    });
  });

  it("a market provider outage during the known-symbol check answers 'Failed to add symbol'", async () => {
    const cookie = await signUpAndGetCookie("provider-down@example.com");
    const context = makeContext({
      MARKET_DATA_PROVIDER: "live",
      CBOE_API_BASE: `${inject("fakeOrigin")}/cboe-down`,
    } as never);
    const res = (await call(
      tickers.action,
      formPost("/tickers", { intent: "add", symbol: "CLXQ" }, { cookie }),
      {
        context,
      },
    )) as Response;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, message: "Failed to add symbol. Please try again." });
  });
});

describe("/tickers loader", () => {
  it("gives cards with values, as-of times and the simulated label from the demo market", async () => {
    const cookie = await signUpAndGetCookie("viewer@example.com");
    await add(cookie, "AAPL");
    await add(cookie, "SPY");
    const data = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    expect(data).toMatchObject({
      symbols: ["AAPL", "SPY"],
      plan: "Pro Plan",
      limit: 10,
      trimmedMessage: null,
    });
    const t = await data.tickers;
    expect(t.missing).toEqual([]);
    expect(t.simulated).toBe(true);
    expect(t.tickers.map((x) => x.symbol)).toEqual(["AAPL", "SPY"]);
    for (const card of t.tickers) {
      expect(card.current_price).toBeGreaterThan(0);
      expect(Number.isFinite(card.change_percentage)).toBe(true);
      expect(card.last_rsi_value).toBeGreaterThanOrEqual(0);
      expect(card.last_rsi_value).toBeLessThanOrEqual(100);
      expect(card.source).toBe("demo");
      expect(Date.parse(card.asOf!)).not.toBeNaN();
    }
  });

  // Defect 18 (issue 10): the GET loader never deletes; the trim runs with the plan change.
  const symbolsOf = async (email: string) =>
    (
      await env.DB.prepare(
        "select ws.symbol from watchlist_symbols ws join user u on u.id = ws.user_id where u.email = ? order by ws.position",
      )
        .bind(email)
        .all<{ symbol: string }>()
    ).results.map((r) => r.symbol);

  it("the loader only reads: a list over the plan's limit is not cut by a GET", async () => {
    const cookie = await signUpAndGetCookie("get-never-deletes@example.com");
    for (const s of ["TSLA", "AAPL", "SPY", "QQQ", "MSFT"]) await add(cookie, s);
    // The plan changes behind the app's back (no plan-change path ran): a GET must still not delete.
    await setUser("get-never-deletes@example.com", {
      subscription_tier: "Free Plan",
      subscription_status: "inactive",
      trial_end: null,
    });
    const data = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    expect(data.symbols).toHaveLength(5);
    expect(data.trimmedMessage).toBeNull();
    expect(await symbolsOf("get-never-deletes@example.com")).toHaveLength(5);
  });

  it("a trial that ends trims the list with it; the next visit shows the product's message until dismissed", async () => {
    const email = "trial-ends-trim@example.com";
    const cookie = await signUpAndGetCookie(email);
    for (const s of ["TSLA", "AAPL", "SPY", "QQQ", "MSFT"]) await add(cookie, s);
    await setUser(email, { trial_end: Date.now() - 1000 });
    // The daily cron ends the trial (the plan change) and trims in the same batch.
    const { expireTrials } = await import("#app/server/auth/trial.server.ts");
    expect(await expireTrials(env)).toBeGreaterThanOrEqual(1);
    expect(await symbolsOf(email)).toEqual(["TSLA", "AAPL", "SPY"]);

    const message = "Your Free Plan allows up to 3 symbols. Some symbols have been removed.";
    const first = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    expect(first.symbols).toEqual(["TSLA", "AAPL", "SPY"]);
    expect(first.trimmedMessage).toBe(message);
    // Reading it does not consume it: only the page's POST does.
    const again = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    expect(again.trimmedMessage).toBe(message);
    const dismissed = await call(
      tickers.action,
      formPost("/tickers", { intent: "dismiss-trimmed" }, { cookie }),
    );
    expect(dismissed).toEqual({ ok: true, intent: "dismiss-trimmed" });
    const after = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    expect(after.trimmedMessage).toBeNull();
    expect(after.symbols).toEqual(["TSLA", "AAPL", "SPY"]);
  });

  it("an expired trial noticed on the next request trims within the transition, not in the loader", async () => {
    const email = "trial-ends-on-read@example.com";
    const cookie = await signUpAndGetCookie(email);
    for (const s of ["TSLA", "AAPL", "SPY", "QQQ"]) await add(cookie, s);
    await setUser(email, { trial_end: Date.now() - 1000 });
    const data = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    expect(data.plan).toBe("Free Plan");
    expect(data.symbols).toEqual(["TSLA", "AAPL", "SPY"]);
    expect(data.trimmedMessage).toBe(
      "Your Free Plan allows up to 3 symbols. Some symbols have been removed.",
    );
  });

  it("the daily housekeeping trims any list a plan change left over its limit (the backstop)", async () => {
    const email = "backstop-trim@example.com";
    const cookie = await signUpAndGetCookie(email);
    for (const s of ["TSLA", "AAPL", "SPY", "QQQ", "MSFT"]) await add(cookie, s);
    await setUser(email, {
      subscription_tier: "Free Plan",
      subscription_status: "inactive",
      trial_end: null,
    });
    const { runHousekeeping } = await import("#app/server/jobs/housekeeping.server.ts");
    await runHousekeeping(env, new Date());
    expect(await symbolsOf(email)).toEqual(["TSLA", "AAPL", "SPY"]);
    const data = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    expect(data.trimmedMessage).toBe(
      "Your Free Plan allows up to 3 symbols. Some symbols have been removed.",
    );
  });

  it("groups the economic calendar: at most 5 upcoming days, high impact first", async () => {
    const cookie = await signUpAndGetCookie("calendar@example.com");
    const data = (await call(tickers.loader, requestWithCookie("/tickers", cookie))) as LoaderData;
    const cal = await data.calendar;
    expect(cal.error).toBeNull();
    expect(cal.groups.length).toBeGreaterThan(0);
    expect(cal.groups.length).toBeLessThanOrEqual(5);
    const dates = cal.groups.map((g) => g.date);
    expect([...dates].sort()).toEqual(dates);
    for (const g of cal.groups) {
      const firstLow = g.events.findIndex((e) => e.impact !== "high");
      if (firstLow >= 0) expect(g.events.slice(firstLow).every((e) => e.impact !== "high")).toBe(true);
    }
  });
});

describe("home loader", () => {
  it("knows whether the visitor is signed in and carries the calendar", async () => {
    const visitor = (await call(home.loader, "/")) as Awaited<ReturnType<typeof home.loader>>;
    expect(visitor.signedIn).toBe(false);
    expect(visitor.calendar.groups.length).toBeGreaterThan(0);
    const cookie = await signUpAndGetCookie("home@example.com");
    const member = (await call(home.loader, requestWithCookie("/", cookie))) as Awaited<
      ReturnType<typeof home.loader>
    >;
    expect(member.signedIn).toBe(true);
  });
});
