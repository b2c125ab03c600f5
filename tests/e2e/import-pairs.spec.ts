// The broker import's pairs, rolls and spreads on /wheels/campaigns (decision 342). Our own sample in the layout
// of an Interactive Brokers activity statement (tests/fixtures/ibkr-rolls-spreads.csv; no real account's rows) is
// recognised, its legs paired, its rolls and spreads listed, and imported into both ledgers. Each run signs up its
// own user (a new account's Pro trial may record campaigns and positions).
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { clientAddress, signUp, watchConsole } from "./fixtures";

const IBKR = readFileSync(new URL("../fixtures/ibkr-rolls-spreads.csv", import.meta.url), "utf8");

test("an activity statement's legs are paired, its rolls and spreads listed and imported", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = watchConsole(page);
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": clientAddress() });
  await signUp(page, `import-pairs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, {
    returnTo: "/wheels/campaigns",
  });
  const section = page.getByRole("region", { name: "Import from your broker" });
  await section.getByLabel("CSV file").setInputFiles({
    name: "U0000000_activity.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(IBKR, "utf8"),
  });

  const preview = section.getByTestId("import-preview");
  await expect(preview).toContainText(
    "Recognised: Interactive Brokers (activity statement). 6 events to import",
  );
  const pairs = section.getByTestId("import-pairs");
  await expect(pairs).toContainText("10 legs paired, 2 rolls, 3 spreads");
  await pairs.locator("summary").click();
  await expect(pairs.getByRole("list", { name: "Legs paired" })).toContainText(
    "Line 25: sold 2 KO put 60.00 2026-09-18; 1 closed on line 26; 1 closed on line 27",
  );
  const rolls = pairs.getByRole("list", { name: "Rolls" });
  await expect(rolls).toContainText("Roll, KO 2026-09-15: closed line 27, opened line 28");
  await expect(rolls).toContainText("Roll, SPY 2026-10-23: closed lines 32, 33, opened lines 34, 35");
  const spreads = pairs.getByRole("list", { name: "Spreads" });
  await expect(spreads).toContainText("iron condor, IWM 2026-11-02");
  await expect(spreads).toContainText("Position rolled, SPY 2026-10-23");

  await section.getByRole("button", { name: "Import 6 events and 5 spread position events" }).click();
  await expect(preview).toContainText("Imported 6 events and 5 spread position events.");
  await page.screenshot({ path: "test-results/e2e/import-pairs.png", fullPage: true });
  expect(errors).toEqual([]);
});
