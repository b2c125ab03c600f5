/// <reference types="vite/client" />
// The account fields better-auth lets a user write (issue "Take this first", items 1, 4, 5): a name or image
// that is not text within its limits is refused with a 400 before it reaches D1, is repaired by the database
// whoever writes it, never signs anyone out, and the back office can see and reset it.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import migration0011 from "../../migrations/0011_user_profile_fields.sql?raw";
import { call, makeContext, ORIGIN, requestWithCookie, signUpAndGetCookie, testEnv } from "./helpers";
import { freshIp } from "./auth-helpers";
import { adminPost, makeAdmin } from "./board-helpers";
import * as apiAuth from "#app/routes/api.auth.ts";
import * as adminLayout from "#app/routes/admin-layout.tsx";
import { getSession } from "#app/server/auth/session.server.ts";
import { getAuth } from "#app/server/auth/auth.server.ts";
import { PROFILE_MESSAGES } from "#app/lib/profile.ts";
import { POLICY_CONSENT } from "#app/lib/auth-validation.ts";

function apiPost(path: string, body: unknown, cookie?: string) {
  const headers = new Headers({
    "Content-Type": "application/json",
    Origin: ORIGIN,
    "cf-connecting-ip": freshIp(),
  });
  if (cookie) headers.set("Cookie", cookie);
  return apiAuth.action({
    request: new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
    context: makeContext(),
  } as never) as Promise<Response>;
}

function readSession(cookie: string) {
  return apiAuth.loader({
    request: new Request(`${ORIGIN}/api/auth/get-session`, {
      headers: { Cookie: cookie, "cf-connecting-ip": freshIp() },
    }),
    context: makeContext(),
  } as never) as Promise<Response>;
}

async function stored(email: string) {
  return env.DB.prepare(
    "select typeof(name) as nameType, name, typeof(image) as imageType, image from user where email = ?",
  )
    .bind(email)
    .first<{ nameType: string; name: unknown; imageType: string; image: unknown }>();
}

const BAD_NAMES: unknown[] = [
  [],
  [1, 2],
  null,
  {},
  ["a"],
  [[1]],
  5,
  true,
  "",
  "   ",
  "x".repeat(101),
  "y".repeat(1_000_000),
];
const BAD_IMAGES: unknown[] = [
  [],
  [1, 2],
  {},
  ["a"],
  [[1]],
  5,
  "not a web address",
  "javascript:alert(1)",
  `https://example.com/${"a".repeat(2048)}`,
];

describe("update-user: name and image", () => {
  it("refuses every non-text or oversized value with a 400 and a message, and stores nothing", async () => {
    const email = "fields@example.com";
    const cookie = await signUpAndGetCookie(email);
    for (const name of BAD_NAMES) {
      const res = await apiPost("/update-user", { name }, cookie);
      expect(res.status, JSON.stringify(name)?.slice(0, 40)).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "INVALID_PROFILE_FIELD",
        message: PROFILE_MESSAGES.nameInvalid,
      });
    }
    for (const image of BAD_IMAGES) {
      const res = await apiPost("/update-user", { image }, cookie);
      expect(res.status, JSON.stringify(image)?.slice(0, 40)).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "INVALID_PROFILE_FIELD",
        message: PROFILE_MESSAGES.imageInvalid,
      });
    }
    expect(await stored(email)).toEqual({ nameType: "text", name: "fields", imageType: "null", image: null });
    const session = await readSession(cookie);
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { name: string } }).user.name).toBe("fields");
  });

  it("accepts a name of up to 100 characters (stored trimmed) and a web address or nothing as the image", async () => {
    const email = "fields-ok@example.com";
    const cookie = await signUpAndGetCookie(email);
    expect((await apiPost("/update-user", { name: "  Ann Lee  " }, cookie)).status).toBe(200);
    expect((await stored(email))!.name).toBe("Ann Lee");
    expect((await apiPost("/update-user", { name: "n".repeat(100) }, cookie)).status).toBe(200);
    expect((await apiPost("/update-user", { image: "https://example.com/a.png" }, cookie)).status).toBe(200);
    expect((await stored(email))!.image).toBe("https://example.com/a.png");
    expect((await apiPost("/update-user", { image: null }, cookie)).status).toBe(200);
    expect(await stored(email)).toMatchObject({ name: "n".repeat(100), image: null });
  });
});

