// The roll finder end to end (decision 340): a Pro user opens a spread from an idea card, opens "Find a roll" on its
// card, reads the candidates (each with its net at the fill basis, the quote time, the sentence that a credit roll is
// not a profit), records the best one, and sees the rolled position on /positions: the old one closed as rolled and
// linked to the new one at the candidate's legs and credit. When the book's risk section is on the page, its buying
// power changes with the roll. Screenshots in test-results/e2e/shots.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { formatCalendarDate } from "#app/lib/calendar-date.ts";
import { clientAddress, signUp, watchConsole } from "./fixtures";

const shots = "test-results/e2e/shots";

interface Leg {
  right: "put" | "call";
  side: "short" | "long";
  strike: number;
  expiration: string;
}
interface PositionRow {
  id: string;
  symbol: string;
  status: string;
  legs: Leg[];
  openCredit: number;
  closeReason: string | null;
  rolledFrom: string | null;
  rolledTo: string | null;
  expiration: string;
}
interface Rolls {
  closeDebit: number | null;
  candidates: { expiration: string; newCredit: number; legs: Leg[] }[];
}

/** Runs SQL on the local D1 the preview server uses. */
function sql(command: string) {
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--command", command], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: "pipe",
  });
}

async function positions(page: Page): Promise<PositionRow[]> {
  const body = (await (await page.request.get("/api/positions")).json()) as { positions: PositionRow[] };
  return body.positions;
}

const legKey = (l: Leg) => `${l.right} ${l.side} ${l.strike} ${l.expiration}`;

test("a Pro user finds a roll for a spread, records it and sees the rolled position", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": clientAddress() });
  const errors = watchConsole(page);
  const email = `roll-and-risk-${Date.now()}@example.com`;
  await signUp(page, email, { returnTo: "/spreads" });
  sql(
    `update user set subscription_tier = 'Pro Plan', subscription_status = 'active', has_used_trial = 1 where email = '${email}'`,
  );

  // The first idea on /spreads, taken at the fill its card shows (the dialog's prefill).
  await page.reload();
  await page
    .getByTestId("idea-card")
    .first()
    .getByRole("button", { name: /^I took this/ })
    .click({ timeout: 60_000 });
  const symbol = await page.getByTestId("took-dialog").getByLabel("Symbol").inputValue();
  expect(symbol, "the idea's symbol").not.toBe("");
  await page.getByRole("button", { name: "Track this position" }).click();
  await expect(page.getByText("Tracking it on Positions.")).toBeVisible();
  const [opened] = (await positions(page)).filter((p) => p.status === "open");
  expect(opened, "the opened spread").toBeTruthy();

  await page.goto("/positions");
  const position = page.getByTestId("position-card").filter({ hasText: symbol }).first();
  await expect(position).toBeVisible();
  const buyingPower = page.getByTestId("book-buying-power");
  const bookRisk = (await page.getByTestId("book-risk").count()) > 0;
  const powerBefore = bookRisk ? await buyingPower.textContent() : null;

  // The finder: candidates at later expirations, its numbers' basis, the plain sentence.
  await position.getByRole("button", { name: `Find a roll for ${symbol}` }).click();
  const finder = page.getByTestId("roll-finder");
  await expect(finder).toBeVisible();
  await expect(finder.getByTestId("roll-not-a-profit")).toContainText("A credit roll is not a profit");
  const candidates = finder.getByTestId("roll-candidate");
  await expect(candidates.first()).toBeVisible({ timeout: 30_000 });
  await expect(finder.getByTestId("roll-assumptions")).toContainText("halfway between mid and natural");
  await expect(finder.getByTestId("roll-assumptions")).toContainText("Quotes");
  await expect(finder.getByTestId("roll-close-cost")).toContainText("per share at the fill basis");
  // The API the dialog read, for the numbers to check the recorded roll against.
  const rolls = (await (await page.request.get(`/api/positions/${opened!.id}/rolls`)).json()) as Rolls;
  const best = rolls.candidates[0]!;
  expect(best.expiration > opened!.expiration, "a later expiration").toBe(true);
  if (!rolls.candidates.some((c) => c.newCredit - rolls.closeDebit! > 0))
    await expect(finder.getByTestId("close-instead")).toBeVisible();
  await page.screenshot({ path: `${shots}/roll-finder-1280.png`, fullPage: true });

  await candidates.first().getByRole("button", { name: "Record this roll" }).click();
  await expect(finder).toHaveCount(0);

  // The book: the old position closed as rolled, linked to the new one at the candidate's legs and credit.
  const after = await positions(page);
  const old = after.find((p) => p.id === opened!.id)!;
  expect(old).toMatchObject({ status: "closed", closeReason: "rolled" });
  const rolled = after.find((p) => p.id === old.rolledTo)!;
  expect(rolled).toMatchObject({ status: "open", rolledFrom: old.id, expiration: best.expiration });
  expect(rolled.legs.map(legKey).sort()).toEqual(best.legs.map(legKey).sort());
  expect(rolled.openCredit).toBeCloseTo(Math.round(best.newCredit * 100) / 100, 9);

  // On the page: one open card, at the new expiration.
  await expect(page.getByTestId("position-card")).toHaveCount(1);
  await expect(page.getByTestId("position-card").first()).toContainText(
    `expires ${formatCalendarDate(best.expiration)}`,
  );
  if (bookRisk) await expect(buyingPower).not.toHaveText(powerBefore ?? "");
  await page.screenshot({ path: `${shots}/rolled-1280.png`, fullPage: true });
  expect(errors).toEqual([]);
});
