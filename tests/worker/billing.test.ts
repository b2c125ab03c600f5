import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { action as checkoutAction } from "#app/routes/api.create-checkout-session.ts";
import { action as cancelAction } from "#app/routes/api.stripe.cancel-subscription.ts";
import { action as changeAction } from "#app/routes/api.stripe.change-plan.ts";
import { action as portalAction } from "#app/routes/api.stripe.portal.ts";
import { action as webhookAction } from "#app/routes/api.stripe.webhook.ts";
import { cancelSubscriptionsForDeletedUser } from "#app/server/billing/billing.server.ts";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { call, makeContext, signUpAndGetCookie } from "./helpers";
import { setUser } from "./auth-helpers";
import {
  billingFields,
  bodyOf,
  eventsOf,
  fakeControl,
  formOf,
  jsonPost,
  pathOf,
  PRICES,
  signedEvent,
  stripeCalls,
  stripeContext,
  webhookRequest,
} from "./billing-helpers";
import { cloudflareContext } from "#app/server/request-context.server.ts";

let n = 0;
const email = (tag: string) => `bill-${tag}-${Date.now()}-${++n}@example.com`;

async function checkout(cookie: string, body: unknown, context = stripeContext()) {
  return bodyOf(
    await call(checkoutAction, jsonPost("/api/create-checkout-session", body, { cookie }), { context }),
  );
}

/** Signs up, runs Checkout, "pays" in the fake and delivers checkout.session.completed: the user is subscribed. */
async function subscribed(
  tag: string,
  tier: "Pro Plan" | "Elite Plan",
  opts: { paymentMethod?: boolean } = {},
) {
  const address = email(tag);
  const cookie = await signUpAndGetCookie(address);
  const started = await checkout(cookie, { tier, period: "monthly" });
  expect(started.status).toBe(200);
  const session = await fakeControl<Record<string, unknown>>(`/__stripe/pay/${started.json.sessionId}`, {});
  if (opts.paymentMethod === false)
    await fakeControl(`/__stripe/subscriptions/${session.subscription}`, { default_payment_method: null });
  const signed = await signedEvent("checkout.session.completed", session);
  const res = await call(webhookAction, webhookRequest(signed.payload, signed.signature), {
    context: stripeContext(),
  });
  expect((res as Response).status).toBe(200);
  const row = await billingFields(address);
  expect(row).toMatchObject({ tier, status: "active", subscriptionId: session.subscription });
  return { address, cookie, row: row!, subscriptionId: String(session.subscription) };
}

