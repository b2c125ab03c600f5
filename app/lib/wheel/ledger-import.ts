// Broker transaction exports -> wheel ledger events and option legs (decisions 272, 273, 304, 342). Pure and
// shared: the server reads a file with it (preview and commit); the Campaigns page takes the field names and
// labels for its mapping selects. A file is read by a broker preset when its header is one (decision 273 cites each layout),
// else by the user's column mapping (saved per user and header, migration 0020). Every row becomes an event
// draft or a skipped row with the reason; the server checks the drafts with the ledger's schema and engine.
import { CONTRACT_SIZE, type LedgerEventKind } from "#app/engine/wheel/ledger.ts";
import type { CsvRecord } from "#app/lib/csv.ts";
import type { LegRow } from "#app/lib/broker-legs.ts";
import { parseOptionDescription, parseOptionSymbol, type OptionContract } from "#app/lib/option-symbol.ts";
import { parseStatementOptionSymbol, statementCodeAction } from "#app/lib/wheel/ibkr-statement.ts";

/** The columns a mapping names. date, action, symbol and quantity are required. */
export const IMPORT_FIELDS = [
  "date",
  "action",
  "symbol",
  "description",
  "quantity",
  "price",
  "fees",
  "optionType",
  "strike",
  "expiration",
  "multiplier",
  "orderRef",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ["date", "action", "symbol", "quantity"];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  date: "Trade date",
  action: "Action (what happened)",
  symbol: "Symbol or option symbol",
  description: "Description (may name the option)",
  quantity: "Quantity (contracts or shares)",
  price: "Price per share",
  fees: "Fees and commissions",
  optionType: "Put or call",
  strike: "Strike",
  expiration: "Expiration",
  multiplier: "Contract multiplier (only if the price is per contract)",
  orderRef: "Order number or execution time (a spread's legs share it)",
};

/** Each field -> the header names whose cells it reads (several are joined with a space, or summed for fees). */
export type ColumnMapping = Partial<Record<ImportField, string[]>>;
/** Columns one field may name (the server's schema holds it). */
export const MAX_MAPPING_COLUMNS = 4;
/** Fields the mapping screen offers several columns for: a broker may split fees over several (Fidelity). */
export const MULTI_COLUMN_FIELDS: readonly ImportField[] = ["fees"];

export interface BrokerPreset {
  id: "schwab" | "fidelity" | "robinhood" | "tastytrade" | "ibkr";
  name: string;
  /** Header names (case-insensitive) that must all be present. */
  requiredHeader: readonly string[];
  mapping: ColumnMapping;
}

/**
 * The broker layouts read without a mapping. Sources of each header and row layout are cited beside the test
 * fixtures (tests/worker/wheel-ledger-import.test.ts) and in decision 273; Interactive Brokers Flex is left out
 * there, with the reasons, while its activity statement's Trades section, whose columns IBKR documents, is read
 * (decision 342). Fidelity publishes no layout for its account history download: its preset reads the
 * layout of our own sample file, tests/fixtures/fidelity-accounts-history.csv (decision 304).
 */
