import { expect, test } from "@playwright/test";
import { signIn, signUp, watchConsole } from "./fixtures";

const shots = "test-results/screenshots";
const unique = () => `wheels-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const PHONE = { width: 390, height: 844 };

/** Console errors fail the journey (the page must stay clean). */
let n = 0;
// Strategies are cleaned from the cached chains on a fresh isolate's first request: allow for a busy machine.
test.describe.configure({ timeout: 240_000 });
test.beforeEach(async ({ page }) => {
  n += 1;
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `203.0.113.${(Date.now() + n) % 250}` });
});

test("Pro (trial) user: cash, ranked CSPs sized to it, positions one by one / in bulk / by CSV, covered calls with the guardrail, analysis, favorite, export, share", async ({
  page,
  context,
}) => {
  const errors = watchConsole(page);
  await signUp(page, unique(), { returnTo: "/wheels" });
  await expect(page.getByRole("heading", { name: "Wheels", level: 1 })).toBeVisible();
  await expect(page.getByTestId("market-banner")).toBeVisible();
  const table = page.getByTestId("csp-table");
  await expect(table.getByTestId("strategy-row").first()).toBeVisible({ timeout: 45_000 });
  // Balanced screens 21-45 days out; every annualised figure has its period return beside it.
  await expect(page.getByTestId("risk-window").first()).toHaveText("21-45 days to expiration");
  const rows = table.getByTestId("strategy-row");
  const periods = await rows.getByTestId("period-return").allTextContents();
  expect(periods.length).toBe(await rows.count());
  for (const text of periods) {
    const m = /^(\d+\.\d{2})% in (\d+)d$/.exec(text.trim());
    expect(m, text).not.toBeNull();
    expect(Number(m![2])).toBeGreaterThanOrEqual(21);
    expect(Number(m![2])).toBeLessThanOrEqual(45);
  }
  await expect(page.getByTestId("avg-period-return")).toHaveText(/^avg \d+\.\d% in \d+d$/);
  await page.screenshot({ path: `${shots}/wheels-pro-csp-desktop.png`, fullPage: true });

  // Cash: below the minimum the hint changes and Update is disabled; Enter submits.
  const cash = page.getByLabel("Available cash", { exact: true });
  await cash.fill("500");
  await expect(page.getByTestId("cash-hint")).toHaveText("Minimum: $1,000 (you're getting there!)");
  await expect(page.getByRole("button", { name: "Update", exact: true })).toBeDisabled();
  await cash.fill("60000");
  await Promise.all([
    // The form saves the cash (POST /wheels) and the loader screens again (decision 317).
    page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/wheels.data" && r.request().method() === "GET",
    ),
    cash.press("Enter"),
  ]);
  await expect(page.getByTestId("cash-hint")).toHaveText("Minimum: $1,000");
  await expect(table.getByTestId("strategy-row").first()).toBeVisible({ timeout: 45_000 });
  // Every row is sized to $60,000 (one AAPL put near $260 takes $26,000 of it): contracts x strike x 100 <= cash.
  const strikes = await table
    .getByTestId("strategy-row")
    .evaluateAll((rows) =>
      rows.map((r) =>
        (r.querySelectorAll("td")[2]?.querySelector("div")?.textContent ?? "").replace(/,/g, ""),
      ),
    );
  for (const cell of strikes) {
    const m = /\$([\d.]+)x(\d+)/.exec(cell.replace(/\s/g, ""));
    expect(m).not.toBeNull();
    expect(Number(m![1]) * 100 * Number(m![2])).toBeLessThanOrEqual(60_000);
  }
  // The cash comes back on the next visit.
  await page.reload();
  await expect(page.getByLabel("Available cash", { exact: true })).toHaveValue("60000");

  // Sorting: click Annual Return % flips to ascending.
  await table.getByRole("button", { name: "Annual Return %" }).click();
  await expect(table.locator("th[aria-sort='ascending']")).toHaveCount(1);

  // Analysis modal: numbers with their inputs, payoff chart, Escape closes.
  await table.getByRole("button", { name: "View Analysis" }).first().click();
  const modal = page.getByTestId("analysis-modal");
  await expect(modal).toBeVisible();
  await expect(modal.getByText("Max risk")).toBeVisible();
  // The premium's working shows the bid beside the fill (the strategy's premium_natural).
  await expect(modal.getByText(/\/share x 100 = .*; bid \$\d+\.\d{2}$/)).toBeVisible();
  await expect(modal.getByText("Simulated data")).toBeVisible();
  await expect(modal.locator("svg").first()).toBeVisible();
  await page.screenshot({ path: `${shots}/wheels-pro-csp-analysis.png` });
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  // Favorite: heart, 'Saved!', listed in the panel.
  // The table's own toggle: the phone cards in the same container are hidden at this width.
  await table.getByTestId("strategy-row").first().getByTestId("favorite-toggle").click();
  await expect(page.getByText("Saved!")).toBeVisible();
  await expect(page.getByTestId("favorites-panel").getByTestId("favorite-row")).toHaveCount(1);

  // Export CSV.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^csp-strategies-\d{4}-\d{2}-\d{2}\.csv$/);

  // Share a CSP: no native share sheet in headless Chromium, so the dialog opens with the link.
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => {
    (navigator as unknown as { share?: unknown }).share = undefined;
  });
  await table
    .getByRole("button", { name: /Share Trade/ })
    .first()
    .click();
  const shareDialog = page.getByRole("dialog").filter({ hasText: /share/i });
  await expect(shareDialog).toBeVisible();
  const cspLink = await shareDialog.locator("input").first().inputValue();
  expect(cspLink).toMatch(/\/share\/wheel\/csp\/[0-9A-Za-z]{12}\?d=/);
  await page.keyboard.press("Escape");

  // Covered calls: positions one by one, in bulk and by CSV.
  await page.getByRole("tab", { name: /Covered Calls/ }).click();
  await expect(page.getByTestId("empty-state")).toContainText("No Strategies Found Yet!");
  await page.getByRole("button", { name: "Add Position" }).click();
  const dialog = page.getByTestId("position-dialog");
  await dialog.getByLabel("Symbol").fill("aapl1");
  await expect(dialog.getByLabel("Symbol")).toHaveValue("AAPL");
  await dialog.getByLabel("Shares").fill("150");
  await dialog.getByLabel("Cost Basis (per share)").fill("120");
  await dialog.getByRole("button", { name: "Add Position" }).click();
  await expect(dialog.getByText("Shares must be in multiples of 100 (for options contracts)")).toBeVisible();
  await dialog.getByLabel("Shares").fill("200");
  await dialog.getByRole("button", { name: "Add Position" }).click();
  await expect(page.getByTestId("position-card")).toHaveCount(1);

  await page.getByRole("button", { name: "Add Multiple" }).click();
  const bulk = page.getByTestId("bulk-dialog");
  await bulk.getByLabel("Row 2 symbol").fill("MSFT");
  await bulk.getByLabel("Row 2 shares").fill("100");
  await bulk.getByLabel("Row 2 cost basis").fill("9999");
  await expect(bulk.getByTestId("bulk-row")).toHaveCount(3);
  await bulk.getByTestId("csv-input").setInputFiles({
    name: "positions.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("Symbol,Shares,Cost Basis\nspy,100,400\nqqq,300,350\n"),
  });
  await expect(bulk.getByText(/Imported 2 row\(s\)/)).toBeVisible();
  await page.screenshot({ path: `${shots}/wheels-pro-bulk-dialog.png` });
  await bulk.getByRole("button", { name: "Save Positions" }).click();
  await expect(page.getByTestId("position-card")).toHaveCount(4);

  const ccTable = page.getByTestId("cc-table");
  await expect(ccTable.getByTestId("strategy-row").first()).toBeVisible({ timeout: 45_000 });
  // MSFT at a $9,999 basis: every call is below the basis, so none is listed by default and the switch
  // (visible, off) says why; switched on, they are listed and flagged.
  const belowBasis = page.getByRole("switch", { name: "Include strikes below my cost basis" });
  await expect(belowBasis).toBeVisible();
  await expect(belowBasis).not.toBeChecked();
  await expect(page.getByTestId("below-basis-guardrail")).toHaveText(
    /left out: if your shares were called away at such a strike, you would sell them for less than you paid/,
  );
  await expect(page.getByTestId("below-basis-switch")).toContainText(
    /struck below your cost basis for: .*MSFT/,
  );
  await expect(ccTable.getByTestId("guardrail")).toHaveCount(0);
  await expect(ccTable.getByRole("cell", { name: /^MSFT/ })).toHaveCount(0);
  const ccPeriods = await ccTable.getByTestId("period-return").allTextContents();
  expect(ccPeriods.every((t) => /^\d+\.\d{2}% in \d+d$/.test(t.trim()))).toBe(true);
  await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/wheels.data" && r.request().method() === "GET",
    ),
    belowBasis.check(),
  ]);
  await expect(ccTable.getByTestId("strategy-row").getByTestId("guardrail").first()).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByTestId("below-basis-guardrail")).toHaveText(/listed and marked/);
  await page.screenshot({ path: `${shots}/wheels-pro-cc-desktop.png`, fullPage: true });
  await belowBasis.uncheck();
  await expect(ccTable.getByTestId("guardrail")).toHaveCount(0, { timeout: 45_000 });

  // Remove a position.
  await page.getByRole("button", { name: "Remove MSFT" }).click();
  await expect(page.getByTestId("position-card")).toHaveCount(3);

  // Share a CC.
  await page.evaluate(() => {
    (navigator as unknown as { share?: unknown }).share = undefined;
  });
  await ccTable
    .getByRole("button", { name: /Share Trade/ })
    .first()
    .click();
  await expect(shareDialog).toBeVisible();
  const ccLink = await shareDialog.locator("input").first().inputValue();
  expect(ccLink).toMatch(/\/share\/wheel\/cc\/[0-9A-Za-z]{12}\?d=/);
  await page.keyboard.press("Escape");

  // Phone width.
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId("mobile-header")).toBeVisible();
  await page.screenshot({ path: `${shots}/wheels-pro-cc-phone.png`, fullPage: true });
  await page.getByRole("tab", { name: /Cash Secured Puts/ }).click();
  await expect(page.getByTestId("csp-table").getByTestId("strategy-card").first()).toBeVisible({
    timeout: 45_000,
  });
  await page.screenshot({ path: `${shots}/wheels-pro-csp-phone.png`, fullPage: true });
  expect(errors).toEqual([]);

  // A signed-out visitor sees both shared pages and their preview images.
  await context.clearCookies();
  for (const [link, name] of [
    [cspLink, "Cash Secured Put"],
    [ccLink, "Covered Call"],
  ] as const) {
    const url = new URL(link);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole("heading", { name: `Shared ${name}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "View More Strategies" })).toHaveAttribute("href", "/wheels");
    await expect(page.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/pricing");
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/\/api\/(csp|cc)-image\/[0-9A-Za-z]{12}$/);
    const png = await page.request.get(new URL(image!).pathname);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    const kind = name === "Cash Secured Put" ? "csp" : "cc";
    await page.screenshot({ path: `${shots}/wheels-shared-${kind}.png`, fullPage: true });
    await page.goto(new URL(image!).pathname);
    await page.screenshot({ path: `${shots}/wheels-shared-${kind}-image.png` });
    // Without the payload in the link, the server record answers.
    await page.goto(url.pathname);
    await expect(page.getByTestId("shared-strategy-card")).toBeVisible();
  }
  // An unknown id is the product's HTTP 404: the 'Strategy Expired' screen.
  await page.goto("/share/wheel/csp/AAAAAAAAAAAA");
  await expect(page.getByRole("heading", { name: "Strategy Expired" })).toBeVisible();
});

