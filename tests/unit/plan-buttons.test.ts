import { describe, expect, it } from "vitest";
import { planCardActions, type PricingUser } from "#app/lib/plan-buttons.ts";
import { catalogEntry, type PlanTier } from "#app/lib/plans.ts";

const base: PricingUser = {
  subscriptionTier: "Free Plan",
  subscriptionStatus: "inactive",
  hasSubscriptionId: false,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  hasUsedTrial: false,
};

const states: Record<string, PricingUser | null> = {
  visitor: null,
  "free, never trialed": base,
  "free, trial used": { ...base, hasUsedTrial: true },
  "pro promo trial": {
    ...base,
    subscriptionTier: "Pro Plan",
    subscriptionStatus: "trialing",
    hasUsedTrial: true,
  },
  "pro active": {
    ...base,
    subscriptionTier: "Pro Plan",
    subscriptionStatus: "active",
    hasSubscriptionId: true,
  },
  "pro ending": {
    ...base,
    subscriptionTier: "Pro Plan",
    subscriptionStatus: "active",
    hasSubscriptionId: true,
    cancelAtPeriodEnd: true,
    currentPeriodEnd: "2027-01-05T12:00:00.000Z",
  },
  "pro stripe trial": {
    ...base,
    subscriptionTier: "Pro Plan",
    subscriptionStatus: "trialing",
    hasSubscriptionId: true,
  },
  "elite active": {
    ...base,
    subscriptionTier: "Elite Plan",
    subscriptionStatus: "active",
    hasSubscriptionId: true,
  },
  "pro expired (inactive)": {
    ...base,
    subscriptionTier: "Pro Plan",
    subscriptionStatus: "inactive",
    hasUsedTrial: true,
  },
  "free but active (inconsistent)": { ...base, subscriptionStatus: "active", hasSubscriptionId: true },
};

// (user state, card) -> button labels ("!" marks a disabled button), then the note. Yearly view, no promo code.
const table: Record<string, Record<PlanTier, string>> = {
  visitor: { "Free Plan": "", "Pro Plan": "Sign Up", "Elite Plan": "Sign Up" },
  "free, never trialed": {
    "Free Plan": "",
    "Pro Plan": "Start Subscription",
    "Elite Plan": "Start Subscription",
  },
  "free, trial used": { "Free Plan": "", "Pro Plan": "Subscribe Now", "Elite Plan": "Subscribe Now" },
  "pro promo trial": { "Free Plan": "", "Pro Plan": "Subscribe Now - $3.36/mo", "Elite Plan": "Upgrade" },
  "pro active": {
    "Free Plan": "",
    "Pro Plan": "Cancel Subscription | Manage Subscription",
    "Elite Plan": "Upgrade",
  },
  "pro ending": {
    "Free Plan": "",
    "Pro Plan":
      "!Subscription ending soon | Click to Resume Subscription // Subscription will end on January 5, 2027",
    "Elite Plan": "Upgrade",
  },
  "pro stripe trial": {
    "Free Plan": "",
    "Pro Plan": "Cancel Subscription | Manage Subscription",
    "Elite Plan": "Upgrade",
  },
  "elite active": {
    "Free Plan": "",
    "Pro Plan": "Downgrade",
    "Elite Plan": "Cancel Subscription | Manage Subscription",
  },
  "pro expired (inactive)": { "Free Plan": "", "Pro Plan": "Subscribe Now", "Elite Plan": "Subscribe Now" },
  "free but active (inconsistent)": {
    "Free Plan": "",
    "Pro Plan": "!Contact Support",
    "Elite Plan": "!Contact Support",
  },
};

describe("plan button matrix (docs/product/plans-and-billing.md#plan-buttons)", () => {
  for (const [state, user] of Object.entries(states)) {
    for (const tier of ["Free Plan", "Pro Plan", "Elite Plan"] as const) {
      it(`${state} / ${tier} -> ${table[state]![tier] || "(no button)"}`, () => {
        const actions = planCardActions(user, catalogEntry(tier), "yearly");
        const labels = actions.buttons.map((b) => `${b.disabled ? "!" : ""}${b.label}`).join(" | ");
        expect(actions.note ? `${labels} // ${actions.note}` : labels).toBe(table[state]![tier]);
      });
    }
  }

  it("the promo trial's price follows the period toggle", () => {
    const trial = states["pro promo trial"]!;
    expect(planCardActions(trial, catalogEntry("Pro Plan"), "monthly").buttons[0]!.label).toBe(
      "Subscribe Now - $4/mo",
    );
  });
});
