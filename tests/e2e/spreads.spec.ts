import { expect as baseExpect, test, type Page } from "@playwright/test";
import { layOutDeferredContent, seriousViolations } from "./axe";
import { signIn, watchConsole } from "./fixtures";

// The machine running these is shared and slow at times: give each expectation more room.
const expect = baseExpect.configure({ timeout: 30_000 });

// Trade ideas in a real browser against the built worker with the simulated market (the preview seed runs
// the first market refresh). Screenshots of every state at desktop (1280) and phone (390) widths.
const shots = "test-results/screenshots";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const unique = () => `spreads-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

let testNumber = 0;
test.beforeEach(async ({ page }) => {
  testNumber += 1;
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `203.0.113.${(Date.now() + testNumber * 7) % 250}` });
});

/** Console errors fail the journey (the screen must run clean). */
async function both(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/${name}-phone.png`, fullPage: false });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: false });
}

test("Free sees the unlock panel and no ideas", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "free@wheelhouse.local", { returnTo: "/spreads" });
  await expect(page.getByTestId("unlock-panel")).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByTestId("idea-card")).toHaveCount(0);
  await expect(page.getByTestId("market-status")).toHaveText(/^Market (Open|Closed)$/);
  await expect(page.getByTestId("risk-disclosure")).toBeVisible();
  await both(page, "spreads-free");
  expect(errors).toEqual([]);
});

