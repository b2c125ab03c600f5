// The Fidelity import on /wheels/campaigns (issue 44, decision 304). Our own sample file in the layout of a
// Fidelity account history download (tests/fixtures/fidelity-accounts-history.csv: Fidelity publishes no layout;
// no real account's rows) is recognised and imported with its legs; the same rows under a header the preset does
// not know reach the mapping, which a broker's layout fills and whose fees take both fee columns. Each test signs
// up its own user (a new account's Pro trial may record campaigns), so a second run imports the file afresh.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { clientAddress, signUp, watchConsole } from "./fixtures";

const FIDELITY = readFileSync(new URL("../fixtures/fidelity-accounts-history.csv", import.meta.url), "utf8");

async function newTrader(page: Page, name: string) {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": clientAddress() });
  await signUp(page, email, { returnTo: "/wheels/campaigns" });
  return page.getByRole("region", { name: "Import from your broker" });
}

const upload = (section: ReturnType<Page["getByRole"]>, text: string) =>
  section.getByLabel("CSV file").setInputFiles({
    name: "Accounts_History.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(text, "utf8"),
  });

test("a Fidelity account history is recognised and imported with its legs", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchConsole(page);
  const section = await newTrader(page, "fidelity-preset");

  await upload(section, FIDELITY);
  const preview = section.getByTestId("import-preview");
  await expect(preview).toContainText(
    "Recognised: Fidelity (account history). 8 events to import, 7 rows skipped.",
  );
  const events = preview.getByRole("list", { name: "Events" });
  await expect(events.getByRole("listitem")).toHaveCount(8);
  await expect(events).toContainText("Line 14: 2026-08-03 XOM Sell to open 1 put");
  await expect(events).toContainText("Line 11: 2026-09-21 XOM Assigned (put) 1 put");
  await expect(events).toContainText("Line 8: 2026-10-19 XOM Expired 1 call");
  await expect(events).toContainText("Line 5: 2026-11-23 XOM Called away (call) 1 call");
  const skipped = preview.getByRole("list", { name: "Skipped rows" });
  await expect(skipped).toContainText("The shares of the assignment on line 11");
  await expect(skipped).not.toContainText("The option contract could not be read");

  await section.getByRole("button", { name: "Import 8 events" }).click();
  await expect(preview).toContainText("Imported 8 events.");
  await expect(page.getByRole("article", { name: "XOM campaign" })).toHaveCount(2);
  await page.screenshot({ path: "test-results/e2e/fidelity-import.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("a Fidelity file under an unknown header is read through the mapping, fees from both columns", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 900 });
  const errors = watchConsole(page);
  const section = await newTrader(page, "fidelity-mapping");

  await upload(section, FIDELITY.replace("Run Date,", "Trade Date,"));
  const mapping = section.getByTestId("import-mapping");
  await expect(mapping).toContainText("this layout is new to us");
  // The guess already takes both fee columns.
  await expect(mapping.getByLabel("Fees and commissions", { exact: true })).toHaveValue("Commission ($)");
  await expect(mapping.getByLabel("Fees and commissions, column 2")).toHaveValue("Fees ($)");

  // Fidelity's layout fills what this header has; its date column is renamed here, so the user picks it.
  await mapping.getByLabel("Fill in from a broker's layout").selectOption("fidelity");
  await expect(mapping.getByLabel("Trade date *")).toHaveValue("");
  await expect(mapping.getByLabel("Description (may name the option)")).toHaveValue("Description");
  await expect(mapping.getByLabel("Fees and commissions", { exact: true })).toHaveValue("Commission ($)");
  await expect(mapping.getByLabel("Fees and commissions, column 2")).toHaveValue("Fees ($)");
  await expect(mapping.getByLabel("Fees and commissions, column 3")).toHaveValue("");
  await mapping.getByLabel("Trade date *").selectOption("Trade Date");
  await mapping.getByRole("button", { name: "Preview" }).click();

  const preview = section.getByTestId("import-preview");
  await expect(preview).toContainText("Read with the columns you chose. 8 events to import, 7 rows skipped.");
  await section.getByRole("button", { name: "Import 8 events" }).click();
  await expect(preview).toContainText("Imported 8 events.");
  await expect(page.getByRole("article", { name: "XOM campaign" })).toHaveCount(2);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scroll").toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
});
