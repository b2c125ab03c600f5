// Billing on Stripe (docs/product/plans-and-billing.md#checkout): Checkout for new subscriptions, the Billing
// Portal, cancel at period end with the survey, plan changes in place with proration, and the user's plan
// fields derived from Stripe's own state. Routes pass the session user; everything else is read here.
import { refused, type Refused } from "#app/lib/refusal.ts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { BILLING_MESSAGES, type CancellationReason } from "#app/lib/billing.ts";
import {
  isSubscribed,
  periodPrice,
  catalogEntry,
  PROMO_CODE,
  PROMO_PERCENT_OFF,
  promoApplies,
  tierForPriceId,
  TIER_RANK,
  type BillingPeriod,
  type PaidTier,
  type PlanTier,
} from "#app/lib/plans.ts";
import { recordBusinessEvent } from "#app/server/analytics.server.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { d1Statement } from "#app/server/db/sql.server.ts";
import { planChangeTrims } from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getBilling, type Billing, type Stripe } from "#app/server/billing/stripe.server.ts";

export interface BillingUser {
  id: string;
}

const refuse = (status: number, message: string): Refused => refused(status, message);

/** The user's billing fields, read fresh (never from a form). */
export async function billingRow(env: { DB: D1Database }, userId: string) {
  return getDb(env)
    .select({
      id: schema.user.id,
      email: schema.user.email,
      subscriptionTier: schema.user.subscriptionTier,
      subscriptionStatus: schema.user.subscriptionStatus,
      subscriptionId: schema.user.subscriptionId,
      stripeCustomerId: schema.user.stripeCustomerId,
      cancelAtPeriodEnd: schema.user.cancelAtPeriodEnd,
      currentPeriodEnd: schema.user.currentPeriodEnd,
      hasUsedTrial: schema.user.hasUsedTrial,
      trialEnd: schema.user.trialEnd,
    })
    .from(schema.user)
    .where(eq(schema.user.id, userId))
    .get();
}
type BillingRow = NonNullable<Awaited<ReturnType<typeof billingRow>>>;

/** A Stripe subscription that is this user's current one (not a promotional trial, not ended). */
function hasLiveStripeSubscription(row: BillingRow): boolean {
  return Boolean(row.subscriptionId) && isSubscribed(row);
}

// ---------------------------------------------------------------- customer and coupon

/** The user's Stripe customer, created once (idempotency key per user) and stored with a conditional UPDATE. */
export async function ensureCustomer(env: WorkerEnv, billing: Billing, row: BillingRow): Promise<string> {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const customer = await billing.stripe.customers.create(
    { email: row.email, metadata: { userId: row.id } },
    { idempotencyKey: `customer-for-user-${row.id}` },
  );
  await getDb(env)
    .update(schema.user)
    .set({ stripeCustomerId: customer.id })
    .where(sql`${schema.user.id} = ${row.id} and ${schema.user.stripeCustomerId} is null`)
    .run();
  const stored = await billingRow(env, row.id);
  return stored?.stripeCustomerId ?? customer.id;
}

function isMissingResource(error: unknown): boolean {
  const e = error as { statusCode?: number; code?: string };
  return e?.statusCode === 404 || e?.code === "resource_missing";
}

/** The promotion's coupon (PROMO_CODE, PROMO_PERCENT_OFF off, duration once), created in the Stripe account on first use. */
export async function ensurePromoCoupon(billing: Billing): Promise<string> {
  try {
    const coupon = await billing.stripe.coupons.retrieve(PROMO_CODE);
    return coupon.id;
  } catch (error) {
    if (!isMissingResource(error)) throw error;
  }
  try {
    const coupon = await billing.stripe.coupons.create({
      id: PROMO_CODE,
      percent_off: PROMO_PERCENT_OFF,
      duration: "once",
      name: `Trial offer: ${PROMO_PERCENT_OFF}% off`,
    });
    return coupon.id;
  } catch (error) {
    // Created meanwhile by a concurrent checkout: the id is what we need.
    if ((error as { code?: string }).code === "resource_already_exists") return PROMO_CODE;
    throw error;
  }
}

// ---------------------------------------------------------------- checkout

export interface CheckoutInput {
  tier: PaidTier;
  period: BillingPeriod;
  couponCode?: string | null;
}

export type CheckoutResult =
  { ok: true; sessionId: string; url: string; promoApplied: boolean; price: number } | Refused;

function priceIdFor(billing: Billing, tier: PaidTier, period: BillingPeriod): string | null {
  return billing.priceIds[tier][period];
}

