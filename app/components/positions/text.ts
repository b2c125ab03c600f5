// The words of /positions and "I took this" (decision 334), beside the screen that shows them.
import { formatCalendarDate, formatDecimal, formatUsd } from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import type { CloseReason, PositionLegInput, SpreadStrategy } from "#app/lib/positions/input.ts";
import type { TestedLeg } from "#app/engine/positions/alerts.ts";
import type { MarkStatus } from "#app/engine/positions/types.ts";

export const STRATEGY_NAMES: Record<SpreadStrategy, string> = {
  BULL_PUT_SPREAD: "Bull Put Spread",
  BEAR_CALL_SPREAD: "Bear Call Spread",
  IRON_CONDOR: "Iron Condor",
  CUSTOM_CREDIT_SPREAD: "Custom Credit Spread",
};

export const CLOSE_REASONS: Record<CloseReason, string> = {
  closed: "Closed",
  rolled: "Rolled",
  expired: "Expired",
  assigned: "Assigned",
};

/** A short leg the tested rule holds now, with the numbers that make it so. */
export function testedText(leg: PositionLegInput, t: TestedLeg, spot: number): string {
  const where =
    t.distancePercent < 0
      ? `${formatDecimal(-t.distancePercent, 1)}% through the strike`
      : `${formatDecimal(t.distancePercent, 1)}% from the strike`;
  const delta = t.delta === null ? "" : `, delta ${formatDecimal(t.delta, 2)}`;
  return `Short ${formatDecimal(leg.strike, leg.strike % 1 === 0 ? 0 : 2)} ${leg.right} tested: spot ${formatUsd(spot)} is ${where}${delta}.`;
}

export const POSITIONS_TEXT = {
  title: "Positions",
  subtitle: "The spreads you opened, marked at the cached quotes, with their management alerts.",
  openHeading: "Open positions",
  closedHeading: "Closed positions",
  wheelHeading: "Wheel options (from your campaigns)",
  wheelNote: "Puts and calls you recorded with \u201cI sold this\u201d. Close or roll them on Campaigns.",
  wheelError: "Your wheel campaigns could not be read just now; the spreads above are complete.",
  noOpen:
    "No open positions yet. Press \u201cI took this\u201d on a spread idea to track it here, prefilled at the fill the card shows.",
  noClosed: "Nothing closed yet.",
  showMore: (left: number) => `Show more (${left} left)`,
  findIdeas: "Find a spread",
  limit: (open: number, limit: number | null) =>
    limit === null ? `${open} open` : `${open} of ${limit} open positions on your plan`,
  loadFailed: "We couldn't load your positions. Please try again.",
  tryAgain: "Try again",
  updating: "Updating\u2026",
  loading: "Marking your positions",
  upgrade: "Upgrade",
  noChain: "No quotes cached for this symbol yet: no value is shown until the refresh has one.",
  chartEmpty: "No daily closing marks yet: the first is stored after the next market close.",
  chartLabel: (symbol: string) => `${symbol} P&L at each day's close`,
} as const;

/** Why a mark has no numbers, or that its quotes are old; null when it is current. */
export function markStatusText(
  status: MarkStatus,
  quoteTime: string | null,
  missingLegs: readonly string[],
): string | null {
  switch (status) {
    case "ok":
      return null;
    case "stale":
      return `Stale: quotes from ${formatAsOf(quoteTime)}`;
    case "missing_leg":
      return `No quote for ${missingLegs.join(", ")}: no value is shown`;
    case "missing_spot":
      return "No price for the underlying: no value is shown";
    case "invalid":
      return "These legs are not a credit spread the marks can price";
  }
}

export const dateText = (iso: string | null) => formatCalendarDate(iso);

/** The dialogs' titles and buttons. */
export const ACTION_TEXT = {
  close: { button: "Close", title: "Close this position", submit: "Record the close" },
  expire: { button: "Expire", title: "It expired", submit: "Record the expiry" },
  roll: { button: "Roll", title: "Roll this position", submit: "Record the roll" },
  void: { button: "Void", title: "Void this position", submit: "Void it" },
  voidNote: "A position recorded by mistake: it is removed from your list and counts for nothing.",
  rollNote: "A roll closes this position at a debit and opens the new legs at a credit, linked to it.",
  expireNote: "Every leg expired worthless: the position closes at no cost on its expiration day.",
  cancel: "Cancel",
  saving: "Saving\u2026",
  saved: "Saved.",
} as const;

export const ALERT_TEXT = {
  heading: "Alerts",
  profitTarget: "Profit target (% of the credit)",
  lossLimit: "Loss limit (x the credit)",
  exitDte: "Exit at days to expiration",
  tested: "Tested within (% of the short strike)",
  alerts: "Email me when one is reached",
  save: "Save alerts",
  saved: "Alert settings saved.",
} as const;
