// Plans in one module, shared by server and client: tiers, limits and the effective-plan rule.
// Every gate in the app calls these; the UI only mirrors them.

import { DAY_MS } from "../engine/time";

export const PLAN_TIERS = ["Free Plan", "Pro Plan", "Elite Plan"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const SUBSCRIPTION_STATUSES = ["inactive", "active", "trialing"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface PlanLimits {
  watchlistSymbols: number;
  /** Trade ideas per list; Infinity = all. */
  tradeIdeas: number;
  positions: number;
  feedbackSubmissions: number;
  featureRequests: number;
}

const FEEDBACK_LIMIT = 50;
const FEATURE_REQUEST_LIMIT = 50;

export const PLAN_LIMITS: Record<PlanTier, PlanLimits> = {
  "Free Plan": {
    watchlistSymbols: 3,
    tradeIdeas: 0,
    positions: 0,
    feedbackSubmissions: FEEDBACK_LIMIT,
    featureRequests: FEATURE_REQUEST_LIMIT,
  },
  "Pro Plan": {
    watchlistSymbols: 10,
    tradeIdeas: 30,
    positions: 10,
    feedbackSubmissions: FEEDBACK_LIMIT,
    featureRequests: FEATURE_REQUEST_LIMIT,
  },
  "Elite Plan": {
    watchlistSymbols: 50,
    tradeIdeas: Infinity,
    positions: 50,
    feedbackSubmissions: FEEDBACK_LIMIT,
    featureRequests: FEATURE_REQUEST_LIMIT,
  },
};

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === "string" && (PLAN_TIERS as readonly string[]).includes(value);
}

export interface SubscriptionFields {
  subscriptionTier?: string | null;
  subscriptionStatus?: string | null;
}

/** Active and trialing count as 'subscribed' (spec 000 §4). */
export function isSubscribed(user: SubscriptionFields | null | undefined): boolean {
  return user?.subscriptionStatus === "active" || user?.subscriptionStatus === "trialing";
}

/** The stored tier applies only while subscribed; otherwise the user is on Free Plan. */
export function effectivePlan(user: SubscriptionFields | null | undefined): PlanTier {
  if (!user || !isSubscribed(user)) return "Free Plan";
  return isPlanTier(user.subscriptionTier) ? user.subscriptionTier : "Free Plan";
}

export function planLimits(user: SubscriptionFields | null | undefined): PlanLimits {
  return PLAN_LIMITS[effectivePlan(user)];
}

/** Pro and Elite (active or trialing) may submit feedback, feature requests and votes. */
export function isPaidPlan(user: SubscriptionFields | null | undefined): boolean {
  return effectivePlan(user) !== "Free Plan";
}

export const PLAN_BADGE: Record<PlanTier, string> = {
  "Free Plan": "Free",
  "Pro Plan": "Pro",
  "Elite Plan": "Elite",
};

/** Whole days left in a trial, rounded up (a trial ending in 3 hours has 1 day left); 0 once ended. */
export function trialDaysRemaining(
  trialEnd: Date | string | number | null | undefined,
  now = Date.now(),
): number {
  if (trialEnd == null) return 0;
  const end = new Date(trialEnd).getTime();
  if (!Number.isFinite(end)) return 0;
  const ms = end - now;
  return ms > 0 ? Math.ceil(ms / DAY_MS) : 0;
}

/** A trial with no subscriptionId is a promotional trial (spec 000 §4). */
export function isPromoTrial(
  user: (SubscriptionFields & { subscriptionId?: string | null }) | null | undefined,
): boolean {
  return user?.subscriptionStatus === "trialing" && !user.subscriptionId;
}
