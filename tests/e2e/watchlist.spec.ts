import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./fixtures";

/**
 * The analytics events one browser session sent. They go to Analytics Engine (decision 284), which keeps nothing
 * locally, and as beacons, whose bodies Playwright does not show: the page's sendBeacon is wrapped to keep a copy
 * of each body in sessionStorage (it survives navigations). The server's side is held by tests/worker/events.test.ts.
 */
async function keepBeacons(page: Page) {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith("/api/events") && data instanceof Blob)
        void data.text().then((t) => {
          const kept = JSON.parse(sessionStorage.getItem("__beacons") ?? "[]") as string[];
          sessionStorage.setItem("__beacons", JSON.stringify([...kept, t]));
        });
      return send(url, data);
    };
  });
}

async function sentEvents(
  page: Page,
  sessionId: string,
): Promise<{ name: string; properties: string | null }[]> {
  const bodies = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem("__beacons") ?? "[]") as string[],
  );
  return bodies
    .map((b) => JSON.parse(b) as { name: string; sessionId?: string; properties?: unknown })
    .filter((e) => e.sessionId === sessionId)
    .map((e) => ({ name: e.name, properties: e.properties ? JSON.stringify(e.properties) : null }));
}

const shots = "test-results/screenshots";
const unique = () => `watch-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function addSymbol(page: Page, symbol: string) {
  await page.getByRole("textbox", { name: "Symbol" }).fill(symbol);
  await page.getByRole("button", { name: "Add Symbol" }).click();
  await expect(page.getByTestId(`ticker-card-${symbol.trim().toUpperCase()}`)).toBeVisible();
}

let testNumber = 0;

test.describe("watchlist", () => {
  // Rate limits key on the client address Cloudflare sets (cf-connecting-ip); each test is its own client
  // (documentation-range addresses: only a header value, no traffic goes anywhere).
  test.beforeEach(async ({ page }) => {
    testNumber += 1;
    await page.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.100.${(Date.now() + testNumber) % 250}` });
  });

  test("a new user on the Pro trial adds symbols, sees simulated values, deletes one and hits the limit", async ({
    page,
  }) => {
    await signUp(page, unique());
    await expect(page.getByRole("heading", { name: "Watchlist" })).toBeVisible();
    await expect(page.getByText("0 of 10 symbols on your Pro Plan")).toBeVisible();
    await expect(page.getByTestId("watchlist-empty")).toBeVisible();
    await expect(page.getByTestId("economic-calendar")).toBeVisible();
    await page.screenshot({ path: `${shots}/watchlist-empty-desktop.png` });

    await addSymbol(page, " aapl ");
    const aapl = page.getByTestId("ticker-card-AAPL");
    await expect(aapl.getByTestId("price")).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(aapl.getByTestId("change")).toHaveText(/[▲▼] \d+\.\d{2}%/);
    await expect(aapl.getByTestId("rsi")).toHaveText(/\d+\.\d (↑|↓) (Over-bought|Over-sold|Neutral)/);
    await expect(aapl.getByTestId("as-of")).toContainText("Simulated data");
    await expect(aapl.getByTestId("as-of")).toContainText(/As of \w{3} \d{1,2}, \d{1,2}:\d{2} (AM|PM) ET/);
    await expect(page.getByTestId("simulated-banner")).toBeVisible();

    // A duplicate is refused with the product's message.
    await page.getByRole("textbox", { name: "Symbol" }).fill("AAPL");
    await page.getByRole("button", { name: "Add Symbol" }).click();
    await expect(page.getByTestId("add-error")).toHaveText("AAPL is already in your watchlist");

    for (const s of ["TSLA", "SPY", "QQQ", "MSFT", "COIN", "NVDA", "AMD", "AMZN", "META"])
      await addSymbol(page, s);
    await expect(page.getByText("10 of 10 symbols on your Pro Plan")).toBeVisible();
    await page.screenshot({ path: `${shots}/watchlist-desktop.png`, fullPage: true });

    // Delete one card.
    await page.getByRole("button", { name: "Remove META from watchlist" }).click();
    await expect(page.getByTestId("ticker-card-META")).toBeHidden();
    await expect(page.getByText("9 of 10 symbols on your Pro Plan")).toBeVisible();

    // Fill to the limit, then one more: the upgrade message, then /pricing after 2 s.
    await addSymbol(page, "META");
    await page.getByRole("textbox", { name: "Symbol" }).fill("NFLX");
    await page.getByRole("button", { name: "Add Symbol" }).click();
    await expect(page.getByTestId("add-error")).toHaveText("Upgrade to Elite to track up to 50 symbols");
    await expect(page).toHaveURL(/\/pricing$/, { timeout: 5000 });
  });

  test("the watchlist at phone width", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page, unique());
    // The empty list offers the default symbols as one-click starters.
    await page.getByRole("button", { name: "+ TSLA" }).click();
    await expect(page.getByTestId("ticker-card-TSLA")).toBeVisible();
    for (const s of ["AAPL", "SPY"]) await addSymbol(page, s);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/watchlist-phone.png`, fullPage: true });
  });

  test("a trial that ends trims the list; the next visit says so once (5 s), and the GET deleted nothing", async ({
    page,
  }) => {
    const email = unique();
    await signUp(page, email);
    for (const s of ["TSLA", "AAPL", "SPY", "QQQ"]) await addSymbol(page, s);
    // The promotional trial ends; the next request's session read applies the plan change and its trim.
    execFileSync(
      "node_modules/.bin/wrangler",
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--command",
        `UPDATE user SET trial_end = ${Date.now() - 60_000} WHERE email = '${email}'`,
      ],
      {
        env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
        stdio: "pipe",
      },
    );
    for (const [label, size] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      if (label === "phone") {
        // Shown once: the desktop visit dismissed it.
        await page.goto("/tickers");
        await expect(page.getByTestId("ticker-card-SPY")).toBeVisible();
        await expect(page.getByText("Some symbols have been removed.")).toHaveCount(0);
        await page.screenshot({ path: `${shots}/watchlist-after-trim-${label}.png`, fullPage: true });
        continue;
      }
      await page.goto("/tickers");
      await expect(
        page.getByText("Your Free Plan allows up to 3 symbols. Some symbols have been removed."),
      ).toBeVisible();
      await expect(page.getByTestId("ticker-card-QQQ")).toHaveCount(0);
      await expect(page.getByText("3 of 3 symbols on your Free Plan")).toBeVisible();
      await page.screenshot({ path: `${shots}/watchlist-trimmed-${label}.png`, fullPage: true });
      await expect(page.getByText("Some symbols have been removed.")).toHaveCount(0, { timeout: 7000 });
    }
  });

  test("a visitor's home page shows the signed-out texts and links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Start Trading Options Smarter" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Learn More" })).toHaveAttribute(
      "href",
      "/wheelhouse-howtos",
    );
    await expect(page.getByRole("link", { name: "Sign Up to Track Symbols" })).toHaveAttribute(
      "href",
      "/signup",
    );
    await expect(page.getByRole("link", { name: "+ Add Symbol" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Sign Up for Market Alerts" })).toHaveAttribute(
      "href",
      "/signup",
    );
    await expect(page.getByRole("heading", { name: "Start Trading Options Today" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Free Account" })).toHaveAttribute("href", "/signup");
    for (const s of ["AAPL", "COIN", "SPY", "TSLA"])
      await expect(page.locator("#symbol-watchlist").getByTestId(`ticker-card-${s}`)).toBeVisible();
    for (const t of ["Quant-Ranked Ideas", "Daily Trade Ideas", "Risk Management", "Market Updates"])
      await expect(page.getByRole("heading", { name: t })).toBeVisible();
    await page.screenshot({ path: `${shots}/home-visitor-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/home-visitor-phone.png`, fullPage: true });
  });

  test("a signed-in user's home page links to the app", async ({ page }) => {
    await signUp(page, unique());
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Spreads", exact: true }).last()).toHaveAttribute(
      "href",
      "/spreads",
    );
    await expect(page.getByRole("link", { name: "CSP/CC" })).toHaveAttribute("href", "/wheels");
    await expect(page.getByRole("link", { name: "Go to Track Symbols" })).toHaveAttribute("href", "/tickers");
    await expect(page.getByRole("link", { name: "Access Full Calendar" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("heading", { name: "Ready to Trade Options?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Trades" })).toHaveAttribute("href", "/signup");
  });

  test("home page analytics: page view, scroll depth and a click are sent", async ({ page }) => {
    await keepBeacons(page);
    const sid = `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await page.addInitScript((id) => sessionStorage.setItem("wh_sid", id), sid);
    await page.goto("/");
    // The page view is sent once the page is interactive; scrolling before that would not be seen.
    await expect
      .poll(async () => (await sentEvents(page, sid)).map((e) => e.name), { timeout: 15_000 })
      .toContain("page_view");
    await page.mouse.wheel(0, 100_000);
    await expect
      .poll(async () => (await sentEvents(page, sid)).filter((e) => e.name === "scroll_depth").length, {
        timeout: 15_000,
      })
      .toBe(4);
    const origin = new URL(page.url()).origin;
    await page.getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(/\/wheelhouse-howtos$/);
    await expect
      .poll(
        async () =>
          (await sentEvents(page, sid))
            // Speed metrics arrive after the first input too; deferred-extras.spec holds them.
            .filter((e) => e.name !== "web_vital")
            .map((e) => `${e.name}:${e.properties ?? ""}`)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(
        [
          'learn_more_click:{"location":"home_hero"}',
          // The url is the page's address without query or hash (page views carry path, title, url).
          `page_view:{"title":"Wheelhouse — Start Trading Options Smarter","url":"${origin}/"}`,
          `page_view:{"title":"Wheelhouse How-tos · Wheelhouse","url":"${origin}/wheelhouse-howtos"}`,
          'scroll_depth:{"depth":100}',
          'scroll_depth:{"depth":25}',
          'scroll_depth:{"depth":50}',
          'scroll_depth:{"depth":75}',
        ].sort(),
      );
  });

  test("a visitor signing up from pricing comes back to pricing", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("link", { name: "Sign Up", exact: true }).last().click();
    await expect(page).toHaveURL(/\/signup\?returnTo=%2Fpricing$/);
    await page.getByLabel("Email").fill(unique());
    await page.getByLabel("Password").fill("pricing-pass");
    for (const title of ["Options Trading Risk Disclosure", "Terms of Use"]) {
      await page.getByRole("link", { name: title }).click();
      await page.getByRole("dialog", { name: title }).getByRole("button", { name: "I Accept" }).click();
    }
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
