import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./fixtures";

// Two windows of one account add a position each, the second from a list it read before the first saved
// (decision 225): its save is refused as stale, re-applied to the stored list and saved again, and both
// positions stay.
test.describe.configure({ timeout: 240_000 });

const email = () => `two-windows-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The CC tab of a hydrated /wheels (the CSP rows load from the API only once the page is live). */
async function openCoveredCalls(page: Page) {
  await expect(page.getByTestId("csp-table").getByTestId("strategy-row").first()).toBeVisible({
    timeout: 45_000,
  });
  await page.getByRole("tab", { name: /Covered Calls/ }).click();
  await expect(page.getByTestId("positions-panel")).toBeVisible();
}

/** Adds one position and resolves with the statuses of the saves it made, up to the first 200. */
async function addPosition(page: Page, symbol: string, basis: string): Promise<number[]> {
  const statuses: number[] = [];
  const saved = new Promise<void>((resolve) => {
    page.on("response", (res) => {
      if (!res.url().endsWith("/api/wheel/positions") || res.request().method() !== "POST") return;
      statuses.push(res.status());
      if (res.status() === 200) resolve();
    });
  });
  await page.getByRole("button", { name: "Add Position" }).click();
  const dialog = page.getByTestId("position-dialog");
  await dialog.getByLabel("Symbol").fill(symbol);
  await dialog.getByLabel("Shares").fill("100");
  await dialog.getByLabel("Cost Basis (per share)").fill(basis);
  await dialog.getByRole("button", { name: "Add Position" }).click();
  await saved;
  return statuses;
}

const cardSymbols = (page: Page) =>
  page.getByTestId("position-card").locator("span.font-semibold").allTextContents();

test("two windows add a position each from the same list: both positions are kept", async ({
  page,
  context,
}) => {
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": `203.0.113.${Date.now() % 250}` });
  await signUp(page, email(), { returnTo: "/wheels" });
  const second = await context.newPage();
  await second.goto("/wheels");
  await openCoveredCalls(page);
  await openCoveredCalls(second);
  await expect(page.getByTestId("position-card")).toHaveCount(0);
  await expect(second.getByTestId("position-card")).toHaveCount(0);

  // The first window saves; the second still holds the empty list it loaded.
  expect(await addPosition(page, "AAPL", "150")).toEqual([200]);
  expect(await addPosition(second, "MSFT", "300")).toEqual([409, 200]);
  // The second window shows the stored list: the first window's position and its own.
  await expect(second.getByTestId("position-card")).toHaveCount(2);
  expect((await cardSymbols(second)).sort()).toEqual(["AAPL", "MSFT"]);

  // A bare /wheels (a reload would keep the Covered Calls tab, which the address now holds: decision 317).
  await page.goto("/wheels");
  await openCoveredCalls(page);
  await expect(page.getByTestId("position-card")).toHaveCount(2);
  expect((await cardSymbols(page)).sort()).toEqual(["AAPL", "MSFT"]);
  const stored = await page.request.get("/api/wheel/positions");
  expect(await stored.json()).toMatchObject({
    positions: [
      { symbol: "AAPL", shares: 100, costBasis: 150 },
      { symbol: "MSFT", shares: 100, costBasis: 300 },
    ],
    version: 2,
  });
});
