// The wheel ledger's labels and messages, shared by the API, the Campaigns page and its form (decision 270). The
// arithmetic is the engine's (app/engine/wheel-ledger.ts); the input schema and the CSV are the server's
// (app/server/wheel/ledger.server.ts), so neither zod nor papaparse reaches the page's browser code.
import type { LedgerEventKind } from "../engine/wheel-ledger";
import { formatGrouped } from "./format";

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
  full: `A ledger holds at most ${formatGrouped(MAX_LEDGER_EVENTS)} events`,
  notFound: "Event not found",
} as const;
