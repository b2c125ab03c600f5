// The wheel ledger's labels and messages, shared by the API, the Campaigns page and its form (decision 270). The
// arithmetic is the engine's (app/engine/wheel/ledger.ts); the input schema and the CSV are the server's
// (app/server/wheel/ledger.server.ts), so neither zod nor papaparse reaches the page's browser code.
import {
  MIN_DAYS_TO_ANNUALISE,
  type LedgerEventKind,
  type LedgerField,
  type LedgerRefusal,
} from "#app/engine/wheel/ledger.ts";
import { formatGrouped } from "#app/lib/format.ts";

export const LEDGER_EVENT_LABELS: Record<LedgerEventKind, string> = {
  sell_to_open: "Sell to open",
  buy_to_close: "Buy to close",
  expire: "Expired",
  assign: "Assigned (put)",
  exercise: "Exercised early",
  called_away: "Called away (call)",
  buy_shares: "Buy shares",
  sell_shares: "Sell shares",
  dividend: "Dividend",
  fee: "Fee",
  void: "Void (remove an event)",
};

/** Each cost basis's convention, written next to its figure (the arithmetic is the engine's). */
export const BASIS_CONVENTIONS = {
  broker: "Broker (US): assigned shares at strike minus the put's premium per share; FIFO lots",
  adjusted: "Premium-adjusted: (share cost + fees - net option cash - dividends) / shares",
  reconciliation: "Total P&L = broker realised + unrealised = premium-adjusted P&L",
} as const;

/**
 * A closed campaign holds no shares: its card shows both bases as they stood at the close (the engine's
 * `basesAtClose`, decision 314), and says so next to each.
 */
export const CLOSED_BASIS_NOTES = {
  atClose: (shares: number) => `At the close, on the last ${formatGrouped(shares)} shares held`,
  noShares: "No shares were held in this campaign",
} as const;

/** Each return's convention, written next to its figure. */
export const RETURN_CONVENTIONS = {
  daysInTrade: "Calendar days from the first event to the last (or today)",
  idleDays: "Days in trade ending with no short option open",
  pnlOverPeakCapital: "P&L / peak capital (put collateral + cost of shares held)",
  simpleAnnualised: "P&L / peak capital x 365 / days in trade",
  capitalWeightedAnnualised: "P&L / sum of daily capital x 365 (default)",
  tooShortToAnnualise: `Annualised from ${MIN_DAYS_TO_ANNUALISE} days in trade: a shorter span x 365 is noise`,
} as const;

/** The names of the fields an event may lack, as the refusal says them. */
export const LEDGER_FIELD_LABELS: Record<LedgerField, string> = {
  optionType: "Option type",
  strike: "Strike",
  expiration: "Expiration",
  contracts: "Contracts",
  premium: "Premium",
  price: "Price",
  shares: "Shares",
  amount: "Amount",
  exDate: "Ex-date",
};

/** The words of each of the engine's ledger refusals (the API answers them as its `error`). */
export const LEDGER_MESSAGES = {
  noOpenOption: "No open short option matches this contract",
  tooManyContracts: (open: number) => `Only ${open} contract(s) of this option are open`,
  assignNeedsPut: "Only a short put is assigned; use called away for a call",
  calledAwayNeedsCall: "Only a short call is called away; use assign for a put",
  uncoveredCall: "A covered call needs 100 shares held per contract",
  notEnoughShares: (held: number) => `Only ${held} share(s) are held in this campaign`,
  sharesCoverCalls: "These shares cover open calls; close the calls first",
  noCampaign: (symbol: string) => `No open campaign for ${symbol}`,
  noSharesAtExDate: "No shares were held when this dividend's ex-date opened",
  exDateAfterPay: "The ex-date must not be after the pay date",
  missingField: (field: LedgerField) => `${LEDGER_FIELD_LABELS[field]} is required for this event`,
  unknownCorrection: "The event to correct was not found",
  alreadyCorrected: "That event has already been corrected",
  campaignStart: "A campaign starts with a short put or a share purchase",
} as const;

/** The sentence for an engine refusal. */
export function ledgerRefusalMessage(refusal: LedgerRefusal): string {
  switch (refusal.code) {
    case "tooManyContracts":
      return LEDGER_MESSAGES.tooManyContracts(refusal.open);
    case "notEnoughShares":
      return LEDGER_MESSAGES.notEnoughShares(refusal.held);
    case "noCampaign":
      return LEDGER_MESSAGES.noCampaign(refusal.symbol);
    case "missingField":
      return LEDGER_MESSAGES.missingField(refusal.field);
    default:
      return LEDGER_MESSAGES[refusal.code];
  }
}

/** The cost bases a user may choose for the lots the ledger owns (decision 271): the broker's until chosen. */
export const COST_BASIS_CHOICES = ["broker", "adjusted"] as const;
export type CostBasisChoice = (typeof COST_BASIS_CHOICES)[number];
export const COST_BASIS_LABELS: Record<CostBasisChoice, string> = {
  broker: "Broker (strike minus the put's premium)",
  adjusted: "Premium-adjusted (net of every premium and dividend)",
};

/**
 * A position the ledger owns (decision 271): an open campaign holding shares, with the basis the user chose.
 * Shown read-only beside the stored positions; the covered-call screen uses it in place of a stored one.
 */
export interface LedgerPosition {
  symbol: string;
  shares: number;
  costBasis: number;
  /** The campaign's id (its first event): the link from the positions panel. */
  campaignId: string;
}

