// Manage what you opened, its alerts end to end (decision 339): a Pro user opens a spread from an idea card and a
// cash-secured put from /wheels, sees both marked on /positions, then the journey moves a fixed test chain for the spread's
// symbol at the loopback Polygon fake (POST /__polygon/chain) and refreshes that symbol through the real Polygon client
// (/__dev/market-refresh {source: "polygon"}): the profit target fires once (its email in the outbox with its reason
// and quote time, not again on the next refresh), the spot at the short strike fires the tested-strike alert once,
// the card shows the marks the fake's quotes make, and the position is closed. At the end the symbol is refreshed from
// the simulated market again, so later specs see demo data. Phone and desktop, one Pro user each.
import { expect, test, type Page } from "@playwright/test";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import {
  expectDollars,
  openPosition,
  openSpreadFromIdea,
  quoteOf,
  refresh,
  refreshFromFake,
  restoreDemo,
  setChain,
  shots,
  signUpPro,
  type FakeQuote,
  type Leg,
  type PositionRow,
} from "./positions-helpers";

interface OutboxRow {
  to: string;
  kind: string;
  subject: string;
  text: string;
}

/** The cost to close (natural: buy the shorts at the ask, sell the longs at the bid) and the value at mid. */
function valueOf(legs: readonly Leg[], quotes: readonly FakeQuote[]) {
  let natural = 0;
  let mid = 0;
  for (const leg of legs) {
    const q = quoteOf(leg, quotes);
    const sign = leg.side === "short" ? 1 : -1;
    natural += leg.side === "short" ? q.ask : -q.bid;
    mid += (sign * (q.bid + q.ask)) / 2;
  }
  return { natural, mid };
}

/** A spot on the safe side of every short strike, `away` of the way out. */
function safeSpot(legs: readonly Leg[], away: number): number {
  const puts = legs.filter((l) => l.side === "short" && l.right === "put").map((l) => l.strike);
  const calls = legs.filter((l) => l.side === "short" && l.right === "call").map((l) => l.strike);
  if (puts.length && calls.length) return (Math.max(...puts) + Math.min(...calls)) / 2;
  return puts.length ? Math.max(...puts) * (1 + away) : Math.min(...calls) * (1 - away);
}

/** The chain that makes the spread worth about a tenth of its credit (as near as the fake's spreads allow). */
async function chainNearTenPercent(p: PositionRow, quoteTimeMs: number) {
  let best: { spot: number; iv: number; natural: number; mid: number; quotes: FakeQuote[] } | null = null;
  for (const iv of [0.3, 0.2, 0.12])
    for (const away of [0.04, 0.07, 0.1, 0.14, 0.2, 0.3]) {
      const spot = Math.round(safeSpot(p.legs, away) * 100) / 100;
      const quotes = await setChain(p, spot, iv, quoteTimeMs);
      const v = valueOf(p.legs, quotes);
      if (!best || Math.abs(v.natural - 0.1 * p.openCredit) < Math.abs(best.natural - 0.1 * p.openCredit))
        best = { spot, iv, ...v, quotes };
      if (v.natural <= 0.1 * p.openCredit) break;
    }
  // Set the chosen one last: the fake serves the latest.
  await setChain(p, best!.spot, best!.iv, quoteTimeMs);
  return best!;
}

async function alertMails(page: Page, email: string): Promise<OutboxRow[]> {
  const res = await page.request.get(`/__dev/outbox?to=${encodeURIComponent(email)}&limit=100`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as OutboxRow[]).filter((m) => m.kind === "position-alert");
}

