// The Campaigns tab of /wheels (issue 31, decision 270): a Pro user records a put, then its assignment, and sees
// the campaign with both cost bases, the reconciliation line and the returns with their conventions; a refused
// event shows the rule's message; a Free user sees what the ledger does and an upgrade link. Phone and desktop.
import { expect, test } from "@playwright/test";
import { signInByApi, watchConsole } from "./fixtures";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

for (const width of [390, 1280]) {
  test(`a Pro user records a put and its assignment at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const errors = watchConsole(page);
    await signInByApi(page, "pro@wheelhouse.local");
    await page.goto("/wheels");
    await page.getByRole("link", { name: "Campaigns" }).click();
    await expect(page).toHaveURL(/\/wheels\/campaigns$/);
    await expect(page.getByRole("link", { name: "Campaigns" })).toHaveAttribute("aria-current", "page");

    // One symbol per width: the two runs share the seeded user.
    const symbol = width === 390 ? "KO" : "PEP";
    const form = page.getByRole("form", { name: "Record an event" });
    await form.getByLabel("Symbol").fill(symbol);
    await form.getByLabel("Strike").fill("50");
    await form.getByLabel("Expiration").fill(inDays(30));
    await form.getByLabel("Contracts").fill("2");
    await form.getByLabel("Price per share").fill("1.25");
    await form.getByRole("button", { name: "Record event" }).click();
    await expect(form.getByRole("status")).toHaveText("Event recorded.");
    // After a save the amounts are cleared; the symbol and event stay for the next one.
    await expect(form.getByLabel("Price per share")).toHaveValue("");
    await expect(form.getByLabel("Symbol")).toHaveValue(symbol);
    const card = page.getByRole("article", { name: `${symbol} campaign` });
    await expect(card).toContainText("Open");
    await expect(card.getByTestId("reconciliation")).toContainText("difference $0.00");

    // Three contracts cannot be assigned when two are open: the rule's message, nothing recorded.
    await form.getByRole("combobox", { name: "Event", exact: true }).selectOption("assign");
    await form.getByLabel("Symbol").fill(symbol);
    await form.getByLabel("Strike").fill("50");
    await form.getByLabel("Expiration").fill(inDays(30));
    await form.getByLabel("Contracts").fill("3");
    await errors.expecting([400], async () => {
      await form.getByRole("button", { name: "Record event" }).click();
      await expect(form.getByRole("alert")).toHaveText("Only 2 contract(s) of this option are open");
    });
    // The refused event's fields are all still there (decision 274).
    await expect(form.getByLabel("Contracts")).toHaveValue("3");
    await expect(form.getByLabel("Symbol")).toHaveValue(symbol);

    // One of the two is assigned: 100 shares at strike minus the premium.
    await form.getByLabel("Contracts").fill("1");
    await form.getByRole("button", { name: "Record event" }).click();
    await expect(form.getByRole("status")).toHaveText("Event recorded.");
    await expect(card).toContainText("100 shares held");
    await expect(card).toContainText("$48.75");
    await expect(card).toContainText("Capital-weighted (annualised)");
    // A campaign opened today is too young to annualise (decision 274): a dash and the reason.
    await expect(card).toContainText("Annualised from 7 days in trade");
    await expect(card.getByTestId("reconciliation")).toContainText("difference $0.00");

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scroll").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/e2e/wheel-campaigns-${width}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}

for (const width of [390, 1280]) {
  test(`"I sold this" records a recommended put at its shown fill at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const errors = watchConsole(page);
    await signInByApi(page, "pro@wheelhouse.local");
    await page.goto("/wheels");
    const sold = page
      .getByRole("button", { name: /^I sold this / })
      .filter({ visible: true })
      .first();
    await expect(sold).toBeVisible({ timeout: 30_000 });
    const symbol = ((await sold.getAttribute("aria-label")) ?? "").replace("I sold this ", "");
    await sold.click();
    const dialog = page.getByTestId("sold-dialog");
    await expect(dialog.getByLabel("Symbol")).toHaveValue(symbol);
    await expect(dialog.getByLabel("Contracts")).toHaveValue("1");
    const premium = await dialog.getByLabel("Premium per share").inputValue();
    expect(Number(premium)).toBeGreaterThan(0);
    // A decimal comma is refused with the fix, nothing sent (decision 274).
    await dialog.getByLabel("Premium per share").fill("1,25");
    await dialog.getByRole("button", { name: "Record in my ledger" }).click();
    await expect(dialog.getByRole("alert")).toContainText("use a point for decimals");
    await dialog.getByLabel("Premium per share").fill(premium);
    await dialog.getByRole("button", { name: "Record in my ledger" }).click();
    await expect(page.getByText("Recorded in your wheel ledger.")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.goto("/wheels/campaigns");
    await expect(page.getByRole("article", { name: `${symbol} campaign` })).toContainText("Open");
    await page.screenshot({ path: `test-results/e2e/wheel-sold-${width}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}

test("a Free user sees what the ledger does and an upgrade link", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const errors = watchConsole(page);
  await signInByApi(page, "free@wheelhouse.local");
  await page.goto("/wheels/campaigns");
  const about = page.getByRole("region", { name: "About campaigns" });
  await expect(about).toContainText("As a free user, you cannot add positions.");
  await expect(about.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("form", { name: "Record an event" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

// The import (decisions 272, 273): a tastytrade export (the layout cited in tests/worker/wheel-ledger-import.test.ts)
// is recognised, previewed with its skipped row and reason, imported on confirm, and skipped whole the second time.
test("a Pro user imports a broker export, and importing it again adds nothing", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchConsole(page);
  await signInByApi(page, "pro@wheelhouse.local");
  await page.goto("/wheels/campaigns");
  const occ = (type: "P" | "C", strike: number) =>
    `XLE   ${inDays(20).slice(2).replace(/-/g, "")}${type}${String(strike * 1000).padStart(8, "0")}`;
  const file = [
    "Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Total,Currency",
    `${inDays(-2)}T15:00:00+0000,Trade,Sell to Open,SELL_TO_OPEN,${occ("P", 85)},Equity Option,Sold 1 XLE Put 85.00 @ 1.20,120.00,1,120.00,-1.00,-0.14,100,XLE,XLE,,85,PUT,2,118.86,USD`,
    `${inDays(-3)}T15:00:00+0000,Trade,Sell to Open,SELL_TO_OPEN,${occ("P", 80)},Equity Option,Sold 1 XLE Put 80.00 @ 0.90,90.00,1,90.00,-1.00,-0.14,100,XLE,XLE,,80,PUT,1,88.86,USD`,
    `${inDays(-4)}T10:00:00+0000,Money Movement,Deposit,,,,Deposit,5000.00,0,,0.00,0.00,,,,,,,,5000.00,USD`,
  ].join("\r\n");
  const section = page.getByRole("region", { name: "Import from your broker" });
  const pick = () =>
    section.getByLabel("CSV file").setInputFiles({
      name: "tastytrade.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(file),
    });

  await pick();
  const preview = section.getByTestId("import-preview");
  await expect(preview).toContainText(
    "Recognised: tastytrade (transaction history). 2 events to import, 1 row skipped.",
  );
  await expect(preview).toContainText("Not a wheel trade (Deposit)");
  await section.getByRole("button", { name: "Import 2 events" }).click();
  await expect(preview).toContainText("Imported 2 events.");
  await expect(page.getByRole("article", { name: "XLE campaign" })).toContainText("Open");

  await pick();
  await expect(preview).toContainText("0 events to import, 3 rows skipped.");
  await expect(preview).toContainText("Already imported");
  await expect(section.getByRole("button", { name: /^Import \d/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
