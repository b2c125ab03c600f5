// Manage what you opened, its alerts end to end (decision 339): a Pro user opens a spread from an idea card and a
// cash-secured put from /wheels, sees both marked on /positions, then the journey moves a fixed test chain for the spread's
// symbol at the loopback Polygon fake (POST /__polygon/chain) and refreshes that symbol through the real Polygon client
// (/__dev/market-refresh {source: "polygon"}): the profit target fires once (its email in the outbox with its reason
// and quote time, not again on the next refresh), the spot at the short strike fires the tested-strike alert once,
// the card shows the marks the fake's quotes make, and the position is closed. At the end the symbol is refreshed from
// the simulated market again, so later specs see demo data. Phone and desktop, one Pro user each.
import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { clientAddress, signUp, watchConsole } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const FAKE = `http://127.0.0.1:${PORT + 2000}`;
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
}
interface FakeQuote {
  type: string;
  strike: number;
  expiration: string;
  bid: number;
  ask: number;
}
interface OutboxRow {
  to: string;
  kind: string;
  subject: string;
  text: string;
}

/** Runs SQL on the local D1 the preview server uses. */
function sql(command: string) {
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--command", command], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: "pipe",
  });
}

/** Strikes around the legs on the finest step every leg's strike sits on (at most 400 of them). */
function strikeGrid(legs: readonly Leg[]) {
  const strikes = legs.map((l) => l.strike);
  const low = Math.min(...strikes) * 0.6;
  const high = Math.max(...strikes) * 1.4;
  const step = [0.5, 1, 2.5, 5, 10].find(
    (s) => strikes.every((k) => Math.abs(k / s - Math.round(k / s)) < 1e-9) && (high - low) / s <= 400,
  )!;
  return { from: Math.floor(low / step) * step, to: Math.ceil(high / step) * step, step };
}

/** The cost to close (natural: buy the shorts at the ask, sell the longs at the bid) and the value at mid. */
function valueOf(legs: readonly Leg[], quotes: readonly FakeQuote[]) {
  let natural = 0;
  let mid = 0;
  for (const leg of legs) {
    const q = quotes.find(
      (x) =>
        x.type === leg.right && x.expiration === leg.expiration && Math.abs(x.strike - leg.strike) < 1e-9,
    );
    expect(q, `the fake quotes ${leg.right} ${leg.strike} ${leg.expiration}`).toBeTruthy();
    const sign = leg.side === "short" ? 1 : -1;
    natural += leg.side === "short" ? q!.ask : -q!.bid;
    mid += (sign * (q!.bid + q!.ask)) / 2;
  }
  return { natural, mid };
}

/** Sets the fake's chain for the position's symbol; the quotes it serves from now on. */
async function setChain(p: PositionRow, spot: number, iv: number, quoteTimeMs: number) {
  const res = await fetch(`${FAKE}/__polygon/chain`, {
    method: "POST",
    body: JSON.stringify({
      symbol: p.symbol,
      spot,
      iv,
      expirations: [...new Set(p.legs.map((l) => l.expiration))],
      strikes: strikeGrid(p.legs),
      quoteTimeMs,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { quotes: FakeQuote[] }).quotes;
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

async function refresh(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post("/__dev/market-refresh", { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { failures: number; detail: Record<string, unknown> };
}

async function alertMails(page: Page, email: string): Promise<OutboxRow[]> {
  const res = await page.request.get(`/__dev/outbox?to=${encodeURIComponent(email)}&limit=100`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as OutboxRow[]).filter((m) => m.kind === "position-alert");
}

async function positions(page: Page): Promise<PositionRow[]> {
  const body = (await (await page.request.get("/api/positions")).json()) as { positions: PositionRow[] };
  return body.positions;
}

const money = (x: number) => `$${x.toFixed(2)}`;
/** A dollar amount shown in `text`, within a cent of `expected`. */
function expectDollars(text: string | null, expected: number, what: string) {
  const shown = Number(/\$(-?[\d,]+\.\d{2})/.exec(text ?? "")?.[1]?.replaceAll(",", ""));
  expect(
    Math.abs(shown - expected),
    `${what}: shows ${text}, expected ${money(expected)}`,
  ).toBeLessThanOrEqual(0.01 + 1e-9);
}

for (const width of [390, 1280]) {
  test(`a Pro user's spread fires its profit target and tested-strike alerts once each from a moved chain at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": clientAddress() });
    const errors = watchConsole(page);
    const email = `positions-alerts-${width}-${Date.now()}@example.com`;
    await signUp(page, email, { returnTo: "/positions" });
    sql(
      `update user set subscription_tier = 'Pro Plan', subscription_status = 'active', has_used_trial = 1 where email = '${email}'`,
    );
    await page.reload();
    await expect(page.getByTestId("positions-empty")).toBeVisible();

    // A spread from an idea card, at the fill the card shows.
    await page.goto("/spreads");
    const card = page.getByTestId("idea-card").first();
    await expect(card).toBeVisible({ timeout: 60_000 });
    const symbol = (await card.getByTestId("idea-symbol").textContent())!.trim();
    await card.getByRole("button", { name: /^I took this/ }).click();
    const took = page.getByTestId("took-dialog");
    await expect(took.getByLabel("Symbol")).toHaveValue(symbol);
    await took.getByRole("button", { name: "Track this position" }).click();
    await expect(page.getByText("Tracking it on Positions.")).toBeVisible();

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

    const spread = (await positions(page)).find((p) => p.status === "open" && p.symbol === symbol)!;
    expect(spread, `the open ${symbol} spread`).toBeTruthy();
    const t0 = Date.now() - 60_000;
    try {
      // The fixed chain: the spread worth about a tenth of its credit; the refresh reads it through Polygon.
      const far = await chainNearTenPercent(spread, t0);
      expect(far.natural, "past the 50% profit target").toBeLessThanOrEqual(0.5 * spread.openCredit);
      const run = await refresh(page, { symbols: [symbol], source: "polygon" });
      expect(run.detail).toMatchObject({ provider: "polygon", chains: 1 });
      expect(run.detail.positionsMarked as number).toBeGreaterThanOrEqual(1);
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
      const restored = await refresh(page, { symbols: [symbol] });
      expect(restored.detail).toMatchObject({ provider: "demo", chains: 1 });
    }
    expect(errors).toEqual([]);
  });
}
