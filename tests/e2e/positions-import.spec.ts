// The positions import on /wheels (decision 257): the server reads the file's rows, the dialog names rows
// without market data, offers "Replace" or "Skip" for a symbol already held, and keeps the product's blocking
// duplicate message for duplicates inside the file. Runs as the seeded Pro user.
import { expect, test, type Page } from "@playwright/test";
import { signInByApi, watchConsole } from "./fixtures";

async function storePositions(
  page: Page,
  positions: { symbol: string; shares: number; costBasis: number }[],
) {
  // A save names the version it was made from (decision 300).
  const { version } = (await (await page.request.get("/api/wheel/positions")).json()) as { version: number };
  const res = await page.request.post("/api/wheel/positions", {
    data: { positions, version },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.ok(), "store positions").toBe(true);
}

const csv = (text: string) => ({ name: "positions.csv", mimeType: "text/csv", buffer: Buffer.from(text) });

test("CSV import: no-market-data rows named, a held symbol replaced, duplicates in the file refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await signInByApi(page, "pro@wheelhouse.local");
  await storePositions(page, [{ symbol: "AAPL", shares: 100, costBasis: 150 }]);

  await page.goto("/wheels");
  await page.getByRole("tab", { name: /Covered Calls/ }).click();
  await expect(page.getByTestId("position-card")).toHaveCount(1);
  await page.getByRole("button", { name: "Add Multiple" }).click();
  const bulk = page.getByTestId("bulk-dialog");

  // Duplicates inside the file block the import with the product's message; nothing is added.
  // The check's 409 is the answer under test: the browser logs that response, nothing else may.
  await errors.expecting([409], async () => {
    await bulk
      .getByTestId("csv-input")
      .setInputFiles(csv("Symbol,Shares,Cost Basis\nKO,100,60\nko,200,61\n"));
    await expect(bulk.getByTestId("import-note")).toHaveText("Duplicate symbols found: KO");
  });
  await expect(bulk.getByTestId("bulk-row")).toHaveCount(2);

  await bulk
    .getByTestId("csv-input")
    .setInputFiles(csv("Symbol,Shares,Cost Basis\nBRK.B,100,350\nBRKB,100,350\nAAPL,200,140\nKO,100,60\n"));
  await expect(bulk.getByTestId("import-note")).toHaveText(
    "Imported 3 row(s) from positions.csv; 1 need fixing before they can be saved. No market data for BRK.B, BRKB: these rows would get no price and no strategies.",
  );
  // BRK.B is kept as written (not turned into BRKB) and named by the product's format rule.
  await expect(bulk.getByLabel("Row 2 symbol")).toHaveValue("BRK.B");
  await expect(bulk.getByTestId("bulk-row").nth(1)).toContainText("Invalid format");
  await expect(bulk.getByTestId("bulk-row").nth(2)).toContainText("No market data");
  // AAPL is held: not a second row, a question.
  const held = bulk.getByTestId("import-held");
  await expect(held).toContainText("Already in your positions: AAPL.");
  await expect(bulk.getByLabel("Row 1 shares")).toHaveValue("100");
  await held.getByRole("button", { name: "Replace" }).click();
  await expect(held).toHaveCount(0);
  await expect(bulk.getByLabel("Row 1 symbol")).toHaveValue("AAPL");
  await expect(bulk.getByLabel("Row 1 shares")).toHaveValue("200");
  await bulk.getByRole("button", { name: "Save Positions" }).click();

  // Saved: AAPL replaced, BRKB and KO added, BRK.B (invalid) left out.
  await expect(page.getByTestId("position-card")).toHaveCount(3);
  await expect
    .poll(async () => {
      const body = (await (await page.request.get("/api/wheel/positions")).json()) as {
        positions: { symbol: string; shares: number; costBasis: number }[];
      };
      return body.positions;
    })
    .toEqual([
      { symbol: "AAPL", shares: 200, costBasis: 140 },
      { symbol: "BRKB", shares: 100, costBasis: 350 },
      { symbol: "KO", shares: 100, costBasis: 60 },
    ]);
  expect(errors).toEqual([]);
  await storePositions(page, []);
});
