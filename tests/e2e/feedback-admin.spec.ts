import { execFileSync } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signUp } from "./fixtures";

const shots = "test-results/screenshots";
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const XSS_TITLE = `<img src=x onerror="window.__xss=1"> Dark mode charts ${stamp}`;
const XSS_FEEDBACK = `<script>window.__xss=1</script> Great app, see https://evil.example ${stamp}`;

/** Runs SQL on the local D1 the preview server uses (test setup only: making a user Free). */
function d1(command: string) {
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--command", command], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: "pipe",
  });
}

let ipCounter = 0;
async function newPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  ipCounter += 1;
  await context.setExtraHTTPHeaders({
    "cf-connecting-ip": `203.0.113.${(Date.now() + ipCounter * 7) % 250}`,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("dialog", (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, errors };
}

async function adminSignIn(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill("admin@wheelhouse.local");
  await page.getByLabel("Password").fill("admin-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function noXss(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test.describe("feedback board and back office", () => {
  test("a Pro user gives feedback and a request; the admin plans it, grants a trial, invites; the user votes", async ({
    browser,
  }) => {
    test.setTimeout(420_000);
    const userEmail = `board-${stamp}@example.com`;
    const user = await newPage(browser);
    await signUp(user.page, userEmail, { returnTo: "/feedback" });

    // General feedback (new users are on the Pro trial).
    await expect(user.page.getByRole("heading", { name: "Help Us Improve" })).toBeVisible();
    await user.page.getByLabel("Category").selectOption("suggestion");
    await user.page.getByLabel("Your feedback").fill(XSS_FEEDBACK);
    await user.page.getByRole("button", { name: "Submit Feedback" }).click();
    await expect(user.page.getByRole("button", { name: "Submitted!" })).toBeVisible();
    await user.page.screenshot({ path: `${shots}/feedback-general-submitted.png`, fullPage: true });
    await expect(user.page.getByRole("button", { name: "Submit Feedback" })).toBeVisible({ timeout: 5000 });

    // A feature request: under review, listed for its author only.
    await user.page.getByRole("tab", { name: "Feature Requests" }).click();
    await expect(user.page.getByRole("heading", { name: "Request a feature" })).toBeVisible();
    // The local database keeps earlier runs' requests; an empty filter shows the product's text.
    await user.page.getByLabel("Status filter").selectOption("under-review");
    await expect(user.page.getByText("No feature requests match your current filter.")).toBeVisible();
    await user.page.screenshot({ path: `${shots}/feedback-requests-empty.png`, fullPage: true });
    await user.page.getByLabel("Status filter").selectOption("all");
    await user.page.getByLabel("Title").fill(XSS_TITLE);
    await user.page.getByLabel("Description").fill("Charts that follow the dark theme.\nWith a second line.");
    await user.page.getByRole("button", { name: "Submit Request" }).click();
    await expect(user.page.getByText(/Your request is under review/)).toBeVisible();
    // Listed for its author only while under review (decision 256), without vote buttons to press.
    const pending = user.page.getByTestId("feature-request").filter({ hasText: stamp });
    await expect(pending.getByTestId("status-badge")).toHaveText("under review");
    await expect(pending.getByRole("button", { name: "Upvote" })).toBeDisabled();
    await user.page.screenshot({ path: `${shots}/feedback-request-submitted.png`, fullPage: true });

    // The admin: pending list (Elite first, author shown), move the request to planned.
    const admin = await newPage(browser);
    await adminSignIn(admin.page);
    const card = admin.page.getByTestId("admin-feature").filter({ hasText: stamp });
    await expect(card).toContainText(XSS_TITLE);
    await expect(card).toContainText(userEmail);
    await noXss(admin.page);
    await admin.page.screenshot({ path: `${shots}/admin-pending.png`, fullPage: true });
    await card.getByRole("combobox").selectOption("planned");
    await expect(card).toHaveCount(0);
    await admin.page.screenshot({ path: `${shots}/admin-pending-after-planned.png`, fullPage: true });

    // All features with chips: Planned selected clears All.
    await admin.page.getByRole("link", { name: "All Features" }).click();
    await admin.page
      .getByRole("group", { name: "Status filter" })
      .getByRole("link", { name: "planned" })
      .click();
    await expect(admin.page).toHaveURL(/status=planned/);
    await expect(admin.page.getByTestId("admin-feature").filter({ hasText: stamp })).toBeVisible();
    await expect(
      admin.page.getByRole("group", { name: "Status filter" }).getByRole("link", { name: "All" }),
    ).toHaveAttribute("aria-pressed", "false");
    await admin.page.screenshot({ path: `${shots}/admin-all-features-planned.png`, fullPage: true });
    // Deselecting the last chip returns to All.
    await admin.page
      .getByRole("group", { name: "Status filter" })
      .getByRole("link", { name: "planned" })
      .click();
    await expect(
      admin.page.getByRole("group", { name: "Status filter" }).getByRole("link", { name: "All" }),
    ).toHaveAttribute("aria-pressed", "true");

    // User Trials: a 10-minute promo trial.
    await admin.page.getByRole("link", { name: "User Trials" }).click();
    await admin.page.getByLabel("User email").fill(userEmail);
    await admin.page.getByRole("button", { name: "Search" }).click();
    const trialCard = admin.page.getByTestId("trial-user-card");
    await expect(trialCard).toContainText(userEmail);
    await admin.page.getByLabel("Trial length").fill("10");
    await admin.page.getByLabel("Unit").selectOption("minutes");
    await admin.page.getByRole("button", { name: "Enable Promo Trial" }).click();
    await expect(admin.page.getByText("Promo trial enabled for 10 minutes")).toBeVisible();
    await admin.page.screenshot({ path: `${shots}/admin-trial-enabled.png`, fullPage: true });

    // User Invites.
    const invitee = `invitee-${stamp}@example.com`;
    await admin.page.getByRole("link", { name: "User Invites" }).click();
    await expect(admin.page.getByRole("heading", { name: "Invite User by Email" })).toBeVisible();
    await admin.page.getByLabel("Email", { exact: true }).fill(invitee);
    await admin.page.getByRole("button", { name: "Send Invitation" }).click();
    await expect(admin.page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
    await admin.page.screenshot({ path: `${shots}/admin-invite-sent.png`, fullPage: true });

    // User Feedback: the stored script is text.
    await admin.page.getByRole("link", { name: "User Feedback" }).click();
    await expect(admin.page.getByTestId("admin-feedback").filter({ hasText: stamp })).toContainText(
      "<script>window.__xss=1</script>",
    );
    await noXss(admin.page);
    await admin.page
      .getByRole("group", { name: "Category filter" })
      .getByRole("link", { name: "Bug Report" })
      .click();
    await expect(admin.page.getByTestId("admin-feedback").filter({ hasText: stamp })).toHaveCount(0);
    await admin.page.screenshot({ path: `${shots}/admin-feedback-bug-chip.png`, fullPage: true });

    // User lookup and the audit log.
    await admin.page.getByLabel("Email to look up").fill(userEmail);
    await admin.page.getByRole("button", { name: "Look Up" }).click();
    await expect(admin.page.getByTestId("lookup-card")).toContainText(userEmail);
    await expect(admin.page.getByTestId("audit-log")).toContainText("Enabled promo trial");
    await expect(admin.page.getByTestId("audit-log")).toContainText("Invited user");
    await admin.page.screenshot({ path: `${shots}/admin-lookup-audit.png`, fullPage: true });

    // Back to the user: the planned request is listed, with its status; upvote it.
    await user.page.goto("/feedback?tab=requests");
    const request = user.page.getByTestId("feature-request").filter({ hasText: stamp });
    await expect(request).toContainText(XSS_TITLE);
    await expect(request.getByTestId("status-badge")).toHaveText("planned");
    await request.getByRole("button", { name: "Upvote" }).click();
    await expect(request.getByTestId("vote-total")).toHaveText("1");
    await expect(request.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "true");
    await request.getByRole("button", { name: "Downvote" }).click();
    await expect(request.getByTestId("vote-total")).toHaveText("-1");
    await noXss(user.page);
    await user.page.screenshot({ path: `${shots}/feedback-requests-voted.png`, fullPage: true });

    // Narrow screens.
    await user.page.setViewportSize({ width: 390, height: 844 });
    await user.page.screenshot({ path: `${shots}/feedback-requests-390.png`, fullPage: true });
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await admin.page.goto("/admin");
    await admin.page.screenshot({ path: `${shots}/admin-390.png`, fullPage: true });

    expect(user.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  test("a Free user sees the upgrade texts and cannot submit", async ({ browser }) => {
    test.setTimeout(180_000);
    const email = `free-board-${stamp}@example.com`;
    const { page, errors } = await newPage(browser, 390);
    await signUp(page, email, { returnTo: "/feedback" });
    d1(
      `update user set subscription_tier = 'Free Plan', subscription_status = 'inactive', trial_end = null where email = '${email}'`,
    );
    await page.reload();
    await expect(
      page.getByText("Submitting feedback is available for Pro and Elite subscribers."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade to Submit Feedback" })).toHaveAttribute(
      "href",
      "/pricing",
    );
    await expect(page.getByRole("button", { name: "Submit Feedback" })).toHaveCount(0);
    await page.screenshot({ path: `${shots}/feedback-free-general-390.png`, fullPage: true });
    await page.getByRole("tab", { name: "Feature Requests" }).click();
    await expect(
      page.getByText("Feature requests and voting are available for Pro and Elite subscribers."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "View Pricing Plans →" })).toBeVisible();
    await page.screenshot({ path: `${shots}/feedback-free-requests-390.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
});
