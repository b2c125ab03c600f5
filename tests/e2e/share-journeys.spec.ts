import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signIn } from "./fixtures";

// The share journeys, run against the build (playwright.config.ts) and against `npm run dev`
// (playwright.dev.config.ts). Under the dev server React's StrictMode mounts, unmounts and remounts every
// effect: the share dialog once closed itself ~200 ms after opening there, while the build worked.
const expect = baseExpect.configure({ timeout: 30_000 });
const shots = "test-results/screenshots";
// Long enough for a dialog that closes itself on the remount (it did within ~200 ms) to be gone.
const SETTLE_MS = 1_500;

let n = 0;
test.describe.configure({ timeout: 180_000 });
test.beforeEach(async ({ page }) => {
  n += 1;
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.100.${(Date.now() + n * 11) % 250}` });
  // Headless Chromium on Linux has no native share sheet; make sure of it so the dialog path runs.
  await page.addInitScript(() => {
    // @ts-expect-error test-only removal of the Web Share API
    delete Navigator.prototype.share;
  });
});

/** Uncaught errors fail the journey (console lines differ between dev and the build; those specs watch them). */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return errors;
}

/** The clipboard refuses the next write (as when the page lacks the permission). */
async function refuseClipboard(page: Page) {
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied", "NotAllowedError"));
  });
}

test("Share on /spreads opens the dialog and it stays open; the visitor's page agrees with the list", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const errors = watchPageErrors(page);
  await signIn(page, "pro@wheelhouse.local", { returnTo: "/spreads" });
  const first = page.getByTestId("idea-card").first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  await first.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByTestId("share-dialog");
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  await expect(dialog).toBeVisible();
  const link = await dialog.getByLabel("Share link").inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/share/trade/[A-Z.]+-[0-9a-f]{24}$`));
  // A copy the clipboard refuses: the trade list's words.
  await refuseClipboard(page);
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Failed to copy. Please try manually.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The idea is in the list this minute: its shared page must not say otherwise.
  const visitor = await browser.newContext();
  const vpage = await visitor.newPage();
  await vpage.goto(link);
  const status = vpage.getByTestId("trade-status");
  await expect(status).toContainText("Open");
  await expect(status).not.toContainText("no longer in today's idea list");
  await vpage.screenshot({
    path: `${shots}/share-trade-same-minute-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await visitor.close();
  expect(errors).toEqual([]);
});

test("Share Trade and View Analysis on /wheels open their dialogs and they stay open", async ({ page }) => {
  const errors = watchPageErrors(page);
  await signIn(page, "pro@wheelhouse.local", { returnTo: "/wheels" });
  const table = page.getByTestId("csp-table");
  await expect(table.getByTestId("strategy-row").first()).toBeVisible({ timeout: 90_000 });

  await table.getByRole("button", { name: "View Analysis" }).first().click();
  const analysis = page.getByTestId("analysis-modal");
  await expect(analysis).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  await expect(analysis).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(analysis).toBeHidden();

  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/api/wheel/share") && r.status() === 201),
    table
      .getByRole("button", { name: /Share Trade/ })
      .first()
      .click(),
  ]);
  const dialog = page.getByTestId("share-dialog");
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Share link")).toHaveValue(/\/share\/wheel\/csp\/[0-9A-Za-z]{12}\?d=/);
  // A copy the clipboard refuses: the wheel share modal's own words (docs/product/sharing.md#share-dialog).
  await refuseClipboard(page);
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Failed to copy. Please copy manually.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // A share id nobody created answers 404, shown as 'Strategy Expired'
  // (docs/product/sharing.md#shared-wheel-pages).
  const missing = await page.goto("/share/wheel/csp/AAAAAAAAAAAA");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Strategy Expired" })).toBeVisible();
  await expect(page.getByText("This shared strategy has expired or been removed.")).toBeVisible();
  await expect(page.getByRole("link", { name: "View Current Strategies" })).toHaveAttribute(
    "href",
    "/wheels",
  );
  expect(errors).toEqual([]);
});