export const BROKER_PRESETS: readonly BrokerPreset[] = [
  {
    id: "schwab",
    name: "Charles Schwab (transaction history)",
    requiredHeader: ["Date", "Action", "Symbol", "Description", "Quantity", "Price", "Fees & Comm", "Amount"],
    mapping: {
      date: ["Date"],
      action: ["Action"],
      symbol: ["Symbol"],
      description: ["Description"],
      quantity: ["Quantity"],
      price: ["Price"],
      fees: ["Fees & Comm"],
    },
  },
  {
    id: "fidelity",
    name: "Fidelity (account history)",
    // The columns every Fidelity history download we know of has; "Account", "Cash Balance ($)" and the
    // description's name come and go (decision 304).
    requiredHeader: ["Run Date", "Action", "Symbol", "Quantity", "Price ($)", "Amount ($)"],
    mapping: {
      date: ["Run Date"],
      // "YOU SOLD OPENING TRANSACTION PUT (XOM) ... (Cash)", "ASSIGNED as of Sep-18-2026 ...", "EXPIRED ...".
      action: ["Action"],
      symbol: ["Symbol"],
      // One of the two is in a file; a column the header lacks reads as blank.
      description: ["Description", "Security Description"],
      quantity: ["Quantity"],
      price: ["Price ($)"],
      fees: ["Commission ($)", "Fees ($)"],
    },
  },
  {
    id: "robinhood",
    name: "Robinhood (account activity report)",
    requiredHeader: [
      "Activity Date",
      "Process Date",
      "Settle Date",
      "Instrument",
      "Description",
      "Trans Code",
      "Quantity",
      "Price",
      "Amount",
    ],
    mapping: {
      date: ["Activity Date"],
      action: ["Trans Code"],
      symbol: ["Instrument"],
      description: ["Description"],
      quantity: ["Quantity"],
      price: ["Price"],
    },
  },
  {
    id: "tastytrade",
    name: "tastytrade (transaction history)",
    requiredHeader: [
      "Date",
      "Type",
      "Sub Type",
      "Action",
      "Symbol",
      "Instrument Type",
      "Description",
      "Value",
      "Quantity",
      "Average Price",
      "Commissions",
      "Fees",
      "Underlying Symbol",
      "Expiration Date",
      "Strike Price",
      "Call or Put",
    ],
    mapping: {
      date: ["Date"],
      // Sub Type says Expiration or Assignment on the Receive Deliver rows; Action the side of a trade.
      action: ["Sub Type", "Action"],
      symbol: ["Symbol"],
      description: ["Description"],
      quantity: ["Quantity"],
      // Average Price is the value per contract on an option row ("@ 0.55" is 55.00), per share on a share row.
      price: ["Average Price"],
      multiplier: ["Multiplier"],
      fees: ["Commissions", "Fees"],
      orderRef: ["Order #"],
    },
  },
  {
    id: "ibkr",
    name: "Interactive Brokers (activity statement)",
    // The Trades section's columns as IBKR's Reporting Guide names them (decision 342); the server picks the
    // section out of the statement (app/lib/wheel/ibkr-statement.ts).
    requiredHeader: [
      "DataDiscriminator",
      "Asset Category",
      "Symbol",
      "Date/Time",
      "Quantity",
      "T. Price",
      "Proceeds",
      "Comm/Fee",
      "Code",
    ],
    mapping: {
      date: ["Date/Time"],
      // O, C, A, Ep with the quantity's sign: statementCodeAction reads them.
      action: ["Code"],
      symbol: ["Symbol"],
      quantity: ["Quantity"],
      price: ["T. Price"],
      fees: ["Comm/Fee"],
      orderRef: ["Date/Time"],
    },
  },
];

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/** The preset whose header this is, or null. */
export function detectPreset(header: readonly string[]): BrokerPreset | null {
  const have = new Set(header.map(norm));
  return BROKER_PRESETS.find((p) => p.requiredHeader.every((h) => have.has(norm(h)))) ?? null;
}

/** The text a header's signature is hashed from: the same columns in the same order give the same signature. */
export function headerSignatureText(header: readonly string[]): string {
  return header.map(norm).join("\u001f");
}

/** A preset's mapping onto this header: the preset's columns the header has, spelled as the header spells them. */
export function presetMapping(preset: BrokerPreset, header: readonly string[]): ColumnMapping {
  const byName = new Map(header.map((h) => [norm(h), h]));
  const out: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const columns = (preset.mapping[field] ?? []).flatMap((c) => byName.get(norm(c)) ?? []);
    if (columns.length) out[field] = columns;
  }
  return out;
}