/** Starts Stripe Checkout (subscription mode) for the session user. */
export async function createCheckout(
  env: WorkerEnv,
  user: BillingUser,
  input: CheckoutInput,
  origin: string,
  opts: { replacesSubscription?: string } = {},
): Promise<CheckoutResult> {
  const billing = getBilling(env);
  if (!billing) return refuse(503, BILLING_MESSAGES.notConfigured);
  const row = await billingRow(env, user.id);
  if (!row) return refuse(401, BILLING_MESSAGES.mustBeLoggedIn);
  if (!row.email) return refuse(400, BILLING_MESSAGES.noEmail);
  if (!opts.replacesSubscription && hasLiveStripeSubscription(row)) {
    // A second subscription would bill twice: plan changes go through changePlan.
    return refuse(409, BILLING_MESSAGES.actionFailed);
  }
  const priceId = priceIdFor(billing, input.tier, input.period);
  if (!priceId) return refuse(400, BILLING_MESSAGES.noPriceId);

  const promo = promoApplies(input.couponCode, row);
  const price = periodPrice(catalogEntry(input.tier), input.period, promo).billed;
  await recordBusinessEvent(env, {
    name: "subscription_signup_attempt",
    userId: row.id,
    path: "/pricing",
    properties: { tier: input.tier, period: input.period },
  });

  try {
    const customer = await ensureCustomer(env, billing, row);
    const coupon = promo ? await ensurePromoCoupon(billing) : null;
    const metadata: Record<string, string> = { userId: row.id, tier: input.tier, period: input.period };
    if (opts.replacesSubscription) metadata.replacesSubscription = opts.replacesSubscription;
    const session = await billing.stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: row.id,
      line_items: [{ price: priceId, quantity: 1 }],
      ...(coupon ? { discounts: [{ coupon }] } : {}),
      success_url: `${origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/subscription/cancelled`,
      metadata,
      subscription_data: { metadata: { userId: row.id, tier: input.tier } },
    });
    if (!session.id) return refuse(502, BILLING_MESSAGES.noSessionId);
    if (!session.url) return refuse(502, BILLING_MESSAGES.checkoutFailed);
    await recordBusinessEvent(env, {
      name: "begin_subscription",
      userId: row.id,
      path: "/pricing",
      properties: { tier: input.tier, period: input.period, price, promo_applied: promo },
    });
    return { ok: true, sessionId: session.id, url: session.url, promoApplied: promo, price };
  } catch (error) {
    console.error("billing: checkout failed", error);
    return refuse(502, BILLING_MESSAGES.checkoutFailed);
  }
}

// ---------------------------------------------------------------- billing portal

export async function createPortalSession(
  env: WorkerEnv,
  user: BillingUser,
  origin: string,
): Promise<{ ok: true; url: string } | Refused> {
  const billing = getBilling(env);
  if (!billing) return refuse(503, BILLING_MESSAGES.notConfigured);
  const row = await billingRow(env, user.id);
  if (!row) return refuse(401, BILLING_MESSAGES.mustBeLoggedIn);
  if (!row.stripeCustomerId) return refuse(400, BILLING_MESSAGES.noSubscription);
  try {
    const session = await billing.stripe.billingPortal.sessions.create({
      customer: row.stripeCustomerId,
      return_url: `${origin}/pricing`,
    });
    return { ok: true, url: session.url };
  } catch (error) {
    console.error("billing: portal session failed", error);
    return refuse(502, BILLING_MESSAGES.actionFailed);
  }
}

// ---------------------------------------------------------------- cancel with the survey

export interface CancelInput {
  feedback?: { reason: CancellationReason[]; comment: string } | null;
  cancelImmediately?: boolean;
}

/** Stripe's own cancellation reasons, so the survey also shows in the Stripe dashboard. */
const STRIPE_FEEDBACK: Record<
  CancellationReason,
  Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback
> = {
  "Not many features": "missing_features",
  "Too Expensive": "too_expensive",
  "Didn't help in my Options Trading": "low_quality",
  Others: "other",
};

