/**
 * Calendar conventions (see docs/decisions/003-engine-conventions.md) and the one New York clock
 * (decision 041) that the engine, app/lib/market-calendar and the server all read.
 *
 * - Dates are 'YYYY-MM-DD' strings in New York time; instants are ISO strings / epoch ms.
 * - Options expire at 16:00 New York time on the expiration date (regular close; the
 *   13:00 early closes are ignored: at most 3 hours on a handful of days).
 * - DTE = whole calendar days from today's New York date to the expiration date
 *   (0 on expiration day). Annualisation uses max(DTE, 1) so expiry day does not divide by 0.
 * - T (years) = (expiration 16:00 ET - asOf) / 365 days, never negative: continuous,
 *   so an option quoted at 15:00 on expiry day still has one hour of time value.
 * New York wall time comes from Intl (the runtime's tz database), never from the host zone.
 */

import { DAY_MS } from "#app/engine/units.ts";
import {
  NEW_YORK_OFFSET_CHANGES,
  NEW_YORK_OFFSETS_END,
  NEW_YORK_OFFSETS_START,
} from "#app/engine/new-york-offsets.ts";

export { DAY_MS };
const MS_PER_YEAR = 365 * DAY_MS;
const NEW_YORK = "America/New_York";

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' to UTC midnight epoch ms, or NaN. */
export function dateToUtcMs(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) return NaN;
  const y = +m[1];
  const mo = +m[2];
  const d = +m[3];
  const ms = Date.UTC(y, mo - 1, d);
  const check = new Date(ms);
  return check.getUTCMonth() === mo - 1 && check.getUTCDate() === d ? ms : NaN;
}

export function isIsoDate(date: string): boolean {
  return !Number.isNaN(dateToUtcMs(date));
}

/** Formats UTC epoch ms as 'YYYY-MM-DD' (the UTC calendar date). */
export function utcMsToDate(ms: number): string {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  return `${y}-${m < 10 ? "0" : ""}${m}-${day < 10 ? "0" : ""}${day}`;
}

// ---------------------------------------------------------------- the New York clock
let formatter: Intl.DateTimeFormat | null = null;
function nyFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: NEW_YORK,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return formatter;
}

export interface NewYorkParts {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
  second: number;
  /** Minutes since New York midnight. */
  minuteOfDay: number;
}

/** New York's offset from UTC in minutes at an instant, from the generated table; null outside it. */
export function newYorkOffsetMinutes(ms: number): number | null {
  if (!(ms >= NEW_YORK_OFFSETS_START && ms < NEW_YORK_OFFSETS_END)) return null;
  let lo = 0;
  let hi = NEW_YORK_OFFSET_CHANGES.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (NEW_YORK_OFFSET_CHANGES[mid]![0] <= ms) lo = mid;
    else hi = mid - 1;
  }
  return NEW_YORK_OFFSET_CHANGES[lo]![1];
}

function clockParts(date: string, hour: number, minute: number, second: number): NewYorkParts {
  return { date, hour, minute, second, minuteOfDay: hour * 60 + minute };
}

/** The New York clock as Intl's time-zone data reads it (the source the offset table was generated from). */
export function newYorkPartsFromIntl(ms: number): NewYorkParts {
  const parts: Record<string, string> = {};
  for (const p of nyFormatter().formatToParts(new Date(ms))) parts[p.type] = p.value;
  return clockParts(
    `${parts.year}-${parts.month}-${parts.day}`,
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
}

export function newYorkParts(ms: number): NewYorkParts {
  // The table (read from Intl when it was generated) spares the browser from building an Intl formatter,
  // whose first use loads ICU's zone data; outside it, Intl answers.
  const offset = newYorkOffsetMinutes(ms);
  if (offset === null) return newYorkPartsFromIntl(ms);
  const wall = new Date(ms + offset * 60_000);
  return clockParts(
    utcMsToDate(wall.getTime()),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  );
}

/** New York calendar date of an instant. */
export function newYorkDate(utcMs: number): string {
  return newYorkParts(utcMs).date;
}

/** Epoch ms of a New York wall-clock time on a date (DST resolved by the tz database). */
export function newYorkInstant(date: string, hour: number, minute = 0): number {
  const [y, m, d] = date.split("-").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hour, minute);
  // New York is UTC-4 or UTC-5: guess -5, then correct by what the clock actually reads there.
  let guess = wall + 5 * 3_600_000;
  for (let i = 0; i < 2; i++) {
    const p = newYorkParts(guess);
    const [py, pm, pd] = p.date.split("-").map(Number);
    const seen = Date.UTC(py!, pm! - 1, pd!, p.hour, p.minute);
    if (seen === wall) break;
    guess += wall - seen;
  }
  return guess;
}

/** New York's UTC offset in hours (-4 in daylight time, -5 otherwise) at a UTC instant. */
export function newYorkUtcOffsetHours(utcMs: number): number {
  const p = newYorkParts(utcMs);
  const wall = dateToUtcMs(p.date) + (p.minuteOfDay * 60 + p.second) * 1000;
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 3_600_000);
}

// Expirations repeat across every leg of a chain: resolve each date's 16:00 once per isolate.
const expirationInstants = new Map<string, number>();

/** Epoch ms of 16:00 New York time on a 'YYYY-MM-DD' date (NaN if the date is invalid). */
export function expirationInstantMs(expirationDate: string): number {
  let ms = expirationInstants.get(expirationDate);
  if (ms === undefined) {
    ms = isIsoDate(expirationDate) ? newYorkInstant(expirationDate, 16) : NaN;
    if (expirationInstants.size > 5000) expirationInstants.clear();
    expirationInstants.set(expirationDate, ms);
  }
  return ms;
}

/** Whole calendar days from `fromDate` to `toDate` (both 'YYYY-MM-DD'). */
export function calendarDaysBetween(fromDate: string, toDate: string): number {
  return Math.round((dateToUtcMs(toDate) - dateToUtcMs(fromDate)) / DAY_MS);
}

/**
 * The one displayed and filtered day count (decision 235): calendar days from today's New York date to the
 * expiration date, 0 on expiration day and negative after it. Every screen, API, CSV and share page counts
 * DTE with this; the model's T stays exact (yearsToExpiration, from the quote time).
 */
export function daysToExpiry(today: string, expirationDate: string): number {
  return calendarDaysBetween(today, expirationDate);
}

/** daysToExpiry counted from the New York date of an instant (the server clock). */
export function daysToExpiryAt(nowMs: number, expirationDate: string): number {
  return daysToExpiry(newYorkDate(nowMs), expirationDate);
}

/** Years from an instant to 16:00 New York on the expiration date, floored at 0. */
export function yearsToExpiration(asOfMs: number, expirationDate: string): number {
  const t = (expirationInstantMs(expirationDate) - asOfMs) / MS_PER_YEAR;
  return t > 0 ? t : 0;
}

/** Annualised percent: periodPercent / max(DTE, 1) * 365 (the product's rule). */
export function annualize(periodPercent: number, dte: number): number {
  return (periodPercent / (dte > 1 ? dte : 1)) * 365;
}
