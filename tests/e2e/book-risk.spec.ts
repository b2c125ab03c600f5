// The book's risk on /positions (decision 341) in a browser: a Pro user with an open spread sees its buying power,
// states their cash and sees the share it holds, rolls the spread to a wider one and sees the book's risk change;
// no serious accessibility violation at 1280 and 390 px, no console error. Screenshots in test-results/e2e/shots.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { clientAddress, signUp, watchConsole } from "./fixtures";

const shots = "test-results/e2e/shots";

/** New York's date n days from now. */
const nyDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/New_York" });

async function send(
  page: Page,
  data: Record<string, unknown>,
): Promise<{ version: number; position: { id: string } }> {
  const res = await page.request.post("/api/positions", {
    data,
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { version: number; position: { id: string } };
}

test("a Pro user sees the book's buying power against their cash, and the book's risk change after a roll", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": clientAddress() });
  const errors = watchConsole(page);
  const email = `book-risk-${Date.now()}@example.com`;
  await signUp(page, email, { returnTo: "/positions" });
  execFileSync(
    "node_modules/.bin/wrangler",
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--command",
      `update user set subscription_tier = 'Pro Plan', subscription_status = 'active', has_used_trial = 1 where email = '${email}'`,
    ],
    {
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
      stdio: "pipe",
    },
  );
  const exp = nyDate(30);
  const leg = (side: string, strike: number, expiration = exp) => ({
    right: "put",
    side,
    strike,
    expiration,
  });
  // A 500.37/495.37 bull put (strikes no chain lists, so never marked), 2 contracts at 1.50:
  // (5 - 1.50) x 100 x 2 = $700 of buying power.
  const opened = await send(page, {
    version: 0,
    action: "open",
    position: {
      symbol: "SPY",
      strategy: "BULL_PUT_SPREAD",
      legs: [leg("short", 500.37), leg("long", 495.37)],
      contracts: 2,
      openCredit: 1.5,
      openedOn: nyDate(-1),
    },
  });

  await page.goto("/positions");
  const book = page.getByTestId("book-risk");
  await expect(book.getByTestId("book-buying-power")).toHaveText("$700");
  await expect(book).toContainText("State your cash below");
  await expect(book).toContainText("nominal betas to SPY");
  await expect(book.getByTestId("book-by-symbol")).toContainText("100.0% · $700");
  // Strikes no chain lists: no greeks to sum, said so rather than zero.
  await expect(book.getByTestId("book-theta")).toHaveText("N/A");
  await expect(book.getByTestId("book-unmarked")).toContainText("1 of 1 position not marked now");

  // States $10,000: 7.0% of it, $9,300 free.
  await book.getByLabel("Your cash (dollars)").fill("10000");
  await book.getByRole("button", { name: "Save cash" }).click();
  await expect(book.getByRole("status")).toHaveText("Cash saved");
  await expect(book).toContainText("7.0% of your $10,000 stated cash · $9,300 free");
  await page.screenshot({ path: `${shots}/book-risk-1280.png`, fullPage: true });

  // Rolled out and wider: 490.37/480.37 at 2.00, 2 contracts: (10 - 2) x 100 x 2 = $1,600, 16.0% of the cash.
  await send(page, {
    version: opened.version,
    action: "roll",
    positionId: opened.position.id,
    closedOn: nyDate(0),
    closeDebit: 0.5,
    legs: [leg("short", 490.37, nyDate(44)), leg("long", 480.37, nyDate(44))],
    openCredit: 2,
  });
  await page.reload();
  await expect(book.getByTestId("book-buying-power")).toHaveText("$1,600");
  await expect(book).toContainText("16.0% of your $10,000 stated cash · $8,400 free");
  expect(await seriousViolations(page)).toEqual([]);

  // Cleared: no ratio.
  await book.getByRole("button", { name: "Clear" }).click();
  await expect(book).toContainText("State your cash below");
  await page.screenshot({ path: `${shots}/book-risk-rolled-1280.png`, fullPage: true });
  // At phone width: the same section, no serious violation.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(book.getByTestId("book-buying-power")).toHaveText("$1,600");
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/book-risk-390.png`, fullPage: true });
  expect(errors).toEqual([]);
});
