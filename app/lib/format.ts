// Display rules for market numbers (docs/product/watchlist-and-tickers.md#ticker-card): prices to 2 decimals,
// change as an absolute value with an arrow and a colour, RSI to 1 decimal with its label, 'N/A' for missing
// dates.
//
// The one number formatter (decision 261): every money, percent and decimal the app shows goes through this
// module, so one view never shows two roundings of one number. The rule: round the shortest decimal form of
// the number half away from zero (1.085 -> 1.09, 156.045 -> 156.05, -2.675 -> -2.68), where toFixed rounds
// the binary value and gives 1.08 / 156.04. The lint config refuses toFixed/Intl.NumberFormat/toLocaleString
// on numbers anywhere else in app/.

import { MISSING } from "#app/lib/calendar-date.ts";

export { formatCalendarDate, formatLongCalendarDate, MISSING, SHORT_MONTHS } from "#app/lib/calendar-date.ts";

// en-US grouping is written out here rather than through Intl.NumberFormat: the first Intl number formatter
// a page builds loads ICU's locale data, ~55 ms of main thread (~220 ms under Lighthouse's 4x CPU) during
// hydration of "/". Like Intl, it rounds the shortest decimal form of the number half away from zero
// (7373.495 -> 7373.50, where toFixed would give 7373.49), and a unit property test holds the two to the
// same text. Outside the range of prices and dollar figures it defers to Intl.
const PLAIN_MIN = 1e-6;
const PLAIN_MAX = 1e9;
const MAX_DIGITS = 6;

/** en-US digits with thousands separators, e.g. 1234.5 -> '1,234.50' for (2, 2), '1,234.5' for (0, 3). */
export function formatGrouped(
  value: number,
  minFractionDigits = 0,
  maxFractionDigits = minFractionDigits,
): string {
  const abs = Math.abs(value);
  if (!(abs < PLAIN_MAX) || (abs !== 0 && abs < PLAIN_MIN) || maxFractionDigits > MAX_DIGITS)
    return value.toLocaleString("en-US", {
      minimumFractionDigits: minFractionDigits,
      maximumFractionDigits: maxFractionDigits,
    });
  // String() is the shortest decimal that reads back as the same number; it is plain (no exponent) here.
  const [whole = "0", decimals = ""] = String(abs).split(".");
  let digits = whole + decimals.slice(0, maxFractionDigits).padEnd(maxFractionDigits, "0");
  if ((decimals[maxFractionDigits] ?? "0") >= "5") digits = (BigInt(digits) + 1n).toString();
  digits = digits.padStart(maxFractionDigits + 1, "0");
  const grouped = digits.slice(0, digits.length - maxFractionDigits).replace(/\B(?=(\d{3})+$)/g, ",");
  let fraction = digits.slice(digits.length - maxFractionDigits);
  while (fraction.length > minFractionDigits && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const text = fraction ? `${grouped}.${fraction}` : grouped;
  return value < 0 ? `-${text}` : text;
}

/** A plain decimal without grouping under the same rule: deltas, fits, SVG coordinates. 0.305 -> '0.31'. */
export function formatDecimal(value: number, digits: number): string {
  return formatGrouped(value, digits).replaceAll(",", "");
}

/** A number already in percent units: 12.345 -> '12.35%' for 2 digits; 'N/A' when missing. */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return `${formatGrouped(value, digits)}%`;
}

/**
 * A share in whole percents (a P&L's share of max profit), with one decimal below 1% either way so a small loss
 * never reads "-0%": 37.4 -> '37%', -0.44 -> '-0.4%', 0 -> '0%'.
 */
export function formatSharePercent(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  const small = value !== 0 && Math.abs(value) < 1;
  const shown = formatPercent(value, small ? 1 : 0);
  return shown === "-0.0%" || shown === "-0%" ? "0%" : shown;
}

/** A ratio as a percent: 0.0525 -> '5.25%' (risk-free rate, dividend yield). */
export function formatRatioPercent(value: number | null | undefined, digits = 2): string {
  return formatPercent(value == null ? value : value * 100, digits);
}

/** Plan prices: "$5", "$4.20", "$3.36": whole dollars without cents, otherwise two decimals. */
export function formatPlanPrice(price: number): string {
  return formatUsd(price, Number.isInteger(price) ? 0 : 2);
}

/** Dollars with the sign before the symbol: -1234.5 -> '-$1,234.50'. */
export function formatUsd(value: number, digits = 2): string {
  return `${value < 0 ? "-" : ""}$${formatGrouped(Math.abs(value), digits)}`;
}

export function formatPrice(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  return formatGrouped(value, 2);
}

export type ChangeDirection = "up" | "down";

export interface ChangeDisplay {
  /** Absolute value, two decimals, with a percent sign. */
  text: string;
  direction: ChangeDirection;
  /** 0 or more is green with an up arrow; below 0 red with a down arrow. */
  arrow: "▲" | "▼";
  tone: "positive" | "negative";
}

export function formatChange(percent: number | null | undefined): ChangeDisplay | null {
  if (percent == null || !Number.isFinite(percent)) return null;
  const up = percent >= 0;
  return {
    text: `${formatGrouped(Math.abs(percent), 2)}%`,
    direction: up ? "up" : "down",
    arrow: up ? "▲" : "▼",
    tone: up ? "positive" : "negative",
  };
}

export type RsiLabel = "Over-bought" | "Over-sold" | "Neutral";

export interface RsiDisplay {
  text: string;
  label: RsiLabel;
  /** Over-bought is red, over-sold green, neutral plain. */
  tone: "negative" | "positive" | "neutral";
}

export function rsiLabel(rsi: number): RsiLabel {
  if (rsi > 70) return "Over-bought";
  if (rsi < 30) return "Over-sold";
  return "Neutral";
}

export function formatRsi(rsi: number | null | undefined): RsiDisplay | null {
  if (rsi == null || !Number.isFinite(rsi)) return null;
  const label = rsiLabel(rsi);
  return {
    text: formatDecimal(rsi, 1),
    label,
    tone: label === "Over-bought" ? "negative" : label === "Over-sold" ? "positive" : "neutral",
  };
}

/** A count the provider may not have given (headline sentiment): "N/A" when missing, never a made-up 0. */
export function formatCount(value: number | null | undefined): string {
  return value == null || !Number.isFinite(value) ? "N/A" : String(value);
}

/** Compact money (docs/product/wheel.md#table-and-filters): 1.2M, 3.4k, else a rounded dollar value. */
export function formatCompactMoney(value: number | null | undefined, thousands: "k" | "K" = "k"): string {
  if (value == null || !Number.isFinite(value)) return MISSING;
  const abs = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  if (abs >= 1_000_000) return `${sign}$${formatDecimal(abs / 1_000_000, 1)}M`;
  if (abs >= 1_000) return `${sign}$${formatDecimal(abs / 1_000, 1)}${thousands}`;
  return `${sign}$${formatGrouped(Math.round(abs))}`;
}