describe("sign-up: name and image", () => {
  it("refuses a name that is not text of 1 to 100 characters, and creates no account", async () => {
    for (const name of [[], "z".repeat(300_000), 7, ""]) {
      const res = await apiPost("/sign-up/email", {
        email: "long-name@example.com",
        password: "secret-password",
        name,
        ...POLICY_CONSENT,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: PROFILE_MESSAGES.nameInvalid });
    }
    const res = await apiPost("/sign-up/email", {
      email: "long-name@example.com",
      password: "secret-password",
      name: "ok",
      image: [1],
      ...POLICY_CONSENT,
    });
    expect(res.status).toBe(400);
    expect(
      await env.DB.prepare("select count(*) as n from user where email = ?")
        .bind("long-name@example.com")
        .first("n"),
    ).toBe(0);
  });

  it("caps the name a social profile brings (the OAuth path writes through better-auth's adapter)", async () => {
    const ctx = await getAuth(testEnv, new Request(ORIGIN)).$context;
    await ctx.internalAdapter.createUser(
      {
        email: "oauth-long@example.com",
        name: "G".repeat(500),
        image: "data:,",
      },
      { method: "oauth", oauth: { providerId: "google" } } as never,
    );
    expect(await stored("oauth-long@example.com")).toMatchObject({ name: "G".repeat(100), image: null });
    await ctx.internalAdapter.createUser(
      {
        email: "oauth-blank@example.com",
        name: "  ",
        emailVerified: true,
      },
      { method: "oauth", oauth: { providerId: "google" } } as never,
    );
    expect((await stored("oauth-blank@example.com"))!.name).toBe("oauth-blank");
  });
});

describe("a bad row never signs anyone out", () => {
  it("repairs a BLOB or oversized name written straight to D1, and the session still reads", async () => {
    const email = "raw-write@example.com";
    const cookie = await signUpAndGetCookie(email);
    for (const value of ["X'00ff'", "zeroblob(8)"]) {
      await env.DB.prepare(`update user set name = ${value}, image = ${value} where email = ?`)
        .bind(email)
        .run();
      expect(await stored(email)).toEqual({
        nameType: "text",
        name: "raw-write",
        imageType: "null",
        image: null,
      });
      const session = await getSession(testEnv, requestWithCookie("/spreads", cookie));
      expect(session?.user.email).toBe(email);
    }
    await env.DB.prepare("update user set name = ? where email = ?").bind("w".repeat(5000), email).run();
    expect((await stored(email))!.name).toBe("w".repeat(100));
  });

  it("migration 0011 repairs rows broken before it (name -> the email's local part, image -> empty)", async () => {
    const statements = migration0011.split("--> statement-breakpoint").map((s) => s.trim());
    await env.DB.exec(
      "DROP TRIGGER user_profile_fields_after_insert; DROP TRIGGER user_profile_fields_after_update;",
    );
    try {
      const email = "broken-before@example.com";
      const cookie = await signUpAndGetCookie(email);
      await env.DB.prepare("update user set name = X'00ff', image = zeroblob(4) where email = ?")
        .bind(email)
        .run();
      expect((await stored(email))!.nameType).toBe("blob");
      const broken = await readSession(cookie);
      expect(broken.status).toBe(500); // the defect, as it was
      await env.DB.prepare(statements[0]!).run();
      expect(await stored(email)).toEqual({
        nameType: "text",
        name: "broken-before",
        imageType: "null",
        image: null,
      });
      expect((await readSession(cookie)).status).toBe(200);
    } finally {
      for (const trigger of statements.slice(1)) await env.DB.prepare(trigger).run();
    }
  });
});

describe("the back office sees and repairs a user's name", () => {
  it("shows the name on the lookup card and resets it (audited)", async () => {
    const email = "renamed@example.com";
    await signUpAndGetCookie(email);
    await env.DB.prepare(
      "update user set name = 'Something rude', image = 'https://x.example/a.png' where email = ?",
    )
      .bind(email)
      .run();
    const boss = await makeAdmin();
    const page = (await call(
      adminLayout.loader,
      requestWithCookie(`/admin?lookup=${email}`, boss.cookie),
    )) as {
      lookup: { user: { name: string; nameType: string; image: string } };
    };
    expect(page.lookup.user).toMatchObject({
      name: "Something rude",
      nameType: "text",
      image: "https://x.example/a.png",
    });
    const res = await adminPost({ intent: "profile-reset", email }, boss.cookie);
    expect(res.status).toBe(200);
    expect(await stored(email)).toMatchObject({ name: "renamed", image: null });
    expect(
      await env.DB.prepare(
        "select count(*) as n from admin_audit_log where action = 'user.profile-reset' and target = ?",
      )
        .bind(email)
        .first("n"),
    ).toBe(1);
  });
});
