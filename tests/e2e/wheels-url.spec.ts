// /wheels keeps its screen in the address (decision 317): risk levels, days to expiration, the tab; reload, Back and
// a shared link restore them, a shared link never carries the cash, the filter form works without JavaScript, and
// the favorites count moves with the heart at once (the loader's list, no second request).
import { expect, test, type Page } from "@playwright/test";
import { signInByApi, signUp, watchConsole } from "./fixtures";

const shots = "test-results/screenshots";
const unique = () => `wheels-url-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe.configure({ timeout: 240_000 });
let n = 0;
test.beforeEach(async ({ page }) => {
  n += 1;
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.100.${(Date.now() + n * 7) % 250}` });
});

const firstRow = (page: Page) => page.getByTestId("csp-table").getByTestId("strategy-row").first();
const params = (page: Page) => new URL(page.url()).searchParams;

test("filters live in the URL: reload, Back and a shared link restore them; the cash stays the user's", async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page);
  const favoriteGets: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname === "/api/wheel/favorites")
      favoriteGets.push(r.url());
  });
  await signUp(page, unique(), { returnTo: "/wheels" });
  await expect(firstRow(page)).toBeVisible({ timeout: 45_000 });

  // Cash is saved by the form (POST /wheels) and never written into the address.
  const cash = page.getByLabel("Available cash", { exact: true });
  await cash.fill("60000");
  await cash.press("Enter");
  await expect(cash).toHaveValue("60000");
  await expect(firstRow(page)).toBeVisible({ timeout: 45_000 });
  expect(params(page).has("cash")).toBe(false);

  // Risk level, days, tab: each in the address.
  await page.getByTestId("risk-select").selectOption("aggressive");
  await expect.poll(() => params(page).get("cspRisk")).toBe("aggressive");
  await page.getByTestId("dte-select").selectOption("60");
  await expect.poll(() => params(page).get("dte")).toBe("60");
  await page.getByRole("tab", { name: /Covered Calls/ }).click();
  await expect.poll(() => params(page).get("tab")).toBe("cc");
  await page.getByTestId("risk-select").selectOption("conservative");
  await expect.poll(() => params(page).get("ccRisk")).toBe("conservative");
  expect(params(page).has("cash")).toBe(false);
  const shared = page.url();

  // Reload restores all of it.
  await page.reload();
  await expect(page.getByRole("tab", { name: /Covered Calls/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("risk-select")).toHaveValue("conservative");
  await expect(page.getByTestId("dte-select")).toHaveValue("60");

  // Back: the CC risk change, then the tab, then the days, each undone in turn.
  await page.goBack();
  await expect(page.getByTestId("risk-select")).toHaveValue("balanced");
  await page.goBack();
  await expect(page.getByRole("tab", { name: /Cash Secured Puts/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("risk-select")).toHaveValue("aggressive");
  await expect(page.getByTestId("dte-select")).toHaveValue("60");
  await page.goBack();
  await expect(page.getByTestId("dte-select")).toHaveValue("45");
  await expect(page.getByTestId("risk-window")).toHaveText(/days to expiration/);

  // The favorites count moves with the heart at once, while the save is still on its way.
  await page.goto("/wheels?cspRisk=balanced");
  await expect(firstRow(page)).toBeVisible({ timeout: 45_000 });
  const count = page.getByTestId("favorites-count");
  await expect(count).toHaveText("(0)");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/wheel/favorites", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await firstRow(page).getByTestId("favorite-toggle").click();
  await expect(count).toHaveText("(1)", { timeout: 1000 });
  await expect(firstRow(page).getByTestId("favorite-toggle")).toHaveAttribute("aria-pressed", "true");
  release();
  await expect(page.getByText("Saved!")).toBeVisible();
  await page.unroute("**/api/wheel/favorites");
  await firstRow(page).getByTestId("favorite-toggle").click();
  await expect(count).toHaveText("(0)", { timeout: 1000 });
  expect(favoriteGets).toEqual([]);
  await page.screenshot({ path: `${shots}/wheels-url-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("mobile-header")).toBeVisible();
  await page.screenshot({ path: `${shots}/wheels-url-phone.png`, fullPage: true });
  expect(errors).toEqual([]);

  // A shared link in a fresh browser, another user: the filters come with it, the cash is that user's own.
  const other = await browser.newContext({
    extraHTTPHeaders: { "cf-connecting-ip": `198.51.100.${(Date.now() + 3) % 250}` },
  });
  const friend = await other.newPage();
  const friendErrors = watchConsole(friend);
  await signUp(friend, unique(), { returnTo: "/wheels" });
  await friend.goto(shared);
  await expect(friend.getByRole("tab", { name: /Covered Calls/ })).toHaveAttribute("aria-selected", "true");
  await expect(friend.getByTestId("risk-select")).toHaveValue("conservative");
  await expect(friend.getByTestId("dte-select")).toHaveValue("60");
  await friend.getByRole("tab", { name: /Cash Secured Puts/ }).click();
  await expect(friend.getByTestId("risk-select")).toHaveValue("aggressive");
  await expect(friend.getByLabel("Available cash", { exact: true })).toHaveValue("100000");
  expect(friendErrors).toEqual([]);
  await other.close();
});

test("cash that secures puts on only some tickers is said beside the list", async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, unique(), { returnTo: "/wheels" });
  await expect(firstRow(page)).toBeVisible({ timeout: 45_000 });
  const cash = page.getByLabel("Available cash", { exact: true });
  await cash.fill("25000");
  await cash.press("Enter");
  await expect(page.getByTestId("cash-limit")).toHaveText(
    /^Your cash \(\$25,000\) secures puts on \d of 5 tickers; add cash to see more\.$/,
    { timeout: 45_000 },
  );
  await page.screenshot({ path: `${shots}/wheels-url-cash-limit.png`, fullPage: true });

  // Cash too small for any ticker: the cash sentence says so, and no ticker is called unprofitable for it.
  await cash.fill("1000");
  await cash.press("Enter");
  await expect(page.getByTestId("cash-limit")).toHaveText(
    "Your cash ($1,000) secures puts on 0 of 5 tickers; add cash to see more.",
    { timeout: 45_000 },
  );
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await expect(page.getByTestId("empty-state")).not.toContainText("No profitable CSP strategy");
  await page.screenshot({ path: `${shots}/wheels-url-cash-none.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form is a plain GET form: Apply shows the chosen risk level and days", async ({
    page,
  }) => {
    await signInByApi(page, "free@wheelhouse.local");
    await page.goto("/wheels");
    await expect(page.getByTestId("csp-table").getByTestId("strategy-row").first()).toBeVisible();
    await page.getByTestId("risk-select").selectOption("conservative");
    await page.getByTestId("dte-select").selectOption("90");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => params(page).get("cspRisk")).toBe("conservative");
    expect(params(page).get("dte")).toBe("90");
    await expect(page.getByTestId("risk-select")).toHaveValue("conservative");
    await expect(page.getByTestId("dte-select")).toHaveValue("90");
    expect(params(page).has("cash")).toBe(false);

    // The strategy tabs are links to their addresses: Covered Calls switches, the chosen filters kept.
    await page.getByRole("tab", { name: /Covered Calls/ }).click();
    await expect.poll(() => params(page).get("tab")).toBe("cc");
    expect(params(page).get("cspRisk")).toBe("conservative");
    await expect(page.getByRole("tab", { name: /Covered Calls/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("cc-free-empty")).toBeVisible();
    await page.getByRole("tab", { name: /Cash Secured Puts/ }).click();
    await expect.poll(() => params(page).has("tab")).toBe(false);
    await expect(page.getByTestId("csp-table")).toBeVisible();
  });
});
