// Wheel CSV: the strategies export (spec §9 names and columns) and the positions import (validation
// "CSV import"). Parsing and quoting are papaparse's (decision 071); this module only maps rows.
// Loaded on demand by the screen (a click), so papaparse is not part of the /wheels route chunk.
import Papa from "papaparse";
import { cleanSymbolInput } from "./symbols";
import { displayPremium, strikeOf, validatePosition, type PositionErrors, type WheelType } from "./wheel";

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
  return Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows },
    { quotes: true, escapeFormulae: true, newline: "\r\n" },
  );
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
 * skipped; symbols are trimmed and upper-cased, never rewritten (stripping "BRK.B" to letters made "BRKB", a
 * different symbol with no market data: decision 257); every row is validated (bulk messages).
 */
export function parsePositionsCsv(text: string): ImportedRow[] {
  // Files mixing Windows and Unix line ends are common (hand-edited exports): one line end for papaparse.
  const normalised = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const parsed = Papa.parse<string[]>(normalised, { skipEmptyLines: "greedy", newline: "\n" });
  const out: ImportedRow[] = [];
  parsed.data.forEach((cells, i) => {
    if (!Array.isArray(cells)) return;
    if (i === 0 && cells.some((c) => /symbol|ticker/i.test(String(c)))) return;
    const symbol = cleanSymbolInput(String(cells[0] ?? ""));
    const shares = String(cells[1] ?? "").replace(/[,\s]/g, "");
    const costBasis = String(cells[2] ?? "").replace(/[$,\s]/g, "");
    out.push({
      line: i + 1,
      symbol,
      shares,
      costBasis,
      errors: validatePosition({ symbol, shares, costBasis }, "bulk"),
    });
  });
  return out;
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
