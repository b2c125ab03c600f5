// /positions and "I took this" (decision 334): a Pro user opens a spread from an idea card at the fill the card
// shows, sees it on /positions marked (or why it is not: stale with its time, the leg without a quote) and closes
// it; a Free user is refused with the plan's words and a link to /pricing; a visitor on a shared idea is sent to
// sign in and comes back to the share page with the dialog open. Phone and desktop; screenshots in /tmp/shots.
import { execFileSync } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signIn, signInByApi, watchConsole } from "./fixtures";

const shots = "/tmp/shots";
const PRO = "pro@wheelhouse.local";
const FREE = "free@wheelhouse.local";
const REFUSAL =
  "As a free user, you cannot track open positions. Upgrade to Pro or Elite to mark your spreads and get their management alerts.";

const origin = (page: Page) => new URL(page.url()).origin;

/** Voids every open position of the signed-in user: the seeded Pro user is shared by runs (its cap is 10). */
async function voidOpenPositions(page: Page) {
  const read = await page.request.get("/api/positions");
  expect(read.ok(), "GET /api/positions").toBe(true);
  const body = (await read.json()) as {
    positions: { id: string; status: string }[];
    version: number;
  };
  let version = body.version;
  for (const p of body.positions.filter((x) => x.status === "open")) {
    const res = await page.request.post("/api/positions", {
      data: { version, action: "void", positionId: p.id },
      headers: { Origin: origin(page) },
    });
    expect(res.ok(), `void ${p.id}`).toBe(true);
    ({ version } = (await res.json()) as { version: number });
  }
}

/**
 * Stores closing marks for a position as the refresh's close run would (option_position_marks), in the preview's
 * local D1: the chart's journey cannot wait for three market closes.
 */
function storeClosingMarks(positionId: string, pnls: readonly number[]) {
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const rows = pnls
    .map((pnl, i) => {
      const mark = JSON.stringify({ status: "ok", pnlNatural: pnl, pnlMid: pnl + 4 });
      return `('${positionId}', '${day(pnls.length - i)}', '${mark}')`;
    })
    .join(", ");
  execFileSync(
    "node_modules/.bin/wrangler",
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--command",
      `INSERT OR REPLACE INTO option_position_marks VALUES ${rows}`,
    ],
    { stdio: "pipe" },
  );
}

/** The id of the signed-in user's open position on `symbol`. */
async function openPositionId(page: Page, symbol: string): Promise<string> {
  const body = (await (await page.request.get("/api/positions")).json()) as {
    positions: { id: string; symbol: string; status: string }[];
  };
  const found = body.positions.find((p) => p.status === "open" && p.symbol === symbol);
  expect(found, `open ${symbol}`).toBeTruthy();
  return found!.id;
}

/** A published idea's trade id, read by a Pro user in a context of its own. */
async function someTradeId(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInByApi(page, PRO);
  const body = (await (await page.request.get("/api/get_trades")).json()) as {
    trade_suggestions: { trade_unique_identifier: string }[];
  };
  await context.close();
  const id = body.trade_suggestions[0]?.trade_unique_identifier;
  expect(id, "a published idea").toBeTruthy();
  return id!;
}

