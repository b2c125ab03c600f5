// Past the password budget the owner still gets in (issue 42, item 5; decision 299): 10 wrong passwords from
// 10 addresses still refuse the right one, but an emailed one-time sign-in link signs the owner in, and where
// Turnstile is configured the password does after a passed challenge.
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { call, makeContext, ORIGIN, signUpAndGetCookie } from "./helpers";
import { formPost, outboxFor, outcome } from "./auth-helpers";
import * as apiAuth from "#app/routes/api.auth.ts";
import * as signin from "#app/routes/signin.tsx";
import { LOCKOUT_MESSAGES } from "#app/routes/signin.tsx";
import { MAX_FAILED_SIGN_INS, MAX_SIGN_IN_LINKS } from "#app/server/auth/sign-in-throttle.server.ts";
import { SIGN_IN_LINK_TTL_MS } from "#app/server/auth/sign-in-link.server.ts";
import { AUTH_MESSAGES } from "#app/lib/auth-errors.ts";

let address = 0;
/** Each guess from a new address, as a distributed attacker sends them. */
async function guessFrom(email: string, password: string) {
  address += 1;
  const res = (await apiAuth.action({
    request: new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: ORIGIN,
        "cf-connecting-ip": `203.0.113.${address}`,
      },
      body: JSON.stringify({ email, password }),
    }),
    context: makeContext(),
  } as never)) as Response;
  return res.status;
}

async function lockOut(email: string) {
  await signUpAndGetCookie(email, "right-password");
  for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) expect(await guessFrom(email, `wrong-${i}`)).toBe(401);
}

const screen = (fields: Record<string, string>, context = makeContext()) =>
  call(signin.action, formPost("/signin", fields), { context }).then(outcome);

const linkIn = (text: string) => /http:\/\/localhost\/signin\?link=[\w-]+/.exec(text)?.[0] ?? null;

async function followLink(link: string) {
  const page = (await call(signin.loader, link)) as { linkToken: string | null };
  return screen({ intent: "link-verify", token: page.linkToken ?? "" });
}

