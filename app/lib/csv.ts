// The app's one CSV module (decisions 071, 272): every CSV the app reads or writes goes through here, over
// papaparse. Reading strips a byte-order mark, takes Windows, old-Mac and Unix line ends mixed in one file,
// quoted fields with commas, quotes and line breaks, skips blank lines, numbers each record by the file line it
// starts on, and tells a table's data rows from the summary, total and disclaimer lines brokers append.
// Writing quotes every cell and keeps a spreadsheet from running a cell as a formula (whatever follows).
import Papa from "papaparse";

export interface CsvRecord {
  /** 1-based line of the file where the record starts (a quoted field may span lines). */
  line: number;
  cells: string[];
}

/** Every non-blank record of the text, in order. A record whose cells are all blank is a blank line. */
export function readCsvRecords(text: string): CsvRecord[] {
  // One line end for papaparse, which guesses a single one per file (decision 071).
  const normalised = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const out: CsvRecord[] = [];
  let start = 0;
  let line = 1;
  let counted = 0;
  Papa.parse<string[]>(normalised, {
    newline: "\n",
    step: (result) => {
      const cells = (result.data as unknown[]).map((c) => (typeof c === "string" ? c : String(c ?? "")));
      for (; counted < start; counted++) if (normalised.charCodeAt(counted) === 10) line++;
      if (cells.some((c) => c.trim() !== "")) out.push({ line, cells });
      start = result.meta.cursor + 1;
    },
  });
  return out;
}

/**
 * Words that open a broker's summary, total or disclaimer line rather than a transaction. Robinhood's disclaimer
 * ("The data provided is for informational purposes only...") sits in a row as wide as the table, so only its
 * words tell it from a data row.
 */
const SUMMARY_RE =
  /^\s*(?:\*{2,}|-{3,}|end of file\b|disclaimer\b|generated\b|the data and information\b|the data provided\b|brokerage services\b|date downloaded\b)/i;
/** "Total", "Transactions Total", "Account Total": a total's label, never a symbol or a date. */
const TOTAL_RE = /^[^\d]*\btotals?\b[^\d]*$/i;

/** A line that is not a data row of a table `width` cells wide: too few cells, or opened by a summary word. */
export function isSummaryRecord(cells: readonly string[], width: number): boolean {
  const filled = cells.filter((c) => c.trim() !== "");
  if (filled.length === 0) return true;
  if (SUMMARY_RE.test(filled[0]!) || TOTAL_RE.test(filled[0]!)) return true;
  return cells.length < width && filled.length < Math.min(width, 3);
}

export interface CsvTable {
  /** Lines before the header (an account title, a blank export note). */
  preamble: CsvRecord[];
  header: CsvRecord | null;
  rows: CsvRecord[];
  /** The summary, total and disclaimer lines that end the file, for the caller to list as skipped. */
  trailing: CsvRecord[];
}

export interface ReadTableOptions {
  /** Which record is the header. Without it the first record is. */
  isHeader?: (cells: readonly string[]) => boolean;
  /** With `isHeader`: when no record matches, every record is a data row (a header is optional). */
  headerOptional?: boolean;
  /** Cells a data row has; by default the header's count. */
  width?: number;
}

/**
 * A table: the header (the first record, or the first the caller recognises), its data rows, and the lines
 * after the last data row that are summaries or notes (a "Total" row, "***END OF FILE***", a disclaimer, a
 * row with fewer cells). A short row in the middle stays a data row, for the caller to refuse with a reason.
 */
export function readCsvTable(text: string, options: ReadTableOptions = {}): CsvTable {
  const records = readCsvRecords(text);
  let headerAt = 0;
  if (options.isHeader) {
    headerAt = records.findIndex((r) => options.isHeader!(r.cells));
    if (headerAt < 0 && !options.headerOptional)
      return { preamble: records, header: null, rows: [], trailing: [] };
  }
  const header = headerAt >= 0 ? (records[headerAt] ?? null) : null;
  const preamble = headerAt > 0 ? records.slice(0, headerAt) : [];
  const body = header ? records.slice(headerAt + 1) : records;
  const width = options.width ?? header?.cells.length ?? Math.max(0, ...body.map((r) => r.cells.length));
  let end = body.length;
  while (end > 0 && isSummaryRecord(body[end - 1]!.cells, width)) end--;
  return { preamble, header, rows: body.slice(0, end), trailing: body.slice(end) };
}

/**
 * A text cell a spreadsheet would run as a formula: its first non-space character is =, +, -, @, a tab
 * or a carriage return, whatever follows (a line break after `=HYPERLINK(...)` included). papaparse's own
 * `escapeFormulae` test (`/^[=+\-@\t\r].*$/`, no `s` flag) lets such a cell through when a line break follows, and
 * misses one after leading spaces, so writeCsv escapes with this instead.
 */
const FORMULA_START = /^[ ]*[=+\-@\t\r]/;

/** The cell as written: a formula-like text cell gets a leading quote mark; numbers (a negative amount) stay numbers. */
export function formulaSafeCell(cell: string | number): string | number {
  return typeof cell === "string" && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * CSV text of a header and rows: every cell quoted, a text cell whose first non-space character is =, +, -, @, tab
 * or CR prefixed with a quote mark so a spreadsheet shows it as text (`formulaSafeCell`), CRLF line ends.
 * `header: false` writes the rows only (a stream's later pages). `escapeFormulae: false` writes cells exactly
 * (the track record's CSV, whose cells are hashed content that readers re-hash).
 */
export function writeCsv(
  fields: readonly string[],
  rows: readonly (readonly (string | number)[])[],
  options: { header?: boolean; quotes?: boolean; escapeFormulae?: boolean } = {},
): string {
  const escape = options.escapeFormulae ?? true;
  return Papa.unparse(
    {
      fields: escape ? fields.map((f) => String(formulaSafeCell(f))) : [...fields],
      data: rows.map((r) => (escape ? r.map(formulaSafeCell) : [...r])),
    },
    {
      header: options.header ?? true,
      quotes: options.quotes ?? true,
      // Done above, with a test that papaparse's misses cells with line breaks in.
      escapeFormulae: false,
      newline: "\r\n",
    },
  );
}
