import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import Stripe from "stripe";
import { signUp } from "./fixtures";

// The preview server talks to the loopback fake Stripe started by scripts/preview.mjs (tests/e2e/e2e.vars).
const FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 2000}`;
const WEBHOOK_SECRET = "whsec_e2e_fake";
const shots = "test-results/screenshots";
const unique = () => `pricing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

function storedEvents(email: string): string[] {
  const out = execFileSync(
    "node_modules/.bin/wrangler",
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--json",
      "--command",
      `select e.name from analytics_events e join user u on u.id = e.user_id where u.email = '${email}' order by e.created_at`,
    ],
    {
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
      stdio: "pipe",
    },
  ).toString();
  return ((JSON.parse(out) as { results: { name: string }[] }[])[0]?.results ?? []).map((r) => r.name);
}

/** What Stripe would POST after the payment: the completed session, signed by the SDK's test helper. */
async function deliverCheckoutCompleted(page: Page, sessionId: string) {
  const session = await (await fetch(`${FAKE}/__stripe/sessions/${sessionId}`)).json();
  const payload = JSON.stringify({
    id: `evt_e2e_${sessionId}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
  const res = await page.request.post("/api/stripe/webhook", {
    data: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
  });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ received: true, result: "applied" });
}

const card = (page: Page, name: "free" | "pro" | "elite") => page.getByTestId(`plan-card-${name}`);

let testNumber = 0;
test.describe("pricing and billing", () => {
  test.beforeEach(async ({ page }) => {
    testNumber += 1;
    await page.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.102.${(Date.now() + testNumber) % 250}` });
  });

  test("a visitor sees the plans, the yearly default, Sign Up on paid cards and the contact form", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { name: "Choose your Plan" })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Yearly/ })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("Save up to 17%")).toBeVisible();
    await expect(card(page, "pro").getByTestId("plan-card-pro-price")).toContainText("$50/year");
    await expect(card(page, "pro").getByTestId("plan-card-pro-price")).toContainText(
      "$4.20/month billed yearly",
    );
    await expect(card(page, "pro")).toContainText("Most Popular");
    await expect(card(page, "pro")).toContainText("Beta Testers");
    await expect(card(page, "free").getByRole("button")).toHaveCount(0);
    await expect(card(page, "free").getByRole("link")).toHaveCount(0);
    await expect(card(page, "elite").getByRole("link", { name: "Sign Up" })).toHaveAttribute(
      "href",
      "/signup?returnTo=%2Fpricing",
    );
    await page.screenshot({ path: `${shots}/pricing-visitor-1280.png`, fullPage: true });

    await page.getByRole("radio", { name: "Monthly" }).click();
    await expect(card(page, "elite").getByTestId("plan-card-elite-price")).toContainText("$89/month");

    await page.getByRole("button", { name: "Contact our team" }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Our Team" });
    await expect(dialog).toContainText("We'll get back to you within 24 hours");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Email is required");
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Message").fill("Do you offer team plans?");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid email address");
    await dialog.getByLabel("Email").fill(unique());
    await page.screenshot({ path: `${shots}/pricing-contact-1280.png` });
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByRole("button", { name: "Message Sent!" })).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 4000 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/pricing?highlight=notifications");
    await page.screenshot({ path: `${shots}/pricing-visitor-390.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  test("a Pro trial user buys Pro with 20% off, a signed webhook activates it, then cancels with the survey", async ({
    page,
  }) => {
    // A long journey (sign-up, checkout, webhook, cancel); the machine is shared and slow.
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const email = unique();
    await signUp(page, email, { returnTo: "/pricing?promo=TRIAL20" });

    // Promotional trial + ?promo=TRIAL20: 20% off with the original price struck through.
    await expect(page.getByTestId("promo-note")).toContainText("20% OFF");
    const proPrice = card(page, "pro").getByTestId("plan-card-pro-price");
    await expect(proPrice.locator("s").first()).toHaveText("$50");
    await expect(proPrice).toContainText("$40/year");
    await expect(card(page, "elite").getByTestId("plan-card-elite-price")).toContainText("$712/year");
    const subscribe = card(page, "pro").getByRole("button", { name: "Subscribe Now - $3.36/mo" });
    await expect(subscribe).toBeVisible();
    await expect(card(page, "elite").getByRole("button", { name: "Upgrade" })).toBeVisible();
    await page.screenshot({ path: `${shots}/pricing-promo-trial-1280.png`, fullPage: true });

    // Checkout: the fake answers with its own session URL.
    await subscribe.click();
    await expect(page).toHaveURL(/\/fake-checkout\/cs_test_/);
    const sessionId = page.url().split("/").pop()!;
    await page.getByRole("link", { name: "Pay (fake)" }).click();
    await expect(page).toHaveURL(new RegExp(`/subscription/success\\?session_id=${sessionId}$`));
    await expect(page.getByRole("heading", { name: "Subscription Successful!" })).toBeVisible();

    await deliverCheckoutCompleted(page, sessionId);
    await page.goto("/pricing");
    await expect(page.getByTestId("trial-banner")).toHaveCount(0);
    await expect(card(page, "pro").getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
    await expect(card(page, "pro").getByRole("button", { name: "Manage Subscription" })).toBeVisible();
    await expect(card(page, "elite").getByRole("button", { name: "Upgrade" })).toBeVisible();
    await expect(card(page, "free").getByRole("button")).toHaveCount(0);
    await page.screenshot({ path: `${shots}/pricing-pro-active-1280.png`, fullPage: true });

    // Cancel with the survey.
    await card(page, "pro").getByRole("button", { name: "Cancel Subscription" }).click();
    const survey = page.getByRole("dialog", { name: "Help Us Improve" });
    await survey.getByLabel("Too Expensive").check();
    await survey.getByLabel("Others").check();
    await survey.getByLabel("Comment (optional)").fill("Back after earnings season");
    await page.screenshot({ path: `${shots}/pricing-cancel-survey-1280.png` });
    await survey.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(
      page.getByText(
        "Your subscription has been canceled. You will have access until the end of your billing period.",
      ),
    ).toBeVisible();
    await expect(card(page, "pro").getByRole("button", { name: "Subscription ending soon" })).toBeDisabled();
    await expect(card(page, "pro")).toContainText("Subscription will end on");
    await expect(
      card(page, "pro").getByRole("button", { name: "Click to Resume Subscription" }),
    ).toBeVisible();
    await page.screenshot({ path: `${shots}/pricing-pro-ending-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/pricing-pro-ending-390.png`, fullPage: true });

    const names = storedEvents(email);
    for (const name of [
      "subscription_signup_attempt",
      "begin_subscription",
      "subscription_success_page_viewed",
      "purchase",
      "payment",
      "conversion",
    ])
      expect(names).toContain(name);
    expect(errors).toEqual([]);
  });
});