describe("a locked account's owner gets in by an emailed link", () => {
  it("budget kept, link mailed, signs in once, cannot be reused", async () => {
    const email = "locked-owner@example.com";
    await lockOut(email);

    // The budget is kept: the right password is refused, and the form says how to get in.
    const refused = await screen({ email, password: "right-password" });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(
      expect.objectContaining({ error: AUTH_MESSAGES["too-many-requests"], locked: true }),
    );

    // The owner asks for a link: it lands in the outbox.
    const asked = await screen({ intent: "link", email });
    expect(asked).toEqual(
      expect.objectContaining({ status: 200, body: { linkSent: LOCKOUT_MESSAGES.linkSent } }),
    );
    const [mail] = await outboxFor(email);
    expect(mail).toEqual(
      expect.objectContaining({ kind: "sign-in-link", subject: "Your Wheelhouse sign-in link" }),
    );
    const link = linkIn(mail!.text)!;
    expect(link).not.toBeNull();

    // Opening the link signs nothing in by itself (a mail scanner's GET); the page's one POST does.
    const page = (await call(signin.loader, link)) as { linkToken: string | null };
    expect(page.linkToken).toMatch(/^[\w-]{40,}$/);
    const signedIn = await followLink(link);
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/suggested-trades");
    expect(signedIn.cookies.some((c) => /session_token=[^;]+/.test(c))).toBe(true);

    // Single use.
    const again = await followLink(link);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: LOCKOUT_MESSAGES.linkInvalid });

    // The link sign-in ended the lockout: the password works again.
    expect((await screen({ email, password: "right-password" })).status).toBe(302);
  });

  it("an expired link fails", async () => {
    const email = "slow-owner@example.com";
    await lockOut(email);
    await screen({ intent: "link", email });
    const link = linkIn((await outboxFor(email))[0]!.text)!;
    // The row's lifetime is the link's TTL; then it is past.
    const row = await env.DB.prepare(
      "select expires_at as expiresAt, created_at as createdAt from verification where identifier like 'sign-in-link:%' order by created_at desc limit 1",
    ).first<{ expiresAt: number; createdAt: number }>();
    expect(row!.expiresAt - row!.createdAt).toBeGreaterThanOrEqual(SIGN_IN_LINK_TTL_MS - 1000);
    expect(row!.expiresAt - row!.createdAt).toBeLessThanOrEqual(SIGN_IN_LINK_TTL_MS + 1000);
    await env.DB.prepare(
      "update verification set expires_at = ?1 where identifier like 'sign-in-link:%' and expires_at = ?2",
    )
      .bind(Date.now() - 1000, row!.expiresAt)
      .run();
    const late = await followLink(link);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: LOCKOUT_MESSAGES.linkInvalid });
    expect(late.cookies).toEqual([]);
  });

  it("answers the same for an address with no account, and mails nothing there", async () => {
    const nobody = "nobody-here@example.com";
    const asked = await screen({ intent: "link", email: nobody });
    expect(asked).toEqual(
      expect.objectContaining({ status: 200, body: { linkSent: LOCKOUT_MESSAGES.linkSent } }),
    );
    expect(await outboxFor(nobody)).toEqual([]);
  });

  it("mails at most MAX_SIGN_IN_LINKS links per account in the window, answering the same past it", async () => {
    const email = "bombed@example.com";
    await signUpAndGetCookie(email, "right-password");
    for (let i = 0; i < MAX_SIGN_IN_LINKS + 2; i++)
      expect((await screen({ intent: "link", email })).body).toEqual({ linkSent: LOCKOUT_MESSAGES.linkSent });
    expect(await outboxFor(email)).toHaveLength(MAX_SIGN_IN_LINKS);
  });

  it("limits link requests per address", async () => {
    const ip = "192.0.2.77";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        outcome(
          await call(
            signin.action,
            formPost("/signin", { intent: "link", email: `per-ip-${i}@example.com` }, { ip }),
          ),
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("where Turnstile is configured, a passed challenge lets the password in", () => {
  const PASS = "1x0000000000000000000000000000000AA";
  const FAIL = "2x0000000000000000000000000000000AA";
  const turnstile = (secret: string) =>
    makeContext({
      TURNSTILE_SITE_KEY: secret === PASS ? "1x00000000000000000000AA" : "2x00000000000000000000AB",
      TURNSTILE_SECRET_KEY: secret,
      TURNSTILE_API_BASE: `${inject("fakeOrigin")}/turnstile`,
    });
  let n = 0;
  const token = () => `lockout-token-${Date.now()}-${++n}`;

  it("the right password plus a passing token signs in; a failing token does not", async () => {
    const email = "challenged-owner@example.com";
    await lockOut(email);

    // Without a token: refused, and the form offers the challenge.
    const plain = await screen({ email, password: "right-password" }, turnstile(PASS));
    expect(plain.status).toBe(429);
    expect(plain.body).toEqual(expect.objectContaining({ locked: true }));
    const page = (await call(signin.loader, "/signin", { context: turnstile(PASS) })) as {
      turnstileSiteKey: string | null;
    };
    expect(page.turnstileSiteKey).toBe("1x00000000000000000000AA");

    // A failing token does not sign in.
    const failed = await screen(
      { email, password: "right-password", turnstileToken: token() },
      turnstile(FAIL),
    );
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual({ error: LOCKOUT_MESSAGES.challengeFailed, locked: true });
    expect(failed.cookies).toEqual([]);

    // A wrong password with a passing token is still a wrong password.
    const wrong = await screen({ email, password: "wrong-again", turnstileToken: token() }, turnstile(PASS));
    expect(wrong.status).toBe(400);

    // The right password with a passing token signs in.
    const passed = await screen(
      { email, password: "right-password", turnstileToken: token() },
      turnstile(PASS),
    );
    expect(passed.status).toBe(302);
    expect(passed.cookies.some((c) => /session_token=[^;]+/.test(c))).toBe(true);
  });

  it("a token is single use", async () => {
    const email = "replayed-token@example.com";
    await lockOut(email);
    const once = token();
    await screen({ email, password: "wrong", turnstileToken: once }, turnstile(PASS));
    const replay = await screen({ email, password: "right-password", turnstileToken: once }, turnstile(PASS));
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: LOCKOUT_MESSAGES.challengeFailed, locked: true });
  });

  it("without Turnstile keys a token field changes nothing: the budget holds", async () => {
    const email = "no-keys@example.com";
    await lockOut(email);
    const res = await screen({ email, password: "right-password", turnstileToken: token() });
    expect(res.status).toBe(429);
  });
});
