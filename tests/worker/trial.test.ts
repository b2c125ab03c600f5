import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call, makeContext, requestWithCookie, signUpAndGetCookie } from "./helpers";
import { cookiePairs, formPost, outcome, setUser, userRow } from "./auth-helpers";
import * as signin from "#app/routes/signin.tsx";
import * as root from "#app/root.tsx";
import {
  cancelPromoTrial,
  expireTrials,
  grantAutomaticTrial,
  grantPromoTrial,
} from "#app/server/auth/trial.server.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { POLICY_CONSENT } from "#app/lib/auth-validation.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

const DAY = 86_400_000;

async function plainUser(email: string) {
  // A user created without a session (as an import or admin tool would): no trial yet.
  const { getAuth } = await import("#app/server/auth/auth.server.ts");
  const auth = getAuth(makeContext().get(cloudflareContext).env, new Request("http://localhost"));
  await auth.api.signUpEmail({ body: { email, password: "secret-password", name: "x", ...POLICY_CONSENT } });
  await setUser(email, {
    subscription_tier: "Free Plan",
    subscription_status: "inactive",
    has_used_trial: 0,
    trial_end: null,
    last_subscription_tier: null,
  });
  return (await userRow(email))!;
}

describe("automatic promotional trial", () => {
  it("gives a new user 9 days of Pro Plan at the first session", async () => {
    const before = Date.now();
    await signUpAndGetCookie("trial-new@example.com");
    const user = await userRow("trial-new@example.com");
    expect(user).toMatchObject({
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "trialing",
      hasUsedTrial: 1,
      lastSubscriptionTier: "Free Plan",
    });
    expect(user!.trialEnd! - before).toBeGreaterThanOrEqual(9 * DAY - 1000);
    expect(user!.trialEnd! - before).toBeLessThanOrEqual(9 * DAY + 5000);
  });

  it("is granted once even when two sign-ins race", async () => {
    const user = await plainUser("race@example.com");
    const results = await Promise.all([
      call(
        signin.action,
        formPost("/signin", { intent: "email", email: "race@example.com", password: "secret-password" }),
      ),
      call(
        signin.action,
        formPost("/signin", { intent: "email", email: "race@example.com", password: "secret-password" }),
      ),
    ]);
    expect(results.map((r) => outcome(r).status)).toEqual([302, 302]);
    const after = await userRow("race@example.com");
    expect(after).toMatchObject({
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "trialing",
      hasUsedTrial: 1,
      lastSubscriptionTier: "Free Plan",
    });
    // The conditional update lets exactly one of two concurrent grants through.
    await setUser("race@example.com", {
      subscription_tier: "Free Plan",
      subscription_status: "inactive",
      has_used_trial: 0,
    });
    const grants = await Promise.all([
      grantAutomaticTrial(env, user.id),
      grantAutomaticTrial(env, user.id),
      grantAutomaticTrial(env, user.id),
    ]);
    expect(grants.filter(Boolean)).toHaveLength(1);
  });

  it("is not granted to users who had a trial, pay, or are not on Free", async () => {
    for (const [email, fields] of [
      ["used@example.com", { has_used_trial: 1 }],
      [
        "paying@example.com",
        { subscription_tier: "Pro Plan", subscription_status: "active", subscription_id: "sub_1" },
      ],
      ["elite-inactive@example.com", { subscription_tier: "Elite Plan", subscription_status: "inactive" }],
    ] as const) {
      const user = await plainUser(email);
      await setUser(email, fields);
      expect(await grantAutomaticTrial(env, user.id)).toBe(false);
    }
  });

  it("is granted on read for an existing eligible session", async () => {
    const cookie = await signUpAndGetCookie("onread@example.com");
    await setUser("onread@example.com", {
      subscription_tier: "Free Plan",
      subscription_status: "inactive",
      has_used_trial: 0,
      trial_end: null,
    });
    const session = await getSession(
      makeContext().get(cloudflareContext).env,
      requestWithCookie("/", cookie),
    );
    expect(session?.user).toMatchObject({
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "trialing",
      hasUsedTrial: true,
    });
  });
});

describe("trial expiry", () => {
  it("reverts an expired promotional trial on read to the saved tier", async () => {
    const cookie = await signUpAndGetCookie("expire-read@example.com");
    await setUser("expire-read@example.com", { trial_end: Date.now() - 1000 });
    const shell = (await call(root.loader, requestWithCookie("/", cookie))) as Awaited<
      ReturnType<typeof root.loader>
    >;
    expect(shell.user?.plan).toBe("Free Plan");
    expect(await userRow("expire-read@example.com")).toMatchObject({
      subscriptionTier: "Free Plan",
      subscriptionStatus: "inactive",
      hasUsedTrial: 1,
    });
    // ...and it is never granted again.
    await call(root.loader, requestWithCookie("/", cookie));
    expect((await userRow("expire-read@example.com"))!.subscriptionStatus).toBe("inactive");
  });

  it("is applied by the daily cron, leaving trials with a subscription and running trials alone", async () => {
    await signUpAndGetCookie("cron-expired@example.com");
    await signUpAndGetCookie("cron-running@example.com");
    await signUpAndGetCookie("cron-stripe@example.com");
    await setUser("cron-expired@example.com", {
      trial_end: Date.now() - DAY,
      last_subscription_tier: "Elite Plan",
    });
    await setUser("cron-stripe@example.com", { trial_end: Date.now() - DAY, subscription_id: "sub_stripe" });
    const run = await runJob("housekeeping", makeContext().get(cloudflareContext).env, new Date());
    expect(run.ok).toBe(true);
    expect(run.detail).toMatchObject({ trialsExpired: 1 });
    expect(await userRow("cron-expired@example.com")).toMatchObject({
      subscriptionTier: "Elite Plan",
      subscriptionStatus: "inactive",
    });
    expect(await userRow("cron-running@example.com")).toMatchObject({
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "trialing",
    });
    expect(await userRow("cron-stripe@example.com")).toMatchObject({
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "trialing",
    });
    expect(await expireTrials(env)).toBe(0);
  });
});