test("a new user (Pro trial) lands on /spreads, filters, shares one; a visitor opens the link", async ({
  page,
  browser,
}) => {
  // A long journey on a shared 2-core machine.
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  // Headless Chromium on Linux has no native share sheet; make sure of it so the dialog path runs.
  await page.addInitScript(() => {
    // @ts-expect-error: removing the API on purpose
    delete Navigator.prototype.share;
  });
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

  await page.goto("/signup?returnTo=%2Fsuggested-trades");
  await page.getByLabel("Email").fill(unique());
  await page.getByLabel("Password").fill("spreads-pass");
  for (const title of ["Options Trading Risk Disclosure", "Terms of Use"]) {
    await page.getByRole("link", { name: title }).click();
    await page.getByRole("dialog", { name: title }).getByRole("button", { name: "I Accept" }).click();
  }
  await page.getByRole("button", { name: "Create Account" }).click();
  // The alias leads to /spreads.
  await expect(page).toHaveURL(/\/spreads$/, { timeout: 30_000 });
  const cards = page.getByTestId("idea-card");
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const count = page.getByTestId("trades-count");
  await expect(count).toHaveText(/^Showing \d+ of \d+ ideas/);
  const total = Number((await count.textContent())!.match(/of (\d+) ideas/)![1]);
  expect(total).toBeLessThanOrEqual(30);
  // The list is a book: its net beta-weighted delta is shown, inside a third of its gross (decision 327).
  const book = page.getByTestId("book-delta");
  await expect(book).toHaveText(
    /^Net beta-weighted delta: [+-]\d+(\.\d)? SPY shares \((\d+)% of gross, one contract of each idea\)$/,
  );
  expect(Number((await book.textContent())!.match(/\((\d+)% of gross/)![1])).toBeLessThanOrEqual(34);
  // Every card explains itself.
  const first = cards.first();
  await expect(first.getByTestId("idea-why")).toContainText("Why this idea");
  await expect(first.getByTestId("payoff-chart")).toBeVisible();
  await expect(first.getByText("Simulated data")).toBeVisible();
  await first.getByText("Probabilities, fills and assumptions").click();
  await expect(first.getByTestId("pop-methods").locator("li")).toHaveCount(4);
  await expect(first.getByTestId("idea-ev")).toContainText("Expected value");
  await both(page, "spreads-list");

  // Filter by the first card's strategy: the server sends only that strategy; the URL holds it.
  const strategyName = (await first.getByTestId("idea-strategy").textContent())!;
  await page.getByLabel("Strategy").selectOption({ label: strategyName });
  await expect(page).toHaveURL(/strategy=(BULL_PUT_SPREAD|BEAR_CALL_SPREAD|IRON_CONDOR)/);
  await expect
    .poll(async () => [...new Set(await page.getByTestId("idea-strategy").allTextContents())])
    .toEqual([strategyName]);
  const afterStrategy = Number((await count.textContent())!.match(/^Showing (\d+)/)![1]);
  expect(afterStrategy).toBeLessThanOrEqual(total);

  // Filter by a symbol present in the list (typed lower case): the count drops.
  const symbol = (await cards.last().getByTestId("idea-symbol").textContent())!;
  await page.getByLabel("Add symbols").fill(symbol.toLowerCase());
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("button", { name: `Remove ${symbol}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`symbols=${symbol}`));
  await expect
    .poll(async () => [...new Set(await page.getByTestId("idea-symbol").allTextContents())])
    .toEqual([symbol]);
  const afterSymbol = Number((await count.textContent())!.match(/^Showing (\d+)/)![1]);
  expect(afterSymbol).toBeGreaterThan(0);
  expect(afterSymbol).toBeLessThan(total);
  // A symbol not in the list adds nothing.
  await page.getByLabel("Add symbols").fill("ZZZZ");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("None of those symbols has ideas in this list.")).toBeVisible();

  // The filtered view survives a reload and back/forward.
  await page.reload();
  await expect(page.getByRole("button", { name: `Remove ${symbol}` })).toBeVisible();
  await expect(page.getByLabel("Strategy").locator("option:checked")).toHaveText(strategyName);
  await page.goBack();
  await expect(page).not.toHaveURL(/symbols=/);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`symbols=${symbol}`));
  await both(page, "spreads-filtered");

  // A slider moved by keyboard: the list follows once the moves settle (one navigation, history replaced).
  await page.goto("/spreads");
  await expect(cards.first()).toBeVisible();
  const liquidity = page.getByLabel("Min liquidity");
  const historyBefore = await page.evaluate(() => history.length);
  await liquidity.focus();
  for (let i = 0; i < 2; i++) await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("min-liquidity-value")).toHaveText("3 / 5");
  await expect(page).toHaveURL(/minLiq=3$/);
  await expect(liquidity).toBeFocused();
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  await expect(count).toHaveText(/^Showing \d+ of \d+ ideas/);
  expect(Number((await count.textContent())!.match(/^Showing (\d+)/)![1])).toBeLessThanOrEqual(total);

  // Show more: the next page comes from the server and stays in the URL.
  await page.goto("/spreads");
  const showMore = page.getByTestId("show-more");
  if (total > 20) {
    await expect(cards).toHaveCount(20);
    await expect(showMore).toHaveText(`Show more (${total - 20} left)`);
    await showMore.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards).toHaveCount(total);
    await expect(showMore).toHaveCount(0);
    await page.reload();
    await expect(cards).toHaveCount(total);
  } else {
    await expect(showMore).toHaveCount(0);
  }

  // Share: the dialog (no native share), copy the link.
  await cards.first().getByRole("button", { name: "Share" }).click();
  const dialog = page.getByTestId("share-dialog");
  await expect(dialog).toBeVisible();
  for (const name of ["WhatsApp", "Twitter", "Facebook", "LinkedIn", "Telegram"])
    await expect(dialog.getByRole("button", { name })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Open Link" })).toHaveAttribute("target", "_blank");
  await both(page, "spreads-share-dialog");
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Copied to clipboard!")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/localhost:\d+\/share\/trade\/[A-Z.]+-[0-9a-f]{24}$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Simulate says it is in progress.
  await cards.first().getByRole("button", { name: "Simulate" }).click();
  await expect(page.getByText("Simulate feature is in progress")).toBeVisible();

  // Empty state.
  await page.goto("/spreads?minRor=50&popMin=100");
  await expect(page.getByTestId("trades-empty")).toHaveText("No trades match your current filters.");
  await both(page, "spreads-empty");

  expect(errors).toEqual([]);

  // A logged-out visitor opens the shared link.
  const visitor = await browser.newContext({ viewport: DESKTOP });
  const vpage = await visitor.newPage();
  const visitorErrors = watchConsole(vpage);
  await vpage.goto(link);
  await expect(vpage.getByRole("heading", { name: "Shared Trade" })).toBeVisible();
  await expect(vpage.getByTestId("idea-card")).toBeVisible();
  await expect(vpage.getByTestId("trade-status")).toContainText("Open");
  await expect(vpage.getByRole("link", { name: "View More Trades" })).toHaveAttribute("href", "/");
  await expect(vpage.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/pricing");
  await expect(vpage.getByTestId("not-advice")).toContainText("Not financial advice");
  // The e2e worker runs the simulated market: the note says so, not "delayed market data".
  await expect(vpage.getByTestId("not-advice")).toContainText(
    "from simulated market data, which describes no real market, for education",
  );
  await vpage.screenshot({ path: `${shots}/share-trade-desktop.png`, fullPage: true });
  await vpage.setViewportSize(PHONE);
  await vpage.screenshot({ path: `${shots}/share-trade-phone.png`, fullPage: true });
  expect(visitorErrors).toEqual([]);
  await visitor.close();
});

test("the shared page as a crawler sees it, and its image", async ({ request, playwright, baseURL }) => {
  // Find a live idea id through the Elite demo's list.
  const signin = await request.post("/api/auth/sign-in/email", {
    data: { email: "elite@wheelhouse.local", password: "demo-password" },
    headers: { Origin: baseURL! },
  });
  expect(signin.ok()).toBe(true);
  const trades = await (await request.get("/api/get_trades")).json();
  const id = trades.trade_suggestions[0].trade_unique_identifier as string;

  // Plain HTTP GET without cookies or JavaScript: the tags are in the HTML.
  const crawler = await playwright.request.newContext({ baseURL });
  const html = await (await crawler.get(`/share/trade/${id}`)).text();
  expect(html).toMatch(
    /<title>[A-Z.]+ (Bull Put Spread|Bear Call Spread|Iron Condor) · Wheelhouse trade idea<\/title>/,
  );
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  expect(html).toMatch(
    new RegExp(`<meta property="og:image" content="http://localhost:\\d+/api/trade-image/${id}"/>`),
  );
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/share/trade/${id}"/>`));
  expect(html).toContain('<meta name="description" content="');
  expect(html).toContain("View More Trades");

  const image = await crawler.get(`/api/trade-image/${id}`);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  const png = await image.body();
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.readUInt32BE(16)).toBe(1200);
  expect(png.readUInt32BE(20)).toBe(630);
  const again = await crawler.get(`/api/trade-image/${id}`);
  expect(again.headers()["x-image-cache"]).toBe("hit");

  // Unknown id: the page goes home, the image is a 404 fallback.
  const unknown = await crawler.get("/share/trade/SPY-000000000000000000000000", { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers()["location"]).toBe("/");
  expect((await crawler.get("/api/trade-image/SPY-000000000000000000000000")).status()).toBe(404);
  await crawler.dispose();
});

test("loading: five skeleton rows while the list streams in", async ({ page }) => {
  await signIn(page, "elite@wheelhouse.local", { returnTo: "/tickers" });
  // Serve the document only up to the streamed list, so the page stays in its loading state.
  await page.route("**/spreads", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const cut = body.indexOf('<div hidden id="S:');
    await route.fulfill({ response, body: cut > 0 ? body.slice(0, cut) : body });
  });
  await page.goto("/spreads");
  await expect(page.getByTestId("idea-skeleton")).toHaveCount(5);
  await both(page, "spreads-loading");
});

