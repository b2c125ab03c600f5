import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { signIn, watchConsole } from "./fixtures";

// Issue 29 item 10: at 390 px the CSP/CC table was 573 px wide in a 356 px box, hiding Annual Return % and
// the row actions. On a phone each strategy is a card with the return and the actions in view.
const expect = baseExpect.configure({ timeout: 45_000 });
const PHONE = { width: 390, height: 844 };

/** The list fits its box: nothing to scroll sideways, on the page or inside the list. */
async function expectNoHorizontalOverflow(page: Page, list: Locator) {
  const sizes = await list.evaluate((el) => {
    let widest = 0;
    for (const node of Array.from(el.querySelectorAll("*"))) {
      const r = (node as HTMLElement).getBoundingClientRect();
      if (r.width > 0) widest = Math.max(widest, r.right);
    }
    return {
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      listScroll: el.scrollWidth,
      listClient: el.clientWidth,
      widestRight: widest,
    };
  });
  expect(sizes.page, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.viewport);
  expect(sizes.listScroll, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.listClient);
  expect(sizes.widestRight, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.viewport);
}

/** Visible and wholly inside the phone's width. */
async function expectInView(target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

async function expectCardsFit(page: Page, type: "csp" | "cc") {
  const list = page.getByTestId(`${type}-table`);
  const card = list.getByTestId("strategy-card").first();
  await expect(card).toBeVisible();
  await expectNoHorizontalOverflow(page, list);
  await expectInView(card.getByTestId("card-annual-return"));
  await expect(card.getByTestId("card-annual-return")).toHaveText(/\d+\.\d%|N\/A/);
  await expectInView(card.getByRole("button", { name: /^Share Trade / }));
  await expectInView(card.getByRole("button", { name: /(Save .* to|Remove .* from) favorites/ }));
  await expectInView(card.getByRole("button", { name: "View Analysis" }));
}

test("/wheels at 390 px: strategies are cards with the return and the actions in view", async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  await page.setViewportSize(PHONE);
  await signIn(page, "elite@wheelhouse.local", { returnTo: "/wheels" });
  // A known set of positions, so the covered calls have rows (the demo account is shared between runs).
  // A save names the version it was made from (decision 300).
  const { version } = (await (await page.request.get("/api/wheel/positions")).json()) as { version: number };
  const saved = await page.request.post("/api/wheel/positions", {
    data: { positions: [{ symbol: "NVDA", shares: 500, costBasis: 100 }], version },
  });
  expect(saved.status()).toBe(200);
  await page.reload();

  await expectCardsFit(page, "csp");
  const shot = await page.screenshot({ path: "test-results/screenshots/wheels-csp-390.png", fullPage: true });
  await testInfo.attach("wheels-csp-390", { body: shot, contentType: "image/png" });

  await page.getByRole("tab", { name: /Covered Calls/ }).click();
  await expectCardsFit(page, "cc");
  const ccShot = await page.screenshot({
    path: "test-results/screenshots/wheels-cc-390.png",
    fullPage: true,
  });
  await testInfo.attach("wheels-cc-390", { body: ccShot, contentType: "image/png" });

  // The table is still the layout at desktop width.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId("cc-table").getByTestId("strategy-row").first()).toBeVisible();
  await expect(page.getByTestId("cc-table").getByTestId("strategy-card").first()).toBeHidden();
  expect(errors).toEqual([]);
});
