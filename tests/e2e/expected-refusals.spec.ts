import { expect as baseExpect, test, type Page } from "@playwright/test";
import { signUp, watchConsole } from "./fixtures";

// Issue 29 item 7: an expected refusal (a duplicate symbol, over the plan's limit, a wrong current password, a
// short password, admin "not on trial") is a message to the user, never an error in the console. The watcher
// lets through only the browser's own "Failed to load resource" line for the status each step expects.
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": `203.0.113.${(Date.now() % 250) + 1}` });
});

async function addSymbol(page: Page, symbol: string) {
  await page.getByRole("textbox", { name: "Symbol" }).fill(symbol);
  await page.getByRole("button", { name: "Add Symbol" }).click();
}

/** The CC tab of a hydrated /wheels, in a new window of the same account. */
async function wheelsWindow(page: Page): Promise<Page> {
  const win = await page.context().newPage();
  await win.goto("/wheels");
  await expect(win.getByTestId("csp-table").getByTestId("strategy-row").first()).toBeVisible({
    timeout: 45_000,
  });
  await win.getByRole("tab", { name: /Covered Calls/ }).click();
  await expect(win.getByTestId("positions-panel")).toBeVisible();
  return win;
}

async function addPosition(win: Page, symbol: string) {
  await win.getByRole("button", { name: "Add Position" }).click();
  const dialog = win.getByTestId("position-dialog");
  await dialog.getByLabel("Symbol").fill(symbol);
  await dialog.getByLabel("Shares").fill("100");
  await dialog.getByLabel("Cost Basis (per share)").fill("100");
  await dialog.getByRole("button", { name: "Add Position" }).click();
}

test("each expected refusal shows its message and logs no console error", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const email = `refusals-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await signUp(page, email, { password: "refusal-pass-1" });

  // A duplicate symbol.
  await addSymbol(page, "AAPL");
  await expect(page.getByTestId("ticker-card-AAPL")).toBeVisible();
  await errors.expecting([400, 409], async () => {
    await addSymbol(page, "AAPL");
    await expect(page.getByTestId("add-error")).toHaveText("AAPL is already in your watchlist");
  });

  // Over the plan's limit (the Pro trial's 10 symbols).
  for (const s of ["TSLA", "SPY", "QQQ", "MSFT", "COIN", "NVDA", "AMD", "AMZN", "META"]) {
    await addSymbol(page, s);
    await expect(page.getByTestId(`ticker-card-${s}`)).toBeVisible();
  }
  await errors.expecting([400, 403, 409], async () => {
    await addSymbol(page, "NFLX");
    await expect(page.getByTestId("add-error")).toBeVisible();
  });

  // A wrong current password, then a short new one.
  await page.goto("/change-password");
  await errors.expecting([400], async () => {
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("another-pass-1");
    await page.getByLabel("Confirm new password").fill("another-pass-1");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByRole("alert").first()).toBeVisible();
  });
  await page.goto("/change-password");
  await errors.expecting([400], async () => {
    await page.getByLabel("Current password").fill("refusal-pass-1");
    await page.getByLabel("New password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm new password").fill("abc");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("New password must be at least 6 characters long")).toBeVisible();
  });
  expect(errors).toEqual([]);

  // Positions saved from a window holding an older list, over the Pro limit: the page re-applies its change
  // to the stored list (409 stale), the server refuses it (403), and the page says why.
  const staleWindow = await wheelsWindow(page);
  const wheelErrors = watchConsole(staleWindow);
  const ten = ["AAPL", "MSFT", "NVDA", "AMD", "TSLA", "SPY", "QQQ", "META", "AMZN", "COIN"];
  // A save names the version it was made from (decision 300).
  const { version } = (await (await page.request.get("/api/wheel/positions")).json()) as { version: number };
  const full = await page.request.post("/api/wheel/positions", {
    data: { positions: ten.map((symbol) => ({ symbol, shares: 100, costBasis: 100 })), version },
  });
  expect(full.status()).toBe(200);
  await wheelErrors.expecting([403, 409], async () => {
    await addPosition(staleWindow, "IBM");
    await expect(staleWindow.getByRole("alert").filter({ hasText: /limit/i })).toBeVisible();
  });
  expect(wheelErrors).toEqual([]);

  // Admin: cancelling a promotional trial the user does not have.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const adminErrors = watchConsole(adminPage);
  await adminPage.goto("/admin/login");
  await adminPage.getByLabel("Email").fill("admin@wheelhouse.local");
  await adminPage.getByLabel("Password").fill("admin-password");
  await adminPage.getByRole("button", { name: "Sign In" }).click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.goto(`/admin?tab=trials&email=${encodeURIComponent(email)}`);
  await expect(adminPage.getByTestId("trial-user-card")).toContainText(email);
  // The sign-up trial counts as the promotional one: the first Cancel ends it, the second is the refusal.
  const cancelled = adminPage.getByText("Promotional trial canceled");
  const notOnTrial = adminPage.getByText("User is not on a promotional trial");
  await adminPage.getByRole("button", { name: "Cancel Trial" }).click();
  await expect(cancelled).toBeVisible();
  await adminPage.goto(`/admin?tab=trials&email=${encodeURIComponent(email)}`);
  await expect(adminPage.getByTestId("trial-user-card")).toContainText(email);
  await expect(notOnTrial).toBeHidden();
  await adminErrors.expecting([409], async () => {
    await adminPage.getByRole("button", { name: "Cancel Trial" }).click();
    await expect(notOnTrial).toBeVisible();
  });
  expect(adminErrors).toEqual([]);
  await admin.close();
});
