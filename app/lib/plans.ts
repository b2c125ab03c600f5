// Plans in one module, shared by server and client: tiers, the effective-plan rule, trials and prices.
// What each plan may do (its limits and refusals) is in ./entitlements.ts.

import { ENTITLEMENTS } from "#app/lib/entitlements.ts";
import { PLAN_TIERS, type PlanTier } from "#app/lib/plan-tiers.ts";
import { isPromoTrial, PROMO_CODE, type PromoTrialFields } from "#app/lib/trial.ts";

export { PLAN_TIERS, type PlanTier };

export const SUBSCRIPTION_STATUSES = ["inactive", "active", "trialing"] as const;

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === "string" && (PLAN_TIERS as readonly string[]).includes(value);
}

export interface SubscriptionFields {
  subscriptionTier?: string | null;
  subscriptionStatus?: string | null;
}

/** Active and trialing count as 'subscribed' (docs/product/plans-and-billing.md#effective-plan). */
export function isSubscribed(user: SubscriptionFields | null | undefined): boolean {
  return user?.subscriptionStatus === "active" || user?.subscriptionStatus === "trialing";
}

/** The stored tier applies only while subscribed; otherwise the user is on Free Plan. */
export function effectivePlan(user: SubscriptionFields | null | undefined): PlanTier {
  if (!user || !isSubscribed(user)) return "Free Plan";
  return isPlanTier(user.subscriptionTier) ? user.subscriptionTier : "Free Plan";
}

export const PLAN_BADGE: Record<PlanTier, string> = {
  "Free Plan": "Free",
  "Pro Plan": "Pro",
  "Elite Plan": "Elite",
};

// The trial rules live in their own small module so the app shell's trial banner loads them without the
// plan catalog; they are re-exported here for everything else.
export { isPromoTrial, trialDaysRemaining, type PromoTrialFields } from "#app/lib/trial.ts";

// ---------------------------------------------------------------- prices, features and Stripe price ids
// One catalog for the pricing page, checkout and the webhooks
// (docs/product/plans-and-billing.md#plans-and-prices).