/** A user's ledger holds at most this many events: every write replays them all. */
export const MAX_LEDGER_EVENTS = 5000;

export const LEDGER_INPUT_MESSAGES = {
  symbol: "Invalid symbol format",
  symbolRequired: "Symbol is required",
  date: "Enter the trade date as YYYY-MM-DD",
  futureDate: "The trade date can't be in the future",
  kind: "Choose what happened",
  optionType: "Choose put or call",
  positive: (field: string) => `${field} must be greater than 0`,
  notNegative: (field: string) => `${field} can't be negative`,
  tooLarge: (field: string) => `${field} is too large`,
  wholeNumber: (field: string) => `${field} must be a whole number`,
  expirationBeforeTrade: "The expiration can't be before the trade date",
  voidNeedsTarget: "Choose the event to void",
  note: "Note is too long (200 characters at most)",
  stale: "Your ledger changed while saving. Reload and try again.",
  batch: "Send one or two events to record together",
  full: `A ledger holds at most ${formatGrouped(MAX_LEDGER_EVENTS)} events`,
  notFound: "Event not found",
  ledgerOwns: (symbol: string) =>
    `${symbol} is held in an open wheel campaign: record its trades on the Campaigns tab`,
  decimalComma: (field: string) => `${field}: use a point for decimals (1.25, not 1,25)`,
} as const;

/** The form's field labels, for messages about a field. */
const FIELD_LABELS = {
  strike: "Strike",
  contracts: "Contracts",
  price: "Price",
  shares: "Shares",
  amount: "Amount",
  fee: "Fee",
} as const;
const NUMBER_FIELDS = Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[];
const TEXT_FIELDS = [
  "date",
  "symbol",
  "kind",
  "optionType",
  "expiration",
  "exDate",
  "corrects",
  "note",
] as const;

// en-US grouping: commas only between groups of exactly three digits before any point ("1,000", "12,500.5").
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * A typed number as the ledger reads it (decision 274): "$1,000" is 1000; any other comma ("1,25", "0,5",
 * "1,2345") is refused, never read as a thousands separator (which would make 1,25 into 125) nor guessed as a
 * decimal comma. Returns the number, NaN for text that is not a number (the schema words it), or "comma".
 */
export function readLedgerNumber(text: string): number | "comma" {
  const cleaned = text.replace(/[$\s]/g, "");
  if (cleaned.includes(",")) return GROUPED.test(cleaned) ? Number(cleaned.replace(/,/g, "")) : "comma";
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

export type LedgerFormReading =
  { ok: true; input: Record<string, unknown> } | { ok: false; message: string; field: string };

/**
 * A record form's fields as the input schema reads them: blanks left out, numbers as numbers. Shared by the
 * Campaigns page's action and the browser's "I sold this" dialog, so both read "1,25" the same way.
 */
export function ledgerInputFromForm(form: { get(name: string): unknown }): LedgerFormReading {
  const input: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string" && value.trim() !== "") input[field] = value.trim();
  }
  for (const field of NUMBER_FIELDS) {
    const value = form.get(field);
    if (typeof value !== "string" || value.trim() === "") continue;
    const read = readLedgerNumber(value);
    if (read === "comma")
      return { ok: false, field, message: LEDGER_INPUT_MESSAGES.decimalComma(FIELD_LABELS[field]) };
    // Text that is no number goes on as text, for the schema's "... must be a number".
    input[field] = Number.isNaN(read) ? value : read;
  }
  return { ok: true, input };
}

/** What the record form shows after an answer: its fields by name, as text. */
export type RecordFormValues = Partial<
  Record<(typeof TEXT_FIELDS)[number] | (typeof NUMBER_FIELDS)[number], string>
>;

/** Kept after a save: the next event of a campaign is usually the same day's, same symbol's, same kind's. */
const KEPT_AFTER_SAVE = ["date", "symbol", "kind", "optionType"] as const;

/**
 * The values the record form shows after an answer: everything typed after a refusal (nothing is lost), and
 * after a save only the date, symbol, event and option type, so the amounts of the event just saved are not
 * sent twice by a second click.
 */
export function recordFormValuesAfter(
  form: { get(name: string): unknown },
  saved: boolean,
): RecordFormValues {
  const values: RecordFormValues = {};
  const fields = saved ? KEPT_AFTER_SAVE : [...TEXT_FIELDS, ...NUMBER_FIELDS];
  for (const field of fields) {
    const value = form.get(field);
    if (typeof value === "string" && value !== "") values[field] = value.slice(0, 200);
  }
  return values;
}

/**
 * "I sold this" on a recommended CSP or CC: the record form prefilled at the fill the row showed
 * (its premium per share at its fill basis), one contract, today's New York date. Every field stays editable.
 */
export function soldPrefill(
  type: "CSP" | "CC",
  s: { symbol: string; premium: number; expirationDate: string; putStrike?: number; callStrike?: number },
  today: string,
): RecordFormValues {
  const strike = type === "CSP" ? s.putStrike : s.callStrike;
  return {
    kind: "sell_to_open",
    date: today,
    symbol: s.symbol,
    optionType: type === "CSP" ? "put" : "call",
    ...(typeof strike === "number" ? { strike: String(strike) } : {}),
    expiration: s.expirationDate,
    contracts: "1",
    ...(Number.isFinite(s.premium) ? { price: String(s.premium) } : {}),
  };
}
