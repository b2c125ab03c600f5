import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";

// The account journey on the built worker (vite preview, APP_ENV=development so /__dev/outbox exists).
const unique = () => `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const shots = "test-results/screenshots";

async function acceptPolicies(page: Page) {
  for (const title of ["Options Trading Risk Disclosure", "Terms of Use"]) {
    await page.getByRole("link", { name: title }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "I Accept" }).click();
    await expect(dialog).toBeHidden();
  }
}

async function signOut(page: Page) {
  await page.locator("summary", { hasText: "Account menu" }).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Runs SQL against the local D1 the preview server uses (test setup only). */
function localSql(sql: string) {
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--command", sql], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: "pipe",
  });
}

test.describe("accounts", () => {
  test("sign up, sign out, guarded URL, sign in back to it, change password, reset password", async ({
    page,
  }) => {
    const email = unique();

    // Sign up: the submit stays disabled until both policy boxes are ticked through their dialogs.
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("first-pass");
    const create = page.getByRole("button", { name: "Create Account" });
    await expect(create).toBeDisabled();
    await acceptPolicies(page);
    await expect(page.getByLabel(/I have read and understand/)).toBeChecked();
    await expect(page.getByLabel(/I agree to the/)).toBeChecked();
    await expect(create).toBeEnabled();
    await create.click();

    // Landing: the trade ideas screen, with the automatic promotional trial's banner.
    await expect(page).toHaveURL(/\/spreads$/);
    await expect(page.getByRole("heading", { name: "FREE Pro Trial Active!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get 20% Off Now" })).toHaveAttribute(
      "href",
      "/pricing?promo=TRIAL20",
    );

    await signOut(page);

    // A guarded URL remembers where we were going, query included.
    await page.goto("/tickers?view=grid&sort=rsi");
    await expect(page).toHaveURL(/\/signin\?returnTo=%2Ftickers%3Fview%3Dgrid%26sort%3Drsi$/);
    await signIn(page, email, "first-pass");
    await expect(page).toHaveURL(/\/tickers\?view=grid&sort=rsi$/);

    // Change password: success, then home after 2 s.
    await page.locator("summary", { hasText: "Account menu" }).click();
    await page.getByRole("link", { name: "Change Password" }).click();
    await page.getByLabel("Current password").fill("first-pass");
    await page.getByLabel("New password", { exact: true }).fill("second-pass");
    await page.getByLabel("Confirm new password").fill("second-pass");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password changed successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

    await signOut(page);

    // Reset password through the emailed link (read from the dev outbox).
    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    // /signin has an Email field too: fill only once the reset page has replaced it (CI filled the old one).
    await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    const outbox = await page.request.get(`/__dev/outbox?to=${encodeURIComponent(email)}`);
    const [mail] = (await outbox.json()) as { text: string; kind: string }[];
    expect(mail!.kind).toBe("reset-password");
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail!.text)![0];
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("New password", { exact: true }).fill("third-pass");
    await page.getByLabel("Confirm new password").fill("third-pass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/signin\?notice=password_reset$/);
    await signIn(page, email, "third-pass");
    await expect(page).toHaveURL(/\/spreads$/);
  });

  test("screens: sign-in and sign-up states at desktop and phone widths", async ({ page }) => {
    for (const [label, size] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto("/signin");
      await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeDisabled();
      await page.screenshot({ path: `${shots}/signin-empty-${label}.png`, fullPage: true });
      await page.goto("/signup");
      await page.screenshot({ path: `${shots}/signup-empty-${label}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Error states.
    await page.goto("/signin");
    await signIn(page, "nobody-here@example.com", "wrong-password");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await page.screenshot({ path: `${shots}/signin-error.png`, fullPage: true });
    await page.goto("/signup");
    await page.getByRole("button", { name: /Sign up with Google/ }).click();
    await expect(page.getByText("Please agree to both the Risk Disclosure and Terms of Use")).toBeVisible();
    await page.screenshot({ path: `${shots}/signup-error.png`, fullPage: true });

    // Loading state: hold the action's answer so 'Please wait...' can be seen.
    await page.goto("/signin");
    await page.route("**/signin.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await signIn(page, "nobody-here@example.com", "wrong-password");
    await expect(page.getByRole("button", { name: "Please wait..." }).first()).toBeDisabled();
    await page.screenshot({ path: `${shots}/signin-loading.png`, fullPage: true });
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });

    // A provider that is not configured.
    await page.goto("/signin");
    await page.getByRole("button", { name: /Sign in with Apple/ }).click();
    await expect(page.getByText("This sign in method is not enabled. Please contact support")).toBeVisible();
  });

  test("trial banner: promotional and subscription variants", async ({ page }) => {
    const email = unique();
    await page.goto("/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("banner-pass");
    await acceptPolicies(page);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/spreads$/);
    for (const [label, size] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto("/");
      await expect(page.getByText("9 days left")).toBeVisible();
      await page.screenshot({ path: `${shots}/trial-banner-promo-${label}.png` });
    }

    localSql(
      `UPDATE user SET subscription_id = 'sub_e2e', trial_end = ${Date.now() + 3 * 86_400_000 - 60_000} WHERE email = '${email}'`,
    );
    for (const [label, size] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto("/");
      await expect(page.getByText("Pro Plan Trial: 3 day(s) remaining")).toBeVisible();
      await expect(
        page.getByTestId("trial-banner").getByRole("link", { name: "Subscribe Now" }),
      ).toHaveAttribute("href", "/pricing");
      await page.screenshot({ path: `${shots}/trial-banner-subscription-${label}.png` });
    }
  });

  test("what is typed or ticked before the page hydrates counts once it does", async ({ page }) => {
    // Hold the app's scripts until the fields are filled, as on a slow connection.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/forgot-password", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email").fill("typed-early@example.com");
    release();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeEnabled();

    let releaseSignup!: () => void;
    const signupHeld = new Promise<void>((resolve) => (releaseSignup = resolve));
    await page.unrouteAll();
    await page.route("**/assets/*.js", async (route) => {
      await signupHeld;
      await route.continue();
    });
    await page.goto("/signup", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email").fill("typed-early@example.com");
    await page.getByLabel("Password").fill("a-long-enough-password-1");
    await page.locator("#policy-risk").check();
    await page.locator("#policy-terms").check();
    releaseSignup();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  });

  test("admin: a non-admin is refused, the seeded admin gets in", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel("Email").fill("free@wheelhouse.local");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Not authorized as admin")).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel("Email").fill("admin@wheelhouse.local");
    await page.getByLabel("Password").fill("admin-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Logged in as admin@wheelhouse.local")).toBeVisible();
    await page.locator("summary", { hasText: "Account menu" }).click();
    await expect(page.getByRole("link", { name: "Change Password" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Notifications" })).toHaveCount(0);
    await page.screenshot({ path: `${shots}/admin-menu.png` });
  });
});
