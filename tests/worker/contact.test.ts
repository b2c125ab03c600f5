import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { action as contactAction } from "#app/routes/api.contact.ts";
import { loader as healthLoader } from "#app/routes/api.health.ts";
import { CONTACT_PER_HOUR } from "#app/server/contact.server.ts";
import { call, makeContext, signUpAndGetCookie } from "./helpers";
import { freshIp, outboxFor } from "./auth-helpers";
import { bodyOf, jsonPost } from "./billing-helpers";

const PASS = "1x0000000000000000000000000000000AA";
const FAIL = "2x0000000000000000000000000000000AA";
const TEAM = "team@wheelhouse.test";

const turnstile = (secret: string) =>
  makeContext({
    TURNSTILE_SITE_KEY: secret === PASS ? "1x00000000000000000000AA" : "2x00000000000000000000AB",
    TURNSTILE_SECRET_KEY: secret,
    TURNSTILE_API_BASE: `${inject("fakeOrigin")}/turnstile`,
    SUPPORT_EMAIL: TEAM,
  });

async function send(
  body: unknown,
  opts: { cookie?: string; ip?: string; context?: ReturnType<typeof makeContext> } = {},
) {
  return bodyOf(
    await call(contactAction, jsonPost("/api/contact", body, { cookie: opts.cookie, ip: opts.ip }), {
      context: opts.context ?? makeContext({ SUPPORT_EMAIL: TEAM }),
    }),
  );
}

async function storedFrom(email: string) {
  return (
    await env.DB.prepare(
      "select email, subject, message, user_id as userId from contact_messages where email = ?",
    )
      .bind(email)
      .all<{ email: string; subject: string; message: string; userId: string | null }>()
  ).results;
}

let n = 0;
const address = (tag: string) => `contact-${tag}-${Date.now()}-${++n}@example.com`;

describe("POST /api/contact", () => {
  it("offline (no Turnstile keys) a visitor's message is stored and emailed to the team without a captcha", async () => {
    const from = address("offline");
    const res = await send({ email: ` ${from} `, message: "  How do refunds work?  ", recaptchaToken: null });
    expect(res).toEqual({ status: 200, json: { ok: true } });
    expect(await storedFrom(from)).toEqual([
      {
        email: from,
        subject: "[Non User] Question on Pricing/Billing",
        message: "How do refunds work?",
        userId: null,
      },
    ]);
    const mail = (await outboxFor(TEAM)).find((m) => m.text.includes(from));
    expect(mail).toMatchObject({ kind: "contact", subject: "[Non User] Question on Pricing/Billing" });
    expect(mail!.text).toContain("How do refunds work?");

    const health = (await call(healthLoader, "/api/health")) as Response;
    expect(((await health.json()) as { contactForm: string }).contactForm).toBe("rate-limited, no captcha");
  });

  it("answers the product's validation messages and stores nothing", async () => {
    expect(await send({ email: "", message: "x" })).toEqual({
      status: 400,
      json: { error: "Email is required" },
    });
    expect(await send({ email: "a@b.c", message: "   " })).toEqual({
      status: 400,
      json: { error: "Message is required" },
    });
    expect(await send({ email: "nobody", message: "x" })).toEqual({
      status: 400,
      json: { error: "Please enter a valid email address" },
    });
    expect((await send({ email: "a@b.c", message: "x".repeat(5001) })).status).toBe(400);
    expect((await send("not json")).status).toBe(400);
    expect(await storedFrom("a@b.c")).toEqual([]);
  });

  it("with Turnstile a visitor needs a token that siteverify accepts, once", async () => {
    const from = address("captcha");
    const ctx = turnstile(PASS);
    expect(await send({ email: from, message: "hello" }, { context: ctx })).toEqual({
      status: 400,
      json: { error: "Captcha verification failed. Please try again." },
    });
    const token = `XXXX.DUMMY.TOKEN.${Date.now()}`;
    expect(
      (await send({ email: from, message: "hello", recaptchaToken: token }, { context: ctx })).status,
    ).toBe(200);
    // Single use: the same token again is refused by siteverify.
    expect(
      (await send({ email: from, message: "again", recaptchaToken: token }, { context: ctx })).status,
    ).toBe(400);
    expect((await storedFrom(from)).map((m) => m.message)).toEqual(["hello"]);

    const blocked = address("blocked");
    const res = await send(
      { email: blocked, message: "hi", recaptchaToken: "tok" },
      { context: turnstile(FAIL) },
    );
    expect(res.status).toBe(400);
    expect(await storedFrom(blocked)).toEqual([]);

    const health = (await call(healthLoader, "/api/health", { context: ctx })) as Response;
    expect(((await health.json()) as { contactForm: string }).contactForm).toBe("captcha");
  });

  it("a signed-in user needs no captcha; the email comes from the account and the subject names the plan", async () => {
    const account = address("member");
    const cookie = await signUpAndGetCookie(account); // automatic Pro trial
    const res = await send(
      { email: "spoofed@example.com", message: "Upgrade question", recaptchaToken: null },
      { cookie, context: turnstile(PASS) },
    );
    expect(res.status).toBe(200);
    const [stored] = await storedFrom(account);
    expect(stored).toMatchObject({
      subject: "[Pro Plan] Question on Pricing/Billing",
      message: "Upgrade question",
    });
    expect(stored!.userId).toBeTruthy();
    expect(await storedFrom("spoofed@example.com")).toEqual([]);
  });

  it(`is rate limited per client address (${CONTACT_PER_HOUR} an hour)`, async () => {
    const ip = freshIp();
    const from = address("flood");
    for (let i = 0; i < CONTACT_PER_HOUR; i += 1)
      expect((await send({ email: from, message: `m${i}` }, { ip })).status).toBe(200);
    expect(await send({ email: from, message: "one more" }, { ip })).toEqual({
      status: 429,
      json: { error: "Too many messages. Please try again later." },
    });
    expect(await storedFrom(from)).toHaveLength(CONTACT_PER_HOUR);
    expect((await send({ email: from, message: "other address" })).status).toBe(200);
  });
});
