// Issue 10 defect 20: the product's account messages where loading the signed-in user fails.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as layout from "#app/routes/signed-in-layout.tsx";
import * as signin from "#app/routes/signin.tsx";
import { call, makeContext, requestWithCookie, signUpAndGetCookie } from "./helpers";

/** The real D1, except that every statement reading sessions fails (a database outage). */
function sessionsDownDb(): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          if (/\bsession\b/.test(query)) throw new Error("D1_ERROR: simulated outage");
          return target.prepare(query);
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("the signed-in guard", () => {
  it("sends a visitor without a session cookie to sign in, with no message", async () => {
    const res = (await call(layout.loader, "/tickers")) as Response;
    expect(res.headers.get("Location")).toBe("/signin?returnTo=%2Ftickers");
  });

  it("a user signed out under their feet sees 'Error loading user data. Please try again.'", async () => {
    const cookie = await signUpAndGetCookie("signed-out-elsewhere@example.com");
    await env.DB.prepare(
      "DELETE FROM session WHERE user_id = (SELECT id FROM user WHERE email = 'signed-out-elsewhere@example.com')",
    ).run();
    const res = (await call(layout.loader, requestWithCookie("/tickers?view=grid", cookie))) as Response;
    const location = res.headers.get("Location")!;
    expect(location).toBe("/signin?notice=session_ended&returnTo=%2Ftickers%3Fview%3Dgrid");
    const page = (await call(signin.loader, location)) as Awaited<ReturnType<typeof signin.loader>>;
    expect(page.error).toBe("Error loading user data. Please try again.");
    expect(page.returnTo).toBe("/tickers?view=grid");
  });

  it("a failure to read the user answers 503 'Failed to fetch user data. Please try again.'", async () => {
    const cookie = await signUpAndGetCookie("db-down-guard@example.com");
    const thrown = await call(layout.loader, requestWithCookie("/tickers", cookie), {
      context: makeContext({ DB: sessionsDownDb() }),
    }).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      data: "Failed to fetch user data. Please try again.",
      init: { status: 503 },
    });
  });
});
