// The positions journeys' shared steps (decision 339): a Pro user signed up through the form, a spread opened from
// an idea card, the loopback Polygon fake's movable chain set for a position's symbol and refreshed through the real
// Polygon client, the positions read from GET /api/positions, and the symbol put back on the simulated market.
import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { clientAddress, signUp, watchConsole } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const FAKE = `http://127.0.0.1:${PORT + 2000}`;
export const shots = "test-results/e2e/shots";

export interface Leg {
  right: "put" | "call";
  side: "short" | "long";
  strike: number;
  expiration: string;
}
export interface PositionRow {
  id: string;
  symbol: string;
  status: string;
  legs: Leg[];
  openCredit: number;
  contracts: number;
  closeDebit: number | null;
  closeReason: string | null;
  rolledFrom: string | null;
  rolledTo: string | null;
  expiration: string;
}
export interface FakeQuote {
  type: string;
  strike: number;
  expiration: string;
  bid: number;
  ask: number;
}

/** Runs SQL on the local D1 the preview server uses. */
function sql(command: string) {
  execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--command", command], {
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    stdio: "pipe",
  });
}

/** A new Pro user at this width, on an empty /positions; the console watched from the start. */
export async function signUpPro(page: Page, email: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": clientAddress() });
  const errors = watchConsole(page);
  await signUp(page, email, { returnTo: "/positions" });
  sql(
    `update user set subscription_tier = 'Pro Plan', subscription_status = 'active', has_used_trial = 1 where email = '${email}'`,
  );
  await page.reload();
  await expect(page.getByTestId("positions-empty")).toBeVisible();
  return errors;
}

/** The first idea on /spreads taken at the fill its card shows (the dialog's prefill); its symbol. */
export async function openSpreadFromIdea(page: Page): Promise<string> {
  await page.goto("/spreads");
  const card = page.getByTestId("idea-card").first();
  await expect(card).toBeVisible({ timeout: 60_000 });
  const symbol = (await card.getByTestId("idea-symbol").textContent())!.trim();
  await card.getByRole("button", { name: /^I took this/ }).click();
  const took = page.getByTestId("took-dialog");
  await expect(took.getByLabel("Symbol")).toHaveValue(symbol);
  await took.getByRole("button", { name: "Track this position" }).click();
  await expect(page.getByText("Tracking it on Positions.")).toBeVisible();
  return symbol;
}

export async function positions(page: Page): Promise<PositionRow[]> {
  const body = (await (await page.request.get("/api/positions")).json()) as { positions: PositionRow[] };
  return body.positions;
}

/** The user's open position on this symbol, from the API. */
export async function openPosition(page: Page, symbol: string): Promise<PositionRow> {
  const p = (await positions(page)).find((x) => x.status === "open" && x.symbol === symbol);
  expect(p, `the open ${symbol} position`).toBeTruthy();
  return p!;
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

/**
 * Sets the fake's chain for the position's symbol (its legs' expirations and any `later` ones); the quotes it serves
 * from now on.
 */
export async function setChain(
  p: PositionRow,
  spot: number,
  iv: number,
  quoteTimeMs: number,
  later: readonly string[] = [],
) {
  const res = await fetch(`${FAKE}/__polygon/chain`, {
    method: "POST",
    body: JSON.stringify({
      symbol: p.symbol,
      spot,
      iv,
      expirations: [...new Set([...p.legs.map((l) => l.expiration), ...later])].sort(),
      strikes: strikeGrid(p.legs),
      quoteTimeMs,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { quotes: FakeQuote[] }).quotes;
}

/** The fake's quote of one leg. */
export function quoteOf(leg: Leg, quotes: readonly FakeQuote[]): FakeQuote {
  const q = quotes.find(
    (x) => x.type === leg.right && x.expiration === leg.expiration && Math.abs(x.strike - leg.strike) < 1e-9,
  );
  expect(q, `the fake quotes ${leg.right} ${leg.strike} ${leg.expiration}`).toBeTruthy();
  return q!;
}

/** /__dev/market-refresh with this body (`source: "polygon"` reads the fake through the real client). */
export async function refresh(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post("/__dev/market-refresh", { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { failures: number; detail: Record<string, unknown> };
}

/** Refreshes the symbol from the fake's chain; the run read Polygon and marked at least one position. */
export async function refreshFromFake(page: Page, symbol: string) {
  const run = await refresh(page, { symbols: [symbol], source: "polygon" });
  expect(run.detail).toMatchObject({ provider: "polygon", chains: 1 });
  expect(run.detail.positionsMarked as number).toBeGreaterThanOrEqual(1);
  return run;
}

/** The symbol back on the simulated market, for the specs after this one. */
export async function restoreDemo(page: Page, symbol: string) {
  const restored = await refresh(page, { symbols: [symbol] });
  expect(restored.detail).toMatchObject({ provider: "demo", chains: 1 });
}

const money = (x: number) => `$${x.toFixed(2)}`;
/** A dollar amount shown in `text`, within a cent of `expected`. */
export function expectDollars(text: string | null, expected: number, what: string) {
  const shown = Number(/\$(-?[\d,]+\.\d{2})/.exec(text ?? "")?.[1]?.replaceAll(",", ""));
  expect(
    Math.abs(shown - expected),
    `${what}: shows ${text}, expected ${money(expected)}`,
  ).toBeLessThanOrEqual(0.01 + 1e-9);
}