for (const width of [390, 1280]) {
  test(`a Pro user takes a spread from its card, sees it marked and closes it at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const errors = watchConsole(page);
    await signInByApi(page, PRO);
    await voidOpenPositions(page);

    await page.goto("/positions");
    await expect(page.getByTestId("positions-empty")).toBeVisible();
    await page.screenshot({ path: `${shots}/positions-empty-${width}.png`, fullPage: true });

    await page.goto("/spreads");
    const card = page.getByTestId("idea-card").first();
    await expect(card).toBeVisible({ timeout: 60_000 });
    const symbol = (await card.getByTestId("idea-symbol").textContent())!.trim();
    const shownCredit = /\$([\d,.]+)/.exec((await card.getByTestId("idea-credit").textContent()) ?? "")![1];
    await page.screenshot({ path: `${shots}/spreads-top-${width}.png` });
    await card.screenshot({ path: `${shots}/idea-card-${width}.png` });
    await card.getByRole("button", { name: /^I took this/ }).click();
    const dialog = page.getByTestId("took-dialog");
    await expect(dialog).toBeVisible();
    // Prefilled with what the card shows: its symbol and its credit at the card's basis and tick.
    await expect(dialog.getByLabel("Symbol")).toHaveValue(symbol);
    await expect(dialog.getByLabel("Credit per share")).toHaveValue(shownCredit!);
    await expect(dialog.getByLabel("Contracts")).toHaveValue("1");
    await page.screenshot({ path: `${shots}/took-dialog-${width}.png` });
    await dialog.getByRole("button", { name: "Track this position" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Tracking it on Positions.")).toBeVisible();

    await page.goto("/positions");
    const position = page.getByTestId("position-card").filter({ hasText: symbol }).first();
    await expect(position).toBeVisible();
    // Marked at the cached quotes, or saying why not: never a number without its quotes.
    const valued = /\$/.test((await position.getByTestId("value-natural").textContent()) ?? "");
    if (valued) await expect(position.getByTestId("pnl")).toContainText("of max profit");
    else await expect(position.getByTestId("mark-status")).toBeVisible();
    await expect(page.getByTestId("open-count")).toContainText("1 of 10");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no sideways scroll").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${shots}/positions-open-${width}.png`, fullPage: true });
    expect(await seriousViolations(page, { fullTargets: true })).toEqual([]);

    // Three stored closes draw the P&L chart.
    storeClosingMarks(await openPositionId(page, symbol), [-12, 6, 18]);
    await page.reload();
    await expect(position.getByTestId("pnl-chart")).toBeVisible();

    // Its alert settings, edited and saved (Pro has position alerts).
    await position.getByText("Alerts: on").click();
    const alerts = position.getByRole("form", { name: `Alerts ${symbol}` });
    await alerts.getByLabel("Profit target (% of the credit)").fill("60");
    await alerts.getByRole("button", { name: "Save alerts" }).click();
    await expect(alerts.getByRole("status")).toHaveText("Alert settings saved.");
    await page.screenshot({ path: `${shots}/positions-chart-alerts-${width}.png`, fullPage: true });

    // A roll: closed at a debit, the new legs opened at a credit.
    await position.getByRole("button", { name: `Roll ${symbol}` }).click();
    const roll = page.getByTestId("roll-dialog");
    await roll.getByLabel("Debit per share").fill("0.40");
    await roll.getByLabel("New credit per share").fill("0.55");
    await page.screenshot({ path: `${shots}/roll-dialog-${width}.png` });
    await roll.getByRole("button", { name: "Record the roll" }).click();
    await expect(roll).toHaveCount(0);
    await expect(page.getByTestId("closed-positions")).toContainText("Rolled");

    await position.getByRole("button", { name: `Close ${symbol}` }).click();
    const close = page.getByTestId("close-dialog");
    await close.getByLabel("Debit per share").fill("0.05");
    await page.screenshot({ path: `${shots}/close-dialog-${width}.png` });
    await close.getByRole("button", { name: "Record the close" }).click();
    await expect(close).toHaveCount(0);
    await expect(page.getByTestId("positions-empty")).toBeVisible();
    await expect(page.getByTestId("closed-positions")).toContainText(symbol);
    await page.screenshot({ path: `${shots}/positions-closed-${width}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}

test("a Pro user records an iron condor by hand and voids it at 390px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const errors = watchConsole(page);
  await signInByApi(page, PRO);
  await voidOpenPositions(page);
  await page.goto("/positions");
  await page.getByRole("button", { name: "Record a spread by hand" }).click();
  const dialog = page.getByTestId("took-dialog");
  await expect(dialog.getByRole("heading", { name: "Record a spread" })).toBeVisible();
  // Nothing prefilled: the symbol, the credit and every strike blank.
  await expect(dialog.getByLabel("Symbol")).toHaveValue("");
  await expect(dialog.getByLabel("Leg 1 strike")).toHaveValue("");
  await dialog.getByLabel("Strategy").selectOption("IRON_CONDOR");
  await expect(dialog.getByLabel("Leg 4 strike")).toBeVisible();
  const expiration = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Symbol").fill("SPY");
  await dialog.getByLabel("Credit per share").fill("1.40");
  for (const [i, strike] of ["540", "545", "640", "645"].entries()) {
    await dialog.getByLabel(`Leg ${i + 1} strike`).fill(strike);
    await dialog.getByLabel(`Leg ${i + 1} expiration`).fill(expiration);
  }
  await page.screenshot({ path: `${shots}/hand-entry-390.png`, fullPage: true });
  await dialog.getByRole("button", { name: "Track this position" }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByTestId("position-card").filter({ hasText: "SPY" }).first();
  await expect(card).toContainText("Iron Condor");
  await expect(card).toContainText("$1.40 credit");
  await expect(page.getByTestId("open-count")).toContainText("1 of 10");
  await voidOpenPositions(page);
  expect(errors).toEqual([]);
});

for (const width of [390, 1280]) {
  test(`a Free user is refused with the upgrade words at ${width}px`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const tradeId = await someTradeId(browser);
    const errors = watchConsole(page);
    await signInByApi(page, FREE);
    await page.goto("/positions");
    const upgrade = page.getByTestId("positions-upgrade");
    await expect(upgrade).toContainText(REFUSAL);
    await expect(upgrade.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
    await page.screenshot({ path: `${shots}/positions-free-${width}.png`, fullPage: true });

    await page.goto(`/share/trade/${tradeId}`);
    await page.getByRole("button", { name: /^I took this/ }).click();
    const refused = page.getByTestId("took-refused");
    await expect(refused).toContainText(REFUSAL);
    await expect(refused.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
    await page.screenshot({ path: `${shots}/share-free-refused-${width}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}

test("a visitor on a shared idea signs in and comes back to it with the dialog open", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tradeId = await someTradeId(browser);
  for (const width of [390, 1280]) {
    await page.context().clearCookies();
    await page.setViewportSize({ width, height: 900 });
    const errors = watchConsole(page);
    await page.goto(`/share/trade/${tradeId}`);
    await page.getByRole("link", { name: "I took this" }).click();
    await expect(page).toHaveURL(/\/signin\?returnTo=/);
    const back = `/share/trade/${tradeId}?took=${encodeURIComponent(tradeId)}`;
    await signIn(page, PRO, { returnTo: back });
    const dialog = page.getByTestId("took-dialog");
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${shots}/share-took-dialog-${width}.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    // The marker is gone from the address: a reload does not open it again.
    await expect(page).toHaveURL(new RegExp(`/share/trade/${tradeId.replace(/[.]/g, "\\.")}$`));
    expect(errors).toEqual([]);
  }
});
