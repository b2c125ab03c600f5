// The seeded world the authorization matrix runs against: one user per role (created once per test file),
// trade ideas in the ideas cache, a wheel share of each type, one favorite per user and an unsubscribe token.
import { env } from "cloudflare:test";
import type { Role } from "./matrix";
import { signUpAndGetCookie, testEnv } from "../helpers";
import { setUser, userRow } from "../auth-helpers";
import { fakeControl, fakeOrigin, PRICES } from "../billing-helpers";
import { daysFromToday, fixtureIdeas } from "../fixtures/trade-ideas";
import { parseSharePayload } from "#app/lib/wheel/share.ts";
import { createShare as storeShare } from "#app/server/wheel/shares.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { tradeIdeaUpserts } from "#app/server/market/ideas.server.ts";
import { getDb } from "#app/server/db/client.server.ts";
import { addFavorite } from "#app/server/wheel/favorites.server.ts";
import { createUnsubscribeToken } from "#app/server/notifications/unsubscribe-token.server.ts";

/** More ideas than Pro's cap of 30, so the caps show in the counts. */
export const IDEA_COUNT = 45;

export interface RoleUser {
  email: string;
  id: string;
  cookie: string;
  favoriteId: string;
}

export interface World {
  users: Record<Exclude<Role, "visitor">, RoleUser>;
  tradeId: string;
  cspShareId: string;
  ccShareId: string;
  /** A valid unsubscribe token (for the Pro user). */
  unsubscribeToken: string;
}

const DAY = 86_400_000;

/** Each role's account fields on top of a fresh sign-up (which starts the automatic 9-day Pro trial). */
const ROLE_FIELDS: Record<Exclude<Role, "visitor">, () => Record<string, string | number | null>> = {
  free: () => ({ subscription_tier: "Free Plan", subscription_status: "inactive", trial_end: null }),
  pro: () => ({
    subscription_tier: "Pro Plan",
    subscription_status: "active",
    subscription_id: "sub_authz_pro",
  }),
  elite: () => ({
    subscription_tier: "Elite Plan",
    subscription_status: "active",
  }),
  // A promotional trial: trialing, no Stripe subscription, ends in the future (as the admin tool grants it).
  promoTrial: () => ({
    subscription_tier: "Pro Plan",
    subscription_status: "trialing",
    subscription_id: null,
    trial_end: Date.now() + 5 * DAY,
  }),
  // Ended a minute ago: the first read reverts the account to its saved tier (Free).
  expiredTrial: () => ({
    subscription_tier: "Pro Plan",
    subscription_status: "trialing",
    subscription_id: null,
    trial_end: Date.now() - 60_000,
  }),
  // Cancelled in Stripe at period end: still active until the paid period is over.
  cancelledInPeriod: () => ({
    subscription_tier: "Pro Plan",
    subscription_status: "active",
    cancel_at_period_end: 1,
    current_period_end: Date.now() + 20 * DAY,
  }),
  admin: () => ({ role: "admin", subscription_tier: "Free Plan", subscription_status: "inactive" }),
  // Banned after signing in: the session cookie it still holds must count for nothing.
  banned: () => ({
    subscription_tier: "Elite Plan",
    subscription_status: "active",
    banned: 1,
    ban_reason: "authorization matrix",
  }),
};

const CSP_STRATEGY = {
  id: "authz-csp",
  symbol: "AAPL",
  putStrike: 200,
  premium: 3.25,
  expirationDate: daysFromToday(53),
  returnOnCapital: 1.6,
  annualizedReturn: 23.1,
  daysToExpiration: 53,
  currentPrice: 215.2,
  lastUpdated: "2026-11-23T16:00:00.000Z",
  source: "demo",
};

/** The paid roles' Stripe subscription (in the loopback fake), cancelled at period end for that role. */
const SUBSCRIBED: Partial<Record<Role, string>> = {
  pro: PRICES.proMonthly,
  elite: PRICES.eliteMonthly,
  cancelledInPeriod: PRICES.proMonthly,
  banned: PRICES.eliteMonthly,
};

/**
 * Every account has a Stripe customer (a Free user who once looked at Checkout has one too), so the
 * billing rows answer the same whatever order they run in; the paid ones also have their subscription.
 */
async function seedStripe(role: Role, email: string): Promise<Record<string, string | number>> {
  const res = await fetch(`${fakeOrigin()}/v1/customers`, {
    method: "POST",
    headers: {
      Authorization: "Bearer sk_test_fake_key",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ email }).toString(),
  });
  const customer = ((await res.json()) as { id: string }).id;
  const price = SUBSCRIBED[role];
  if (!price) return { stripe_customer_id: customer };
  const sub = await fakeControl<{ id: string }>("/__stripe/subscriptions", { customer, price });
  if (role === "cancelledInPeriod")
    await fakeControl(`/__stripe/subscriptions/${sub.id}`, { cancel_at_period_end: true });
  return { stripe_customer_id: customer, subscription_id: sub.id };
}

/**
 * A stored share of the world. Stored through the share module, not the public API: the API also requires a
 * symbol the market caches know, and the matrix runs without a market refresh.
 */
async function createShare(
  type: "csp" | "cc",
  body: { strategy: Record<string, unknown>; position?: { shares: number; costBasis: number } },
): Promise<string> {
  const parsed = parseSharePayload(type === "csp" ? "CSP" : "CC", body.strategy, body.position ?? null);
  if (!parsed.ok) throw new Error(`share seed failed: ${parsed.error}`);
  return (await storeShare(testEnv, parsed.payload)).id;
}

export async function seedWorld(): Promise<World> {
  // The share API takes only a symbol the market caches know (decision 221); the matrix runs no refresh, so
  // the caches learn of SPY the way a provider check would leave it.
  await env.MARKET_KV.put(KV_KEYS.known("SPY"), JSON.stringify({ known: true }));
  const ideas = fixtureIdeas(IDEA_COUNT);
  await env.MARKET_KV.put(
    KV_KEYS.ideas,
    JSON.stringify({ ideas, source: "demo", asOf: "2026-11-23T16:00:00.000Z" }),
  );
  await getDb(testEnv).batch(tradeIdeaUpserts(testEnv, ideas, Date.now()) as never);

  const users = {} as World["users"];
  for (const role of Object.keys(ROLE_FIELDS) as Exclude<Role, "visitor">[]) {
    const email = `authz-${role.toLowerCase()}@example.com`;
    const cookie = await signUpAndGetCookie(email);
    // has_used_trial = 1: the automatic trial must not turn these accounts back into a Pro trial on read.
    await setUser(email, { has_used_trial: 1, ...ROLE_FIELDS[role](), ...(await seedStripe(role, email)) });
    const id = (await userRow(email))!.id;
    if (role === "admin") await env.DB.prepare("insert into admins (email) values (?)").bind(email).run();
    const favorite = await addFavorite(testEnv, id, "CSP", { ...CSP_STRATEGY, id: `fav-${role}` });
    if (!favorite.ok) throw new Error(`favorite seed failed for ${role}`);
    users[role] = { email, id, cookie, favoriteId: String(favorite.favorite.id) };
  }

  return {
    users,
    tradeId: ideas[0]!.trade_unique_identifier,
    cspShareId: await createShare("csp", { strategy: CSP_STRATEGY }),
    ccShareId: await createShare("cc", {
      strategy: { symbol: "MSFT", callStrike: 450, premium: 4, expirationDate: daysFromToday(53) },
      position: { shares: 300, costBasis: 400 },
    }),
    unsubscribeToken: await createUnsubscribeToken(testEnv, users.pro.id),
  };
}