test("Free user: CSP allowed, CC shows the upgrade state", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "free@wheelhouse.local", { returnTo: "/wheels" });
  await expect(page.getByTestId("csp-table").getByTestId("strategy-row").first()).toBeVisible({
    timeout: 45_000,
  });
  await page.screenshot({ path: `${shots}/wheels-free-csp-desktop.png`, fullPage: true });
  await page.getByRole("tab", { name: /Covered Calls/ }).click();
  await expect(page.getByTestId("cc-free-empty")).toContainText(
    "As a free user, you cannot add positions. Upgrade to Pro or Elite to unlock personalized covered call recommendations based on your portfolio.",
  );
  await expect(
    page.getByTestId("positions-panel").getByRole("link", { name: "Upgrade" }).first(),
  ).toHaveAttribute("href", "/pricing");
  await page.screenshot({ path: `${shots}/wheels-free-cc-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/wheels-free-cc-phone.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test("Elite user: CSP and CC tables at phone and desktop widths", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "elite@wheelhouse.local", { returnTo: "/wheels" });
  // Start from a known set of positions (the demo account is shared between runs), saved from the version read
  // (decision 300).
  const { version } = (await (await page.request.get("/api/wheel/positions")).json()) as { version: number };
  const saved = await page.request.post("/api/wheel/positions", {
    data: {
      positions: [
        { symbol: "NVDA", shares: 500, costBasis: 100 },
        { symbol: "AMD", shares: 200, costBasis: 150 },
      ],
      version,
    },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("csp-table").getByTestId("strategy-row").first()).toBeVisible({
    timeout: 45_000,
  });
  await page.getByRole("tab", { name: /Covered Calls/ }).click();
  await expect(page.getByTestId("position-card")).toHaveCount(2);
  await expect(page.getByTestId("cc-table").getByTestId("strategy-row").first()).toBeVisible({
    timeout: 45_000,
  });
  await page.screenshot({ path: `${shots}/wheels-elite-cc-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/wheels-elite-cc-phone.png`, fullPage: true });
  expect(errors).toEqual([]);
});
