// Keyboard-only journeys through the product's dialogs: sign-up with its policy dialogs, the share dialog, the
// wheels analysis modal and the pricing confirmation. Each dialog takes focus, keeps Tab (and Shift+Tab) inside,
// closes with Escape and hands focus back to the control that opened it; axe finds no serious violation while
// it is open. Only the keyboard drives the page after navigation.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signInByApi, watchConsole } from "./fixtures";

test.describe.configure({ timeout: 180_000 });
const shots = "test-results/screenshots/keyboard";

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has focus (a keyboard user's way to reach a control). */
async function tabTo(page: Page, target: Locator, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Focus is in the dialog, stays there for a full lap of Tab and of Shift+Tab, and Escape closes it. */
async function expectTrappedThenEscape(page: Page, dialog: Locator, opener: Locator, shot: string) {
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  expect(await seriousViolations(page, { fullTargets: true })).toEqual([]);
  await page.screenshot({ path: `${shots}/${shot}.png` });
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} #${i + 1}`).toBe(true);
    }
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test("sign-up by keyboard: fields, both policy dialogs accepted with Enter, account created", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto("/signup");
  await page.waitForLoadState("networkidle");
  const email = `keyboard-${Date.now()}@example.com`;
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type("keyboard-pass-1");

  for (const title of ["Options Trading Risk Disclosure", "Terms of Use"]) {
    const opener = page.getByRole("link", { name: title });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: title });
    await expectTrappedThenEscape(page, dialog, opener, `signup-${title.split(" ")[0].toLowerCase()}`);
    // Open again and accept with the keyboard: the matching box is ticked.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("button", { name: "I Accept" }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByRole("checkbox")).toHaveCount(2);
  for (const box of await page.getByRole("checkbox").all()) await expect(box).toBeChecked();

  await tabTo(page, page.getByRole("button", { name: "Create Account" }));
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/\/signup/, { timeout: 30_000 });
  expect(errors).toEqual([]);
});

test("share dialog by keyboard on /spreads (Elite)", async ({ page }) => {
  const errors = watchConsole(page);
  await signInByApi(page, "elite@wheelhouse.local");
  await page.goto("/spreads");
  const share = page.getByTestId("idea-card").first().getByRole("button", { name: "Share" });
  await expect(share).toBeVisible({ timeout: 45_000 });
  await page.evaluate(() => {
    // No native share sheet: the dialog is what a desktop browser without Web Share shows.
    (navigator as unknown as { share?: unknown }).share = undefined;
  });
  await tabTo(page, share, 200);
  await page.keyboard.press("Enter");
  await expectTrappedThenEscape(page, page.getByTestId("share-dialog"), share, "spreads-share");
  expect(errors).toEqual([]);
});

test("/spreads filters fold behind a toggle on a phone, by keyboard; always open on desktop", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, "elite@wheelhouse.local");
  await page.goto("/spreads?strategy=IRON_CONDOR&minLiq=2");
  await expect(page.getByTestId("idea-card").first()).toBeVisible({ timeout: 45_000 });
  const toggle = page.getByRole("button", { name: /^Filters/ });
  await expect(toggle).toHaveText(/Filters\s*\(2 active\)/);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const strategy = page.getByLabel("Strategy");
  await expect(strategy).toBeHidden();
  await page.screenshot({ path: "test-results/screenshots/spreads-filters-folded-phone.png" });
  await tabTo(page, toggle);
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(strategy).toBeVisible();
  await expect(strategy.locator("option:checked")).toHaveText("Iron Condor");
  expect(await seriousViolations(page, { fullTargets: true })).toEqual([]);
  await page.screenshot({ path: "test-results/screenshots/spreads-filters-open-phone.png" });
  // The panel's controls follow the toggle in the tab order.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Reset" })).toBeFocused();
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(strategy).toBeHidden();
  expect(await seriousViolations(page, { fullTargets: true })).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(toggle).toBeHidden();
  await expect(strategy).toBeVisible();
  await expect(page.getByRole("heading", { name: "Filters" })).toBeVisible();
  expect(await seriousViolations(page, { fullTargets: true })).toEqual([]);
  expect(errors).toEqual([]);
});

test("analysis modal by keyboard on /wheels (Pro)", async ({ page }) => {
  const errors = watchConsole(page);
  await signInByApi(page, "pro@wheelhouse.local");
  await page.goto("/wheels");
  const open = page.getByTestId("csp-table").getByRole("button", { name: "View Analysis" }).first();
  await expect(open).toBeVisible({ timeout: 45_000 });
  await tabTo(page, open, 200);
  await page.keyboard.press("Enter");
  await expectTrappedThenEscape(page, page.getByTestId("analysis-modal"), open, "wheels-analysis");
  expect(errors).toEqual([]);
});

test("pricing confirmation by keyboard (Pro upgrading to Elite), then cancelled", async ({ page }) => {
  const errors = watchConsole(page);
  await signInByApi(page, "pro@wheelhouse.local");
  await page.goto("/pricing");
  await page.waitForLoadState("networkidle");
  const upgrade = page.getByTestId("plan-card-elite").getByRole("button", { name: "Upgrade" });
  await tabTo(page, upgrade);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: /Upgrade to Elite/ });
  await expectTrappedThenEscape(page, dialog, upgrade, "pricing-confirm");
  // Nothing changed: the Pro card still offers Cancel Subscription.
  await expect(
    page.getByTestId("plan-card-pro").getByRole("button", { name: "Cancel Subscription" }),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
