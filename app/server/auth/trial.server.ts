// Promotional trials (docs/product/plans-and-billing.md#trials). Every transition is ONE conditional UPDATE
// whose WHERE clause is the rule itself, so concurrent requests cannot grant twice or revert a trial that
// changed meanwhile.
import { and, eq, inArray, isNotNull, isNull, lt, not, or, sql } from "drizzle-orm";
import { DAY_MS } from "#app/engine/time.ts";
import { ADMIN_MESSAGES } from "#app/lib/admin.ts";
import { isPromoTrial } from "#app/lib/plans.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes, d1Statement } from "#app/server/db/sql.server.ts";
import { planChangeTrims } from "#app/server/entitlements.server.ts";

const MINUTE_MS = 60_000;
export const AUTOMATIC_TRIAL_DAYS = 9;
export const TRIAL_TIER = "Pro Plan";
export const NOT_ON_PROMO_TRIAL = ADMIN_MESSAGES.notOnPromoTrial;
/**
 * Decision 131: a promotional trial never replaces a subscription someone is paying for. The back office's text
 * (one text for the refusal wherever it is answered).
 */
export const PAID_SUBSCRIPTION_ACTIVE = ADMIN_MESSAGES.paidSubscription;
export const USER_NOT_FOUND = "User not found";

/** Stripe statuses under which a subscription is still being paid for (or retried). */
const PAID_STATUSES = ["active", "trialing", "past_due"];

type Env = { DB: D1Database };

export interface TrialFields {
  subscriptionTier?: string | null;
  subscriptionStatus?: string | null;
  hasUsedTrial?: boolean | null;
  trialEnd?: Date | string | number | null;
  subscriptionId?: string | null;
  lastSubscriptionTier?: string | null;
  role?: string | null;
}

/**
 * Decision 130: admins never get the automatic trial. The role is checked here (cheap, from the session);
 * the grant's WHERE also excludes anyone with an admins row.
 */
export function isEligibleForAutomaticTrial(user: TrialFields): boolean {
  return (
    user.role !== "admin" &&
    (user.subscriptionTier ?? "Free Plan") === "Free Plan" &&
    !user.hasUsedTrial &&
    (user.subscriptionStatus ?? "inactive") === "inactive"
  );
}

/** A promotional trial (no subscriptionId) whose end has passed. */
export function isExpiredPromoTrial(user: TrialFields, now: number): boolean {
  if (!isPromoTrial(user) || user.trialEnd == null) return false;
  return new Date(user.trialEnd).getTime() <= now;
}

/** Grants the automatic 9-day Pro trial if the user qualifies; true only for the request that granted it. */
export async function grantAutomaticTrial(env: Env, userId: string, now = Date.now()): Promise<boolean> {
  const u = schema.user;
  const result = await getDb(env)
    .update(u)
    .set({
      lastSubscriptionTier: sql`${u.subscriptionTier}`,
      subscriptionTier: TRIAL_TIER,
      subscriptionStatus: "trialing",
      hasUsedTrial: true,
      trialEnd: new Date(now + AUTOMATIC_TRIAL_DAYS * DAY_MS),
      updatedAt: new Date(now),
    })
    .where(
      and(
        eq(u.id, userId),
        eq(u.hasUsedTrial, false),
        eq(u.subscriptionStatus, "inactive"),
        eq(u.subscriptionTier, "Free Plan"),
        or(isNull(u.role), not(eq(u.role, "admin"))),
        sql`not exists (select 1 from ${schema.admins} where ${schema.admins.email} = lower(${u.email}))`,
      ),
    )
    .run();
  return changes(result) === 1;
}

const expiredPromoTrial = (now: number) =>
  and(
    eq(schema.user.subscriptionStatus, "trialing"),
    isNull(schema.user.subscriptionId),
    isNotNull(schema.user.trialEnd),
    lt(schema.user.trialEnd, new Date(now + 1)),
  );

const revertToSavedTier = (now: number) => ({
  subscriptionTier: sql`coalesce(${schema.user.lastSubscriptionTier}, 'Free Plan')`,
  subscriptionStatus: "inactive",
  updatedAt: new Date(now),
});

/**
 * Reverts one user's expired promotional trial (on read); true when it did. The plan change and the trim
 * of what the lower plan no longer allows are one batch (decision 141).
 */
export async function expireTrialOf(env: Env, userId: string, now = Date.now()): Promise<boolean> {
  const revert = getDb(env)
    .update(schema.user)
    .set(revertToSavedTier(now))
    .where(and(eq(schema.user.id, userId), expiredPromoTrial(now)));
  const [result] = await env.DB.batch([d1Statement(env.DB, revert), ...planChangeTrims(env, userId, now)]);
  return changes(result) === 1;
}

