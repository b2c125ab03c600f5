import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { signUp, watchConsole } from "./fixtures";

const shots = "test-results/screenshots";
const unique = (kind: string) =>
  `notify-${kind}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Runs SQL on the local D1 the preview server uses. */
function sql(command: string) {
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--command", command], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: "pipe",
  });
}

const saved = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith("/api/notifications/preferences") && r.request().method() === "PUT" && r.ok(),
  );

let n = 0;
test.describe("notifications", () => {
  test.use({ timezoneId: "Europe/Berlin" });
  // Long journeys (sign-up hashes a password, several saves): room for a loaded machine.
  test.setTimeout(180_000);
  test.beforeEach(async ({ page }) => {
    n += 1;
    await page.setExtraHTTPHeaders({ "cf-connecting-ip": `203.0.113.${(Date.now() + n) % 250}` });
  });

  test("a Pro user changes preferences, sends a test email, reads it in the outbox and sees it in History", async ({
    page,
    request,
  }) => {
    const errors = watchConsole(page);
    const email = unique("pro");
    await signUp(page, email);
    // The browser's zone is stored on the first visit.
    const zoneSaved = saved(page);
    await page.goto("/notifications");
    await zoneSaved;
    await expect(page.getByRole("heading", { name: "Notification Settings" })).toBeVisible();
    await expect(page.getByText("Times follow your time zone (Europe/Berlin)")).toBeVisible();
    await expect(page.getByTestId("master-switch")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("Coming Soon")).toHaveCount(2);
    await page.screenshot({ path: `${shots}/notifications-pro-desktop.png`, fullPage: true });

    // An event toggle and a threshold.
    let done = saved(page);
    await page.getByTestId("event-dividendPayment").click();
    await done;
    await expect(page.getByTestId("event-dividendPayment")).toHaveAttribute("aria-checked", "true");
    done = saved(page);
    await page.getByLabel("Overbought").fill("75");
    await page.getByLabel("Overbought").press("Enter");
    await done;
    // Daily digest: the time is Elite's custom timing, shown disabled with the reason and the upgrade link.
    done = saved(page);
    await page.getByRole("radio", { name: "Daily digest" }).click();
    await done;
    await expect(page.getByLabel("Daily time")).toBeDisabled();
    await expect(
      page.getByText("Custom-timing notifications are part of the Elite plan").first(),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade to Elite" }).first()).toHaveAttribute(
      "href",
      "/pricing?highlight=notifications",
    );
    await expect(page.getByLabel("Email timing")).toBeDisabled();
    await page.screenshot({ path: `${shots}/notifications-pro-daily.png`, fullPage: true });

    // A value out of range is not sent.
    await page.getByLabel("Daily move of at least").fill("25");
    await expect(page.getByText("1 to 20, step 0.5")).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("event-dividendPayment")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByLabel("Overbought")).toHaveValue("75");
    await expect(page.getByRole("radio", { name: "Daily digest" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByLabel("Daily move of at least")).toHaveValue("5");

    // Test email: the 'test sent' message, then the email in the outbox.
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await expect(page.getByTestId("test-sent")).toBeVisible();
    await page.screenshot({ path: `${shots}/notifications-test-sent.png` });
    const outbox = (await (await request.get(`/__dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
      subject: string;
      text: string;
      html: string;
      headers: Record<string, string>;
    }[];
    expect(outbox[0]).toMatchObject({ subject: "Wheelhouse test notification" });
    expect(outbox[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(outbox[0]!.text).toContain("Unsubscribe: http://localhost");
    await expect(page.getByTestId("test-sent")).toBeHidden({ timeout: 7000 });

    await page.getByRole("tab", { name: "History" }).click();
    const item = page.getByTestId("history-item").first();
    await expect(item).toContainText("Test notification");
    await expect(item.locator("[data-status]")).toHaveAttribute("data-status", "sent");
    await page.screenshot({ path: `${shots}/notifications-history.png` });

    // Phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("tab", { name: "Preferences" }).click();
    await page.screenshot({ path: `${shots}/notifications-pro-phone.png`, fullPage: true });

    // ?unsubscribe=true asks first, then switches everything off and hides the details.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/notifications?unsubscribe=true");
    const dialog = page.getByRole("dialog", { name: "Unsubscribe from notifications" });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${shots}/notifications-unsubscribe-dialog.png` });
    await dialog.getByRole("button", { name: "Turn off notifications" }).click();
    await expect(page.getByTestId("master-switch")).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("heading", { name: "Events" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/notifications$/);
    await page.screenshot({ path: `${shots}/notifications-off.png` });
    expect(errors).toEqual([]);
  });

  test("a Free user sees the upgrade screen", async ({ page }) => {
    const errors = watchConsole(page);
    const email = unique("free");
    await signUp(page, email);
    sql(
      `update user set subscription_tier = 'Free Plan', subscription_status = 'inactive', has_used_trial = 1 where email = '${email}'`,
    );
    await page.goto("/notifications");
    const screen = page.getByTestId("upgrade-screen");
    await expect(screen).toContainText("Your current plan: Free Plan");
    await expect(screen).toContainText("$5/month");
    await expect(screen).toContainText("30-day money-back guarantee");
    await expect(screen.getByRole("link", { name: "Upgrade to Pro" })).toHaveAttribute(
      "href",
      "/pricing?highlight=notifications",
    );
    await page.screenshot({ path: `${shots}/notifications-free-upgrade.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/notifications-free-upgrade-phone.png` });
    expect(errors).toEqual([]);
  });
});
