/**
 * Calendar conventions (see docs/decisions/003-engine-conventions.md).
 *
 * - Dates are 'YYYY-MM-DD' strings in New York time; instants are ISO strings / epoch ms.
 * - Options expire at 16:00 New York time on the expiration date (regular close; the
 *   13:00 early closes are ignored: at most 3 hours on a handful of days).
 * - DTE = whole calendar days from today's New York date to the expiration date
 *   (0 on expiration day). Annualisation uses max(DTE, 1) so expiry day does not divide by 0.
 * - T (years) = (expiration 16:00 ET - asOf) / 365 days, never negative: continuous,
 *   so an option quoted at 15:00 on expiry day still has one hour of time value.
 * No Intl/timezone database: the US DST rule (since 2007) is applied by hand.
 */

export const MS_PER_DAY = 86_400_000;
export const MS_PER_YEAR = 365 * MS_PER_DAY;

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

/** Day of month of the n-th Sunday (n >= 1) of a month. */
function nthSunday(year: number, month0: number, n: number): number {
  const firstDow = new Date(Date.UTC(year, month0, 1)).getUTCDay();
  return 1 + ((7 - firstDow) % 7) + 7 * (n - 1);
}

/**
 * New York's UTC offset in hours (-4 in daylight time, -5 otherwise) at a UTC instant.
 * DST runs from the second Sunday of March 02:00 EST (07:00 UTC) to the first Sunday
 * of November 02:00 EDT (06:00 UTC) (Energy Policy Act of 2005).
 */
export function newYorkUtcOffsetHours(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
  return utcMs >= start && utcMs < end ? -4 : -5;
}

/** New York calendar date of an instant. */
export function newYorkDate(utcMs: number): string {
  return utcMsToDate(utcMs + newYorkUtcOffsetHours(utcMs) * 3_600_000);
}

/** Epoch ms of 16:00 New York time on a 'YYYY-MM-DD' date (NaN if the date is invalid). */
export function expirationInstantMs(expirationDate: string): number {
  const midnight = dateToUtcMs(expirationDate);
  if (Number.isNaN(midnight)) return NaN;
  const noonUtc = midnight + 12 * 3_600_000;
  return midnight + (16 - newYorkUtcOffsetHours(noonUtc)) * 3_600_000;
}

/** Whole calendar days from `fromDate` to `toDate` (both 'YYYY-MM-DD'). */
export function calendarDaysBetween(fromDate: string, toDate: string): number {
  return Math.round((dateToUtcMs(toDate) - dateToUtcMs(fromDate)) / MS_PER_DAY);
}

/** Years from an instant to 16:00 New York on the expiration date, floored at 0. */
export function yearsToExpiration(asOfMs: number, expirationDate: string): number {
  const t = (expirationInstantMs(expirationDate) - asOfMs) / MS_PER_YEAR;
  return t > 0 ? t : 0;
}

/** Annualised percent: periodPercent / max(DTE, 1) * 365 (the spec's rule). */
export function annualize(periodPercent: number, dte: number): number {
  return (periodPercent / (dte > 1 ? dte : 1)) * 365;
}