/** Daily cron: reverts every expired promotional trial, then trims every list over its plan's limit. */
export async function expireTrials(env: Env, now = Date.now()): Promise<number> {
  const revert = getDb(env).update(schema.user).set(revertToSavedTier(now)).where(expiredPromoTrial(now));
  const [result] = await env.DB.batch([d1Statement(env.DB, revert), ...planChangeTrims(env, null, now)]);
  return changes(result);
}

/**
 * Brings a session user's trial state up to date (grant or expiry) and returns the fields to use for
 * this request. Costs a write only when a transition is due.
 */
export async function reconcileTrial<T extends TrialFields & { id: string }>(
  env: Env,
  user: T,
  now = Date.now(),
): Promise<T> {
  if (isEligibleForAutomaticTrial(user)) {
    if (await grantAutomaticTrial(env, user.id, now)) {
      return {
        ...user,
        lastSubscriptionTier: user.subscriptionTier ?? "Free Plan",
        subscriptionTier: TRIAL_TIER,
        subscriptionStatus: "trialing",
        hasUsedTrial: true,
        trialEnd: new Date(now + AUTOMATIC_TRIAL_DAYS * DAY_MS),
      };
    }
    return (await reread(env, user)) ?? user;
  }
  if (isExpiredPromoTrial(user, now)) {
    await expireTrialOf(env, user.id, now);
    return (await reread(env, user)) ?? user;
  }
  return user;
}

async function reread<T extends TrialFields & { id: string }>(env: Env, user: T): Promise<T | null> {
  const row = await getDb(env)
    .select({
      subscriptionTier: schema.user.subscriptionTier,
      subscriptionStatus: schema.user.subscriptionStatus,
      hasUsedTrial: schema.user.hasUsedTrial,
      trialEnd: schema.user.trialEnd,
      subscriptionId: schema.user.subscriptionId,
      lastSubscriptionTier: schema.user.lastSubscriptionTier,
    })
    .from(schema.user)
    .where(eq(schema.user.id, user.id))
    .get();
  return row ? { ...user, ...row } : null;
}

/** Admin-granted promotional trial: Pro Plan, trialing, for N days or N minutes (minimum 1). */
export async function grantPromoTrial(
  env: Env,
  userId: string,
  length: { days?: number; minutes?: number },
  now = Date.now(),
): Promise<
  | { ok: true; days: number | undefined; minutes: number | undefined; trialEnd: Date }
  | { ok: false; error: string }
> {
  const minutes = length.minutes !== undefined ? Math.max(1, Math.floor(length.minutes) || 1) : undefined;
  const days = minutes === undefined ? Math.max(1, Math.floor(length.days ?? 1) || 1) : undefined;
  const ms = minutes !== undefined ? minutes * MINUTE_MS : days! * DAY_MS;
  const u = schema.user;
  const result = await getDb(env)
    .update(u)
    .set({
      // Keep the tier to return to: a user already on a promo trial keeps the one saved before it.
      lastSubscriptionTier: sql`case when ${u.subscriptionStatus} = 'trialing' and ${u.subscriptionId} is null then coalesce(${u.lastSubscriptionTier}, 'Free Plan') else ${u.subscriptionTier} end`,
      subscriptionTier: TRIAL_TIER,
      subscriptionStatus: "trialing",
      hasUsedTrial: true,
      trialEnd: new Date(now + ms),
      updatedAt: new Date(now),
    })
    // The rule is in the WHERE clause: a paid subscription changed concurrently is never overwritten.
    .where(
      and(eq(u.id, userId), or(isNull(u.subscriptionId), not(inArray(u.subscriptionStatus, PAID_STATUSES)))),
    )
    .run();
  if (changes(result) === 1) return { ok: true, days, minutes, trialEnd: new Date(now + ms) };
  const exists = await getDb(env).select({ id: u.id }).from(u).where(eq(u.id, userId)).get();
  return { ok: false, error: exists ? PAID_SUBSCRIPTION_ACTIVE : USER_NOT_FOUND };
}

/** Trial cancel: only a trialing user without a subscriptionId (docs/product/plans-and-billing.md#trials). */
export async function cancelPromoTrial(
  env: Env,
  userId: string,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; error: string }> {
  const u = schema.user;
  const cancel = getDb(env)
    .update(u)
    .set({
      subscriptionTier: sql`coalesce(${u.lastSubscriptionTier}, 'Free Plan')`,
      subscriptionStatus: "inactive",
      trialEnd: null,
      updatedAt: new Date(now),
    })
    .where(and(eq(u.id, userId), eq(u.subscriptionStatus, "trialing"), isNull(u.subscriptionId)));
  const [result] = await env.DB.batch([d1Statement(env.DB, cancel), ...planChangeTrims(env, userId, now)]);
  return changes(result) === 1 ? { ok: true } : { ok: false, error: NOT_ON_PROMO_TRIAL };
}