describe("POST /api/create-checkout-session", () => {
  it("refuses a visitor with the product's message", async () => {
    const res = await checkout("", { tier: "Pro Plan", period: "monthly" });
    expect(res).toEqual({ status: 401, json: { error: BILLING_MESSAGES.mustBeLoggedIn } });
  });

  it("answers 'Payments are not configured on this server' without Stripe keys", async () => {
    const cookie = await signUpAndGetCookie(email("nokeys"));
    const res = await checkout(cookie, { tier: "Pro Plan", period: "monthly" }, makeContext());
    expect(res).toEqual({ status: 503, json: { error: "Payments are not configured on this server" } });
  });

  it("sends the configured price, creates the customer once and reuses it, with the result pages as URLs", async () => {
    const address = email("first");
    const cookie = await signUpAndGetCookie(address);
    const { id: userId } = (await billingFields(address))!;
    // Not on the promotional trial: no discount unless the code is sent.
    await setUser(address, {
      subscription_status: "inactive",
      subscription_tier: "Free Plan",
      has_used_trial: 1,
    });

    const first = await checkout(cookie, { tier: "Pro Plan", period: "yearly" });
    expect(first.status).toBe(200);
    expect(String(first.json.url)).toMatch(/\/fake-checkout\/cs_test_/);
    expect(first.json.sessionId).toMatch(/^cs_test_/);
    const second = await checkout(cookie, { tier: "Elite Plan", period: "monthly" });
    expect(second.status).toBe(200);

    const { customerId } = (await billingFields(address))!;
    expect(customerId).toMatch(/^cus_/);
    const created = await stripeCalls(
      (r) => r.url === "/v1/customers" && r.body.includes(encodeURIComponent(address)),
    );
    expect(created).toHaveLength(1);
    expect(formOf(created[0]!)["metadata[userId]"]).toBe(userId);
    expect(created[0]!.headers["idempotency-key"]).toBe(`customer-for-user-${userId}`);

    const sessions = (await stripeCalls((r) => r.url === "/v1/checkout/sessions"))
      .map(formOf)
      .filter((f) => f.client_reference_id === userId);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      mode: "subscription",
      customer: customerId,
      "line_items[0][price]": PRICES.proYearly,
      "line_items[0][quantity]": "1",
      success_url: "http://localhost/subscription/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost/subscription/cancelled",
      "metadata[tier]": "Pro Plan",
      "subscription_data[metadata][userId]": userId,
    });
    expect(sessions[0]!["discounts[0][coupon]"]).toBeUndefined();
    expect(sessions[1]).toMatchObject({ customer: customerId, "line_items[0][price]": PRICES.eliteMonthly });

    const events = await eventsOf(userId);
    const begin = events.filter((e) => e.name === "begin_subscription").map((e) => JSON.parse(e.properties!));
    expect(begin).toEqual([
      { tier: "Pro Plan", period: "yearly", price: 50, promo_applied: false },
      { tier: "Elite Plan", period: "monthly", price: 89, promo_applied: false },
    ]);
    expect(events.filter((e) => e.name === "subscription_signup_attempt")).toHaveLength(2);
  });

  it("applies the TRIAL20 coupon (duration once) for the code and for a promotional trial", async () => {
    const withCode = email("code");
    const cookie = await signUpAndGetCookie(withCode);
    await setUser(withCode, {
      subscription_status: "inactive",
      subscription_tier: "Free Plan",
      has_used_trial: 1,
    });
    const res = await checkout(cookie, { tier: "Pro Plan", period: "monthly", couponCode: "trial20" });
    expect(res.status).toBe(200);
    expect(res.json.promoApplied).toBe(true);

    const trial = email("trial");
    const trialCookie = await signUpAndGetCookie(trial); // the automatic 9-day Pro trial
    expect((await billingFields(trial))!.status).toBe("trialing");
    const viaTrial = await checkout(trialCookie, { tier: "Elite Plan", period: "yearly" });
    expect(viaTrial.json.promoApplied).toBe(true);

    const ids = [(await billingFields(withCode))!.id, (await billingFields(trial))!.id];
    const sessions = (await stripeCalls((r) => r.url === "/v1/checkout/sessions"))
      .map(formOf)
      .filter((f) => ids.includes(f.client_reference_id!));
    expect(sessions.map((s) => s["discounts[0][coupon]"])).toEqual(["TRIAL20", "TRIAL20"]);
    const coupons = (await stripeCalls((r) => r.url === "/v1/coupons" && r.method === "POST")).map(formOf);
    expect(coupons).toEqual([
      { id: "TRIAL20", percent_off: "20", duration: "once", name: "Trial offer: 20% off" },
    ]);
    const begin = (await eventsOf(ids[1]!)).find((e) => e.name === "begin_subscription");
    expect(JSON.parse(begin!.properties!)).toEqual({
      tier: "Elite Plan",
      period: "yearly",
      price: 712,
      promo_applied: true,
    });
  });

  it("answers the product's messages for a missing price id, a Stripe failure and a bad body", async () => {
    const cookie = await signUpAndGetCookie(email("fail"));
    const noPrice = await checkout(
      cookie,
      { tier: "Elite Plan", period: "yearly" },
      stripeContext({ STRIPE_PRICE_ELITE_YEARLY: "" }),
    );
    expect(noPrice).toEqual({ status: 400, json: { error: "No price ID available for this tier" } });

    const broken = await checkout(
      cookie,
      { tier: "Pro Plan", period: "yearly" },
      stripeContext({ STRIPE_PRICE_PRO_YEARLY: "price_broken" }),
    );
    expect(broken).toEqual({ status: 502, json: { error: "Failed to create checkout session" } });

    for (const body of [
      { tier: "Free Plan", period: "monthly" },
      { tier: "Pro Plan", period: "weekly" },
      "x",
    ]) {
      expect(await checkout(cookie, body)).toEqual({
        status: 400,
        json: { error: "Price information not available" },
      });
    }
  });

  it("refuses a second subscription for a subscribed user (plan changes go through change-plan)", async () => {
    const { cookie } = await subscribed("twice", "Pro Plan");
    const res = await checkout(cookie, { tier: "Elite Plan", period: "monthly" });
    expect(res).toEqual({ status: 409, json: { error: BILLING_MESSAGES.actionFailed } });
  });
});

describe("POST /api/stripe/portal", () => {
  it("opens the Billing Portal for the user's customer, returning to /pricing", async () => {
    const { cookie, row } = await subscribed("portal", "Pro Plan");
    const res = await bodyOf(
      await call(portalAction, jsonPost("/api/stripe/portal", {}, { cookie }), { context: stripeContext() }),
    );
    expect(res.status).toBe(200);
    expect(String(res.json.url)).toMatch(/\/fake-portal\/bps_/);
    const [sent] = (await stripeCalls((r) => r.url === "/v1/billing_portal/sessions"))
      .map(formOf)
      .filter((f) => f.customer === row.customerId);
    expect(sent).toEqual({ customer: row.customerId, return_url: "http://localhost/pricing" });
  });

  it("has nothing to open for a user who never subscribed", async () => {
    const cookie = await signUpAndGetCookie(email("noportal"));
    const res = await bodyOf(
      await call(portalAction, jsonPost("/api/stripe/portal", {}, { cookie }), { context: stripeContext() }),
    );
    expect(res).toEqual({ status: 400, json: { error: BILLING_MESSAGES.noSubscription } });
  });
});