export async function cancelSubscription(
  env: WorkerEnv,
  user: BillingUser,
  input: CancelInput,
  now = Date.now(),
): Promise<{ ok: true; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null } | Refused> {
  const billing = getBilling(env);
  if (!billing) return refuse(503, BILLING_MESSAGES.notConfigured);
  const row = await billingRow(env, user.id);
  if (!row) return refuse(401, BILLING_MESSAGES.mustBeLoggedIn);
  if (!row.subscriptionId || !hasLiveStripeSubscription(row))
    return refuse(400, BILLING_MESSAGES.noSubscription);

  const feedback =
    input.feedback && (input.feedback.reason.length > 0 || input.feedback.comment) ? input.feedback : null;
  const details = feedback
    ? {
        ...(feedback.reason[0] ? { feedback: STRIPE_FEEDBACK[feedback.reason[0]] } : {}),
        ...(feedback.comment ? { comment: feedback.comment.slice(0, 500) } : {}),
      }
    : undefined;
  let subscription: Stripe.Subscription;
  try {
    subscription = input.cancelImmediately
      ? await billing.stripe.subscriptions.cancel(
          row.subscriptionId,
          details ? { cancellation_details: details } : {},
        )
      : await billing.stripe.subscriptions.update(row.subscriptionId, {
          cancel_at_period_end: true,
          ...(details ? { cancellation_details: details } : {}),
        });
  } catch (error) {
    console.error("billing: cancel failed", error);
    return refuse(502, BILLING_MESSAGES.cancelFailed);
  }

  const db = getDb(env);
  const state = subscriptionState(billing, subscription);
  const writes = [];
  if (feedback) {
    writes.push(
      db.insert(schema.cancellationFeedback).values({
        id: crypto.randomUUID(),
        userId: row.id,
        reasons: feedback.reason,
        comment: feedback.comment,
        createdAt: new Date(now),
      }),
    );
  }
  if (state) writes.push(userUpdateFor(env, row.id, state, now));
  if (writes.length > 0)
    await env.DB.batch([
      ...writes.map((w) => d1Statement(env.DB, w)),
      ...(state ? planChangeTrims(env, row.id, now) : []),
    ]);
  return {
    ok: true,
    cancelAtPeriodEnd: state?.live ? state.cancelAtPeriodEnd : false,
    currentPeriodEnd:
      state?.live && state.currentPeriodEnd ? new Date(state.currentPeriodEnd).toISOString() : null,
  };
}

// ---------------------------------------------------------------- plan change

export type ChangePlanResult =
  | { ok: true; mode: "updated"; tier: PaidTier }
  | { ok: true; mode: "checkout"; sessionId: string; url: string }
  | Refused;

function hasPaymentMethod(
  subscription: Stripe.Subscription,
  customer: Stripe.Customer | Stripe.DeletedCustomer,
) {
  if (subscription.default_payment_method) return true;
  if (customer.deleted) return false;
  return Boolean(customer.invoice_settings?.default_payment_method || customer.default_source);
}

/**
 * Upgrade / Downgrade. With a payment method on file the subscription's price is swapped in place with
 * proration (an upgrade is invoiced at once and applied only if paid), so the user always has a plan.
 * Without one, Checkout for the new plan; the old subscription ends when the new one is paid (webhook).
 */
export async function changePlan(
  env: WorkerEnv,
  user: BillingUser,
  input: { tier: PaidTier; period: BillingPeriod; couponCode?: string | null },
  origin: string,
  now = Date.now(),
): Promise<ChangePlanResult> {
  const billing = getBilling(env);
  if (!billing) return refuse(503, BILLING_MESSAGES.notConfigured);
  const row = await billingRow(env, user.id);
  if (!row) return refuse(401, BILLING_MESSAGES.mustBeLoggedIn);
  const priceId = priceIdFor(billing, input.tier, input.period);
  if (!priceId) return refuse(400, BILLING_MESSAGES.noPriceId);

  // A promotional trial (or no subscription at all) has nothing to change: start Checkout.
  if (!row.subscriptionId || !hasLiveStripeSubscription(row)) {
    const checkout = await createCheckout(env, user, input, origin);
    return checkout.ok
      ? { ok: true, mode: "checkout", sessionId: checkout.sessionId, url: checkout.url }
      : checkout;
  }

  try {
    const current = await billing.stripe.subscriptions.retrieve(row.subscriptionId);
    const item = current.items.data[0];
    if (!item) return refuse(502, BILLING_MESSAGES.changeFailed);
    const currentTier = tierForPriceId(billing.priceIds, item.price.id);
    if (item.price.id === priceId) return { ok: true, mode: "updated", tier: input.tier };

    const customerId = typeof current.customer === "string" ? current.customer : current.customer.id;
    const customer = await billing.stripe.customers.retrieve(customerId);
    if (!hasPaymentMethod(current, customer)) {
      const checkout = await createCheckout(env, user, input, origin, { replacesSubscription: current.id });
      return checkout.ok
        ? { ok: true, mode: "checkout", sessionId: checkout.sessionId, url: checkout.url }
        : checkout;
    }

    const upgrade = TIER_RANK[input.tier] > TIER_RANK[(currentTier ?? "Free Plan") as PlanTier];
    const updated = await billing.stripe.subscriptions.update(current.id, {
      items: [{ id: item.id, price: priceId }],
      // Upgrades are charged now and only take effect once paid; downgrades credit the unused time.
      proration_behavior: upgrade ? "always_invoice" : "create_prorations",
      ...(upgrade ? { payment_behavior: "pending_if_incomplete" as const } : {}),
    });
    const state = subscriptionState(billing, updated);
    if (state)
      await env.DB.batch([
        d1Statement(env.DB, userUpdateFor(env, row.id, state, now)),
        ...planChangeTrims(env, row.id, now),
      ]);
    const appliedTier = state?.live ? state.tier : null;
    if (appliedTier !== input.tier) return refuse(402, BILLING_MESSAGES.changeFailed);
    return { ok: true, mode: "updated", tier: input.tier };
  } catch (error) {
    console.error("billing: plan change failed", error);
    return refuse(502, BILLING_MESSAGES.changeFailed);
  }
}

