// Calendar days ('YYYY-MM-DD') written out with month names. A module of its own so a page that shows only
// dates (the home page's economic calendar) does not load the number formatting of format.ts.

export const MISSING = "N/A";

export const SHORT_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

/** 'YYYY-MM-DD' -> 'Dec 4, 2026' without time-zone drift (the date is a calendar day, not an instant). */
export function formatCalendarDate(isoDate: string | null | undefined): string {
  if (!isoDate) return MISSING;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return MISSING;
  const month = SHORT_MONTHS[Number(m[2]) - 1];
  if (!month) return MISSING;
  return `${month} ${Number(m[3])}, ${m[1]}`;
}

const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 'YYYY-MM-DD' -> 'December 4, 2026' (a calendar day: no time zone, and no Intl formatter to build). */
export function formatLongCalendarDate(isoDate: string | null | undefined): string {
  const m = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  const month = m ? LONG_MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${Number(m[3])}, ${m[1]}` : MISSING;
}
