// Issue 44 item 6, "small ones", each where a user sees it: a closed wheel campaign's cost bases, the
// account-deleted toast, no app error in the console for an answer the app expects, the notification settings'
// "Saved", and the heading of the bare /share/wheel page.
//
// The build (playwright.config.ts) runs every test here; `npm run dev` (playwright.dev.config.ts) runs the two whose
// failure only React's development StrictMode showed or could show (its effects run, clean up and run again).
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { signUp, watchConsole } from "./fixtures";

const onDevServer = (info: TestInfo) => info.project.name.endsWith("-dev-server");
const builtOnly = () =>
  test.beforeEach(() =>
    test.skip(onDevServer(test.info()), "the built worker shows it as the dev server does"),
  );

const unique = (kind: string) => `small-${kind}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
let address = Math.floor(Math.random() * 200);
/** Each context from its own documentation address (RFC 5737), so sign-ins stay under the per-address limit. */
const nextAddress = () => `203.0.113.${(address++ % 250) + 1}`;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": nextAddress() });
});

async function newWindow(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "cf-connecting-ip": nextAddress() } });
  return context.newPage();
}

test.describe("account deletion", () => {
  test("the account-deleted toast shows once", async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    const password = "small-leaving-1";
    await signUp(page, unique("deleted"), { password });
    await page.goto("/account/delete");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel(/Type DELETE to confirm/).fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const toast = page.getByRole("status").filter({ hasText: "Your account has been deleted." });
    await expect(toast.first()).toBeVisible({ timeout: 30_000 });
    // The notice cleans the URL in the same effect that shows the toast: once "/" is reached the effect has run
    // (twice under StrictMode before the fix). Counted once, not polled: two toasts expire one after the other.
    await expect(page).toHaveURL(/\/$/);
    expect(await toast.count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

test.describe("expected answers", () => {
  test("a wrong password (400), a trial cancel refused (409), payments not configured (503) and an unknown share link (404) log no app error", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = unique("expected");
    const password = "small-expected-1";
    const errors = watchConsole(page);
    await signUp(page, email, { returnTo: "/pricing", password });

    // 503: the server's answer when payments are not configured (the build's are, against the fake Stripe).
    await page.route("**/api/create-checkout-session", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: "Payments are not configured on this server" }),
      }),
    );
    await errors.expecting([503], async () => {
      await page
        .getByTestId("plan-card-pro")
        .getByRole("button", { name: /^Subscribe Now/ })
        .click();
      await expect(
        page.getByRole("alert").filter({ hasText: "Payments are not configured on this server" }),
      ).toBeVisible();
    });
    await page.unroute("**/api/create-checkout-session");

    // 404: a share link that names no stored strategy.
    await errors.expecting([404], async () => {
      await page.goto("/share/wheel/csp/unknown-share-link");
      await expect(page.getByRole("heading", { name: "Strategy Expired" })).toBeVisible();
    });
    expect(errors).toEqual([]);

    // 409: the admin cancels the promotional trial twice; the second is refused.
    const admin = await newWindow(browser);
    const adminErrors = watchConsole(admin);
    await admin.goto("/admin/login");
    await admin.getByLabel("Email").fill("admin@wheelhouse.local");
    await admin.getByLabel("Password").fill("admin-password");
    await admin.getByRole("button", { name: "Sign In" }).click();
    await expect(admin).toHaveURL(/\/admin$/);
    const trials = `/admin?tab=trials&email=${encodeURIComponent(email)}`;
    await admin.goto(trials);
    await admin.getByRole("button", { name: "Cancel Trial" }).click();
    await expect(admin.getByText("Promotional trial canceled")).toBeVisible();
    await admin.goto(trials);
    await expect(admin.getByTestId("trial-user-card")).toContainText(email);
    await adminErrors.expecting([409], async () => {
      await admin.getByRole("button", { name: "Cancel Trial" }).click();
      await expect(admin.getByText("User is not on a promotional trial")).toBeVisible();
    });
    expect(adminErrors).toEqual([]);
    await admin.context().close();

    // 400: a visitor signs in with a wrong password.
    const visitor = await newWindow(browser);
    const visitorErrors = watchConsole(visitor);
    await visitor.goto("/signin");
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByLabel("Password", { exact: true }).fill("not-the-password-1");
    await visitorErrors.expecting([400], async () => {
      await visitor.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(visitor.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    });
    expect(visitorErrors).toEqual([]);
    await visitor.context().close();
  });
});

test.describe("on the built worker", () => {
  builtOnly();

  test("a closed wheel campaign shows both cost bases as of its close", async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchConsole(page);
    await signUp(page, unique("campaign"), { returnTo: "/wheels/campaigns" });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const option = { symbol: "KO", contracts: 1 };
    const put = { ...option, optionType: "put", strike: 50, expiration: day(30) };
    const call = { ...option, optionType: "call", strike: 52, expiration: day(14) };
    const events = [
      { ...put, kind: "sell_to_open", date: day(40), price: 1.25 },
      { ...put, kind: "assign", date: day(30) },
      { ...call, kind: "sell_to_open", date: day(28), price: 0.8 },
      { ...call, kind: "called_away", date: day(14) },
    ];
    const origin = new URL(page.url()).origin;
    for (const event of events) {
      const res = await page.request.post("/api/wheel/ledger", { data: event, headers: { Origin: origin } });
      expect(res.status(), `${event.kind} recorded`).toBe(201);
    }
    await page.goto("/wheels/campaigns");
    const card = page.getByRole("article", { name: "KO campaign" });
    await expect(card).toContainText("Closed");
    await expect(card).toContainText("0 shares held");
    // Broker: the strike minus the put's premium. Premium-adjusted: (5,000 - 125 - 80) / 100.
    const broker = card.getByRole("definition").filter({ hasText: "$48.75" });
    await expect(card.getByText("Broker cost basis at close")).toBeVisible();
    await expect(broker).toBeVisible();
    await expect(card.getByText("Premium-adjusted cost basis at close")).toBeVisible();
    await expect(card.getByRole("definition").filter({ hasText: "$47.95" })).toBeVisible();
    await expect(card.getByText("At the close, on the last 100 shares held").first()).toBeVisible();
    await page.screenshot({ path: "test-results/e2e/small-ones-closed-campaign.png", fullPage: true });
    expect(errors).toEqual([]);
  });

  test.describe("notification settings", () => {
    test.use({ timezoneId: "Europe/Berlin" });

    test('an auto-save says "Saved" in a live region, and a failed one says why', async ({ page }) => {
      test.setTimeout(120_000);
      const errors = watchConsole(page);
      await signUp(page, unique("saved"));
      const stored = (ok: boolean) =>
        page.waitForResponse(
          (r) =>
            r.url().endsWith("/api/notifications/preferences") &&
            r.request().method() === "PUT" &&
            r.ok() === ok,
        );
      // The browser's time zone is stored on the first visit: not a change of the user's, so nothing is said.
      const zone = stored(true);
      await page.goto("/notifications");
      await zone;
      const status = page.getByTestId("save-status");
      await expect(status).toHaveAttribute("role", "status");
      await expect(status).toHaveAttribute("aria-live", "polite");
      await expect(status).toHaveText("");

      const dividends = page.getByTestId("event-dividendPayment");
      await expect(dividends).toHaveAttribute("aria-checked", "false");
      let answered = stored(true);
      await dividends.click();
      await answered;
      await expect(status).toHaveText("Saved");
      await expect(dividends).toHaveAttribute("aria-checked", "true");
      // 'Saved' goes after 3 s.
      await expect(status).toHaveText("", { timeout: 6000 });

      // A save the server does not take: the change is rolled back and the status says so (and stays).
      await page.route("**/api/notifications/preferences", (route) =>
        route.request().method() === "PUT"
          ? route.fulfill({ status: 503, contentType: "application/json", body: '{"success":false}' })
          : route.fallback(),
      );
      await errors.expecting([503], async () => {
        answered = stored(false);
        await dividends.click();
        await answered;
        await expect(status).toHaveText("Failed to update preferences");
      });
      await expect(dividends).toHaveAttribute("aria-checked", "true");
      await page.screenshot({ path: "test-results/e2e/small-ones-save-failed.png" });
      await page.unroute("**/api/notifications/preferences");

      answered = stored(true);
      await dividends.click();
      await answered;
      await expect(status).toHaveText("Saved");
      await expect(dividends).toHaveAttribute("aria-checked", "false");
      expect(errors).toEqual([]);
    });
  });

  test("the bare /share/wheel page and a link without a strategy are headed", async ({ page }) => {
    const errors = watchConsole(page);
    for (const path of ["/share/wheel", "/share/wheel?type=CSP&symbol=AAPL"]) {
      await page.goto(path);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Strategy Not Found");
      await expect(main.getByText("This link does not describe a strategy.")).toBeVisible();
      await expect(main.getByRole("link", { name: "View More Strategies" })).toHaveAttribute(
        "href",
        "/wheels",
      );
    }
    expect(errors).toEqual([]);
  });
});
