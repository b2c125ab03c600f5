import { formatPlanPrice } from "#app/lib/format.ts";
import { describe, expect, it } from "vitest";
import {
  catalogEntry,
  periodPrice,
  PLAN_CATALOG,
  promoApplies,
  promoPrice,
  tierForPriceId,
  type PriceIds,
} from "#app/lib/plans.ts";
import { contactSubject, validateContact } from "#app/lib/contact.ts";

describe("the plans catalog (docs/product/plans-and-billing.md#plans-and-prices)", () => {
  it("has the product's prices", () => {
    expect(PLAN_CATALOG.map((p) => [p.tier, p.price, p.popular])).toEqual([
      ["Free Plan", { monthly: 0, yearly: 0, monthlyWithYearlyDiscount: 0, savingsPercentage: 0 }, false],
      ["Pro Plan", { monthly: 5, yearly: 50, monthlyWithYearlyDiscount: 4.2, savingsPercentage: 17 }, true],
      [
        "Elite Plan",
        { monthly: 89, yearly: 890, monthlyWithYearlyDiscount: 74, savingsPercentage: 17 },
        false,
      ],
    ]);
    expect(catalogEntry("Pro Plan").betaNote).toEqual({ monthly: 29, yearly: 348 });
  });

  it("states the same saving for the same discount: 16.7% is 17% on Pro and Elite (decision 256)", () => {
    for (const { price } of PLAN_CATALOG)
      expect(price.savingsPercentage).toBe(
        price.monthly ? Math.round((100 * (12 * price.monthly - price.yearly)) / (12 * price.monthly)) : 0,
      );
    expect(catalogEntry("Pro Plan").price.savingsPercentage).toBe(
      catalogEntry("Elite Plan").price.savingsPercentage,
    );
  });
});

describe("coupon math: price x 0.8, 2 decimals", () => {
  it.each([
    [5, 4],
    [50, 40],
    [4.2, 3.36],
    [89, 71.2],
    [890, 712],
    [74, 59.2],
    [29, 23.2],
    [0.05, 0.04],
    [0, 0],
  ])("%s -> %s", (price, expected) => {
    expect(promoPrice(price)).toBe(expected);
  });

  it("formats whole dollars without cents and the rest with two decimals", () => {
    expect([4, 3.36, 71.2, 712, 0].map(formatPlanPrice)).toEqual(["$4", "$3.36", "$71.20", "$712", "$0"]);
  });

  it("periodPrice gives the billed amount and the per-month figure, with and without the promo", () => {
    expect(periodPrice(catalogEntry("Pro Plan"), "yearly", true)).toEqual({
      billed: 40,
      perMonth: 3.36,
      originalBilled: 50,
      originalPerMonth: 4.2,
    });
    expect(periodPrice(catalogEntry("Elite Plan"), "monthly", false)).toEqual({
      billed: 89,
      perMonth: 89,
      originalBilled: 89,
      originalPerMonth: 89,
    });
  });

  it("the promo applies for ?promo=TRIAL20 (any case) or on a promotional trial only", () => {
    const trial = { subscriptionStatus: "trialing", subscriptionTier: "Pro Plan", subscriptionId: null };
    const stripeTrial = { ...trial, subscriptionId: "sub_1" };
    expect(promoApplies("TRIAL20", null)).toBe(true);
    expect(promoApplies(" trial20 ", null)).toBe(true);
    expect(promoApplies("TRIAL30", null)).toBe(false);
    expect(promoApplies(null, trial)).toBe(true);
    expect(promoApplies(null, stripeTrial)).toBe(false);
  });
});

describe("Stripe price id -> tier", () => {
  const ids: PriceIds = {
    "Pro Plan": { monthly: "p_pm", yearly: "p_py" },
    "Elite Plan": { monthly: "p_em", yearly: null },
  };
  it("maps configured ids and nothing else", () => {
    expect(tierForPriceId(ids, "p_pm")).toBe("Pro Plan");
    expect(tierForPriceId(ids, "p_py")).toBe("Pro Plan");
    expect(tierForPriceId(ids, "p_em")).toBe("Elite Plan");
    expect(tierForPriceId(ids, "p_other")).toBeNull();
    expect(tierForPriceId(ids, null)).toBeNull();
    expect(tierForPriceId(ids, "")).toBeNull();
  });
});

describe("contact form rules (docs/product/plans-and-billing.md#contact-form)", () => {
  it.each([
    ["", "hi", "Email is required"],
    ["   ", "hi", "Email is required"],
    ["a@b.c", "  ", "Message is required"],
    ["", "", "Email is required"],
    ["not-an-email", "hi", "Please enter a valid email address"],
    [" a@b.c ", " hi ", null],
  ])("(%j, %j) -> %s", (email, message, expected) => {
    expect(validateContact(email, message)).toBe(expected);
  });

  it("builds the subject from the plan or 'Non User'", () => {
    expect(contactSubject(null)).toBe("[Non User] Question on Pricing/Billing");
    expect(contactSubject("Elite Plan")).toBe("[Elite Plan] Question on Pricing/Billing");
  });
});
