// Helpers for the billing tests: a Stripe-configured context pointing at the loopback fake, JSON calls to
// the billing routes, webhook events signed by the Stripe SDK's own test-header helper.
import { env } from "cloudflare:test";
import Stripe from "stripe";
import { inject } from "vitest";
import { makeContext, ORIGIN } from "./helpers";
import { freshIp } from "./auth-helpers";

export const WEBHOOK_SECRET = "whsec_test_wheelhouse_local";
export const PRICES = {
  proMonthly: "price_pro_monthly_test",
  proYearly: "price_pro_yearly_test",
  eliteMonthly: "price_elite_monthly_test",
  eliteYearly: "price_elite_yearly_test",
};

export const fakeOrigin = () => inject("fakeOrigin");

/** The email provider's webhook secret in the whole-app tests (fuzz, authorization matrix). */
export const EMAIL_WEBHOOK_SECRET = `whsec_${btoa("wheelhouse-test-email-events-key")}`;

/** Every provider configured against the loopback fakes: Stripe, and the email provider's webhook. */
export function providersContext() {
  return stripeContext({ RESEND_WEBHOOK_SECRET: EMAIL_WEBHOOK_SECRET });
}

export function stripeContext(overrides: Record<string, string> = {}) {
  return makeContext({
    STRIPE_SECRET_KEY: "sk_test_fake_key",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO_MONTHLY: PRICES.proMonthly,
    STRIPE_PRICE_PRO_YEARLY: PRICES.proYearly,
    STRIPE_PRICE_ELITE_MONTHLY: PRICES.eliteMonthly,
    STRIPE_PRICE_ELITE_YEARLY: PRICES.eliteYearly,
    STRIPE_API_BASE: fakeOrigin(),
    ...overrides,
  });
}

export function jsonPost(path: string, body: unknown, opts: { cookie?: string; ip?: string } = {}): Request {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  headers.set("cf-connecting-ip", opts.ip ?? freshIp());
  return new Request(new URL(path, ORIGIN), { method: "POST", headers, body: JSON.stringify(body) });
}

export async function bodyOf(res: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = res as Response;
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

export interface Recorded {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** Every request the fake servers saw (all test files share the server: filter by your own ids). */
export async function recorded(): Promise<Recorded[]> {
  return (await fetch(`${fakeOrigin()}/__recorded`)).json();
}

export async function stripeCalls(filter: (r: Recorded) => boolean): Promise<Recorded[]> {
  return (await recorded()).filter((r) => r.url.startsWith("/v1/") && filter(r));
}

/** Decodes Stripe's form encoding into flat key -> value pairs ("line_items[0][price]" -> "..."). */
export function formOf(r: Recorded): Record<string, string> {
  // POST parameters travel in the body, GET and DELETE parameters in the query string.
  return Object.fromEntries(new URLSearchParams(r.method === "POST" ? r.body : (r.url.split("?")[1] ?? "")));
}

/** The request path without its query string. */
export const pathOf = (r: Recorded) => r.url.split("?")[0];

export async function fakeControl<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${fakeOrigin()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** A Stripe event as Stripe sends it, signed with the SDK's generateTestHeaderStringAsync. */
export async function signedEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; secret?: string; created?: number } = {},
) {
  const event = {
    id: opts.id ?? `evt_test_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: opts.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { event, payload, signature };
}

export function webhookRequest(payload: string, signature: string): Request {
  return new Request(new URL("/api/stripe/webhook", ORIGIN), {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}

export async function billingFields(email: string) {
  return env.DB.prepare(
    `select id, subscription_tier as tier, subscription_status as status, subscription_id as subscriptionId,
            current_period_end as currentPeriodEnd, cancel_at_period_end as cancelAtPeriodEnd,
            last_subscription_tier as lastTier, stripe_customer_id as customerId, trial_end as trialEnd,
            has_used_trial as hasUsedTrial
       from user where email = ?`,
  )
    .bind(email)
    .first<{
      id: string;
      tier: string;
      status: string;
      subscriptionId: string | null;
      currentPeriodEnd: number | null;
      cancelAtPeriodEnd: number;
      lastTier: string | null;
      customerId: string | null;
      trialEnd: number | null;
      hasUsedTrial: number;
    }>();
}

export async function eventsOf(userId: string) {
  return (
    await env.DB.prepare(
      "select name, properties from analytics_events where user_id = ? order by created_at",
    )
      .bind(userId)
      .all<{ name: string; properties: string | null }>()
  ).results;
}
