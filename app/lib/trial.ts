// Trial rules shared by the server (trial code, pricing) and the app shell's trial banner.
import { DAY_MS } from "#app/engine/units.ts";

/** The promotion code of the trial offer: 20% off the first payment (plans.ts has the discount). */
export const PROMO_CODE = "TRIAL20";

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

/** What tells a promotional trial apart: the server has the id, the browser's shell user only whether one exists. */
export interface PromoTrialFields {
  subscriptionStatus?: string | null;
  subscriptionId?: string | null;
  hasSubscriptionId?: boolean;
}

/**
 * A trial with no subscriptionId is a promotional trial (docs/product/plans-and-billing.md#trials); one with
 * an id is a Stripe trial. The trial code, the trial banner, the pricing buttons and the promo price all ask
 * this one function.
 */
export function isPromoTrial(user: PromoTrialFields | null | undefined): boolean {
  return user?.subscriptionStatus === "trialing" && !user.subscriptionId && !user.hasSubscriptionId;
}