// ---------------------------------------------------------------- account deletion

/**
 * Ends every Stripe subscription of a user at once (account deletion). ok:false means Stripe refused or
 * could not be reached: keep the account then, or the user goes on being billed without one.
 */
export async function cancelSubscriptionsForDeletedUser(
  env: WorkerEnv,
  user: BillingUser,
): Promise<{ ok: true; canceled: string[] } | Refused> {
  const row = await billingRow(env, user.id);
  if (!row || (!row.stripeCustomerId && !row.subscriptionId)) return { ok: true, canceled: [] };
  const billing = getBilling(env);
  if (!billing) {
    if (!row.subscriptionId) return { ok: true, canceled: [] };
    return refuse(503, BILLING_MESSAGES.notConfigured);
  }
  try {
    const ids = new Set<string>();
    if (row.stripeCustomerId) {
      const list = await billing.stripe.subscriptions.list({
        customer: row.stripeCustomerId,
        status: "all",
        limit: 100,
      });
      for (const s of list.data) if (!ENDED.has(s.status)) ids.add(s.id);
    } else if (row.subscriptionId) {
      ids.add(row.subscriptionId);
    }
    const canceled: string[] = [];
    for (const id of ids) {
      await billing.stripe.subscriptions.cancel(id, { prorate: false, invoice_now: false });
      canceled.push(id);
    }
    return { ok: true, canceled };
  } catch (error) {
    console.error("billing: cancel on account deletion failed", error);
    return refuse(502, BILLING_MESSAGES.cancelFailed);
  }
}

// ---------------------------------------------------------------- Stripe state -> user fields

const ENDED = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired"]);
/** Statuses that keep the plan: past_due is Stripe retrying a failed renewal (access kept meanwhile). */
const LIVE = new Set<Stripe.Subscription.Status>(["active", "trialing", "past_due"]);

export type LiveState = {
  live: true;
  subscriptionId: string;
  customerId: string;
  tier: PaidTier;
  status: "active" | "trialing";
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: number | null;
};
/** No live subscription: the user's plan ends if their current subscription is one of these. */
export type EndedState = { live: false; customerId: string; endedIds: string[] };
export type SubscriptionState = LiveState | EndedState;

function customerOf(s: Stripe.Subscription): string {
  return typeof s.customer === "string" ? s.customer : s.customer.id;
}

/** One subscription's meaning for the user fields; null when its price is not one this app sells. */
export function subscriptionState(billing: Billing, s: Stripe.Subscription): SubscriptionState | null {
  if (!LIVE.has(s.status)) return { live: false, customerId: customerOf(s), endedIds: [s.id] };
  const item = s.items?.data?.[0];
  const tier = tierForPriceId(billing.priceIds, item?.price?.id);
  if (!tier) {
    console.warn(
      `billing: subscription ${s.id} has price ${item?.price?.id ?? "none"}, which maps to no plan`,
    );
    return null;
  }
  const periodEnd = item?.current_period_end ? item.current_period_end * 1000 : null;
  const cancelAt = s.cancel_at ? s.cancel_at * 1000 : null;
  return {
    live: true,
    subscriptionId: s.id,
    customerId: customerOf(s),
    tier,
    status: s.status === "trialing" ? "trialing" : "active",
    // A scheduled cancel (cancel_at) ends access on that date if it comes first.
    currentPeriodEnd: cancelAt && (!periodEnd || cancelAt < periodEnd) ? cancelAt : periodEnd,
    cancelAtPeriodEnd: s.cancel_at_period_end || cancelAt != null,
    trialEnd: s.status === "trialing" && s.trial_end ? s.trial_end * 1000 : null,
  };
}

