import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { action as checkoutAction } from "#app/routes/api.create-checkout-session.ts";
import { action as webhookAction } from "#app/routes/api.stripe.webhook.ts";
import { call, makeContext, signUpAndGetCookie } from "./helpers";
import {
  billingFields,
  bodyOf,
  fakeControl,
  jsonPost,
  PRICES,
  signedEvent,
  stripeCalls,
  stripeContext,
  webhookRequest,
} from "./billing-helpers";

let n = 0;
const email = (tag: string) => `hook-${tag}-${Date.now()}-${++n}@example.com`;

async function deliver(type: string, object: Record<string, unknown>, opts: { id?: string } = {}) {
  const signed = await signedEvent(type, object, opts);
  const res = await bodyOf(
    await call(webhookAction, webhookRequest(signed.payload, signed.signature), { context: stripeContext() }),
  );
  return { ...res, event: signed.event };
}

async function processedCount(eventId: string) {
  return (await env.DB.prepare("select count(*) as n from stripe_events where id = ?")
    .bind(eventId)
    .first<{ n: number }>())!.n;
}

/** A signed-up user on the promotional trial with a Stripe customer (created by a Checkout start). */
async function customerUser(tag: string) {
  const address = email(tag);
  const cookie = await signUpAndGetCookie(address);
  const res = await call(
    checkoutAction,
    jsonPost("/api/create-checkout-session", { tier: "Pro Plan", period: "monthly" }, { cookie }),
    { context: stripeContext() },
  );
  const started = await bodyOf(res);
  const row = (await billingFields(address))!;
  return { address, cookie, row, sessionId: String(started.json.sessionId), customerId: row.customerId! };
}

const subscription = (customer: string, price: string, extra: Record<string, unknown> = {}) =>
  fakeControl<Record<string, unknown> & { id: string }>("/__stripe/subscriptions", {
    customer,
    price,
    ...extra,
  });

describe("POST /api/stripe/webhook: signature", () => {
  it("refuses a tampered body or signature with 400 and changes nothing", async () => {
    const { address, customerId } = await customerUser("tamper");
    const sub = await subscription(customerId, PRICES.proMonthly);
    const before = await billingFields(address);
    const signed = await signedEvent("customer.subscription.created", sub);

    const tampered = signed.payload.replace(PRICES.proMonthly, PRICES.eliteMonthly);
    const r1 = await call(webhookAction, webhookRequest(tampered, signed.signature), {
      context: stripeContext(),
    });
    expect((r1 as Response).status).toBe(400);
    const wrongSecret = await signedEvent("customer.subscription.created", sub, { secret: "whsec_not_ours" });
    const r2 = await call(webhookAction, webhookRequest(wrongSecret.payload, wrongSecret.signature), {
      context: stripeContext(),
    });
    expect((r2 as Response).status).toBe(400);
    const r3 = await call(webhookAction, webhookRequest(signed.payload, ""), { context: stripeContext() });
    expect((r3 as Response).status).toBe(400);

    expect(await billingFields(address)).toEqual(before);
    expect(await processedCount(signed.event.id)).toBe(0);
    expect(await processedCount(wrongSecret.event.id)).toBe(0);
  });

  it("answers 503 without Stripe configuration", async () => {
    const signed = await signedEvent("invoice.paid", { id: "in_x", object: "invoice", customer: "cus_x" });
    const res = await call(webhookAction, webhookRequest(signed.payload, signed.signature), {
      context: makeContext(),
    });
    expect(await bodyOf(res)).toEqual({
      status: 503,
      json: { error: "Payments are not configured on this server" },
    });
  });
});

