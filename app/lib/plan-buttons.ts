// The plan button logic of /pricing (docs/product/plans-and-billing.md#plan-buttons), as a pure table the
// route renders and the tests read: (user state, card) -> buttons. The server enforces every action again.
import {
  effectivePlan,
  isPromoTrial,
  isSubscribed,
  type BillingPeriod,
  type PlanCatalogEntry,
  periodPrice,
  TIER_RANK,
} from "#app/lib/plans.ts";
import { formatPlanPrice } from "#app/lib/format.ts";

export interface PricingUser {
  subscriptionTier: string;
  subscriptionStatus: string;
  hasSubscriptionId: boolean;
  cancelAtPeriodEnd: boolean;
  /** ISO date of the current period's end (the date an ending subscription stops). */
  currentPeriodEnd: string | null;
  hasUsedTrial: boolean;
}

export type PlanButtonKind =
  | "sign-up"
  | "subscribe"
  | "promo-subscribe"
  | "ending"
  | "cancel"
  | "manage"
  | "resume"
  | "upgrade"
  | "downgrade"
  | "contact-support";

export interface PlanButton {
  kind: PlanButtonKind;
  label: string;
  disabled: boolean;
}

export interface PlanCardActions {
  buttons: PlanButton[];
  /** 'Subscription will end on {date}' under an ending subscription's button. */
  note: string | null;
}

const button = (kind: PlanButtonKind, label: string, disabled = false): PlanButton => ({
  kind,
  label,
  disabled,
});

/** "January 5, 2027" in UTC, the same on the server and in the browser. */
export function formatEndDate(iso: string | null): string {
  if (!iso) return "the end of the billing period";
  const date = new Date(iso);
  if (!Number.isFinite(date.getTime())) return "the end of the billing period";
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

export function planCardActions(
  user: PricingUser | null,
  card: PlanCatalogEntry,
  period: BillingPeriod,
): PlanCardActions {
  const none = { buttons: [], note: null };
  if (card.tier === "Free Plan") return none;
  if (!user) return { buttons: [button("sign-up", "Sign Up")], note: null };

  const fields = {
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    hasSubscriptionId: user.hasSubscriptionId,
  };
  const current = effectivePlan(fields);
  const subscribed = isSubscribed(fields);

  if (subscribed && current === card.tier) {
    if (isPromoTrial(fields)) {
      // A promotional trial always gets the promo price (docs/product/plans-and-billing.md#plans-and-prices).
      const price = periodPrice(card, period, true).perMonth;
      return {
        buttons: [button("promo-subscribe", `Subscribe Now - ${formatPlanPrice(price)}/mo`)],
        note: null,
      };
    }
    if (user.cancelAtPeriodEnd) {
      return {
        buttons: [
          button("ending", "Subscription ending soon", true),
          button("resume", "Click to Resume Subscription"),
        ],
        note: `Subscription will end on ${formatEndDate(user.currentPeriodEnd)}`,
      };
    }
    return {
      buttons: [button("cancel", "Cancel Subscription"), button("manage", "Manage Subscription")],
      note: null,
    };
  }
  if (subscribed && current !== "Free Plan") {
    return TIER_RANK[current] < TIER_RANK[card.tier]
      ? { buttons: [button("upgrade", "Upgrade")], note: null }
      : { buttons: [button("downgrade", "Downgrade")], note: null };
  }
  if (!subscribed) {
    return {
      buttons: [
        user.hasUsedTrial ? button("subscribe", "Subscribe Now") : button("subscribe", "Start Subscription"),
      ],
      note: null,
    };
  }
  return { buttons: [button("contact-support", "Contact Support", true)], note: null };
}
