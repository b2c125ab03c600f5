import { describe, expect, it } from "vitest";
import { loader as pricingLoader } from "#app/routes/pricing.tsx";
import { loader as successLoader } from "#app/routes/subscription-success.tsx";
import { loader as cancelledLoader } from "#app/routes/subscription-cancelled.tsx";
import { call, makeContext, requestWithCookie, signUpAndGetCookie } from "./helpers";
import { setUser } from "./auth-helpers";
import { billingFields, eventsOf } from "./billing-helpers";

type PricingData = Exclude<Awaited<ReturnType<typeof pricingLoader>>, Response>;

let n = 0;
const email = (tag: string) => `pricing-${tag}-${Date.now()}-${++n}@example.com`;
const DAY = 86_400_000;

async function pricingAs(cookie: string | null, query = "", context = makeContext()): Promise<PricingData> {
  const request = cookie
    ? requestWithCookie(`/pricing${query}`, cookie)
    : new Request(`http://localhost/pricing${query}`);
  return (await call(pricingLoader, request, { context })) as PricingData;
}

/** "label | label // note" per card, yearly view; "!" marks a disabled button. */
function matrix(data: PricingData) {
  return Object.fromEntries(
    data.cards.map((c) => {
      const a = c.actions.yearly;
      const labels = a.buttons.map((b) => `${b.disabled ? "!" : ""}${b.label}`).join(" | ");
      return [c.tier, a.note ? `${labels} // ${a.note}` : labels];
    }),
  );
}

// (user state) -> fields written onto a fresh account; each row is rendered through the route's loader.
const periodEnd = Date.UTC(2027, 0, 5, 12);
const states: [string, Record<string, string | number | null> | null, Record<string, string>][] = [
  ["visitor", null, { "Free Plan": "", "Pro Plan": "Sign Up", "Elite Plan": "Sign Up" }],
  [
    "promo trial (new account)",
    {},
    { "Free Plan": "", "Pro Plan": "Subscribe Now - $3.36/mo", "Elite Plan": "Upgrade" },
  ],
  [
    "free, trial used",
    { subscription_tier: "Free Plan", subscription_status: "inactive", has_used_trial: 1 },
    { "Free Plan": "", "Pro Plan": "Subscribe Now", "Elite Plan": "Subscribe Now" },
  ],
  [
    "pro active",
    { subscription_tier: "Pro Plan", subscription_status: "active", subscription_id: "sub_matrix_pro" },
    { "Free Plan": "", "Pro Plan": "Cancel Subscription | Manage Subscription", "Elite Plan": "Upgrade" },
  ],
  [
    "pro ending",
    {
      subscription_tier: "Pro Plan",
      subscription_status: "active",
      subscription_id: "sub_matrix_ending",
      cancel_at_period_end: 1,
      current_period_end: periodEnd,
    },
    {
      "Free Plan": "",
      "Pro Plan":
        "!Subscription ending soon | Click to Resume Subscription // Subscription will end on January 5, 2027",
      "Elite Plan": "Upgrade",
    },
  ],
  [
    "elite active",
    { subscription_tier: "Elite Plan", subscription_status: "active", subscription_id: "sub_matrix_elite" },
    { "Free Plan": "", "Pro Plan": "Downgrade", "Elite Plan": "Cancel Subscription | Manage Subscription" },
  ],
  [
    "expired promo trial",
    { subscription_tier: "Pro Plan", subscription_status: "trialing", trial_end: Date.now() - DAY },
    { "Free Plan": "", "Pro Plan": "Subscribe Now", "Elite Plan": "Subscribe Now" },
  ],
];

describe("/pricing loader: the button matrix rendered through the route", () => {
  for (const [state, fields, expected] of states) {
    it(state, async () => {
      let cookie: string | null = null;
      if (fields) {
        const address = email(state.replace(/\W+/g, "-"));
        cookie = await signUpAndGetCookie(address);
        if (Object.keys(fields).length > 0) await setUser(address, fields);
      }
      expect(matrix(await pricingAs(cookie))).toEqual(expected);
    });
  }

  it("?promo=TRIAL20 turns the promo on for anyone; ?highlight=notifications asks for the scroll", async () => {
    expect((await pricingAs(null)).promo).toBe(false);
    const data = await pricingAs(null, "?promo=TRIAL20&highlight=notifications");
    expect(data).toMatchObject({ promo: true, highlight: true });
    expect((await pricingAs(null, "?promo=OTHER")).promo).toBe(false);
  });

  it("renders without Stripe keys and says payments are off", async () => {
    const data = await pricingAs(null);
    expect(data.payments).toBe(false);
    expect(data.cards).toHaveLength(3);
  });
});

describe("subscription result pages", () => {
  it("send visitors home", async () => {
    for (const loader of [successLoader, cancelledLoader]) {
      const res = (await call(loader, "/subscription/success")) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/");
    }
  });

  it("success records the purchase, payment and conversion once per Checkout session, and every view", async () => {
    const address = email("success");
    const cookie = await signUpAndGetCookie(address);
    const { id } = (await billingFields(address))!;
    for (let i = 0; i < 2; i += 1)
      await call(successLoader, requestWithCookie("/subscription/success?session_id=cs_test_abc123", cookie));
    await call(successLoader, requestWithCookie("/subscription/success?session_id=not-a-session", cookie));
    const events = await eventsOf(id);
    const names = events.map((e) => e.name);
    expect(names.filter((x) => x === "subscription_success_page_viewed")).toHaveLength(3);
    for (const name of ["purchase", "payment", "conversion"])
      expect(names.filter((x) => x === name)).toHaveLength(1);
    const viewed = events.find((e) => e.name === "subscription_success_page_viewed")!;
    expect(JSON.parse(viewed.properties!)).toEqual({ user_id: id, email: address });
    const purchase = events.find((e) => e.name === "purchase")!;
    expect(JSON.parse(purchase.properties!)).toEqual({
      checkout_session_id: "cs_test_abc123",
      tier: "Pro Plan",
    });
  });
});
