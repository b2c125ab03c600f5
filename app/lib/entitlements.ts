// What each plan may do, and what the user is told when their plan does not allow it: the one table of
// plan limits and the product's refusal texts for every plan-limited capability. Pure and shared with the
// browser; the server enforces it (app/server/entitlements.server.ts), the UI only mirrors it. A feature
// that adds a plan-limited capability adds its row, its limits and its refusal here.
import type { PlanTier } from "#app/lib/plan-tiers.ts";
import type { Refusal } from "#app/lib/refusal.ts";

export const CAPABILITIES = [
  "watchlistSymbols",
  "tradeIdeas",
  "cspTickersPerBatch",
  "ccPositions",
  "ccPositionsPerBatch",
  "wheelCampaigns",
  "openPositions",
  "positionAlerts",
  "feedback",
  "featureRequests",
  "votes",
  "notifications",
  "notificationCustomTiming",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** No plan cap (JSON has no Infinity: APIs send it as null). */
export const UNLIMITED = Infinity;

/**
 * How many of a capability each plan allows: 0 = not on this plan, UNLIMITED = on, without a cap.
 * Stated in docs/product/plans-and-billing.md#plan-limits; decision 090 (notifications).
 */
export const ENTITLEMENTS: Readonly<Record<PlanTier, Readonly<Record<Capability, number>>>> = {
  "Free Plan": {
    watchlistSymbols: 3,
    tradeIdeas: 0,
    // Free may screen cash-secured puts: its watchlist, or the five fallback tickers an empty list uses.
    cspTickersPerBatch: 5,
    ccPositions: 0,
    ccPositionsPerBatch: 0,
    // Open wheel campaigns count as positions (decision 271).
    wheelCampaigns: 0,
    // Open spread positions, separate from wheel campaigns; a condor is one (decision 333).
    openPositions: 0,
    positionAlerts: 0,
    feedback: 0,
    featureRequests: 0,
    votes: 0,
    notifications: 0,
    notificationCustomTiming: 0,
  },
  "Pro Plan": {
    watchlistSymbols: 10,
    tradeIdeas: 30,
    cspTickersPerBatch: 10,
    ccPositions: 10,
    ccPositionsPerBatch: 10,
    wheelCampaigns: 10,
    openPositions: 10,
    positionAlerts: UNLIMITED,
    feedback: 50,
    featureRequests: 50,
    votes: UNLIMITED,
    notifications: UNLIMITED,
    notificationCustomTiming: 0,
  },
  "Elite Plan": {
    watchlistSymbols: 50,
    tradeIdeas: UNLIMITED,
    cspTickersPerBatch: 50,
    ccPositions: 50,
    // The product's batch size: a larger portfolio is screened in several calls.
    ccPositionsPerBatch: 10,
    wheelCampaigns: 50,
    openPositions: 50,
    positionAlerts: UNLIMITED,
    feedback: 50,
    featureRequests: 50,
    votes: UNLIMITED,
    notifications: UNLIMITED,
    notificationCustomTiming: UNLIMITED,
  },
};

/** The largest watchlist any plan allows: no request for a watchlist's symbols needs more. */
export const MAX_WATCHLIST_SYMBOLS = Math.max(
  ...Object.values(ENTITLEMENTS).map((limits) => limits.watchlistSymbols),
);

export function limitOf(plan: PlanTier, capability: Capability): number {
  return ENTITLEMENTS[plan][capability];
}

export function hasCapability(plan: PlanTier, capability: Capability): boolean {
  return limitOf(plan, capability) > 0;
}

/** A limit as JSON carries it: a number, or null for no cap. */
export function limitForJson(limit: number): number | null {
  return Number.isFinite(limit) ? limit : null;
}

// ---------------------------------------------------------------- refusals
/** notOnPlan: the plan lacks the capability (limit 0). limitReached: the plan's limit is used up. */
export type RefusalReason = "notOnPlan" | "limitReached";

/** A refusal for a plan's limit: the app's one Refusal with the plan's facts the APIs answer with. */
export interface PlanRefusal extends Refusal {
  capability: Capability;
  reason: RefusalReason;
  plan: PlanTier;
  limit: number;
  status: 400 | 403;
  /** Where the UI sends the user after showing the message (null: stay). */
  redirectTo: string | null;
  /** True when a higher plan would allow it (the APIs' requiresUpgrade). */
  requiresUpgrade: boolean;
}

export function isPlanRefusal(refusal: Refusal): refusal is PlanRefusal {
  return "capability" in refusal && "requiresUpgrade" in refusal;
}

/** The plan facts an API body carries for a plan refusal (none for any other refusal). */
export function planRefusalFields(refusal: Refusal): Record<string, unknown> {
  if (!isPlanRefusal(refusal)) return {};
  return {
    requiresUpgrade: refusal.requiresUpgrade,
    currentTier: refusal.plan,
    limit: limitForJson(refusal.limit),
    redirectTo: refusal.redirectTo,
  };
}

const PRICING = "/pricing";

/** The refusal texts, by capability (docs/product/plans-and-billing.md#plan-limits). */
export const REFUSAL_MESSAGES = {
  watchlistUpgradeToPro: `Upgrade to PRO to track up to ${ENTITLEMENTS["Pro Plan"].watchlistSymbols} symbols`,
  watchlistUpgradeToElite: `Upgrade to Elite to track up to ${ENTITLEMENTS["Elite Plan"].watchlistSymbols} symbols`,
  watchlistMaximum: "You have reached the maximum number of symbols for your plan",
  tradeIdeas: "Trade ideas are available on the Pro and Elite plans",
  cspTickers: (plan: PlanTier, limit: number) => `Your ${plan} allows up to ${limit} tickers per request`,
  freePositions:
    "As a free user, you cannot add positions. Upgrade to Pro or Elite to unlock personalized covered call recommendations based on your portfolio.",
  proPositions: `Pro plan limit reached: You can add up to ${ENTITLEMENTS["Pro Plan"].ccPositions} positions on the Pro Plan. Upgrade to Elite to add up to ${ENTITLEMENTS["Elite Plan"].ccPositions} positions.`,
  elitePositions: `Elite plan limit reached (${ENTITLEMENTS["Elite Plan"].ccPositions} positions).`,
  ccBatch: (limit: number) => `At most ${limit} positions per request`,
  freeOpenPositions:
    "As a free user, you cannot track open positions. Upgrade to Pro or Elite to mark your spreads and get their management alerts.",
  proOpenPositions: `Pro plan limit reached: You can track up to ${ENTITLEMENTS["Pro Plan"].openPositions} open positions on the Pro Plan. Upgrade to Elite to track up to ${ENTITLEMENTS["Elite Plan"].openPositions} open positions.`,
  eliteOpenPositions: `Elite plan limit reached (${ENTITLEMENTS["Elite Plan"].openPositions} open positions).`,
  positionAlerts: "Position alerts are available on the Pro and Elite plans",
  feedback: "Missing or insufficient permissions",
  feedbackLimit: `You have reached the maximum limit of ${ENTITLEMENTS["Pro Plan"].feedback} feedback submissions`,
  featureRequests: "Feature requests are only available for Pro and Elite subscribers",
  featureRequestLimit: `You have reached the maximum limit of ${ENTITLEMENTS["Pro Plan"].featureRequests} feature requests`,
  votes: "Voting on feature requests is only available for Pro and Elite subscribers",
  notifications: "Notifications are available on the Pro and Elite plans",
  notificationCustomTiming: "Custom-timing notifications are part of the Elite plan",
} as const;

/**
 * The features a notification refusal names (`upgradeFeatures`,
 * docs/product/notifications-and-email.md#what-each-plan-gets).
 */
export const UPGRADE_FEATURES: Partial<Record<Capability, readonly string[]>> = {
  notifications: ["email notifications for market events"],
  notificationCustomTiming: ["custom-timing notifications"],
};

function text(
  capability: Capability,
  plan: PlanTier,
  limit: number,
): { message: string; redirectTo: string | null } {
  switch (capability) {
    case "watchlistSymbols":
      if (plan === "Free Plan")
        return { message: REFUSAL_MESSAGES.watchlistUpgradeToPro, redirectTo: PRICING };
      if (plan === "Pro Plan")
        return { message: REFUSAL_MESSAGES.watchlistUpgradeToElite, redirectTo: PRICING };
      return { message: REFUSAL_MESSAGES.watchlistMaximum, redirectTo: null };
    case "tradeIdeas":
      return { message: REFUSAL_MESSAGES.tradeIdeas, redirectTo: PRICING };
    case "cspTickersPerBatch":
      return { message: REFUSAL_MESSAGES.cspTickers(plan, limit), redirectTo: null };
    case "ccPositions":
    case "ccPositionsPerBatch":
    case "wheelCampaigns":
      if (plan === "Free Plan") return { message: REFUSAL_MESSAGES.freePositions, redirectTo: PRICING };
      if (capability === "ccPositionsPerBatch")
        return { message: REFUSAL_MESSAGES.ccBatch(limit), redirectTo: null };
      if (plan === "Pro Plan") return { message: REFUSAL_MESSAGES.proPositions, redirectTo: PRICING };
      return { message: REFUSAL_MESSAGES.elitePositions, redirectTo: null };
    case "openPositions":
      if (plan === "Free Plan") return { message: REFUSAL_MESSAGES.freeOpenPositions, redirectTo: PRICING };
      if (plan === "Pro Plan") return { message: REFUSAL_MESSAGES.proOpenPositions, redirectTo: PRICING };
      return { message: REFUSAL_MESSAGES.eliteOpenPositions, redirectTo: null };
    case "positionAlerts":
      return { message: REFUSAL_MESSAGES.positionAlerts, redirectTo: PRICING };
    case "feedback":
      return limit > 0
        ? { message: REFUSAL_MESSAGES.feedbackLimit, redirectTo: null }
        : { message: REFUSAL_MESSAGES.feedback, redirectTo: PRICING };
    case "featureRequests":
      return limit > 0
        ? { message: REFUSAL_MESSAGES.featureRequestLimit, redirectTo: null }
        : { message: REFUSAL_MESSAGES.featureRequests, redirectTo: PRICING };
    case "votes":
      return { message: REFUSAL_MESSAGES.votes, redirectTo: PRICING };
    case "notifications":
      return { message: REFUSAL_MESSAGES.notifications, redirectTo: PRICING };
    case "notificationCustomTiming":
      return { message: REFUSAL_MESSAGES.notificationCustomTiming, redirectTo: PRICING };
  }
}

/**
 * The refusal for a capability on a plan. A plan without it (limit 0) is refused with 403 and an upgrade; a
 * used-up limit is 403 too, the CSP tickers of one batch included (a larger plan screens more: 5, 10, 50).
 * Only the CC batch of a plan that has covered calls is a bad request (400): it is the product's fixed batch
 * size, 10 on Pro and Elite alike, which no upgrade lifts (decision 310,
 * docs/product/plans-and-billing.md#plan-limits).
 */
export function refusalFor(plan: PlanTier, capability: Capability): PlanRefusal {
  const limit = limitOf(plan, capability);
  const reason: RefusalReason = limit > 0 ? "limitReached" : "notOnPlan";
  const { message, redirectTo } = text(capability, plan, limit);
  const batchSize = capability === "ccPositionsPerBatch" && limit > 0;
  return {
    capability,
    reason,
    plan,
    limit,
    status: batchSize ? 400 : 403,
    message,
    redirectTo,
    requiresUpgrade: !batchSize && plan !== "Elite Plan",
  };
}
