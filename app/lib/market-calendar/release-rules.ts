// Publication rules for the US releases the calendar shows beyond the agencies' published dates we ship
// (decision 258). Each rule is the agency's usual practice written as code; a date it gives is an estimate
// (the product labels it so) and is checked against the published 2026 dates in tests/unit/market. Pure.
//
// Dates are 'YYYY-MM-DD' strings; weekdays 0 = Sunday .. 6 = Saturday. The agencies follow the federal
// holiday calendar, not the exchange's (BEA has published on Good Friday), so holidays here are federal.

import { DAY_MS } from "#app/engine/units.ts";

function toMs(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}
function fromMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
function ymd(year: number, month: number, day: number): string {
  return fromMs(Date.UTC(year, month - 1, day));
}
function plusDays(date: string, days: number): string {
  return fromMs(toMs(date) + days * DAY_MS);
}
function dayOfWeek(date: string): number {
  return new Date(toMs(date)).getUTCDay();
}
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
/** The first `weekday` on or after `date`. */
function onOrAfter(date: string, weekday: number): string {
  return plusDays(date, (weekday - dayOfWeek(date) + 7) % 7);
}
/** The n-th (1-based) `weekday` of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  return plusDays(onOrAfter(ymd(year, month, 1), weekday), 7 * (n - 1));
}
function lastWeekday(year: number, month: number, weekday: number): string {
  const last = ymd(year, month, daysInMonth(year, month));
  return plusDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
}
/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(date: string): string {
  const d = dayOfWeek(date);
  return d === 6 ? plusDays(date, -1) : d === 0 ? plusDays(date, 1) : date;
}

/** Federal holidays (observed) of a year: 5 U.S.C. 6103. */
export function federalHolidays(year: number): ReadonlySet<string> {
  return new Set([
    observed(ymd(year, 1, 1)),
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    lastWeekday(year, 5, 1), // Memorial Day
    observed(ymd(year, 6, 19)),
    observed(ymd(year, 7, 4)),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(ymd(year, 11, 11)),
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    observed(ymd(year, 12, 25)),
    // New Year's Day of the next year falling on a Saturday is observed on this year's December 31.
    observed(ymd(year + 1, 1, 1)),
  ]);
}

export function isFederalBusinessDay(date: string): boolean {
  const d = dayOfWeek(date);
  return d !== 0 && d !== 6 && !federalHolidays(Number(date.slice(0, 4))).has(date);
}
function businessDayOnOrBefore(date: string): string {
  let d = date;
  while (!isFederalBusinessDay(d)) d = plusDays(d, -1);
  return d;
}
function businessDayOnOrAfter(date: string): string {
  let d = date;
  while (!isFederalBusinessDay(d)) d = plusDays(d, 1);
  return d;
}

/**
 * BLS Employment Situation for a reference month: the third Friday after the reference week (the Sunday to
 * Saturday week that holds the 12th), which is usually the first Friday of the next month. December's report
 * moves a week later when that Friday falls on January 1-3 (the New Year holiday week: Jan 9 2015, Jan 8 2016,
 * Jan 8 2021); a Friday that is a federal holiday moves to the business day before (July 2 2026).
 */
export function jobsReportDate(refYear: number, refMonth: number): string {
  const twelfth = ymd(refYear, refMonth, 12);
  const weekEnds = plusDays(twelfth, 6 - dayOfWeek(twelfth));
  let release = plusDays(weekEnds, 6 + 14); // the first Friday after that Saturday, then two more weeks
  if (refMonth === 12 && Number(release.slice(8, 10)) <= 3) release = plusDays(release, 7);
  return businessDayOnOrBefore(release);
}
export const JOBS_RULE = "BLS practice: third Friday after the reference week (usually the first Friday)";

/**
 * BLS CPI for a reference month, released the next month: the first Wednesday on or after the 9th, the next
 * business day when that is a federal holiday. BLS sets CPI days Tuesday to Friday with no fixed pattern; this
 * is the best single rule over 2026 (decision 258 gives its match rate).
 */
export function cpiReleaseDate(refYear: number, refMonth: number): string {
  const year = refMonth === 12 ? refYear + 1 : refYear;
  const month = refMonth === 12 ? 1 : refMonth + 1;
  return businessDayOnOrAfter(onOrAfter(ymd(year, month, 9), 3));
}
export const CPI_RULE = "BLS practice: mid-month, about the second Wednesday";

export type GdpEstimate = "Advance" | "Second" | "Third";

/**
 * BEA GDP release in a calendar month: the last Thursday of the month (the business day before when it is a
 * holiday); in December the Thursday of the week before Christmas week. January, April, July and October carry
 * the previous quarter's advance estimate, the next month its second, the month after its third.
 */
export function gdpReleaseDate(year: number, month: number): { date: string; estimate: GdpEstimate } {
  const estimate: GdpEstimate = (["Advance", "Second", "Third"] as const)[(month - 1) % 3]!;
  if (month === 12) {
    const christmas = ymd(year, 12, 25);
    const christmasWeekMonday = plusDays(christmas, -((dayOfWeek(christmas) + 6) % 7));
    return { date: businessDayOnOrBefore(plusDays(christmasWeekMonday, -4)), estimate };
  }
  return { date: businessDayOnOrBefore(lastWeekday(year, month, 4)), estimate };
}
export const GDP_RULE = "BEA practice: late in the month, usually the last Thursday";

/** BEA Personal Income and Outlays (PCE prices) in a calendar month: the business day after that month's GDP. */
export function pceReleaseDate(year: number, month: number): string {
  return businessDayOnOrAfter(plusDays(gdpReleaseDate(year, month).date, 1));
}
export const PCE_RULE = "BEA practice: the business day after the month's GDP release";

/** Calendar months from `from` to `to` inclusive, as [year, month] pairs ('YYYY-MM' bounds). */
export function monthsBetween(from: string, to: string): [number, number][] {
  const out: [number, number][] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push([y, m]);
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y += 1;
  }
  return out;
}
