import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call, makeContext, requestWithCookie, signUpAndGetCookie } from "./helpers";
import { cookiePairs, formPost, outcome, outboxFor, setUser } from "./auth-helpers";
import * as adminLogin from "#app/routes/admin-login.tsx";
import * as adminForgot from "#app/routes/admin-forgot-password.tsx";
import * as adminRoute from "#app/routes/admin-layout.tsx";
import * as apiAuth from "#app/routes/api.auth.ts";
import * as root from "#app/root.tsx";

async function makeUser(email: string, opts: { role?: string; adminRow?: boolean } = {}) {
  await signUpAndGetCookie(email, "admin-secret");
  if (opts.role) await setUser(email, { role: opts.role });
  if (opts.adminRow) await env.DB.prepare("insert into admins (email) values (?)").bind(email).run();
}

async function sessionCount(email: string) {
  return env.DB.prepare(
    "select count(*) as n from session s join user u on u.id = s.user_id where u.email = ?",
  )
    .bind(email)
    .first<number>("n");
}

describe("admin sign-in", () => {
  it("requires email and password", async () => {
    const res = outcome(await call(adminLogin.action, formPost("/admin/login", { email: "", password: "" })));
    expect(res.body).toEqual({ error: "Please enter both email and password" });
  });

  it("says 'Failed to sign in' for wrong credentials", async () => {
    await makeUser("admin-wrong@example.com", { role: "admin", adminRow: true });
    const res = outcome(
      await call(
        adminLogin.action,
        formPost("/admin/login", { email: "admin-wrong@example.com", password: "nope-nope" }),
      ),
    );
    expect(res.body).toEqual({ error: "Failed to sign in" });
  });

  it.each([
    ["a plain user", "plain@example.com", {}],
    ["an admin-role user without an admins row", "roleonly@example.com", { role: "admin" }],
    ["an admins row without the admin role", "rowonly@example.com", { adminRow: true }],
  ])("denies %s and leaves no session behind", async (_label, email, opts) => {
    await makeUser(email, opts);
    const sessionsBefore = await sessionCount(email);
    const res = outcome(
      await call(adminLogin.action, formPost("/admin/login", { email, password: "admin-secret" })),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Not authorized as admin" });
    expect(await sessionCount(email)).toBe(sessionsBefore);
    expect(res.cookies.join(";")).not.toMatch(/better-auth\.session_token=[^;]/);
  });

  it("lets a real admin in, and /admin/login then redirects to /admin", async () => {
    await makeUser("boss@example.com", { role: "admin", adminRow: true });
    const res = outcome(
      await call(
        adminLogin.action,
        formPost("/admin/login", { email: "boss@example.com", password: "admin-secret" }),
      ),
    );
    expect(res.location).toBe("/admin");
    const cookie = cookiePairs(res.cookies);
    expect(await call(adminRoute.loader, requestWithCookie("/admin", cookie))).toMatchObject({
      email: "boss@example.com",
    });
    expect(outcome(await call(adminLogin.loader, requestWithCookie("/admin/login", cookie))).location).toBe(
      "/admin",
    );
    const shell = (await call(root.loader, requestWithCookie("/", cookie))) as Awaited<
      ReturnType<typeof root.loader>
    >;
    expect(shell.user).toMatchObject({ isAdmin: true, planBadge: "Admin" });
  });
});

describe("/admin gate", () => {
  it("sends visitors and non-admins to /admin/login", async () => {
    expect(outcome(await call(adminRoute.loader, "/admin")).location).toBe("/admin/login");
    const cookie = await signUpAndGetCookie("nonadmin-gate@example.com");
    expect(outcome(await call(adminRoute.loader, requestWithCookie("/admin", cookie))).location).toBe(
      "/admin/login",
    );
    await setUser("nonadmin-gate@example.com", { role: "admin" });
    expect(outcome(await call(adminRoute.loader, requestWithCookie("/admin", cookie))).location).toBe(
      "/admin/login",
    );
  });
});

describe("admin password reset", () => {
  it("needs an admin record", async () => {
    await makeUser("justuser@example.com");
    const res = outcome(
      await call(adminForgot.action, formPost("/admin/forgot-password", { email: "justuser@example.com" })),
    );
    expect(res.body).toEqual({ error: "No admin account found with this email" });
    expect(await outboxFor("justuser@example.com")).toEqual([]);
  });

  it("validates the email", async () => {
    const res = outcome(await call(adminForgot.action, formPost("/admin/forgot-password", { email: "" })));
    expect(res.body).toEqual({ error: "Please enter a valid email address" });
  });

  it("emails a link that lands on the reset page and then /admin/login", async () => {
    await makeUser("reset-admin@example.com", { role: "admin", adminRow: true });
    const res = outcome(
      await call(
        adminForgot.action,
        formPost("/admin/forgot-password", { email: "reset-admin@example.com" }),
      ),
    );
    expect(res.body).toEqual({ sent: true, email: "reset-admin@example.com" });
    const [mail] = await outboxFor("reset-admin@example.com");
    const link = /http:\/\/localhost\/api\/auth\/reset-password\/\S+/.exec(mail!.text)![0];
    const landing = await apiAuth.loader({ request: new Request(link), context: makeContext() } as never);
    const target = new URL(landing.headers.get("Location")!, "http://localhost");
    expect(target.pathname).toBe("/reset-password");
    expect(target.searchParams.get("next")).toBe("admin");
  });
});

describe("a signed-in regular user on /admin/login (defect 11)", () => {
  it("keeps their session when their own credentials are refused as not admin", async () => {
    const cookie = await signUpAndGetCookie("regular-on-admin@example.com", "admin-secret");
    const res = outcome(
      await call(
        adminLogin.action,
        formPost(
          "/admin/login",
          { email: "regular-on-admin@example.com", password: "admin-secret" },
          { cookie },
        ),
      ),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Not authorized as admin" });
    // No Set-Cookie that clears the browser's session cookie...
    expect(res.cookies.join(";")).not.toMatch(/session_token=;|session_token=""|Max-Age=0/i);
    // ...and the session the user had still works.
    const shell = (await call(root.loader, requestWithCookie("/", cookie))) as Awaited<
      ReturnType<typeof root.loader>
    >;
    expect(shell.user?.email).toBe("regular-on-admin@example.com");
    expect(await sessionCount("regular-on-admin@example.com")).toBe(1);
  });
});