describe("POST /api/stripe/webhook: each event type", () => {
  it("checkout.session.completed ends the promotional trial and makes the user Pro active", async () => {
    const { address, sessionId, row } = await customerUser("checkout");
    expect(row).toMatchObject({ tier: "Pro Plan", status: "trialing", subscriptionId: null });
    const paid = await fakeControl<Record<string, unknown>>(`/__stripe/pay/${sessionId}`, {});
    const res = await deliver("checkout.session.completed", paid);
    expect(res.json).toEqual({ received: true, result: "applied" });
    const after = (await billingFields(address))!;
    expect(after).toMatchObject({
      tier: "Pro Plan",
      status: "active",
      subscriptionId: paid.subscription,
      trialEnd: null,
      cancelAtPeriodEnd: 0,
      hasUsedTrial: 1,
    });
    // A month's paid period from the subscription's start, on the fake Stripe's clock (TEST_NOW moves only workerd's).
    const sub = await fakeControl<{ start_date: number }>(`/v1/subscriptions/${String(paid.subscription)}`);
    expect(after.currentPeriodEnd).toBeGreaterThan(sub.start_date * 1000 + 20 * 86_400_000);
  });

  it("customer.subscription.created / updated / deleted follow Stripe's subscription", async () => {
    const { address, customerId } = await customerUser("lifecycle");
    const sub = await subscription(customerId, PRICES.eliteYearly);
    await deliver("customer.subscription.created", sub);
    expect(await billingFields(address)).toMatchObject({
      tier: "Elite Plan",
      status: "active",
      subscriptionId: sub.id,
    });

    const ending = await fakeControl(`/__stripe/subscriptions/${sub.id}`, { cancel_at_period_end: true });
    await deliver("customer.subscription.updated", ending);
    expect(await billingFields(address)).toMatchObject({
      tier: "Elite Plan",
      status: "active",
      cancelAtPeriodEnd: 1,
    });

    const ended = await fakeControl(`/__stripe/subscriptions/${sub.id}`, { status: "canceled" });
    await deliver("customer.subscription.deleted", ended);
    expect(await billingFields(address)).toMatchObject({
      tier: "Free Plan",
      status: "inactive",
      subscriptionId: null,
      lastTier: "Elite Plan",
      cancelAtPeriodEnd: 0,
    });
  });

  it("a Stripe trial maps to trialing with its end date", async () => {
    const { address, customerId } = await customerUser("stripetrial");
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const sub = await subscription(customerId, PRICES.proMonthly, { status: "trialing" });
    await fakeControl(`/__stripe/subscriptions/${sub.id}`, { trial_end: trialEnd });
    await deliver("customer.subscription.created", sub);
    expect(await billingFields(address)).toMatchObject({
      tier: "Pro Plan",
      status: "trialing",
      subscriptionId: sub.id,
      trialEnd: trialEnd * 1000,
    });
  });

  it("invoice.paid and invoice.payment_failed re-read the subscription (past_due keeps access, unpaid ends it)", async () => {
    const { address, customerId } = await customerUser("invoices");
    const sub = await subscription(customerId, PRICES.proYearly);
    const invoice = {
      id: `in_${n}`,
      object: "invoice",
      customer: customerId,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: {} } },
    };
    await deliver("invoice.paid", invoice);
    expect(await billingFields(address)).toMatchObject({ tier: "Pro Plan", status: "active" });

    await fakeControl(`/__stripe/subscriptions/${sub.id}`, { status: "past_due" });
    await deliver("invoice.payment_failed", invoice);
    expect(await billingFields(address)).toMatchObject({ tier: "Pro Plan", status: "active" });

    await fakeControl(`/__stripe/subscriptions/${sub.id}`, { status: "unpaid" });
    await deliver("invoice.payment_failed", invoice);
    expect(await billingFields(address)).toMatchObject({
      tier: "Free Plan",
      status: "inactive",
      subscriptionId: null,
    });
  });

  it("an event for a customer that is not ours is recorded and changes nothing", async () => {
    const res = await deliver("invoice.paid", {
      id: "in_stranger",
      object: "invoice",
      customer: "cus_stranger",
    });
    expect(res.json).toEqual({ received: true, result: "no-user" });
    expect(await processedCount(res.event.id)).toBe(1);
  });

  it("an event type we do not use is acknowledged", async () => {
    const res = await deliver("customer.created", { id: "cus_any", object: "customer" });
    expect(res.json).toEqual({ received: true, result: "ignored" });
  });
});