export type PaidTier = Exclude<PlanTier, "Free Plan">;
export const PAID_TIERS: readonly PaidTier[] = ["Pro Plan", "Elite Plan"];
export const BILLING_PERIODS = ["monthly", "yearly"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Order of the tiers, for Upgrade (higher) and Downgrade (lower). */
export const TIER_RANK: Record<PlanTier, number> = { "Free Plan": 0, "Pro Plan": 1, "Elite Plan": 2 };

export interface PlanFeature {
  text: string;
  highlight: boolean;
}

export interface PlanPrice {
  monthly: number;
  yearly: number;
  /** The yearly price per month. */
  monthlyWithYearlyDiscount: number;
  savingsPercentage: number;
}

export interface PlanCatalogEntry {
  tier: PlanTier;
  name: string;
  description: string;
  price: PlanPrice;
  popular: boolean;
  features: PlanFeature[];
  /** The Beta Testers note: the regular price the beta price stands in for. */
  betaNote?: { monthly: number; yearly: number };
}

/**
 * The yearly price's saving over twelve monthly payments, in whole percent. Derived, not typed in: the brief
 * printed Pro "saves 16%" and Elite "saves 17%" for the same 16.7% (decision 256).
 */
export function yearlySavingsPercent(monthly: number, yearly: number): number {
  if (monthly <= 0) return 0;
  return Math.round((1 - yearly / (12 * monthly)) * 100);
}

function planPrice(monthly: number, yearly: number, monthlyWithYearlyDiscount: number): PlanPrice {
  return {
    monthly,
    yearly,
    monthlyWithYearlyDiscount,
    savingsPercentage: yearlySavingsPercent(monthly, yearly),
  };
}

// The cards' limits are read from the entitlements table, so a limit changes in one place.
// The idea lines name what ranks the ideas, the quantitative screen /how-we-rank explains, never "AI" (decision 308).
const FREE = ENTITLEMENTS["Free Plan"];
const PRO = ENTITLEMENTS["Pro Plan"];
const ELITE = ENTITLEMENTS["Elite Plan"];

export const PLAN_CATALOG: readonly PlanCatalogEntry[] = [
  {
    tier: "Free Plan",
    name: "Free",
    description: "Track a few tickers with the economic calendar and news.",
    price: planPrice(0, 0, 0),
    popular: false,
    features: [
      { text: `Up to ${FREE.watchlistSymbols} tickers`, highlight: false },
      { text: "Economic calendar and news", highlight: false },
    ],
  },
  {
    tier: "Pro Plan",
    name: "Pro",
    description: "Curated trade ideas, alerts and wheel strategies for active traders.",
    price: planPrice(5, 50, 4.2),
    popular: true,
    features: [
      { text: `Up to ${PRO.tradeIdeas} quant-ranked trade ideas daily`, highlight: true },
      { text: `${PRO.watchlistSymbols} tickers`, highlight: false },
      { text: "Email notifications for market events", highlight: false },
      {
        text: `Wheel strategies with ${PRO.cspTickersPerBatch} CSP tickers and ${PRO.ccPositions} CC positions`,
        highlight: false,
      },
    ],
    betaNote: { monthly: 29, yearly: 348 },
  },
  {
    tier: "Elite Plan",
    name: "Elite",
    description: "The full idea feed, custom alerts and priority support.",
    price: planPrice(89, 890, 74),
    popular: false,
    features: [
      { text: "More than 50 quant-ranked trade ideas daily", highlight: true },
      { text: `${ELITE.watchlistSymbols} tickers`, highlight: false },
      { text: "Custom-timing notifications", highlight: false },
      {
        text: `Wheel strategies with ${ELITE.cspTickersPerBatch} CSP tickers and ${ELITE.ccPositions} CC positions`,
        highlight: false,
      },
      { text: "Priority support", highlight: false },
    ],
  },
];

export function catalogEntry(tier: PlanTier): PlanCatalogEntry {
  return PLAN_CATALOG.find((p) => p.tier === tier)!;
}

// The promotion code of the trial offer lives with the trial rules (the shell's banner links to it).
export { PROMO_CODE };
/** The trial offer's discount: 20% off, a coupon of duration 'once'. */
export const PROMO_PERCENT_OFF = 20;

/** Paid plans are refunded in full on request within this many days of the first payment (terms). */
export const MONEY_BACK_GUARANTEE_DAYS = 30;

/** Price x 0.8, rounded to 2 decimals (integer cents, so 4.2 x 0.8 gives 3.36, not 3.3600000000000003). */
export function promoPrice(price: number): number {
  return Math.round(price * (100 - PROMO_PERCENT_OFF)) / 100;
}

/** The promo applies with ?promo=<PROMO_CODE> (any case) or while on a promotional trial. */
export function promoApplies(
  promoParam: string | null | undefined,
  user: PromoTrialFields | null | undefined,
): boolean {
  return (promoParam ?? "").trim().toUpperCase() === PROMO_CODE || isPromoTrial(user);
}

/** What one card charges for a period: the amount billed and its per-month figure. */
export function periodPrice(entry: PlanCatalogEntry, period: BillingPeriod, promo: boolean) {
  const billed = period === "monthly" ? entry.price.monthly : entry.price.yearly;
  const perMonth = period === "monthly" ? entry.price.monthly : entry.price.monthlyWithYearlyDiscount;
  return {
    billed: promo ? promoPrice(billed) : billed,
    perMonth: promo ? promoPrice(perMonth) : perMonth,
    originalBilled: billed,
    originalPerMonth: perMonth,
  };
}

/** Stripe price ids per paid tier and period (from configuration; missing ids are null). */
export type PriceIds = Record<PaidTier, Record<BillingPeriod, string | null>>;

/** The Stripe price id -> tier map the webhooks use; null for a price this app does not sell. */
export function tierForPriceId(priceIds: PriceIds, priceId: string | null | undefined): PaidTier | null {
  if (!priceId) return null;
  for (const tier of PAID_TIERS) {
    for (const period of BILLING_PERIODS) if (priceIds[tier][period] === priceId) return tier;
  }
  return null;
}
