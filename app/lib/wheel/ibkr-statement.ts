// An Interactive Brokers activity statement as the ledger import reads it (decision 342). The CSV statement is
// many sections in one file, each record opened by its section's name and a row kind ("Trades,Header,...",
// "Trades,Data,..."); the app's one CSV reader parses the file and this module picks the Trades section out of
// it. IBKR documents the section's columns (Symbol, Date/Time, Quantity, T. Price, C. Price, Proceeds, Comm/Fee,
// Basis, Realized P/L, MTM P/L, Code) and the Code column's abbreviations (O opening, C closing, A assignment,
// Ep expired, Ex exercise, P partial) in its Reporting Guide. A trade's side is the sign of its quantity.
import type { CsvRecord } from "#app/lib/csv.ts";
import type { OptionContract } from "#app/lib/option-symbol.ts";

export const STATEMENT_SECTION = "Trades";
/** The row kinds of the Trades section's Data rows that are executions; ClosedLot, SubTotal and Total are not. */
const EXECUTION_KINDS = new Set(["order", "trade"]);

export interface StatementTable {
  /** The Trades section's column names, without the section and row-kind cells. */
  header: CsvRecord;
  rows: CsvRecord[];
  /** Records of the section that are not executions (lots, subtotals, totals). */
  notes: CsvRecord[];
  /** The other sections' names, each with the line it starts on. */
  otherSections: { name: string; line: number }[];
}

const same = (a: string | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.toLowerCase();

/**
 * The Trades section of an activity statement, or null when the records are not one (no "Trades,Header" record).
 * A statement may repeat the section's header per asset category with other columns: each data row is laid out
 * under the first header by column name.
 */
export function readStatementTrades(records: readonly CsvRecord[]): StatementTable | null {
  const headerAt = records.findIndex(
    (r) => same(r.cells[0], STATEMENT_SECTION) && same(r.cells[1], "Header"),
  );
  if (headerAt < 0) return null;
  const first = records[headerAt]!;
  const columns = first.cells.slice(2).map((c) => c.trim());
  const header: CsvRecord = { line: first.line, cells: columns };
  const rows: CsvRecord[] = [];
  const notes: CsvRecord[] = [];
  const otherSections: { name: string; line: number }[] = [];
  let current = columns;
  for (const r of records) {
    const section = (r.cells[0] ?? "").trim();
    if (!same(section, STATEMENT_SECTION)) {
      if (section && !otherSections.some((s) => s.name === section))
        otherSections.push({ name: section, line: r.line });
      continue;
    }
    const cells = r.cells.slice(2);
    if (same(r.cells[1], "Header")) {
      current = cells.map((c) => c.trim());
      continue;
    }
    const laidOut =
      current === columns
        ? cells
        : columns.map((name) => {
            const at = current.findIndex((c) => c.toLowerCase() === name.toLowerCase());
            return at < 0 ? "" : (cells[at] ?? "");
          });
    const kind = laidOut[columns.findIndex((c) => same(c, "DataDiscriminator"))] ?? "";
    if (same(r.cells[1], "Data") && EXECUTION_KINDS.has(kind.trim().toLowerCase()))
      rows.push({ line: r.line, cells: laidOut });
    else notes.push({ line: r.line, cells: r.cells });
  }
  return { header, rows, notes, otherSections };
}

const CODE_RE = /^[A-Za-z]{1,4}(?:\s*;\s*[A-Za-z]{1,4})*$/;

/**
 * The action words a statement's Code and signed Quantity say, for the import's one reading of actions; null when
 * the cell is no code list. An option sold opening is "sell to open"; bought closing "buy to close"; an expiry
 * ("Ep") and an assignment ("A") say so; the shares an assignment delivers are "bought assigned" or "sold
 * assigned", as Fidelity writes them, so they fold into the assignment's row.
 */
export function statementCodeAction(
  code: string,
  quantity: string,
  option: OptionContract | null,
): string | null {
  const text = code.trim();
  if (!CODE_RE.test(text)) return null;
  const codes = new Set(text.split(";").map((c) => c.trim().toLowerCase()));
  const sold = /^\s*(-|\()/.test(quantity);
  if (codes.has("ex")) return "exercise";
  if (codes.has("ep")) return option ? "expired" : null;
  if (codes.has("a")) return option ? "assigned" : sold ? "sold assigned" : "bought assigned";
  if (codes.has("o")) return option ? (sold ? "sell to open" : "buy to open") : sold ? "sell" : "buy";
  if (codes.has("c")) return option ? (sold ? "sell to close" : "buy to close") : sold ? "sell" : "buy";
  return null;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** "XOM 18SEP26 100 P", "SPY 19DEC26 672.5 C": the root, DDMONYY, the strike, P or C. */
const STATEMENT_SYMBOL_RE =
  /^([A-Z][A-Z0-9.]{0,9})\s+(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(\d{2})\s+(\d+(?:\.\d+)?)\s+([CP])$/;

/** The contract a statement's option symbol names, or null. */
export function parseStatementOptionSymbol(text: string): OptionContract | null {
  const m = STATEMENT_SYMBOL_RE.exec(text.trim().toUpperCase());
  if (!m) return null;
  const year = 2000 + Number(m[4]);
  const month = MONTHS.indexOf(m[3]!) + 1;
  const day = Number(m[2]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCDate() !== day || d.getUTCMonth() !== month - 1) return null;
  const strike = Number(m[5]);
  if (!(strike > 0)) return null;
  return {
    underlying: m[1]!,
    expiration: d.toISOString().slice(0, 10),
    strike,
    optionType: m[6] === "C" ? "call" : "put",
  };
}