test("error: a failed filter load shows the error and Try Again recovers", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "elite@wheelhouse.local", { returnTo: "/spreads" });
  await expect(page.getByTestId("idea-card").first()).toBeVisible();
  // Filter changes load from the server now: make that load fail once (the browser logs that 500, nothing else).
  const failed = page.getByTestId("trades-error");
  await errors.expecting([500], async () => {
    await page.route("**/spreads.data*", (route) => route.fulfill({ status: 500, body: "down" }));
    await page.getByLabel("Strategy").selectOption({ label: "Iron Condor" });
    await expect(failed).toContainText("Failed to load trades. Please try again.");
    await both(page, "spreads-error");
    await page.unroute("**/spreads.data*");
  });
  await failed.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByTestId("idea-card").first()).toBeVisible();
  await expect(page).toHaveURL(/strategy=IRON_CONDOR$/);
  const strategies = await page.getByTestId("idea-strategy").allTextContents();
  expect(new Set(strategies)).toEqual(new Set(["Iron Condor"]));
  expect(errors).toEqual([]);
});

test("every idea card's buttons meet the 24 x 24 px target once laid out, on a phone and on a desktop", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await signIn(page, "elite@wheelhouse.local", { returnTo: "/spreads" });
  await expect(page.getByTestId("idea-card").first()).toBeVisible();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // The cards are content-visibility: auto; the axe helper lays them out as a scrolling reader meets them.
    expect(await layOutDeferredContent(page)).toBeGreaterThanOrEqual(20);
    const sizes = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="idea-card"] footer button')).map((b) => {
        b.scrollIntoView({ block: "center" });
        const r = b.getBoundingClientRect();
        return { name: b.textContent, width: r.width, height: r.height };
      }),
    );
    expect(sizes.length).toBeGreaterThanOrEqual(40);
    for (const s of sizes) {
      expect(s.width, `${s.name} at ${viewport.width}px`).toBeGreaterThanOrEqual(24);
      expect(s.height, `${s.name} at ${viewport.width}px`).toBeGreaterThanOrEqual(24);
    }
    expect(await seriousViolations(page)).toEqual([]);
  }
  expect(errors).toEqual([]);
});