describe("POST /api/stripe/cancel-subscription", () => {
  async function cancel(cookie: string, body: unknown) {
    return bodyOf(
      await call(cancelAction, jsonPost("/api/stripe/cancel-subscription", body, { cookie }), {
        context: stripeContext(),
      }),
    );
  }

  it("cancels at period end, stores the survey and passes it to Stripe", async () => {
    const { address, cookie, row, subscriptionId } = await subscribed("cancel", "Pro Plan");
    const res = await cancel(cookie, {
      userId: "someone-else",
      feedback: { reason: ["Too Expensive", "Others"], comment: "  Maybe later  " },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(
      "Your subscription has been canceled. You will have access until the end of your billing period.",
    );
    const [update] = (
      await stripeCalls((r) => r.url === `/v1/subscriptions/${subscriptionId}` && r.method === "POST")
    ).map(formOf);
    expect(update).toEqual({
      cancel_at_period_end: "true",
      "cancellation_details[feedback]": "too_expensive",
      "cancellation_details[comment]": "Maybe later",
    });
    const after = (await billingFields(address))!;
    expect(after).toMatchObject({ tier: "Pro Plan", status: "active", cancelAtPeriodEnd: 1 });
    // Still paid up, on the fake Stripe's clock (TEST_NOW moves only workerd's).
    const sub = await fakeControl<{ items: { data: { current_period_end: number }[] } }>(
      `/v1/subscriptions/${subscriptionId}`,
    );
    expect(after.currentPeriodEnd).toBe(sub.items.data[0]!.current_period_end * 1000);
    const survey = await env.DB.prepare(
      "select reasons, comment from cancellation_feedback where user_id = ?",
    )
      .bind(row.id)
      .first<{ reasons: string; comment: string }>();
    expect(survey).toEqual({ reasons: JSON.stringify(["Too Expensive", "Others"]), comment: "Maybe later" });
  });

  it("Skip cancels without storing a survey", async () => {
    const { cookie, row } = await subscribed("skip", "Elite Plan");
    expect((await cancel(cookie, {})).status).toBe(200);
    const count = await env.DB.prepare("select count(*) as n from cancellation_feedback where user_id = ?")
      .bind(row.id)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("refuses unknown reasons, a user without a subscription, and reports Stripe failures", async () => {
    const { cookie } = await subscribed("badreason", "Pro Plan");
    expect(await cancel(cookie, { feedback: { reason: ["Bored"], comment: "" } })).toEqual({
      status: 400,
      json: { error: "Failed to cancel subscription" },
    });
    const plain = await signUpAndGetCookie(email("nosub"));
    expect(await cancel(plain, {})).toEqual({
      status: 400,
      json: { error: BILLING_MESSAGES.noSubscription },
    });

    const down = await subscribed("cancel-down", "Pro Plan");
    await setUser(down.address, { subscription_id: "sub_down_on_purpose" });
    expect(await cancel(down.cookie, {})).toEqual({
      status: 502,
      json: { error: "Failed to cancel subscription" },
    });
  });
});

describe("POST /api/stripe/change-plan", () => {
  async function change(cookie: string, body: unknown) {
    return bodyOf(
      await call(changeAction, jsonPost("/api/stripe/change-plan", body, { cookie }), {
        context: stripeContext(),
      }),
    );
  }

  it("upgrades in place with proration, charged at once and applied only when paid", async () => {
    const { address, cookie, subscriptionId } = await subscribed("upgrade", "Pro Plan");
    const res = await change(cookie, { tier: "Elite Plan", period: "monthly" });
    expect(res.json).toMatchObject({ mode: "updated", tier: "Elite Plan" });
    const [update] = (
      await stripeCalls((r) => r.url === `/v1/subscriptions/${subscriptionId}` && r.method === "POST")
    ).map(formOf);
    expect(update).toMatchObject({
      "items[0][price]": PRICES.eliteMonthly,
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    expect(update!["items[0][id]"]).toMatch(/^si_/);
    // Same subscription throughout: the user was never without a plan.
    expect(await billingFields(address)).toMatchObject({
      tier: "Elite Plan",
      status: "active",
      subscriptionId,
      lastTier: "Pro Plan",
    });
  });

  it("downgrades in place, crediting the unused time", async () => {
    const { address, cookie, subscriptionId } = await subscribed("downgrade", "Elite Plan");
    const res = await change(cookie, { tier: "Pro Plan", period: "yearly" });
    expect(res.json).toMatchObject({ mode: "updated", tier: "Pro Plan" });
    const [update] = (
      await stripeCalls((r) => r.url === `/v1/subscriptions/${subscriptionId}` && r.method === "POST")
    ).map(formOf);
    expect(update).toMatchObject({
      "items[0][price]": PRICES.proYearly,
      proration_behavior: "create_prorations",
    });
    expect(update!.payment_behavior).toBeUndefined();
    expect(await billingFields(address)).toMatchObject({ tier: "Pro Plan", subscriptionId });
  });

  it("without a payment method: Checkout first, the old subscription ends only after the new one is paid", async () => {
    const {
      address,
      cookie,
      subscriptionId: oldId,
    } = await subscribed("nocard", "Pro Plan", { paymentMethod: false });
    const res = await change(cookie, { tier: "Elite Plan", period: "monthly" });
    expect(res.json.mode).toBe("checkout");
    const session = await fakeControl<Record<string, unknown>>(`/__stripe/sessions/${res.json.sessionId}`);
    expect(session.metadata).toMatchObject({ replacesSubscription: oldId, tier: "Elite Plan" });
    // Not paid yet: still Pro on the old subscription, which is untouched.
    expect(await billingFields(address)).toMatchObject({ tier: "Pro Plan", subscriptionId: oldId });
    expect(
      await stripeCalls((r) => pathOf(r) === `/v1/subscriptions/${oldId}` && r.method === "DELETE"),
    ).toHaveLength(0);

    const paid = await fakeControl<Record<string, unknown>>(`/__stripe/pay/${res.json.sessionId}`, {});
    const signed = await signedEvent("checkout.session.completed", paid);
    await call(webhookAction, webhookRequest(signed.payload, signed.signature), { context: stripeContext() });
    expect(
      await stripeCalls((r) => pathOf(r) === `/v1/subscriptions/${oldId}` && r.method === "DELETE"),
    ).toHaveLength(1);
    expect(await billingFields(address)).toMatchObject({
      tier: "Elite Plan",
      status: "active",
      subscriptionId: paid.subscription,
    });
  });

  it("a promotional trial has no subscription to change: Upgrade starts Checkout with the promo", async () => {
    const cookie = await signUpAndGetCookie(email("trialup"));
    const res = await change(cookie, { tier: "Elite Plan", period: "monthly" });
    expect(res.json.mode).toBe("checkout");
    const session = await fakeControl<Record<string, unknown>>(`/__stripe/sessions/${res.json.sessionId}`);
    expect(session.discounts).toEqual([{ coupon: "TRIAL20" }]);
  });

  it("reports 'Failed to change subscription' when Stripe fails", async () => {
    const { address, cookie } = await subscribed("changedown", "Pro Plan");
    await setUser(address, { subscription_id: "sub_down_on_purpose" });
    expect(await change(cookie, { tier: "Elite Plan", period: "monthly" })).toEqual({
      status: 502,
      json: { error: "Failed to change subscription" },
    });
  });
});

describe("cancelSubscriptionsForDeletedUser (account deletion)", () => {
  it("cancels every live subscription of the user at once", async () => {
    const { row, subscriptionId } = await subscribed("delete", "Pro Plan");
    const extra = await fakeControl<{ id: string }>("/__stripe/subscriptions", {
      customer: row.customerId,
      price: PRICES.eliteMonthly,
    });
    const result = await cancelSubscriptionsForDeletedUser(stripeContext().get(cloudflareContext).env, {
      id: row.id,
    });
    expect(result.ok).toBe(true);
    expect(result.ok && [...result.canceled].sort()).toEqual([subscriptionId, extra.id].sort());
    const deletes = await stripeCalls(
      (r) => r.method === "DELETE" && [subscriptionId, extra.id].some((id) => r.url.includes(id)),
    );
    expect(deletes.map(formOf)).toEqual([
      { prorate: "false", invoice_now: "false" },
      { prorate: "false", invoice_now: "false" },
    ]);
  });

  it("does nothing for a user who never paid, and refuses when Stripe cannot be reached", async () => {
    const address = email("nodelete");
    await signUpAndGetCookie(address);
    const { id } = (await billingFields(address))!;
    expect(await cancelSubscriptionsForDeletedUser(makeContext().get(cloudflareContext).env, { id })).toEqual(
      {
        ok: true,
        canceled: [],
      },
    );
    const { row } = await subscribed("delete-down", "Pro Plan");
    await fakeControl(`/__stripe/customers/${row.customerId}`, { email: "stripe-down@example.com" });
    expect(
      await cancelSubscriptionsForDeletedUser(stripeContext().get(cloudflareContext).env, { id: row.id }),
    ).toEqual({
      ok: false,
      status: 502,
      message: "Failed to cancel subscription",
    });
  });
});
