// Wheel CSV: the strategies export and the positions import (docs/product/wheel.md#csv-export-and-import).
// Reading and writing are the app's one CSV module (app/lib/csv.ts, decision 272); this module
// only maps rows. Loaded on demand by the screen (a click), so papaparse is not part of the /wheels route chunk.
import { readCsvTable, writeCsv } from "#app/lib/csv.ts";
import { cleanSymbolInput } from "#app/lib/symbols.ts";
import {
  displayPremium,
  strikeOf,
  validatePosition,
  type PositionErrors,
  type WheelType,
} from "#app/lib/wheel/wheel.ts";

export const CSV_COLUMNS = ["Symbol", "Strike", "Premium", "Return %", "Days to Exp", "Risk Level"] as const;

/** csp-strategies-YYYY-MM-DD.csv / cc-strategies-YYYY-MM-DD.csv (the user's local date). */
export function exportFileName(type: WheelType, now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  return `${type.toLowerCase()}-strategies-${local}.csv`;
}

const round2 = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.round(v * 100) / 100 : "");

/**
 * Every value quoted and escaped; a text cell that starts with =, +, -, @, tab or CR is prefixed with a
 * quote mark so a spreadsheet shows it as text instead of running it as a formula.
 */
export function strategiesCsv(list: readonly Record<string, unknown>[]): string {
  const rows = list.map((s) => [
    String(s.symbol ?? ""),
    round2(strikeOf(s)),
    round2(displayPremium(s)),
    round2(s.returnOnCapital),
    typeof s.daysToExpiration === "number" ? s.daysToExpiration : "",
    String(s.riskLevel ?? ""),
  ]);
  return writeCsv(CSV_COLUMNS, rows);
}

export interface ImportedRow {
  /** 1-based line in the file. */
  line: number;
  symbol: string;
  shares: string;
  costBasis: string;
  errors: PositionErrors;
}

/**
 * Rows of Symbol, Shares, Cost Basis. A first row mentioning 'symbol' or 'ticker' is a header and is
 * skipped; so are the summary lines a broker's export ends with (a "Total" row, a disclaimer). Symbols are
 * trimmed and upper-cased, never rewritten (stripping "BRK.B" to letters made "BRKB", a different symbol with
 * no market data: decision 257); every row is validated (bulk messages). `line` is the row's line in the file.
 */
export function parsePositionsCsv(text: string): ImportedRow[] {
  const isHeader = (cells: readonly string[]) => cells.some((c) => /symbol|ticker/i.test(c));
  const records = readCsvTable(text, { width: 3 });
  // The header is optional and only ever the first record.
  const first = records.header;
  const rows = first && !isHeader(first.cells) ? [first, ...records.rows] : records.rows;
  return rows.map(({ line, cells }) => {
    const symbol = cleanSymbolInput(cells[0] ?? "");
    const shares = (cells[1] ?? "").replace(/[,\s]/g, "");
    const costBasis = (cells[2] ?? "").replace(/[$,\s]/g, "");
    return {
      line,
      symbol,
      shares,
      costBasis,
      errors: validatePosition({ symbol, shares, costBasis }, "bulk"),
    };
  });
}

/** A row of the multi-add grid (text as typed or imported). */
export interface PositionRowText {
  symbol: string;
  shares: string;
  costBasis: string;
}

/**
 * Imported rows the server found already held, applied to the grid by the user's choice (decision 257):
 * "replace" puts the file's shares and cost basis on the grid's row of that symbol (or adds the row when the
 * grid no longer has it), "skip" leaves the grid as it is. No symbol ends up twice.
 */
export function applyHeldRows(
  grid: readonly PositionRowText[],
  held: readonly PositionRowText[],
  choice: "replace" | "skip",
): PositionRowText[] {
  if (choice === "skip") return [...grid];
  const bySymbol = new Map(held.map((r) => [r.symbol, r]));
  const next = grid.map((r) => bySymbol.get(r.symbol) ?? r);
  const present = new Set(next.map((r) => r.symbol));
  return [...next, ...held.filter((r) => !present.has(r.symbol))];
}
