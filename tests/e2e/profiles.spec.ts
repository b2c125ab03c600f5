import { expect as baseExpect, test, type Page } from "@playwright/test";
import { PROFILE_TARGETS } from "#app/engine/quality.ts";

// The /spreads profile picker as a user meets it (issue 27 item 2, decision 237): the choice is saved per user,
// the list is screened for it, and every card's DTE sits in the chosen window.
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": `192.0.2.${(Date.now() % 200) + 20}` });
});

async function signInAsPro(page: Page) {
  await page.goto("/signin?returnTo=%2Fspreads");
  await page.getByLabel("Email").fill("pro@wheelhouse.local");
  await page.getByLabel("Password", { exact: true }).fill("demo-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/spreads$/);
}

async function cardDtes(page: Page): Promise<number[]> {
  const expiries = page.getByTestId("idea-card").getByText(/^Expires .* · \d+ DTE/);
  await expect(expiries.first()).toBeVisible();
  // textContent: cards below the fold skip rendering (content-visibility), so their innerText is empty.
  const texts = await expiries.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  return texts.map((t) => Number(/(\d+) DTE/.exec(t)?.[1]));
}

test("the profile picker saves the choice, and the list follows its DTE window", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await signInAsPro(page);
  const picker = page.getByTestId("profile-picker");
  await expect(picker.getByRole("button", { name: "Balanced" })).toHaveAttribute("aria-pressed", "true");
  for (const dte of await cardDtes(page)) {
    expect(dte).toBeGreaterThanOrEqual(PROFILE_TARGETS.balanced.minDte);
    expect(dte).toBeLessThanOrEqual(PROFILE_TARGETS.balanced.maxDte);
  }

  await picker.getByRole("button", { name: "Conservative" }).click();
  await expect(picker.getByRole("button", { name: "Conservative" })).toHaveAttribute("aria-pressed", "true");
  const c = PROFILE_TARGETS.conservative;
  await expect(picker).toContainText(`${c.minDte}-${c.maxDte} DTE, short strikes ${c.minDelta.toFixed(2)}`);
  // Saved on the server: a fresh load serves the same profile.
  await page.reload();
  await expect(picker.getByRole("button", { name: "Conservative" })).toHaveAttribute("aria-pressed", "true");
  for (const dte of await cardDtes(page)) {
    expect(dte).toBeGreaterThanOrEqual(c.minDte);
    expect(dte).toBeLessThanOrEqual(c.maxDte);
  }
  await page.screenshot({ path: "test-results/screenshots/spreads-profile-conservative-desktop.png" });

  // Back to the default, so other journeys of the Pro demo meet Balanced.
  await picker.getByRole("button", { name: "Balanced" }).click();
  await expect(picker.getByRole("button", { name: "Balanced" })).toHaveAttribute("aria-pressed", "true");
  expect(errors).toEqual([]);
});