describe("POST /api/stripe/webhook: idempotent and order-independent", () => {
  it("the same event replayed 3 times changes nothing after the first", async () => {
    const { address, customerId } = await customerUser("replay");
    const sub = await subscription(customerId, PRICES.proMonthly);
    const signed = await signedEvent("customer.subscription.created", sub);
    const send = async () =>
      bodyOf(
        await call(webhookAction, webhookRequest(signed.payload, signed.signature), {
          context: stripeContext(),
        }),
      );

    expect((await send()).json.result).toBe("applied");
    const applied = await billingFields(address);
    // Meanwhile Stripe moved on; the replays must not act on anything.
    await fakeControl(`/__stripe/subscriptions/${sub.id}`, { status: "canceled" });
    const listsBefore = (await stripeCalls((r) => r.url.includes(`customer=${customerId}`))).length;
    for (let i = 0; i < 3; i += 1)
      expect((await send()).json).toEqual({ received: true, result: "duplicate" });

    expect(await billingFields(address)).toEqual(applied);
    expect(await processedCount(signed.event.id)).toBe(1);
    expect((await stripeCalls((r) => r.url.includes(`customer=${customerId}`))).length).toBe(listsBefore);
  });

  it("events delivered in reverse order end in the same state as in order", async () => {
    // A user upgrades through a second subscription: old one deleted, new one created.
    const inOrder = await customerUser("order-a");
    const reversed = await customerUser("order-b");
    for (const [user, order] of [
      [inOrder, "forward"],
      [reversed, "reverse"],
    ] as const) {
      const oldSub = await subscription(user.customerId, PRICES.proMonthly, { created: 1_700_000_000 });
      const created = { ...oldSub };
      const newSub = await subscription(user.customerId, PRICES.eliteMonthly, { created: 1_700_000_100 });
      const deleted = await fakeControl(`/__stripe/subscriptions/${oldSub.id}`, { status: "canceled" });
      const events: [string, Record<string, unknown>][] = [
        ["customer.subscription.created", created],
        ["customer.subscription.created", newSub],
        ["customer.subscription.deleted", deleted],
        ["invoice.paid", { id: `in_${oldSub.id}`, object: "invoice", customer: user.customerId }],
      ];
      if (order === "reverse") events.reverse();
      for (const [type, object] of events) expect((await deliver(type, object)).status).toBe(200);
    }
    const a = (await billingFields(inOrder.address))!;
    const b = (await billingFields(reversed.address))!;
    expect(a).toMatchObject({ tier: "Elite Plan", status: "active" });
    expect(b).toMatchObject({ tier: "Elite Plan", status: "active" });
    expect(a.subscriptionId).toMatch(/^sub_/);
    expect(b.subscriptionId).toMatch(/^sub_/);
  });

  it("a stale 'deleted' for an old subscription never downgrades a newer plan or a promotional trial", async () => {
    const { address, customerId } = await customerUser("stale");
    const before = await billingFields(address); // promotional trial
    const old = await subscription(customerId, PRICES.proMonthly, {
      status: "canceled",
      created: 1_600_000_000,
    });
    await deliver("customer.subscription.deleted", old);
    expect(await billingFields(address)).toEqual(before);
  });

  it("an unknown price id is logged and changes nothing", async () => {
    const { address, customerId } = await customerUser("unknownprice");
    const before = await billingFields(address);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sub = await subscription(customerId, "price_from_another_product");
    const res = await deliver("customer.subscription.created", sub);
    expect(res.json).toEqual({ received: true, result: "no-change" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("price_from_another_product"));
    warn.mockRestore();
    expect(await billingFields(address)).toEqual(before);
  });

  it("a Stripe outage while processing answers 500 (Stripe retries) and records nothing", async () => {
    const { customerId } = await customerUser("outage");
    await fakeControl(`/__stripe/customers/${customerId}`, { email: "stripe-down@example.com" });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await deliver("invoice.paid", { id: "in_outage", object: "invoice", customer: customerId });
    error.mockRestore();
    expect(res.status).toBe(500);
    expect(await processedCount(res.event.id)).toBe(0);
  });
});