describe("admin-granted trial and trial cancel", () => {
  it("grants days or minutes (minimum 1) and cancels back to the saved tier", async () => {
    const user = await plainUser("promo@example.com");
    const now = Date.now();
    const minutes = await grantPromoTrial(env, user.id, { minutes: 30 }, now);
    expect(minutes).toMatchObject({ ok: true, minutes: 30 });
    expect((await userRow("promo@example.com"))!.trialEnd).toBe(now + 30 * 60_000);
    const days = await grantPromoTrial(env, user.id, { days: 0 }, now);
    expect(days).toMatchObject({ ok: true, days: 1 });
    expect(await userRow("promo@example.com")).toMatchObject({
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "trialing",
      lastSubscriptionTier: "Free Plan",
      trialEnd: now + DAY,
    });
    expect(await cancelPromoTrial(env, user.id)).toEqual({ ok: true });
    expect(await userRow("promo@example.com")).toMatchObject({
      subscriptionTier: "Free Plan",
      subscriptionStatus: "inactive",
      trialEnd: null,
    });
  });

  it("refuses to cancel when the user is not on a promotional trial", async () => {
    const user = await plainUser("notpromo@example.com");
    expect(await cancelPromoTrial(env, user.id)).toEqual({
      ok: false,
      error: "User is not on a promotional trial",
    });
    await setUser("notpromo@example.com", {
      subscription_tier: "Pro Plan",
      subscription_status: "trialing",
      subscription_id: "sub_x",
    });
    expect(await cancelPromoTrial(env, user.id)).toEqual({
      ok: false,
      error: "User is not on a promotional trial",
    });
  });
});

describe("trial banner data in the shell", () => {
  it("tells the shell the trial end and whether there is a subscription", async () => {
    const cookie = await signUpAndGetCookie("banner@example.com");
    const shell = (await call(root.loader, requestWithCookie("/", cookie))) as Awaited<
      ReturnType<typeof root.loader>
    >;
    expect(shell.user).toMatchObject({
      subscriptionStatus: "trialing",
      subscriptionTier: "Pro Plan",
      hasSubscriptionId: false,
      planBadge: "Pro",
    });
    expect(new Date(shell.user!.trialEnd!).getTime()).toBeGreaterThan(Date.now() + 8 * DAY);
  });
});

describe("admins and paying users (defects 8 and 9)", () => {
  it("never gives an admin (role or admins row) the automatic trial", async () => {
    const admin = await plainUser("trial-admin@example.com");
    await setUser("trial-admin@example.com", { role: "admin" });
    await env.DB.prepare("insert into admins (email) values (?)").bind("trial-admin@example.com").run();
    expect(await grantAutomaticTrial(env, admin.id)).toBe(false);
    const rowOnly = await plainUser("trial-admin-row@example.com");
    await env.DB.prepare("insert into admins (email) values (?)").bind("trial-admin-row@example.com").run();
    expect(await grantAutomaticTrial(env, rowOnly.id)).toBe(false);

    // Signing in (the session hook) and reading the session (reconcile on read) grant nothing either.
    const res = outcome(
      await call(
        signin.action,
        formPost("/signin", { email: "trial-admin@example.com", password: "secret-password" }),
      ),
    );
    expect(res.status).toBe(302);
    const session = await getSession(env, requestWithCookie("/", cookiePairs(res.cookies)));
    expect(session?.user).toMatchObject({ subscriptionTier: "Free Plan", subscriptionStatus: "inactive" });
    expect(await userRow("trial-admin@example.com")).toMatchObject({
      subscriptionTier: "Free Plan",
      subscriptionStatus: "inactive",
      trialEnd: null,
    });
  });

  it("refuses a promotional trial over an active paid subscription and leaves it untouched", async () => {
    const user = await plainUser("paid-sub-promo@example.com");
    for (const status of ["active", "trialing", "past_due"]) {
      await setUser("paid-sub-promo@example.com", {
        subscription_tier: "Elite Plan",
        subscription_status: status,
        subscription_id: "sub_paid",
        trial_end: null,
      });
      expect(await grantPromoTrial(env, user.id, { days: 7 })).toEqual({
        ok: false,
        error: "User has an active paid subscription",
      });
      expect(await userRow("paid-sub-promo@example.com")).toMatchObject({
        subscriptionTier: "Elite Plan",
        subscriptionStatus: status,
        subscriptionId: "sub_paid",
        trialEnd: null,
      });
    }
    // A cancelled subscription is no longer paid for: the trial may be granted.
    await setUser("paid-sub-promo@example.com", {
      subscription_tier: "Free Plan",
      subscription_status: "canceled",
    });
    expect(await grantPromoTrial(env, user.id, { days: 7 })).toMatchObject({ ok: true, days: 7 });
    expect(await grantPromoTrial(env, "no-such-user", { days: 7 })).toEqual({
      ok: false,
      error: "User not found",
    });
  });
});
