import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call, makeContext, ORIGIN, requestWithCookie } from "./helpers";
import { cookiePairs, formPost, freshIp, outcome, outboxFor, userRow } from "./auth-helpers";
import * as signin from "#app/routes/signin.tsx";
import * as signup from "#app/routes/signup.tsx";
import * as forgot from "#app/routes/forgot-password.tsx";
import * as reset from "#app/routes/reset-password.tsx";
import * as changePassword from "#app/routes/change-password.tsx";
import * as apiAuth from "#app/routes/api.auth.ts";
import * as signout from "#app/routes/signout.tsx";
import * as devOutbox from "#app/routes/dev.outbox.ts";

const POLICIES = { acceptRisk: "on", acceptTerms: "on" };

async function signUp(email: string, password = "secret-password", extra: Record<string, string> = {}) {
  const res = outcome(
    await call(
      signup.action,
      formPost("/signup", { intent: "email", email, password, ...POLICIES, ...extra }),
    ),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(302);
  return { ...res, cookie: cookiePairs(res.cookies) };
}

async function signInAttempt(fields: Record<string, string>, ip?: string) {
  return outcome(await call(signin.action, formPost("/signin", { intent: "email", ...fields }, { ip })));
}

describe("sign-up", () => {
  it.each([
    [
      { email: "a@example.com", password: "secret1" },
      "Please agree to both the Risk Disclosure and Terms of Use",
    ],
    [
      { email: "a@example.com", password: "secret1", acceptRisk: "on" },
      "Please agree to both the Risk Disclosure and Terms of Use",
    ],
    [
      { email: "a@example.com", password: "secret1", acceptTerms: "on" },
      "Please agree to both the Risk Disclosure and Terms of Use",
    ],
    [{ email: "not-an-email", password: "secret1", ...POLICIES }, "Please enter a valid email address"],
    [{ email: "", password: "secret1", ...POLICIES }, "Please enter a valid email address"],
    [{ email: "a@example.com", password: "12345", ...POLICIES }, "Password should be at least 6 characters"],
  ])("refuses %j with the product's message", async (fields, message) => {
    const res = outcome(await call(signup.action, formPost("/signup", { intent: "email", ...fields })));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    expect(await userRow("a@example.com")).toBeNull();
  });

  it("creates the account, signs in, goes to the trade ideas and records the product's sign-up analytics", async () => {
    const res = await signUp("new@example.com", "secret1");
    expect(res.location).toBe("/suggested-trades");
    expect(res.cookie).toContain("better-auth.session_token=");
    const user = await userRow("new@example.com");
    const events = await env.DB.prepare(
      "select name, properties from analytics_events where user_id = ? order by name",
    )
      .bind(user!.id)
      .all<{ name: string; properties: string }>();
    const method = JSON.stringify({ method: "email" });
    expect(events.results).toEqual([
      { name: "SignUp", properties: method },
      { name: "identify", properties: JSON.stringify({ user_id: user!.id, plan: "Free Plan" }) },
      { name: "sign_up", properties: method },
      { name: "signup", properties: method },
    ]);
    // Decision 023: no email in analytics rows.
    expect(JSON.stringify(events.results)).not.toContain("new@example.com");
  });

  it("says the email is taken", async () => {
    await signUp("taken@example.com");
    const res = outcome(
      await call(
        signup.action,
        formPost("/signup", {
          intent: "email",
          email: "taken@example.com",
          password: "another-pass",
          ...POLICIES,
        }),
      ),
    );
    expect(res.body).toEqual({ error: "An account with this email already exists" });
  });

  it("goes to the remembered address, and never to another site", async () => {
    expect((await signUp("ret1@example.com", "secret1", { returnTo: "/pricing" })).location).toBe("/pricing");
    expect(
      (await signUp("ret2@example.com", "secret1", { returnTo: "https://evil.example/steal" })).location,
    ).toBe("/suggested-trades");
    expect((await signUp("ret3@example.com", "secret1", { returnTo: "//evil.example" })).location).toBe(
      "/suggested-trades",
    );
  });

  it("marks a pending invite accepted", async () => {
    await env.DB.prepare(
      "insert into invites (id, email, status) values ('inv1', 'invited@example.com', 'pending')",
    ).run();
    const page = (await call(signup.loader, "/signup?invite=inv1")) as { invite: { email: string } | null };
    expect(page.invite?.email).toBe("invited@example.com");
    await signUp("invited@example.com", "secret1", { invite: "inv1" });
    expect(await env.DB.prepare("select status from invites where id = 'inv1'").first("status")).toBe(
      "accepted",
    );
  });

  it("returns the product's fields from get-session and refuses to let the user write them", async () => {
    const { cookie } = await signUp("fields@example.com");
    const update = await apiAuth.action({
      request: new Request(`${ORIGIN}/api/auth/update-user`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({
          subscriptionTier: "Elite Plan",
          subscriptionStatus: "active",
          hasUsedTrial: false,
        }),
      }),
      context: makeContext(),
    } as never);
    expect(update.status).toBe(400);
    const res = await apiAuth.loader({
      request: requestWithCookie("/api/auth/get-session", cookie),
      context: makeContext(),
    } as never);
    const body = (await res.json()) as { user: Record<string, unknown> };
    // The automatic trial applied at the first session; the attempted write changed nothing.
    expect(body.user).toMatchObject({
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "trialing",
      hasUsedTrial: true,
      lastSubscriptionTier: "Free Plan",
      cancelAtPeriodEnd: false,
    });
    expect(body.user).toHaveProperty("trialEnd");
    expect(body.user).toHaveProperty("currentPeriodEnd");
    expect(body.user).toHaveProperty("subscriptionId");
  });
});

