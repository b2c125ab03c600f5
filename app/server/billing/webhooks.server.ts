// Stripe webhooks (POST /api/stripe/webhook). Stripe delivers at least once and in any order, so:
// - the signature is checked on the raw body before anything else;
// - the event id is inserted in the SAME D1 batch as the state change (a replay finds it and changes nothing);
// - the state is never read from the event's (possibly stale) payload: the customer's subscriptions are
//   fetched from Stripe and the user's fields are derived from what Stripe has now.
import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { d1Statement } from "#app/server/db/sql.server.ts";
import { planChangeTrims } from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { currentState, userUpdateFor } from "#app/server/billing/billing.server.ts";
import { getBilling, webCrypto, type Billing, type Stripe } from "#app/server/billing/stripe.server.ts";

export type WebhookOutcome =
  | { status: 200; result: "applied" | "duplicate" | "ignored" | "no-user" | "no-change" }
  | { status: 400 | 500 | 503; result: "bad-signature" | "error" | "not-configured" };

/** The events that can change a user's plan (each is mapped through the customer's subscriptions). */
export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

async function alreadyProcessed(env: { DB: D1Database }, eventId: string): Promise<boolean> {
  const row = await getDb(env)
    .select({ id: schema.stripeEvents.id })
    .from(schema.stripeEvents)
    .where(eq(schema.stripeEvents.id, eventId))
    .get();
  return Boolean(row);
}

async function userIdForCustomer(
  env: { DB: D1Database },
  customerId: string,
  hint: string | null,
): Promise<string | null> {
  const byCustomer = await getDb(env)
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.stripeCustomerId, customerId))
    .get();
  if (byCustomer) return byCustomer.id;
  if (!hint) return null;
  // Our own metadata (client_reference_id, subscription metadata) names the user; link the customer only
  // to a user that has none yet.
  const byHint = await getDb(env)
    .select({ id: schema.user.id, customer: schema.user.stripeCustomerId })
    .from(schema.user)
    .where(eq(schema.user.id, hint))
    .get();
  return byHint && (!byHint.customer || byHint.customer === customerId) ? byHint.id : null;
}

/** Customer and the user id our metadata carries, from any of the handled event objects. */
function subjectOf(event: Stripe.Event): { customerId: string | null; userHint: string | null } {
  const object = event.data.object as unknown as {
    object?: string;
    customer?: string | { id: string } | null;
    client_reference_id?: string | null;
    metadata?: Record<string, string> | null;
    parent?: { subscription_details?: { metadata?: Record<string, string> | null } | null } | null;
  };
  const userHint =
    object.client_reference_id ??
    object.metadata?.userId ??
    object.parent?.subscription_details?.metadata?.userId ??
    null;
  return { customerId: idOf(object.customer), userHint };
}

/** Checkout that replaces a subscription (plan change without a card on file): end the old one once paid. */
async function endReplacedSubscription(billing: Billing, session: Stripe.Checkout.Session) {
  const old = session.metadata?.replacesSubscription;
  if (!old || !(session.payment_status === "paid" || session.payment_status === "no_payment_required"))
    return;
  const newId = idOf(session.subscription);
  if (newId === old) return;
  try {
    await billing.stripe.subscriptions.cancel(old, { prorate: true });
  } catch (error) {
    const e = error as { code?: string; statusCode?: number };
    // Already canceled (a replay after a partial failure, or the user did it): nothing left to do.
    if (e.statusCode === 404 || e.code === "resource_missing") return;
    if (e.statusCode === 400 && /cancel/i.test(String((error as Error).message))) return;
    throw error;
  }
}

export async function handleStripeWebhook(
  env: WorkerEnv,
  rawBody: string,
  signature: string | null,
  now = Date.now(),
): Promise<WebhookOutcome> {
  const billing = getBilling(env);
  if (!billing) return { status: 503, result: "not-configured" };
  let event: Stripe.Event;
  try {
    event = await billing.stripe.webhooks.constructEventAsync(
      rawBody,
      signature ?? "",
      billing.webhookSecret,
      undefined,
      webCrypto,
    );
  } catch (error) {
    console.warn("stripe webhook: signature check failed", (error as Error).message);
    return { status: 400, result: "bad-signature" };
  }

  if (await alreadyProcessed(env, event.id)) return { status: 200, result: "duplicate" };
  const db = getDb(env);
  const record = db
    .insert(schema.stripeEvents)
    .values({ id: event.id, type: event.type, processedAt: new Date(now) })
    .onConflictDoNothing();

  try {
    if (!HANDLED_EVENTS.has(event.type)) {
      await record.run();
      return { status: 200, result: "ignored" };
    }
    if (event.type === "checkout.session.completed") {
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.mode !== "subscription") {
        await record.run();
        return { status: 200, result: "ignored" };
      }
      await endReplacedSubscription(billing, session);
    }

    const { customerId, userHint } = subjectOf(event);
    const userId = customerId ? await userIdForCustomer(env, customerId, userHint) : null;
    if (!customerId || !userId) {
      console.warn(`stripe webhook: ${event.type} ${event.id} names no user of ours`);
      await record.run();
      return { status: 200, result: "no-user" };
    }

    const list = await billing.stripe.subscriptions.list({ customer: customerId, status: "all", limit: 20 });
    const state = currentState(billing, list.data);
    if (!state) {
      await record.run();
      return { status: 200, result: "no-change" };
    }
    const link = db
      .update(schema.user)
      .set({ stripeCustomerId: customerId })
      .where(sql`${schema.user.id} = ${userId} and ${schema.user.stripeCustomerId} is null`);
    // The event id, the customer link and the plan fields: one atomic batch. A concurrent delivery of
    // the same event inserts nothing (ON CONFLICT DO NOTHING) and writes the same derived state.
    await env.DB.batch([
      ...[record, link, userUpdateFor(env, userId, state, now)].map((q) => d1Statement(env.DB, q)),
      ...planChangeTrims(env, userId, now),
    ]);
    return { status: 200, result: "applied" };
  } catch (error) {
    // Not recorded: Stripe retries the event later.
    console.error(`stripe webhook: ${event.type} ${event.id} failed`, error);
    return { status: 500, result: "error" };
  }
}
