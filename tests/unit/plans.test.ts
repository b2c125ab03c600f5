import { describe, expect, it } from "vitest";
import {
  effectivePlan,
  isPromoTrial,
  isSubscribed,
  PLAN_TIERS,
  SUBSCRIPTION_STATUSES,
  trialDaysRemaining,
} from "#app/lib/plans.ts";

describe("effective plan: every tier x status", () => {
  const expected: Record<string, Record<string, string>> = {
    "Free Plan": { inactive: "Free Plan", active: "Free Plan", trialing: "Free Plan" },
    "Pro Plan": { inactive: "Free Plan", active: "Pro Plan", trialing: "Pro Plan" },
    "Elite Plan": { inactive: "Free Plan", active: "Elite Plan", trialing: "Elite Plan" },
  };
  for (const tier of PLAN_TIERS) {
    for (const status of SUBSCRIPTION_STATUSES) {
      it(`${tier} / ${status} -> ${expected[tier]![status]}`, () => {
        const user = { subscriptionTier: tier, subscriptionStatus: status };
        expect(effectivePlan(user)).toBe(expected[tier]![status]);
        expect(isSubscribed(user)).toBe(status !== "inactive");
      });
    }
  }

  it.each([
    null,
    undefined,
    {},
    { subscriptionTier: "Platinum", subscriptionStatus: "active" },
    { subscriptionTier: "Pro Plan", subscriptionStatus: "past_due" },
  ])("treats %j as Free Plan", (user) => {
    expect(effectivePlan(user as never)).toBe("Free Plan");
  });
});

describe("trial helpers", () => {
  const now = Date.UTC(2026, 10, 1, 12);
  it.each([
    [null, 0],
    [now - 1, 0],
    [now, 0],
    [now + 3 * 3_600_000, 1],
    [now + 86_400_000, 1],
    [now + 86_400_000 + 1, 2],
    [now + 9 * 86_400_000, 9],
    ["not a date", 0],
  ])("trialEnd %s leaves %i day(s)", (end, days) => {
    expect(trialDaysRemaining(end as never, now)).toBe(days);
  });

  it("calls a trial without subscriptionId promotional", () => {
    expect(isPromoTrial({ subscriptionStatus: "trialing", subscriptionId: null })).toBe(true);
    expect(isPromoTrial({ subscriptionStatus: "trialing", subscriptionId: "sub_1" })).toBe(false);
    expect(isPromoTrial({ subscriptionStatus: "active", subscriptionId: null })).toBe(false);
    // The browser's shell user carries only whether an id exists; the same function answers.
    expect(isPromoTrial({ subscriptionStatus: "trialing", hasSubscriptionId: false })).toBe(true);
    expect(isPromoTrial({ subscriptionStatus: "trialing", hasSubscriptionId: true })).toBe(false);
  });
});
