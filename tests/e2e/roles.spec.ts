// A journey per role through every screen it can open: each page loads without console errors, passes axe
// (no serious or critical WCAG 2 A/AA violation), and is kept as a screenshot at phone and desktop widths.
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { signInByApi } from "./fixtures";

const shots = "test-results/screenshots/roles";
test.describe.configure({ timeout: 240_000 });

const PUBLIC = ["/", "/signin", "/signup", "/pricing", "/options-guide", "/wheelhouse-howtos", "/terms"];
const SIGNED_IN = ["/tickers", "/spreads", "/wheels", "/feedback", "/notifications", "/change-password"];

const ROLES = [
  { role: "visitor", email: null, pages: [...PUBLIC, "/privacy", "/risk-disclosure", "/admin/login"] },
  { role: "free", email: "free@wheelhouse.local", pages: ["/", ...SIGNED_IN] },
  { role: "pro", email: "pro@wheelhouse.local", pages: [...SIGNED_IN, "/pricing"] },
  { role: "elite", email: "elite@wheelhouse.local", pages: [...SIGNED_IN, "/pricing"] },
  { role: "trial", email: "trial@wheelhouse.local", pages: ["/spreads", "/wheels", "/pricing"] },
  { role: "admin", email: "admin@wheelhouse.local", pages: ["/admin", "/"] },
] as const;

const PASSWORDS: Record<string, string> = { "admin@wheelhouse.local": "admin-password" };

for (const { role, email, pages } of ROLES) {
  test(`${role}: every screen loads cleanly and accessibly`, async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(`${page.url()}: ${msg.text()}`);
    });
    page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
    if (email) await signInByApi(page, email, PASSWORDS[email] ?? "demo-password");
    const problems: string[] = [];
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await page.waitForLoadState("networkidle");
      for (const v of await seriousViolations(page)) problems.push(`${path}: ${v}`);
      const name = path === "/" ? "home" : path.slice(1).replace(/\//g, "-");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/${role}-${name}-phone.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${shots}/${role}-${name}-desktop.png` });
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("dialogs: the sign-up policy dialog is accessible, traps focus and closes with Escape", async ({
  page,
}) => {
  await page.goto("/signup");
  const opener = page.getByRole("link", { name: "Terms of Use" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Terms of Use" });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
    expect(inside).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