for (const width of [390, 1280]) {
  test(`a Pro user's spread fires its profit target and tested-strike alerts once each from a moved chain at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const email = `positions-alerts-${width}-${Date.now()}@example.com`;
    const errors = await signUpPro(page, email, width);

    // A spread from an idea card, at the fill the card shows.
    const symbol = await openSpreadFromIdea(page);

    // A cash-secured put from /wheels, at the fill its row shows.
    await page.goto("/wheels");
    const sold = page
      .getByRole("button", { name: /^I sold this / })
      .filter({ visible: true })
      .first();
    await expect(sold).toBeVisible({ timeout: 60_000 });
    const cspSymbol = ((await sold.getAttribute("aria-label")) ?? "").replace("I sold this ", "");
    await sold.click();
    const soldDialog = page.getByTestId("sold-dialog");
    await expect(soldDialog.getByLabel("Symbol")).toHaveValue(cspSymbol);
    await soldDialog.getByRole("button", { name: "Record in my ledger" }).click();
    await expect(page.getByText("Recorded in your wheel ledger.")).toBeVisible();

    // Both on /positions, marked at the simulated market's cached quotes (or saying why not).
    await page.goto("/positions");
    const position = page.getByTestId("position-card").filter({ hasText: symbol }).first();
    await expect(position).toBeVisible();
    if (/\$/.test((await position.getByTestId("value-natural").textContent()) ?? ""))
      await expect(position.getByTestId("pnl")).toContainText("of max profit");
    else await expect(position.getByTestId("mark-status")).toBeVisible();
    // The CSP on its own card, marked by the same engine at its symbol's cached chain.
    const csp = page.getByTestId("wheel-option-card").filter({ hasText: cspSymbol }).first();
    await expect(csp).toBeVisible();
    await expect(csp).toHaveAttribute("aria-busy", "false");
    await expect(csp.getByTestId("value-natural")).toContainText("$");
    await expect(csp.getByTestId("pnl")).toContainText("of max profit");
    await expect(position).toBeVisible();
    await page.screenshot({ path: `${shots}/positions-alerts-opened-${width}.png`, fullPage: true });

    const spread = await openPosition(page, symbol);
    const t0 = Date.now() - 60_000;
    try {
      // The fixed chain: the spread worth about a tenth of its credit; the refresh reads it through Polygon.
      const far = await chainNearTenPercent(spread, t0);
      expect(far.natural, "past the 50% profit target").toBeLessThanOrEqual(0.5 * spread.openCredit);
      await refreshFromFake(page, symbol);
      const quoteTime = formatAsOf(new Date(t0).toISOString());
      let mails = await alertMails(page, email);
      const profit = mails.filter((m) => m.subject.startsWith(`${symbol}: profit target reached (`));
      expect(profit, mails.map((m) => m.subject).join(" | ")).toHaveLength(1);
      expect(profit[0]!.text).toContain(
        `Why: your profit target is 50% of the credit, read from the quotes of ${quoteTime}.`,
      );

      // The card shows the fixed chain's marks, to the cent.
      await page.reload();
      await expect(position.getByTestId("quote-time")).toHaveText(`Quotes ${quoteTime}`);
      expectDollars(await position.getByTestId("value-natural").textContent(), far.natural, "cost to close");
      expectDollars(await position.getByTestId("value-mid").textContent(), far.mid, "value at mid");
      await page.screenshot({ path: `${shots}/positions-alerts-profit-${width}.png`, fullPage: true });

      // The same quotes again: nothing fires twice.
      const count = mails.length;
      await refresh(page, { symbols: [symbol], source: "polygon" });
      expect(await alertMails(page, email)).toHaveLength(count);

      // The spot at the short strike: the strike is tested, once.
      const short = spread.legs.find((l) => l.side === "short")!;
      const t1 = t0 + 60_000;
      const tested = await setChain(spread, short.strike, far.iv, t1);
      await refresh(page, { symbols: [symbol], source: "polygon" });
      await refresh(page, { symbols: [symbol], source: "polygon" });
      mails = await alertMails(page, email);
      const testedMails = mails.filter((m) => m.subject.includes(`: short strike`));
      expect(testedMails, mails.map((m) => m.subject).join(" | ")).toHaveLength(1);
      expect(testedMails[0]!.subject).toMatch(new RegExp(`^${symbol}: short strike [\\d,.]+ tested$`));
      expect(testedMails[0]!.text).toMatch(
        /Why: (the underlying came within your tested distance|the short leg's delta)/,
      );
      expect(testedMails[0]!.text).toContain(
        `read from the quotes of ${formatAsOf(new Date(t1).toISOString())}.`,
      );
      expect(mails.filter((m) => m.subject.startsWith(`${symbol}: profit target`))).toHaveLength(1);

      await page.reload();
      const atStrike = valueOf(spread.legs, tested);
      expectDollars(
        await position.getByTestId("value-natural").textContent(),
        atStrike.natural,
        "cost to close",
      );
      expectDollars(await position.getByTestId("value-mid").textContent(), atStrike.mid, "value at mid");
      await page.screenshot({ path: `${shots}/positions-alerts-tested-${width}.png`, fullPage: true });

      // Closed at its cost to close.
      await position.getByRole("button", { name: `Close ${symbol}` }).click();
      const close = page.getByTestId("close-dialog");
      await close.getByLabel("Debit per share").fill(atStrike.natural.toFixed(2));
      await close.getByRole("button", { name: "Record the close" }).click();
      await expect(close).toHaveCount(0);
      await expect(page.getByTestId("closed-positions")).toContainText(symbol);
      await page.screenshot({ path: `${shots}/positions-alerts-closed-${width}.png`, fullPage: true });
    } finally {
      // The symbol back on the simulated market, for the specs after this one.
      await restoreDemo(page, symbol);
    }
    expect(errors).toEqual([]);
  });
}
