// Rules the auth API enforces for every caller, not only for the app's own forms (issue 10, defects 1-2).
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { makeContext, ORIGIN, signUpAndGetCookie } from "./helpers";
import { freshIp, setUser } from "./auth-helpers";
import * as apiAuth from "#app/routes/api.auth.ts";

function apiPost(
  path: string,
  body: Record<string, unknown>,
  opts: { cookie?: string; context?: ReturnType<typeof makeContext> } = {},
) {
  const headers = new Headers({
    "Content-Type": "application/json",
    Origin: ORIGIN,
    "cf-connecting-ip": freshIp(),
  });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  return apiAuth.action({
    request: new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
    context: opts.context ?? makeContext(),
  } as never) as Promise<Response>;
}

async function userCount(email: string) {
  return env.DB.prepare("select count(*) as n from user where email = ?").bind(email).first<number>("n");
}

describe("policy consent on every sign-up path (defect 1)", () => {
  it("refuses a direct POST to /api/auth/sign-up/email without both policies, and creates nothing", async () => {
    for (const consent of [{}, { acceptRisk: true }, { acceptRisk: "on", acceptTerms: "on" }]) {
      const res = await apiPost("/sign-up/email", {
        email: "direct@example.com",
        password: "secret-password",
        name: "direct",
        ...consent,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "POLICIES_NOT_ACCEPTED",
        message: "Please agree to both the Risk Disclosure and Terms of Use",
      });
    }
    expect(await userCount("direct@example.com")).toBe(0);
  });

  it("creates the account when both policies are accepted", async () => {
    const res = await apiPost("/sign-up/email", {
      email: "consented@example.com",
      password: "secret-password",
      name: "consented",
      acceptRisk: true,
      acceptTerms: true,
    });
    expect(res.status).toBe(200);
    expect(await userCount("consented@example.com")).toBe(1);
  });

  it("refuses a social sign-up (requestSignUp) without consent but lets a social sign-in start", async () => {
    const context = makeContext({ GOOGLE_CLIENT_ID: "gid", GOOGLE_CLIENT_SECRET: "gsecret" });
    const refused = await apiPost(
      "/sign-in/social",
      { provider: "google", requestSignUp: true, disableRedirect: true },
      { context },
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe("POLICIES_NOT_ACCEPTED");

    const signUp = await apiPost(
      "/sign-in/social",
      {
        provider: "google",
        requestSignUp: true,
        disableRedirect: true,
        additionalData: { acceptRisk: true, acceptTerms: true },
      },
      { context },
    );
    expect(signUp.status).toBe(200);
    const signIn = await apiPost(
      "/sign-in/social",
      { provider: "google", disableRedirect: true },
      { context },
    );
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { url: string }).url).toMatch(/^https:\/\/accounts\.google\.com\//);
  });
});

describe("better-auth admin plugin endpoints (defect 2; decision 213)", () => {
  async function listUsers(cookie: string) {
    return apiAuth.loader({
      request: new Request(`${ORIGIN}/api/auth/admin/list-users`, {
        headers: { Cookie: cookie, "cf-connecting-ip": freshIp() },
      }),
      context: makeContext(),
    } as never) as Promise<Response>;
  }

  it("are closed over HTTP, even to a real admin (role and admins row): the back office uses none", async () => {
    const cookie = await signUpAndGetCookie("real-admin-api@example.com");
    await setUser("real-admin-api@example.com", { role: "admin" });
    await env.DB.prepare("insert into admins (email) values (?)").bind("real-admin-api@example.com").run();
    await signUpAndGetCookie("victim-api@example.com");
    const target = await env.DB.prepare("select id from user where email = ?")
      .bind("victim-api@example.com")
      .first<string>("id");
    expect((await listUsers(cookie)).status).toBe(404);
    const attempts: [string, Record<string, unknown>][] = [
      ["/admin/set-role", { userId: target, role: "admin" }],
      ["/admin/ban-user", { userId: target }],
      ["/admin/set-user-password", { userId: target, newPassword: "taken-over-1" }],
      ["/admin/remove-user", { userId: target }],
      [
        "/admin/create-user",
        {
          email: "made@example.com",
          password: "made-password",
          name: "m",
          data: { subscriptionTier: "Elite Plan" },
        },
      ],
      ["/admin/impersonate-user", { userId: target }],
      ["/admin/update-user", { userId: target, data: { name: [] } }],
    ];
    for (const [path, body] of attempts)
      expect((await apiPost(path, body, { cookie })).status, path).toBe(404);
    expect(
      await env.DB.prepare("select role, banned from user where email = ?")
        .bind("victim-api@example.com")
        .first(),
    ).toEqual({ role: "user", banned: 0 });
    expect(await userCount("made@example.com")).toBe(0);
    expect(
      await env.DB.prepare("select count(*) as n from session where impersonated_by is not null").first("n"),
    ).toBe(0);
  });

  it("keep the plugin's server-side part: a banned account cannot sign in", async () => {
    await signUpAndGetCookie("banned-api@example.com");
    await setUser("banned-api@example.com", { banned: 1 });
    const res = await apiPost("/sign-in/email", {
      email: "banned-api@example.com",
      password: "secret-password",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "BANNED_USER" });
  });

  it("refuses a visitor", async () => {
    expect((await listUsers("")).status).toBe(404);
  });
});