/**
 * A first guess at the mapping of an unknown header, by its column names; the user confirms or changes it. Fees
 * take every fee or commission column ("Commission ($)" and "Fees ($)"); the multiplier is never guessed (most
 * files give the price per share beside a Multiplier column).
 */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const rules: [ImportField, RegExp][] = [
    ["date", /date|time/],
    ["action", /action|trans(action)? (code|type)|activity|side|type/],
    ["symbol", /symbol|instrument|ticker|security/],
    ["description", /desc/],
    ["quantity", /qty|quantity|shares|contracts/],
    ["price", /price/],
    ["fees", /fee|comm/],
    ["optionType", /put|call|right/],
    ["strike", /strike/],
    ["expiration", /expir|expiry/],
  ];
  const out: ColumnMapping = {};
  const used = new Set<string>();
  for (const [field, re] of rules) {
    const matching = header.filter((h) => re.test(norm(h)) && !used.has(h));
    const columns = MULTI_COLUMN_FIELDS.includes(field)
      ? matching.slice(0, MAX_MAPPING_COLUMNS)
      : matching.slice(0, 1);
    if (columns.length) {
      out[field] = columns;
      for (const c of columns) used.add(c);
    }
  }
  return out;
}

/** The mapping's missing required fields and the columns it names that the header lacks. */
export function mappingProblems(mapping: ColumnMapping, header: readonly string[]): string[] {
  const have = new Set(header.map(norm));
  const problems: string[] = [];
  for (const field of REQUIRED_IMPORT_FIELDS)
    if (!mapping[field]?.length) problems.push(IMPORT_MESSAGES.mappingMissing(IMPORT_FIELD_LABELS[field]));
  for (const [field, columns] of Object.entries(mapping))
    for (const column of columns ?? [])
      if (!have.has(norm(column)))
        problems.push(
          IMPORT_MESSAGES.mappingUnknownColumn(IMPORT_FIELD_LABELS[field as ImportField], column),
        );
  return problems;
}

export const IMPORT_MESSAGES = {
  noHeader: "No header row was found in this file",
  noRows: "No transactions were found in this file",
  tooManyRows: (max: number) => `A file can import at most ${max} rows at a time; split it by date`,
  mappingNeeded: "Choose which column holds each field, then preview again",
  mappingMissing: (label: string) => `Choose the column for ${label}`,
  mappingUnknownColumn: (label: string, column: string) => `${label}: the file has no column "${column}"`,
  summaryLine: "Summary or note line, not a transaction",
  beforeHeader: "Line before the header, not a transaction",
  noDate: "No trade date this import can read (YYYY-MM-DD, MM/DD/YYYY)",
  noSymbol: "No symbol",
  noQuantity: "No quantity",
  notWheel: (action: string) => `Not a wheel trade (${action || "no action"})`,
  longOption: "Bought options (buy to open, sell to close) are not part of a wheel campaign",
  exercise: "Exercises are recorded by hand: the file does not say which side exercised",
  dividend: "Dividends are recorded by hand: the ledger needs the amount per share and the ex-date",
  unknownContract: "The option contract could not be read from the symbol or the description",
  duplicate: "Already imported",
  pairedShares: (line: number) => `The shares of the assignment on line ${line}`,
  futureDate: "The trade date is in the future",
  otherSection: (name: string) => `The statement's ${name} section holds no trades this import reads`,
  spreadPartial: "Part of a spread's legs was closed: record the rest of the spread by hand",
  spreadApart: "The spread's legs ended on different days or in different ways: record how it ended by hand",
} as const;

/** A row's event fields (the ledger's input shape) before the server's schema and engine checks. */
export type EventDraft = {
  date: string;
  symbol: string;
  kind: LedgerEventKind;
  optionType?: "put" | "call";
  strike?: number;
  expiration?: string;
  contracts?: number;
  price?: number;
  shares?: number;
  fee?: number;
};

export interface DraftRow {
  line: number;
  draft: EventDraft;
  /** The row's cells as read, for its duplicate key. */
  cells: string[];
}
export interface SkippedRow {
  line: number;
  reason: string;
  /** The row as read, so the review list shows what was skipped. */
  text: string;
}

