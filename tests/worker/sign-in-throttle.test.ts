// Per-account sign-in throttle (issue "Take this first", item 3; decision 211): password guesses against one
// account from many addresses end in 429 after 10 failures in 15 minutes; the reset link still works and
// clears the count.
import { describe, expect, it } from "vitest";
import { call, makeContext, ORIGIN, signUpAndGetCookie } from "./helpers";
import { formPost, outboxFor, outcome } from "./auth-helpers";
import * as apiAuth from "#app/routes/api.auth.ts";
import * as signin from "#app/routes/signin.tsx";
import * as forgot from "#app/routes/forgot-password.tsx";
import * as reset from "#app/routes/reset-password.tsx";
import * as changePassword from "#app/routes/change-password.tsx";
import { rateLimiter } from "#app/server/rate-limit.server.ts";
import { MAX_FAILED_SIGN_INS, SIGN_IN_THROTTLE_WINDOW_MS } from "#app/server/auth/sign-in-throttle.server.ts";
import { testEnv } from "./helpers";

let address = 0;
/** Each guess from a new address, as a distributed attacker sends them. */
async function signInFrom(email: string, password: string) {
  address += 1;
  const res = (await apiAuth.action({
    request: new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: ORIGIN,
        "cf-connecting-ip": `203.0.${Math.floor(address / 250)}.${(address % 250) + 1}`,
      },
      body: JSON.stringify({ email, password }),
    }),
    context: makeContext(),
  } as never)) as Response;
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

describe("per-account sign-in throttle", () => {
  it("answers 429 with the product's message after 10 failures from 10 addresses, even for the right password", async () => {
    const email = "guessed@example.com";
    await signUpAndGetCookie(email, "right-password");
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++)
      expect((await signInFrom(email, `wrong-${i}`)).status).toBe(401);
    const refused = await signInFrom(email, "wrong-again");
    expect(refused).toEqual({
      status: 429,
      body: expect.objectContaining({ message: "Too many attempts. Please try again later" }),
    });
    expect((await signInFrom("GUESSED@example.com", "right-password")).status).toBe(429);
    // The sign-in screen shows the same message.
    const screen = outcome(
      await call(signin.action, formPost("/signin", { email, password: "right-password" })),
    );
    expect(screen.status).toBe(429);
    expect(screen.body).toEqual(
      expect.objectContaining({ error: "Too many attempts. Please try again later" }),
    );
    // Another account is not affected.
    await signUpAndGetCookie("bystander@example.com", "right-password");
    expect((await signInFrom("bystander@example.com", "right-password")).status).toBe(200);
  });

  it("lets the account in again once the window has passed", async () => {
    const email = "window@example.com";
    await signUpAndGetCookie(email, "right-password");
    const past = Date.now() - SIGN_IN_THROTTLE_WINDOW_MS - 1000;
    for (let i = 0; i <= MAX_FAILED_SIGN_INS; i++)
      await rateLimiter(testEnv, "signInAccount", () => past).limit({ key: email });
    expect((await signInFrom(email, "right-password")).status).toBe(200);
  });

  it("a successful sign-in clears the failures", async () => {
    const email = "clears@example.com";
    await signUpAndGetCookie(email, "right-password");
    for (let i = 0; i < MAX_FAILED_SIGN_INS - 1; i++) await signInFrom(email, "wrong");
    expect((await signInFrom(email, "right-password")).status).toBe(200);
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) expect((await signInFrom(email, "wrong")).status).toBe(401);
  });

  it("the password-reset link still works during a lockout and ends it", async () => {
    const email = "locked-out@example.com";
    await signUpAndGetCookie(email, "right-password");
    for (let i = 0; i <= MAX_FAILED_SIGN_INS; i++) await signInFrom(email, "wrong");
    expect((await signInFrom(email, "right-password")).status).toBe(429);
    await call(forgot.action, formPost("/forgot-password", { email }));
    const [mail] = await outboxFor(email);
    const link = /http:\/\/localhost\/api\/auth\/reset-password\/\S+/.exec(mail!.text)![0];
    const landing = (await apiAuth.loader({
      request: new Request(link),
      context: makeContext(),
    } as never)) as Response;
    const token = new URL(landing.headers.get("Location")!, ORIGIN).searchParams.get("token")!;
    const done = outcome(
      await call(
        reset.action,
        formPost("/reset-password", {
          token,
          newPassword: "new-password-1",
          confirmPassword: "new-password-1",
        }),
      ),
    );
    expect(done.status).toBe(302);
    expect((await signInFrom(email, "new-password-1")).status).toBe(200);
  });
});

describe("change password counts against the same account budget", () => {
  const change = (cookie: string, currentPassword: string) =>
    call(
      changePassword.action,
      formPost(
        "/change-password",
        { currentPassword, newPassword: "brand-new-1", confirmPassword: "brand-new-1" },
        { cookie },
      ),
    ).then(outcome);

  it("a stolen session cannot guess the password: 429 after 10 wrong ones, and sign-in is held too", async () => {
    const email = "stolen-session@example.com";
    const cookie = await signUpAndGetCookie(email, "right-password");
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++)
      expect((await change(cookie, `wrong-${i}`)).status).toBe(400);
    const refused = await change(cookie, "right-password");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "Too many attempts. Please try again later" });
    expect((await signInFrom(email, "right-password")).status).toBe(429);
  });

  it("a successful change clears the failures", async () => {
    const email = "changes-after-typos@example.com";
    const cookie = await signUpAndGetCookie(email, "right-password");
    for (let i = 0; i < MAX_FAILED_SIGN_INS - 1; i++) await change(cookie, `typo-${i}`);
    expect((await change(cookie, "right-password")).status).toBe(200);
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++)
      expect((await signInFrom(email, `wrong-${i}`)).status).toBe(401);
  });
});
