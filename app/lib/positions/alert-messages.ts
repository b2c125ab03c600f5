// The words of an open position's alert email (decision 333): the engine's firing is a code and its numbers
// (app/engine/positions/alerts.ts); this says what happened, by how much, and at which quote time.
import type { AlertFiring } from "#app/engine/positions/alerts.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";
import { formatDecimal, formatGrouped, formatPercent, formatPrice, formatUsd } from "#app/lib/format.ts";

/** What the email names the position by. */
export interface AlertedPosition {
  symbol: string;
  /** e.g. "bull put spread 95/90 put, Jan 16". */
  description: string;
}

export interface PositionAlertWords {
  subject: string;
  /** What happened, with its numbers. */
  message: string;
  /** Why it fired: the rule and the quote it was read from. */
  why: string;
}

const share = (x: number) => formatPercent(x * 100, 0);
const money = (x: number) => formatUsd(x);
const quoted = (ms: number) => `the quotes of ${formatAsOf(new Date(ms).toISOString())}`;

/** Subject, message and reason of one firing. */
export function positionAlertWords(position: AlertedPosition, f: AlertFiring): PositionAlertWords {
  const name = `${position.symbol} ${position.description}`;
  const at = quoted(f.quoteTimeMs);
  switch (f.code) {
    case "PROFIT_TARGET":
      return {
        subject: `${position.symbol}: profit target reached (${share(f.pnlShareOfCredit)} of the credit)`,
        message: `Your ${name} has kept ${share(f.pnlShareOfCredit)} of its credit: ${money(f.pnlNatural)} if closed at the natural price.`,
        why: `Why: your profit target is ${share(f.targetShare)} of the credit, read from ${at}.`,
      };
    case "LOSS_LIMIT":
      return {
        subject: `${position.symbol}: loss limit reached (${formatDecimal(f.lossMultipleOfCredit, 1)}x the credit)`,
        message: `Your ${name} is down ${money(-f.pnlNatural)} if closed at the natural price, ${formatDecimal(f.lossMultipleOfCredit, 1)} times its credit.`,
        why: `Why: your loss limit is ${formatDecimal(f.limitMultiple, 1)} times the credit, read from ${at}.`,
      };
    case "DTE_REACHED":
      return {
        subject: `${position.symbol}: ${f.daysLeft} days to expiration`,
        message: `Your ${name} has ${f.daysLeft} days left to expiration.`,
        why: `Why: you chose to close at ${f.exitDte} days to expiration; read from ${at}.`,
      };
    case "STRIKE_TESTED":
      return {
        subject: `${position.symbol}: short strike ${formatPrice(f.strike)} tested`,
        message:
          f.distancePercent < 0
            ? `${position.symbol} at ${formatPrice(f.spot)} is past your short strike ${formatPrice(f.strike)} (${name}).`
            : `${position.symbol} at ${formatPrice(f.spot)} is ${formatPercent(f.distancePercent, 1)} from your short strike ${formatPrice(f.strike)} (${name}).`,
        why:
          f.trigger === "delta" && f.delta !== null
            ? `Why: the short leg's delta is ${formatDecimal(f.delta, 2)}, above 0.50; read from ${at}.`
            : `Why: the underlying came within your tested distance of the short strike; read from ${at}.`,
      };
    case "ASSIGNMENT_RISK":
      return {
        subject: `${position.symbol}: early assignment risk on the ${formatPrice(f.strike)} short`,
        message: `Your short ${formatPrice(f.strike)} in the ${name} is in the money with ${money(f.extrinsic)} of time value left per share.`,
        why:
          f.trigger === "dividend" && f.dividendAmount !== null
            ? `Why: the ${money(f.dividendAmount)} dividend going ex on ${f.exDividendDate} is worth more than that time value; read from ${at}.`
            : `Why: ${formatGrouped(f.tradingDaysLeft ?? 0)} trading day(s) are left and an in-the-money short is often assigned; read from ${at}.`,
      };
    case "EARNINGS_INSIDE":
      return {
        subject: `${position.symbol}: earnings on ${f.earningsDate}, before your expiration`,
        message: `${position.symbol} reports on ${f.earningsDate}, before your ${name} expires on ${f.expiration}.`,
        why: `Why: the report date was not known when you opened the position; read from ${at}.`,
      };
  }
}

/** The email's intro and footer. */
export const POSITION_ALERT_EMAIL = {
  heading: "Position alert",
  intro: "One of your open positions needs a look:",
  link: "Open positions",
  footer:
    "You get this email because alerts are on for this position. Turn them off in the position's settings on the Positions page.",
} as const;