/**
 * The user's state from ALL of a customer's subscriptions as Stripe has them now (so the order in which
 * events arrive does not matter): the newest live one with a known price; with none live, every one of
 * them has ended. Null: a live subscription with a price this app does not sell (logged, no change).
 */
export function currentState(
  billing: Billing,
  subscriptions: Stripe.Subscription[],
): SubscriptionState | null {
  if (subscriptions.length === 0) return null;
  const sorted = [...subscriptions].sort((a, b) => b.created - a.created);
  const states = sorted.map((s) => subscriptionState(billing, s));
  const live = states.find((s): s is LiveState => s?.live === true);
  if (live) return live;
  if (states.some((s) => s === null)) return null;
  return { live: false, customerId: customerOf(sorted[0]!), endedIds: sorted.map((s) => s.id) };
}

/**
 * The UPDATE that writes a subscription state onto the user. A live one also ends a promotional trial
 * (subscriptionId set, trialEnd from Stripe). An ended one applies only while the user's current
 * subscription is that one, so a stale "deleted" never downgrades a newer plan or a promotional trial.
 */
export function userUpdateFor(
  env: { DB: D1Database },
  userId: string,
  state: SubscriptionState,
  now = Date.now(),
) {
  const u = schema.user;
  const db = getDb(env);
  if (state.live) {
    return db
      .update(u)
      .set({
        lastSubscriptionTier: sql`case when ${u.subscriptionTier} <> ${state.tier} then ${u.subscriptionTier} else ${u.lastSubscriptionTier} end`,
        subscriptionTier: state.tier,
        subscriptionStatus: state.status,
        subscriptionId: state.subscriptionId,
        currentPeriodEnd: state.currentPeriodEnd ? new Date(state.currentPeriodEnd) : null,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        trialEnd: state.trialEnd ? new Date(state.trialEnd) : null,
        hasUsedTrial: true,
        stripeCustomerId: sql`coalesce(${u.stripeCustomerId}, ${state.customerId})`,
        updatedAt: new Date(now),
      })
      .where(eq(u.id, userId));
  }
  return db
    .update(u)
    .set({
      lastSubscriptionTier: sql`case when ${u.subscriptionTier} <> 'Free Plan' then ${u.subscriptionTier} else ${u.lastSubscriptionTier} end`,
      subscriptionTier: "Free Plan",
      subscriptionStatus: "inactive",
      subscriptionId: null,
      cancelAtPeriodEnd: false,
      updatedAt: new Date(now),
    })
    .where(and(eq(u.id, userId), inArray(u.subscriptionId, state.endedIds)));
}

// ---------------------------------------------------------------- result page events

const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
export const SUCCESS_EVENTS = ["purchase", "payment", "conversion"] as const;

/**
 * /subscription/success (docs/product/public-pages.md#subscription-result-pages): purchase, payment and
 * conversion events once per Checkout session, and 'subscription success page viewed' (user id and email) on
 * every view. First-party rows only; no third-party pixel.
 */
export async function recordSubscriptionSuccess(
  env: { DB: D1Database },
  user: { id: string; email: string; subscriptionTier?: string | null; subscriptionStatus?: string | null },
  checkoutSessionId: string | null,
): Promise<void> {
  const sessionId =
    checkoutSessionId && CHECKOUT_SESSION_ID.test(checkoutSessionId) ? checkoutSessionId : null;
  const path = "/subscription/success";
  await recordBusinessEvent(env, {
    name: "subscription_success_page_viewed",
    userId: user.id,
    path,
    properties: { user_id: user.id, email: user.email },
  });
  if (!sessionId) return;
  const events = schema.analyticsEvents;
  const seen = await getDb(env)
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.name, "purchase"),
        eq(events.userId, user.id),
        sql`json_extract(${events.properties}, '$.checkout_session_id') = ${sessionId}`,
      ),
    )
    .limit(1)
    .get();
  if (seen) return;
  const tier =
    user.subscriptionStatus === "active" || user.subscriptionStatus === "trialing"
      ? user.subscriptionTier
      : null;
  for (const name of SUCCESS_EVENTS) {
    await recordBusinessEvent(env, {
      name,
      userId: user.id,
      path,
      properties: { checkout_session_id: sessionId, tier },
    });
  }
}
