// The roll finder on a tested position, end to end (decisions 339, 340, 341): a Pro user opens a spread from an idea
// card; the journey sets the loopback Polygon fake's fixed chain for its symbol with the spot at the short strike (and
// later expirations to roll to) and refreshes through the real Polygon client, so the tested-strike alert fires (its
// entry in the notification history) and the card shows the fake's marks; "Find a roll" lists the candidates with
// their numbers and basis, the first one's net matches the fake's quotes at the fill basis (halfway between mid and
// natural per leg) to the cent; the roll is recorded: the old position closed as rolled, the new one open at the
// candidate's legs, and the book's buying power and delta change. The symbol goes back on the simulated market at the
// end. Phone and desktop, one Pro user each; screenshots in test-results/e2e/shots.
import { expect, test } from "@playwright/test";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import {
  expectDollars,
  openPosition,
  openSpreadFromIdea,
  positions,
  quoteOf,
  refreshFromFake,
  restoreDemo,
  setChain,
  shots,
  signUpPro,
  type FakeQuote,
  type Leg,
} from "./positions-helpers";

interface Rolls {
  quoteTime: string;
  closeDebit: number;
  candidates: { expiration: string; dte: number; net: number; newCredit: number; legs: Leg[] }[];
}

const DAY_MS = 86_400_000;
/** New York's calendar date now, and a YYYY-MM-DD date n days on. */
const nyToday = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
const addDays = (ymd: string, n: number) =>
  new Date(Date.parse(`${ymd}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Decision 340's fill: halfway between mid and natural (a sale between mid and bid, a purchase mid and ask). */
const sellFill = (q: FakeQuote) => (q.bid + q.ask) / 2 - ((q.ask - q.bid) / 2) * 0.5;
const buyFill = (q: FakeQuote) => (q.bid + q.ask) / 2 + ((q.ask - q.bid) / 2) * 0.5;
/** Per share: the close buys the shorts and sells the longs; the new legs sell the shorts and buy the longs. */
const closeDebitOf = (legs: readonly Leg[], quotes: readonly FakeQuote[]) =>
  legs.reduce(
    (s, l) => s + (l.side === "short" ? buyFill(quoteOf(l, quotes)) : -sellFill(quoteOf(l, quotes))),
    0,
  );
const creditOf = (legs: readonly Leg[], quotes: readonly FakeQuote[]) =>
  legs.reduce(
    (s, l) => s + (l.side === "short" ? sellFill(quoteOf(l, quotes)) : -buyFill(quoteOf(l, quotes))),
    0,
  );

/** A spread's cash requirement (decision 341): (the wider side's width - credit) x 100 x contracts. */
function buyingPowerOf(legs: readonly Leg[], credit: number, contracts: number) {
  const width = Math.max(
    ...(["put", "call"] as const).map((right) => {
      const k = legs.filter((l) => l.right === right).map((l) => l.strike);
      return k.length === 2 ? Math.abs(k[0]! - k[1]!) : 0;
    }),
  );
  return (width - credit) * 100 * contracts;
}
const dollarsShown = (text: string | null) => Number((text ?? "").replace(/[$,]/g, ""));
const strikeText = (k: number) => k.toFixed(2).replace(/\.00$/, "");
const legKey = (l: Leg) => `${l.right} ${l.side} ${l.strike} ${l.expiration}`;

for (const width of [390, 1280]) {
  test(`a Pro user rolls a tested spread at the fill basis and sees the book's risk change at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const email = `roll-and-risk-${width}-${Date.now()}@example.com`;
    const errors = await signUpPro(page, email, width);
    const symbol = await openSpreadFromIdea(page);
    const opened = await openPosition(page, symbol);
    await page.goto("/positions");
    const position = page.getByTestId("position-card").filter({ hasText: symbol }).first();
    await expect(position).toBeVisible();
    await page.screenshot({ path: `${shots}/roll-and-risk-opened-${width}.png`, fullPage: true });

    // Later expirations to roll to: weekly after the position's, inside what the Polygon client asks for (75 days).
    const today = nyToday();
    const later = [7, 14, 21, 28, 35]
      .map((n) => addDays(opened.expiration, n))
      .filter((d) => d <= addDays(today, 74));
    expect(later.length, `an expiration after ${opened.expiration} within 75 days`).toBeGreaterThan(0);
    const short = opened.legs.find((l) => l.side === "short")!;
    const t1 = Date.now() - 60_000;
    try {
      // Tested: the spot at the short strike.
      const quotes = await setChain(opened, short.strike, 0.3, t1, later);
      await refreshFromFake(page, symbol);
      const quoteTime = formatAsOf(new Date(t1).toISOString());
      const testedTitle = new RegExp(`^${symbol}: short strike [\\d,.]+ tested$`);
      const history = (await (await page.request.get("/api/notifications/history")).json()) as {
        data: { title: string; alertType: string }[];
      };
      const tested = history.data.filter((h) => testedTitle.test(h.title));
      expect(tested, history.data.map((h) => h.title).join(" | ")).toHaveLength(1);
      expect(tested[0]!.alertType).toBe("position");
      await page.goto("/notifications");
      await page.getByRole("tab", { name: "History" }).click();
      await expect(page.getByTestId("history-item").filter({ hasText: tested[0]!.title })).toHaveCount(1);
      await page.screenshot({ path: `${shots}/roll-and-risk-tested-alert-${width}.png`, fullPage: true });

      // The card at the fixed chain's quotes; the book's risk before the roll.
      await page.goto("/positions");
      await expect(position.getByTestId("quote-time")).toHaveText(`Quotes ${quoteTime}`);
      const natural = opened.legs.reduce(
        (s, l) => s + (l.side === "short" ? quoteOf(l, quotes).ask : -quoteOf(l, quotes).bid),
        0,
      );
      expectDollars(await position.getByTestId("value-natural").textContent(), natural, "cost to close");
      // The card says which short strike is tested, with spot at it.
      await expect(position.getByTestId("strike-tested")).toHaveCount(1);
      await expect(position.getByTestId("strike-tested")).toContainText(
        /^Short [\d.]+ (put|call) tested: spot \$/,
      );
      const book = page.getByTestId("book-risk");
      const power = book.getByTestId("book-buying-power");
      const delta = book.getByTestId("book-delta");
      await expect(power).toContainText("$");
      const powerBefore = await power.textContent();
      expect(
        Math.abs(dollarsShown(powerBefore) - buyingPowerOf(opened.legs, opened.openCredit, opened.contracts)),
      ).toBeLessThanOrEqual(1);
      await expect(delta).not.toHaveText("N/A");
      const deltaBefore = await delta.textContent();
      await page.screenshot({ path: `${shots}/roll-and-risk-tested-${width}.png`, fullPage: true });

      // The finder: the candidates with their numbers and the basis they were taken on.
      await position.getByRole("button", { name: `Find a roll for ${symbol}` }).click();
      const finder = page.getByTestId("roll-finder");
      await expect(finder).toBeVisible();
      await expect(finder.getByTestId("roll-not-a-profit")).toHaveText(
        "A credit roll is not a profit: it buys back this position at a loss and sells more time, which extends the risk.",
      );
      const candidates = finder.getByTestId("roll-candidate");
      await expect(candidates.first()).toBeVisible({ timeout: 30_000 });
      const assumptions = finder.getByTestId("roll-assumptions");
      await expect(assumptions).toContainText("halfway between mid and natural");
      await expect(assumptions).toContainText(`Quotes ${quoteTime}`);
      await expect(finder.getByTestId("roll-close-cost")).toContainText("per share at the fill basis");
      const first = candidates.first();
      for (const label of ["New credit", "POP", "Breakeven", "Max loss"])
        await expect(first).toContainText(label);
      await expect(first.getByTestId("roll-net")).toContainText(/Net (credit|debit) \$/);

      // The first candidate, as the dialog read it, against the fake's quotes at the fill basis.
      const rolls = (await (await page.request.get(`/api/positions/${opened.id}/rolls`)).json()) as Rolls;
      const best = rolls.candidates[0]!;
      expect(best.expiration > opened.expiration, "a later expiration").toBe(true);
      expect(best.dte).toBe(daysBetween(today, best.expiration));
      await expect(first).toContainText(`(${best.dte} DTE)`);
      for (const l of best.legs)
        await expect(first).toContainText(`${l.side} ${strikeText(l.strike)} ${l.right}`);
      const closeDebit = closeDebitOf(opened.legs, quotes);
      const newCredit = creditOf(best.legs, quotes);
      const net = newCredit - closeDebit;
      const netText = await first.getByTestId("roll-net").textContent();
      expect(netText, `the net's sign (${net.toFixed(4)})`).toMatch(
        Math.abs(net) < 0.005 ? /Net (credit|debit)/ : net > 0 ? /^Net credit/ : /^Net debit/,
      );
      expectDollars(netText, Math.abs(net), "the first candidate's net");
      expectDollars(
        await finder.getByTestId("roll-close-cost").textContent(),
        closeDebit,
        "the close at the fill",
      );
      await page.screenshot({ path: `${shots}/roll-and-risk-finder-${width}.png`, fullPage: true });

      await first.getByRole("button", { name: "Record this roll" }).click();
      await expect(finder).toHaveCount(0);

      // The old position closed as rolled, the new one open at the candidate's legs and credit.
      const after = await positions(page);
      const old = after.find((p) => p.id === opened.id)!;
      expect(old).toMatchObject({ status: "closed", closeReason: "rolled" });
      expect(Math.abs(old.closeDebit! - closeDebit)).toBeLessThanOrEqual(0.01);
      const rolled = after.find((p) => p.id === old.rolledTo)!;
      expect(rolled).toMatchObject({ status: "open", rolledFrom: old.id, expiration: best.expiration });
      expect(rolled.legs.map(legKey).sort()).toEqual(best.legs.map(legKey).sort());
      expect(Math.abs(rolled.openCredit - newCredit)).toBeLessThanOrEqual(0.01);

      // On the page: the closed list says rolled, one open card at the new legs, the book's risk moved.
      await page.reload();
      const closed = page.getByTestId("closed-positions").getByRole("listitem", { name: `${symbol} closed` });
      await expect(closed).toContainText("Rolled");
      await expect(page.getByTestId("position-card")).toHaveCount(1);
      for (const l of best.legs)
        await expect(position).toContainText(`${l.side} ${strikeText(l.strike)} ${l.right}`);
      await expect(power).toContainText("$");
      await expect(power).not.toHaveText(powerBefore!);
      expect(
        Math.abs(
          dollarsShown(await power.textContent()) -
            buyingPowerOf(rolled.legs, rolled.openCredit, rolled.contracts),
        ),
      ).toBeLessThanOrEqual(1);
      await expect(delta).not.toHaveText("N/A");
      await expect(delta).not.toHaveText(deltaBefore!);
      await page.screenshot({ path: `${shots}/roll-and-risk-rolled-${width}.png`, fullPage: true });
    } finally {
      await restoreDemo(page, symbol);
    }
    expect(errors).toEqual([]);
  });
}