describe("sign-in", () => {
  it.each([
    [{ email: "", password: "" }, "Please enter both email and password"],
    [{ email: "x@example.com", password: "" }, "Please enter both email and password"],
    [{ email: "", password: "secret1" }, "Please enter both email and password"],
    [{ email: "not-an-email", password: "secret1" }, "Please enter a valid email address"],
    [
      { email: "nobody@example.com", password: "secret1" },
      "Invalid email or password. Please check your credentials and try again.",
    ],
  ])("refuses %j with the product's message", async (fields, message) => {
    const res = await signInAttempt(fields);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it("refuses a wrong password without saying which part was wrong", async () => {
    await signUp("wrongpw@example.com");
    const res = await signInAttempt({ email: "wrongpw@example.com", password: "not-the-password" });
    expect(res.body).toEqual({
      error: "Invalid email or password. Please check your credentials and try again.",
    });
  });

  it("signs in and returns to the guarded URL with its query", async () => {
    await signUp("back@example.com");
    const res = await signInAttempt({
      email: "back@example.com",
      password: "secret-password",
      returnTo: "/tickers?view=grid&sort=rsi",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/tickers?view=grid&sort=rsi");
    expect(cookiePairs(res.cookies)).toContain("better-auth.session_token=");
  });

  it.each([
    "https://evil.example/x",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
    "/signin?returnTo=/x",
  ])("ignores a hostile or looping return address %s", async (returnTo) => {
    await signUp(`hostile${encodeURIComponent(returnTo).length}@example.com`);
    const res = await signInAttempt({
      email: `hostile${encodeURIComponent(returnTo).length}@example.com`,
      password: "secret-password",
      returnTo,
    });
    expect(res.location).toBe("/suggested-trades");
  });

  it("sends signed-in users away from /signin and /signup", async () => {
    const { cookie } = await signUp("already@example.com");
    expect(
      outcome(await call(signin.loader, requestWithCookie("/signin?returnTo=%2Fwheels", cookie))).location,
    ).toBe("/wheels");
    // One hop: straight to the trade ideas screen, not via the /suggested-trades alias.
    expect(outcome(await call(signup.loader, requestWithCookie("/signup", cookie))).location).toBe(
      "/spreads",
    );
    expect(
      outcome(await call(signup.loader, requestWithCookie("/signup?returnTo=%2Fdashboard%3Ftab%3Dx", cookie)))
        .location,
    ).toBe("/spreads?tab=x");
    expect(outcome(await call(signin.loader, requestWithCookie("/signin", cookie))).location).toBe(
      "/spreads",
    );
  });

  it("answers 429 with the product's message after a burst of attempts (D1 rate limit)", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let last: ReturnType<typeof outcome> | null = null;
    for (let i = 0; i < 12; i++) {
      last = await signInAttempt({ email: "burst@example.com", password: "wrong-password" }, ip);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last!.body).toEqual({ error: "Too many attempts. Please try again later" });
    // Another client is not affected (another account: this one is now held by the per-account throttle too).
    expect(
      (await signInAttempt({ email: "burst-other@example.com", password: "wrong-password" }, freshIp()))
        .status,
    ).toBe(400);
    expect((await signInAttempt({ email: "burst@example.com", password: "wrong-password" })).status).toBe(
      429,
    );
    const rows = await env.DB.prepare("select count(*) as n from rate_limit where key like ?")
      .bind(`${ip}|%`)
      .first("n");
    expect(rows).toBeGreaterThan(0);
  });

  it("rate-limits sign-up and reset requests too", async () => {
    const ip = freshIp();
    let signUpStatus = 0;
    for (let i = 0; i < 6; i++)
      signUpStatus = outcome(
        await call(
          signup.action,
          formPost(
            "/signup",
            { intent: "email", email: `rl${i}@example.com`, password: "secret1", ...POLICIES },
            { ip },
          ),
        ),
      ).status;
    expect(signUpStatus).toBe(429);
    let resetBody: unknown = null;
    for (let i = 0; i < 6; i++)
      resetBody = outcome(
        await call(forgot.action, formPost("/forgot-password", { email: "rl0@example.com" }, { ip })),
      ).body;
    expect(resetBody).toEqual({ error: "Too many attempts. Please try again later" });
  });
});

describe("social sign-in", () => {
  it("answers 'not enabled' when Google or Apple is not configured", async () => {
    for (const provider of ["google", "apple"]) {
      const res = outcome(await call(signin.action, formPost("/signin", { intent: provider })));
      expect(res.body).toEqual({ error: "This sign in method is not enabled. Please contact support" });
    }
  });

  it("needs both policy boxes for a social sign-up", async () => {
    const context = makeContext({ GOOGLE_CLIENT_ID: "gid", GOOGLE_CLIENT_SECRET: "gsecret" });
    const res = outcome(
      await call(signup.action, formPost("/signup", { intent: "google", acceptRisk: "on" }), { context }),
    );
    expect(res.body).toEqual({ error: "Please agree to both the Risk Disclosure and Terms of Use" });
  });

  it("redirects to Google with a state cookie when configured", async () => {
    const context = makeContext({ GOOGLE_CLIENT_ID: "gid", GOOGLE_CLIENT_SECRET: "gsecret" });
    const res = outcome(
      await call(
        signup.action,
        formPost("/signup", { intent: "google", ...POLICIES, returnTo: "/pricing" }),
        { context },
      ),
    );
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^https:\/\/accounts\.google\.com\//);
    expect(res.cookies.join(";")).toContain("better-auth.state=");
  });

  it("sends a social sign-in without an account to /signup with 'Please sign up first'", async () => {
    const res = outcome(await call(signin.loader, "/signin?error=signup_disabled"));
    expect(res.location).toBe("/signup?error=signup_first");
    const page = (await call(signup.loader, "/signup?error=signup_first")) as { error: string };
    expect(page.error).toBe("Please sign up first to create an account");
  });

  it("maps other provider errors", async () => {
    const page = (await call(signin.loader, "/signin?error=access_denied")) as { error: string };
    expect(page.error).toBe("Sign in was cancelled. Please try again");
  });
});

describe("change password", () => {
  it.each([
    [
      { currentPassword: "secret-password", newPassword: "newpass1", confirmPassword: "newpass2" },
      "New passwords do not match",
    ],
    [
      { currentPassword: "secret-password", newPassword: "short", confirmPassword: "short" },
      "New password must be at least 6 characters long",
    ],
    [
      { currentPassword: "wrong-current", newPassword: "newpass1", confirmPassword: "newpass1" },
      "Current password is incorrect",
    ],
  ])("refuses %j", async (fields, message) => {
    const { cookie } = await signUp(`cp${message.length}@example.com`);
    const res = outcome(await call(changePassword.action, formPost("/change-password", fields, { cookie })));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it("needs a signed-in user", async () => {
    const res = outcome(
      await call(
        changePassword.action,
        formPost("/change-password", {
          currentPassword: "a",
          newPassword: "bbbbbb",
          confirmPassword: "bbbbbb",
        }),
      ),
    );
    expect(res.location).toBe("/signin?returnTo=%2Fchange-password");
  });

  it("changes it after re-verifying the current one", async () => {
    const { cookie } = await signUp("change@example.com");
    const res = outcome(
      await call(
        changePassword.action,
        formPost(
          "/change-password",
          { currentPassword: "secret-password", newPassword: "brand-new-1", confirmPassword: "brand-new-1" },
          { cookie },
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty("success");
    expect(cookiePairs(res.cookies)).toContain("better-auth.session_token=");
    expect((await signInAttempt({ email: "change@example.com", password: "secret-password" })).status).toBe(
      400,
    );
    expect((await signInAttempt({ email: "change@example.com", password: "brand-new-1" })).status).toBe(302);
  });
});

describe("change password for an account without a password (defect 10)", () => {
  async function socialOnly(email: string) {
    const { cookie } = await signUp(email);
    const user = await userRow(email);
    // As if the account had been created by Google sign-in: no credential account, a google one.
    await env.DB.batch([
      env.DB.prepare("delete from account where user_id = ? and provider_id = 'credential'").bind(user!.id),
      env.DB.prepare(
        "insert into account (id, account_id, provider_id, user_id, created_at, updated_at) values (?, ?, 'google', ?, ?, ?)",
      ).bind(`acc-${user!.id}`, `g-${user!.id}`, user!.id, Date.now(), Date.now()),
    ]);
    return cookie;
  }

  const NO_PASSWORD =
    "This account signs in with Google or Apple and has no password yet. Use 'Forgot password' to set one.";

  it("says the account has no password instead of 'Current password is incorrect'", async () => {
    const cookie = await socialOnly("social-only@example.com");
    const res = outcome(
      await call(
        changePassword.action,
        formPost(
          "/change-password",
          { currentPassword: "anything", newPassword: "brand-new-1", confirmPassword: "brand-new-1" },
          { cookie },
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: NO_PASSWORD });
  });

  it("tells the page, which offers the reset email instead of the form", async () => {
    const cookie = await socialOnly("social-only-page@example.com");
    expect(await call(changePassword.loader, requestWithCookie("/change-password", cookie))).toEqual({
      email: "social-only-page@example.com",
      hasPassword: false,
    });
    const { cookie: withPassword } = await signUp("has-password@example.com");
    expect(await call(changePassword.loader, requestWithCookie("/change-password", withPassword))).toEqual({
      email: "has-password@example.com",
      hasPassword: true,
    });
  });
});

describe("password reset", () => {
  it("validates the email", async () => {
    const res = outcome(await call(forgot.action, formPost("/forgot-password", { email: "nope" })));
    expect(res.body).toEqual({ error: "Please enter a valid email address" });
  });

  it("emails a link (text and HTML) that leads to a new password and back to /signin", async () => {
    await signUp("reset@example.com");
    const sent = outcome(
      await call(forgot.action, formPost("/forgot-password", { email: "reset@example.com" })),
    );
    expect(sent.body).toEqual({ sent: true, email: "reset@example.com" });
    const [mail] = await outboxFor("reset@example.com");
    expect(mail).toMatchObject({ kind: "reset-password", status: "captured" });
    const link = /http:\/\/localhost\/api\/auth\/reset-password\/\S+/.exec(mail!.text)![0];
    expect(mail!.html).toContain(link.replace(/&/g, "&amp;"));

    const landing = await apiAuth.loader({ request: new Request(link), context: makeContext() } as never);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token")!;

    const mismatch = outcome(
      await call(
        reset.action,
        formPost("/reset-password", { token, newPassword: "resetpass1", confirmPassword: "other" }),
      ),
    );
    expect(mismatch.body).toEqual({ error: "New passwords do not match" });
    const done = outcome(
      await call(
        reset.action,
        formPost("/reset-password", { token, newPassword: "resetpass1", confirmPassword: "resetpass1" }),
      ),
    );
    expect(done.location).toBe("/signin?notice=password_reset");
    expect((await signInAttempt({ email: "reset@example.com", password: "resetpass1" })).status).toBe(302);
    // The token is single-use.
    const again = outcome(
      await call(
        reset.action,
        formPost("/reset-password", { token, newPassword: "resetpass2", confirmPassword: "resetpass2" }),
      ),
    );
    expect(again.body).toEqual({
      error: "This reset link is invalid or has expired. Please request a new one.",
    });
  });

  it("does not reveal whether an account exists", async () => {
    const res = outcome(
      await call(forgot.action, formPost("/forgot-password", { email: "ghost@example.com" })),
    );
    expect(res.body).toEqual({ sent: true, email: "ghost@example.com" });
    expect(await outboxFor("ghost@example.com")).toEqual([]);
  });
});

describe("sign-out and the dev outbox", () => {
  it("ends the session", async () => {
    const { cookie } = await signUp("out@example.com");
    const res = outcome(await call(signout.action, formPost("/signout", {}, { cookie })));
    expect(res.location).toBe("/");
    expect(res.cookies.join(";")).toMatch(/better-auth\.session_token=;/);
    const session = await apiAuth.loader({
      request: requestWithCookie("/api/auth/get-session", cookie),
      context: makeContext(),
    } as never);
    expect(await session.json()).toBeNull();
  });

  it("exists only in development on a loopback host", async () => {
    expect(((await call(devOutbox.loader, "/__dev/outbox")) as Response).status).toBe(404);
    const dev = makeContext({ APP_ENV: "development" });
    expect(
      (
        (await call(devOutbox.loader, new Request("https://wheelhouse.example/__dev/outbox"), {
          context: dev,
        })) as Response
      ).status,
    ).toBe(404);
    const ok = (await call(devOutbox.loader, "/__dev/outbox?to=reset@example.com", {
      context: dev,
    })) as Response;
    expect(ok.status).toBe(200);
    expect(Array.isArray(await ok.json())).toBe(true);
  });

  it("shows a browser each email's HTML in a sandboxed frame, with everything around it escaped", async () => {
    const dev = makeContext({ APP_ENV: "development" });
    const to = "outbox-page@example.com";
    const hostile = `<script>alert(1)</script><b onclick="x()">Eve's "name"</b>`;
    await env.DB.prepare(
      "insert into email_outbox (id, `to`, subject, text, html, kind, status, attempts, created_at) values (?, ?, ?, ?, ?, 'reset-password', 'captured', 0, ?)",
    )
      .bind(
        crypto.randomUUID(),
        to,
        `Hi ${hostile}`,
        `text ${hostile}`,
        `<p>Hello ${hostile}</p>`,
        Date.now(),
      )
      .run();
    const page = (await call(
      devOutbox.loader,
      new Request(`${ORIGIN}/__dev/outbox?to=${encodeURIComponent(to)}`, {
        headers: { Accept: "text/html,application/xhtml+xml" },
      }),
      { context: dev },
    )) as Response;
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await page.text();
    // One frame per email, sandboxed with no allowances; the email's markup only inside srcdoc, escaped.
    const frames = [...html.matchAll(/<iframe ([^>]*)>/g)].map((m) => m[1]!);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatch(/(^| )sandbox( |$)/);
    expect(frames[0]).not.toMatch(/allow-/);
    expect(frames[0]).toContain(
      'srcdoc="&lt;p&gt;Hello &lt;script&gt;alert(1)&lt;/script&gt;&lt;b onclick=&quot;x()&quot;&gt;Eve&#39;s &quot;name&quot;&lt;/b&gt;&lt;/p&gt;"',
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b onclick");
    expect(html).toContain('href="/__dev/outbox?to=outbox-page%40example.com&amp;format=json"');
    // The JSON view stays: asked for by ?format=json, or by any client that does not ask for HTML.
    for (const req of [
      new Request(`${ORIGIN}/__dev/outbox?to=${encodeURIComponent(to)}&format=json`, {
        headers: { Accept: "text/html" },
      }),
      new Request(`${ORIGIN}/__dev/outbox?to=${encodeURIComponent(to)}`),
    ]) {
      const json = (await call(devOutbox.loader, req, { context: dev })) as Response;
      expect(((await json.json()) as { html: string }[])[0]!.html).toBe(`<p>Hello ${hostile}</p>`);
    }
    // Production stays closed whatever the format.
    const prod = (await call(devOutbox.loader, "/__dev/outbox?format=html")) as Response;
    expect(prod.status).toBe(404);
  });
});