/** YYYY-MM-DD from ISO dates and date-times (the date as written), MM/DD/YYYY and M/D/YY; else null. */
export function parseTradeDate(text: string): string | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso) return checked(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  // "04/01/2020 as of 03/31/2020": the first date is the day the row counts on.
  const us = /(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/.exec(s);
  if (us) {
    const year = us[3]!.length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
    return checked(year, Number(us[1]), Number(us[2]));
  }
  return null;
}

function checked(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** "$1,234.50", "(200.00)", "-0.14", "--" -> the number's size (signs say cash direction, not the event's). */
export function parseAmount(text: string): number | null {
  const s = text
    .trim()
    .replace(/[$,\s]/g, "")
    .replace(/^\((.*)\)$/, "$1");
  if (s === "" || s === "--" || s === "-") return null;
  const n = Number(s);
  return Number.isFinite(n) ? Math.abs(n) : null;
}

type Classified =
  { kind: "sell_to_open" | "buy_to_close" | "expire" | "assign" | "buy" | "sell" } | { skip: string };

/**
 * The action's own words. Fidelity's Action repeats the row's description and ends in the account type
 * ("YOU SOLD OPENING TRANSACTION PUT (XOM) EXXON MOBIL CORP SEP 18 26 $105 (100 SHS) (Cash)"): the description
 * and the parenthesised parts are dropped, so a name in them ("... DIVIDEND EQUITY ETF (SCHD)") is not read as
 * what happened.
 */
function actionWords(action: string, description: string): string {
  let a = action;
  const d = description.trim();
  const at = d && a.length > d.length ? a.toLowerCase().indexOf(d.toLowerCase()) : -1;
  if (at >= 0) a = `${a.slice(0, at)} ${a.slice(at + d.length)}`;
  return a
    .replace(/\([^)]*\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function classify(action: string): Classified {
  const a = ` ${action.toLowerCase().replace(/[_-]/g, " ")} `;
  // Fidelity's share rows of an assignment: "YOU BOUGHT ASSIGNED PUTS AS OF ...", "YOU SOLD ASSIGNED CALLS
  // AS OF ...".
  if (/\bbought assigned\b/.test(a)) return { kind: "buy" };
  if (/\bsold assigned\b/.test(a)) return { kind: "sell" };
  if (/\b(expired?|expiration|oexp)\b/.test(a)) return { kind: "expire" };
  if (/\b(assigned|assignment|oasgn)\b/.test(a)) return { kind: "assign" };
  if (/\b(exercise|exercised|oexcs)\b/.test(a)) return { skip: IMPORT_MESSAGES.exercise };
  if (/\b(sell to open|sto|sold opening)\b/.test(a)) return { kind: "sell_to_open" };
  if (/\b(buy to close|btc|bought closing)\b/.test(a)) return { kind: "buy_to_close" };
  // A long option's legs, or shares: tastytrade writes a share buy "Buy to Open" and a sale "Sell to Close".
  if (/\b(buy to open|bto|bought opening)\b/.test(a)) return { kind: "buy" };
  if (/\b(sell to close|stc|sold closing)\b/.test(a)) return { kind: "sell" };
  if (/\b(div|dividend|cdiv|qualified dividend|cash dividend)\b/.test(a))
    return { skip: IMPORT_MESSAGES.dividend };
  if (/\b(buy|bought)\b/.test(a)) return { kind: "buy" };
  if (/\b(sell|sold)\b/.test(a)) return { kind: "sell" };
  return { skip: IMPORT_MESSAGES.notWheel(action.trim()) };
}

const OPTION_TYPE_RE = /^\s*(p|put|c|call)\s*$/i;

/**
 * The row's option contract: an option symbol, the description's spelling, the mapped columns, or the action's
 * text (Fidelity's names the contract as its description does).
 */
function contractOf(get: (f: ImportField) => string): OptionContract | null {
  const fromSymbol = parseOptionSymbol(get("symbol")) ?? parseStatementOptionSymbol(get("symbol"));
  if (fromSymbol) return fromSymbol;
  const fromDescription = parseOptionDescription(get("description"));
  if (fromDescription) return fromDescription;
  const type = OPTION_TYPE_RE.exec(get("optionType"));
  const strike = parseAmount(get("strike"));
  const expiration = parseTradeDate(get("expiration"));
  if (type && strike && expiration)
    return {
      underlying: get("symbol").trim().split(/\s+/)[0]!.toUpperCase(),
      expiration,
      strike,
      optionType: type[1]!.toLowerCase().startsWith("c") ? "call" : "put",
    };
  return parseOptionDescription(get("action"));
}

const roundPrice = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The rows of a table as event drafts, by a mapping (a preset's or the user's). Rows the import cannot read
 * are skipped with the reason. The drafts come out in trading order: a file written newest first (brokers'
 * default) is read from its end, and rows of one day keep the file's order of that day. Every option row that
 * opens, closes, expires or is assigned is also a leg (`legs`, in the same order), long ones included, for the
 * pairing and the spreads (app/lib/broker-legs.ts).
 */
export function draftsOf(
  header: readonly string[],
  rows: readonly CsvRecord[],
  mapping: ColumnMapping,
): { drafts: DraftRow[]; skipped: SkippedRow[]; legs: LegRow[] } {
  const index = new Map(header.map((h, i) => [norm(h), i]));
  const drafts: DraftRow[] = [];
  const skipped: SkippedRow[] = [];
  const legs: LegRow[] = [];
  for (const { line, cells } of rows) {
    const cell = (column: string) => cells[index.get(norm(column)) ?? -1] ?? "";
    const get = (f: ImportField) =>
      (mapping[f] ?? [])
        .map(cell)
        .filter((c) => c.trim() !== "")
        .join(" ");
    const skip = (reason: string) => skipped.push({ line, reason, text: cells.join(", ") });
    const date = parseTradeDate(get("date"));
    if (!date) {
      skip(IMPORT_MESSAGES.noDate);
      continue;
    }
    const option = contractOf(get);
    const what = classify(
      statementCodeAction(get("action"), get("quantity"), option) ??
        actionWords(get("action"), get("description")),
    );
    if ("skip" in what) {
      skip(what.skip);
      continue;
    }
    const quantity = parseAmount(get("quantity"));
    const fees = (mapping.fees ?? []).reduce((sum, c) => sum + (parseAmount(cell(c)) ?? 0), 0);
    const fee = fees > 0 ? Math.round(fees * 100) / 100 : undefined;
    const rawPrice = parseAmount(get("price")) ?? undefined;
    // A price per contract (tastytrade's Average Price) is divided by the row's multiplier; share rows have none.
    const multiplier = option ? parseAmount(get("multiplier")) : null;
    const price = rawPrice !== undefined && multiplier ? roundPrice(rawPrice / multiplier) : rawPrice;
    if (
      !option &&
      (what.kind === "sell_to_open" ||
        what.kind === "buy_to_close" ||
        what.kind === "expire" ||
        what.kind === "assign")
    ) {
      skip(IMPORT_MESSAGES.unknownContract);
      continue;
    }
    if (!quantity) {
      skip(IMPORT_MESSAGES.noQuantity);
      continue;
    }
    if (option) {
      legs.push(legOf(line, date, get("orderRef").trim(), option, what.kind, quantity, price));
      if (what.kind === "buy" || what.kind === "sell") {
        skip(IMPORT_MESSAGES.longOption);
        continue;
      }
      const kind: LedgerEventKind =
        what.kind === "assign" ? (option.optionType === "put" ? "assign" : "called_away") : what.kind;
      const draft: EventDraft = {
        date,
        symbol: option.underlying,
        kind,
        optionType: option.optionType,
        strike: option.strike,
        expiration: option.expiration,
        contracts: quantity,
        ...(kind === "sell_to_open" || kind === "buy_to_close" ? { price: price ?? 0 } : {}),
        ...(fee !== undefined ? { fee } : {}),
      };
      drafts.push({ line, draft, cells });
      continue;
    }
    const symbol = get("symbol").trim().toUpperCase();
    if (!symbol) {
      skip(IMPORT_MESSAGES.noSymbol);
      continue;
    }
    drafts.push({
      line,
      cells,
      draft: {
        date,
        symbol,
        kind: what.kind === "buy" ? "buy_shares" : "sell_shares",
        shares: quantity,
        ...(price !== undefined ? { price } : {}),
        ...(fee !== undefined ? { fee } : {}),
      },
    });
  }
  return {
    drafts: inTradingOrder(pairAssignedShares(drafts, skipped)),
    skipped,
    legs: inTradingOrder(legs.map((leg) => ({ line: leg.line, leg, draft: { date: leg.date } }))).map(
      (l) => l.leg,
    ),
  };
}

const LEG_OF_KIND: Record<Exclude<Classified, { skip: string }>["kind"], Pick<LegRow, "side" | "effect">> = {
  sell_to_open: { side: "short", effect: "open" },
  buy_to_close: { side: "short", effect: "close" },
  buy: { side: "long", effect: "open" },
  sell: { side: "long", effect: "close" },
  expire: { side: null, effect: "expire" },
  assign: { side: "short", effect: "assign" },
};

function legOf(
  line: number,
  date: string,
  orderRef: string,
  option: OptionContract,
  kind: Exclude<Classified, { skip: string }>["kind"],
  contracts: number,
  price: number | undefined,
): LegRow {
  return {
    line,
    date,
    orderRef,
    symbol: option.underlying,
    optionType: option.optionType,
    strike: option.strike,
    expiration: option.expiration,
    ...LEG_OF_KIND[kind],
    contracts,
    price: kind === "expire" || kind === "assign" ? null : (price ?? null),
  };
}

/**
 * Brokers write an assignment as two rows: the option's (assigned, called away) and the shares bought or sold
 * at the strike. The ledger's assign and called-away events move the shares themselves, so the share row of the
 * same symbol, day, size and strike is the assignment's, skipped with the line it belongs to.
 */
function pairAssignedShares(drafts: DraftRow[], skipped: SkippedRow[]): DraftRow[] {
  const taken = new Set<DraftRow>();
  for (const a of drafts) {
    const { kind, contracts, strike } = a.draft;
    if ((kind !== "assign" && kind !== "called_away") || !contracts || !strike) continue;
    const shareKind = kind === "assign" ? "buy_shares" : "sell_shares";
    const twin = drafts.find(
      (s) =>
        !taken.has(s) &&
        s.draft.kind === shareKind &&
        s.draft.symbol === a.draft.symbol &&
        s.draft.date === a.draft.date &&
        s.draft.shares === contracts * CONTRACT_SIZE &&
        (s.draft.price === undefined || Math.abs(s.draft.price - strike) < 0.011),
    );
    if (twin) {
      taken.add(twin);
      skipped.push({
        line: twin.line,
        reason: IMPORT_MESSAGES.pairedShares(a.line),
        text: twin.cells.join(", "),
      });
      if (twin.draft.fee) a.draft.fee = Math.round(((a.draft.fee ?? 0) + twin.draft.fee) * 100) / 100;
    }
  }
  return drafts.filter((d) => !taken.has(d));
}

function inTradingOrder<Row extends { draft: { date: string } }>(drafts: Row[]): Row[] {
  const first = drafts[0]?.draft.date;
  const last = drafts.at(-1)?.draft.date;
  const newestFirst = first !== undefined && last !== undefined && first > last;
  const ordered = newestFirst ? [...drafts].reverse() : [...drafts];
  return ordered
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.draft.date < b.d.draft.date ? -1 : a.d.draft.date > b.d.draft.date ? 1 : a.i - b.i))
    .map(({ d }) => d);
}
