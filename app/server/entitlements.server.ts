// Enforcement of the plan table (app/lib/entitlements.ts): the session user's effective plan -> the limit
// of a capability -> the refusal {status, message, redirectTo}. Routes pass the session user object (never
// an id to re-read); the module that owns a capability asks here for the limit, does its own atomic
// write, and answers with the refusal built here. Routes answer it with the API kit's `refusalResponse` (http/api.server.ts).
import { limitOf, refusalFor, type Capability, type PlanRefusal } from "#app/lib/entitlements.ts";
import { effectivePlan, PLAN_TIERS, type PlanTier, type SubscriptionFields } from "#app/lib/plans.ts";

export type { Capability, PlanRefusal } from "#app/lib/entitlements.ts";

/** The fields of the session user the plan rules read. */
export interface EntitledUser extends SubscriptionFields {
  id: string;
}

export interface Entitlement {
  plan: PlanTier;
  /** 0 = not on this plan; Infinity = no cap. */
  limit: number;
  allowed: boolean;
}

/** The user's effective plan (a tier counts only while active or trialing) and their limit. */
export function entitlementOf(user: SubscriptionFields, capability: Capability): Entitlement {
  const plan = effectivePlan(user);
  const limit = limitOf(plan, capability);
  return { plan, limit, allowed: limit > 0 };
}

/**
 * Null when the user may use one more of the capability, having used `used` already (leave it out for
 * capabilities that are on or off); otherwise the refusal.
 */
export function checkEntitlement(
  user: SubscriptionFields,
  capability: Capability,
  used = 0,
): PlanRefusal | null {
  const { plan, limit } = entitlementOf(user, capability);
  return used < limit ? null : refusalFor(plan, capability);
}

/** The refusal for the user's plan (a module calls this when its atomic write found the limit used up). */
export function refusalOf(user: SubscriptionFields, capability: Capability): PlanRefusal {
  return refusalFor(effectivePlan(user), capability);
}

// ---------------------------------------------------------------- the same table in SQL
/**
 * A SQL expression for a capability's limit of the user row aliased `u`, built from the table, so a
 * statement can apply the plan rule to many users at once (the watchlist trim on a plan change).
 * Infinity becomes a number no count reaches.
 */
export function limitSql(capability: Capability, alias = "u"): string {
  const lit = (n: number) => (Number.isFinite(n) ? String(n) : "1000000000");
  const paid = PLAN_TIERS.filter((t) => t !== "Free Plan")
    .map((t) => `WHEN '${t}' THEN ${lit(limitOf(t, capability))}`)
    .join(" ");
  return `(CASE WHEN ${alias}.subscription_status IN ('active', 'trialing')
    THEN (CASE ${alias}.subscription_tier ${paid} ELSE ${lit(limitOf("Free Plan", capability))} END)
    ELSE ${lit(limitOf("Free Plan", capability))} END)`;
}

/** The effective plan of the user row aliased `u`, in SQL (the same rule as `effectivePlan`). */
export function effectivePlanSql(alias = "u"): string {
  const paid = PLAN_TIERS.filter((t) => t !== "Free Plan")
    .map((t) => `'${t}'`)
    .join(", ");
  return `(CASE WHEN ${alias}.subscription_status IN ('active', 'trialing') AND ${alias}.subscription_tier IN (${paid})
    THEN ${alias}.subscription_tier ELSE 'Free Plan' END)`;
}

// ---------------------------------------------------------------- a plan change shrinks what is stored
/**
 * The statements that bring stored data within the (new) plan's limits, to run in the same `db.batch`
 * right after the statement that changes the plan (billing, trial expiry or cancel), or for every user
 * (`userId` null) in the daily housekeeping as a backstop. Today that is the watchlist
 * (docs/product/watchlist-and-tickers.md#plan-change-trim): keep
 * the first `limit` symbols in the user's order, delete the rest, and leave the one-shot notice the
 * watchlist page shows on the next visit. The notice is written first, while the extra rows still count.
 */
export function planChangeTrims(
  env: { DB: D1Database },
  userId: string | null,
  nowMs = Date.now(),
): D1PreparedStatement[] {
  const limit = limitSql("watchlistSymbols");
  const plan = effectivePlanSql();
  // ?1 is the user id, or NULL for every user.
  // raw SQL: an upsert selected from every over-limit user, the plan and limit computed in SQL per user.
  const notice = env.DB.prepare(
    `INSERT INTO plan_notices (user_id, kind, plan, limit_value, created_at)
     SELECT u.id, 'watchlist-trimmed', ${plan}, ${limit}, ?2
       FROM user u
      WHERE (?1 IS NULL OR u.id = ?1)
        AND (SELECT COUNT(*) FROM watchlist_symbols w WHERE w.user_id = u.id) > ${limit}
     ON CONFLICT (user_id, kind) DO UPDATE
        SET plan = excluded.plan, limit_value = excluded.limit_value, created_at = excluded.created_at`,
  ).bind(userId, nowMs);
  // raw SQL: a window function (ROW_NUMBER per user) picks the rows past the limit.
  const trim = env.DB.prepare(
    `DELETE FROM watchlist_symbols WHERE rowid IN (
       SELECT ranked.rowid
         FROM (SELECT rowid, user_id,
                      ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY position, symbol) AS n
                 FROM watchlist_symbols WHERE (?1 IS NULL OR user_id = ?1)) ranked
         JOIN user u ON u.id = ranked.user_id
        WHERE ranked.n > ${limit})`,
  ).bind(userId);
  return [notice, trim];
}
