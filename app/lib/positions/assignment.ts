// An assigned short leg handed on to the wheel ledger (decisions 333, 338): the positions feature does not import
// the wheel feature, so the page records the shares through the wheel's API with the event built here, and says
// what came of it. Pure, and free of zod (it ships with the /positions page's assign dialog).
import { formatCalendarDate, formatGrouped, formatUsd } from "#app/lib/format.ts";
import type { Assignment } from "#app/lib/positions/input.ts";

const SHARES_PER_CONTRACT = 100;

/** The shares an assignment moves: bought at the strike for a put, delivered at the strike for a call. */
export function assignedShares(a: Assignment): number {
  return a.contracts * SHARES_PER_CONTRACT;
}

/**
 * The wheel ledger event of an assignment (POST /api/wheel/ledger): the shares bought (a put) or sold (a call) at
 * the strike on the assignment day. Not the ledger's own "assign", which needs a put the wheel sold; the spread's
 * premium stays in the position's P&L, so the shares' basis is the strike.
 */
export function wheelEventOfAssignment(a: Assignment) {
  return {
    date: a.date,
    symbol: a.symbol,
    kind: a.right === "put" ? ("buy_shares" as const) : ("sell_shares" as const),
    shares: assignedShares(a),
    price: a.strike,
    note: ASSIGN_TEXT.note(a),
  };
}

export const ASSIGN_TEXT = {
  button: "Assign",
  title: "Assigned",
  subtitle:
    "A short leg was assigned: the position closes, the other legs at their value at the strike, and the shares go to your wheel campaign.",
  leg: "Assigned leg",
  date: "Assigned on",
  submit: "Record the assignment",
  note: (a: Assignment) => `Assigned: short ${formatGrouped(a.strike, 2)} ${a.right} of a position`,
  shares: (a: Assignment) =>
    `${formatGrouped(assignedShares(a), 0)} shares of ${a.symbol} ${a.right === "put" ? "bought" : "delivered"} at ${formatUsd(a.strike)} on ${formatCalendarDate(a.date)}`,
  added: (a: Assignment) => `Added to your ${a.symbol} wheel campaign.`,
  notAdded: (words: string) => `Not added to a wheel campaign: ${words}`,
  noAssignment: "The answer did not say which shares were assigned; record them on Campaigns.",
  campaigns: "Campaigns",
  dismiss: "Dismiss",
} as const;

/** What the page says once an assignment is recorded: the shares, and whether the wheel ledger took them. */
export interface AssignOutcome {
  assignment: Assignment | null;
  /** The wheel ledger recorded the shares. */
  added: boolean;
  /** The wheel API's refusal words when it did not. */
  refusal: string | null;
}

export function assignOutcomeText(o: AssignOutcome): string {
  if (!o.assignment) return ASSIGN_TEXT.noAssignment;
  const shares = `${ASSIGN_TEXT.title}: ${ASSIGN_TEXT.shares(o.assignment)}.`;
  return `${shares} ${o.added ? ASSIGN_TEXT.added(o.assignment) : ASSIGN_TEXT.notAdded(o.refusal ?? "")}`;
}
