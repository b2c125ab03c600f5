import { expect as baseExpect, test } from "@playwright/test";
import { signUp } from "./fixtures";

// The admin trial tool's length field (an integer of at least 1, else 1: docs/product/admin.md#trial-tool).
// The browser's own number checks once refused 0 or 2.5 and, while the field held such a value, 'Cancel
// Trial' did nothing.
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": `192.0.2.${Date.now() % 250}` });
});

test("trial length: 0 and 2.5 become 1 in the field and on the server; Cancel Trial works whatever it holds", async ({
  browser,
  page,
}) => {
  const email = `trial-length-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const user = await browser.newContext();
  await signUp(await user.newPage(), email);
  await user.close();

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill("admin@wheelhouse.local");
  await page.getByLabel("Password").fill("admin-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin?tab=trials&email=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("trial-user-card")).toContainText(email);

  const length = page.getByLabel("Trial length");
  // Typed and submitted straight away (Enter: no blur first): the server makes it 1.
  await length.fill("0");
  await length.press("Enter");
  await expect(page.getByText("Promo trial enabled for 1 days")).toBeVisible();

  // On leaving the field it shows the length that will be used.
  await length.fill("2.5");
  await length.blur();
  await expect(length).toHaveValue("1");

  // Cancel Trial ignores the length, whatever the field holds.
  await length.fill("0");
  await page.getByRole("button", { name: "Cancel Trial" }).click();
  await expect(page.getByText("Promotional trial canceled")).toBeVisible();
});
