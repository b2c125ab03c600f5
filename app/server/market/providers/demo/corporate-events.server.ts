// Simulated corporate events: quarterly report dates (reporting cycle from the universe table) and
// ex-dividend dates.
import {
  addDays,
  earlyCloseName,
  isTradingDay,
  monthlyExpiration,
  onOrBeforeTradingDay,
  weekday,
} from "#app/lib/market-calendar/index.ts";
import type { EarningsDate } from "#app/server/market/types.server.ts";
import type { UniverseEntry } from "#app/server/market/universe.server.ts";
import { uniform } from "#app/server/market/providers/demo/random.server.ts";

/** Banks open each reporting season in the middle of the month after the quarter. */
const MID_MONTH_REPORTERS = new Set(["JPM", "BAC", "WFC", "C", "GS", "MS"]);

/** A day companies report on: Monday to Thursday, a full session (no holiday, no half day). */
export function isReportingDay(date: string): boolean {
  const w = weekday(date);
  return w >= 1 && w <= 4 && isTradingDay(date) && earlyCloseName(date) === null;
}

/**
 * Quarterly report dates of the simulated companies (reporting cycle from the universe table), each on a
 * reporting day: the banks in the middle of the month after the quarter (days 13-16); other calendar-
 * quarter companies (cycle 1) from the 26th of that month to the 5th of the next, so the fourth-quarter
 * reports of large US companies fall in the last week of January or early February; off-cycle fiscal
 * years (cycles 2 and 3) from the 14th to the 27th. A seeded day that is not a reporting day moves to the
 * next one.
 */
export function earningsDatesOfYear(entry: UniverseEntry, year: number): EarningsDate[] {
  if (!entry.earningsCycle) return [];
  const out: EarningsDate[] = [];
  for (let q = 0; q < 4; q++) {
    const month = entry.earningsCycle + 3 * q;
    const u = uniform(`${entry.symbol}:earn-day:${q}`);
    const day = MID_MONTH_REPORTERS.has(entry.symbol)
      ? 13 + Math.floor(u * 4)
      : entry.earningsCycle === 1
        ? 26 + Math.floor(u * 11)
        : 14 + Math.floor(u * 14);
    let date = addDays(`${year}-${String(month).padStart(2, "0")}-01`, day - 1);
    while (!isReportingDay(date)) date = addDays(date, 1);
    out.push({
      symbol: entry.symbol,
      date,
      time: uniform(`${entry.symbol}:earn-time`) < 0.5 ? "bmo" : "amc",
    });
  }
  return out;
}

/** How far ahead the simulated calendar "knows" report dates; later ones are projected by the reader. */
export const DEMO_CONFIRMED_EARNINGS_DAYS = 45;

export function dividendDatesOfYear(entry: UniverseEntry, year: number): string[] {
  if (entry.divYield <= 0) return [];
  if (entry.divFrequency === 12) {
    return Array.from({ length: 12 }, (_, m) => {
      let d = `${year}-${String(m + 1).padStart(2, "0")}-01`;
      while (!isTradingDay(d)) d = addDays(d, 1);
      return d;
    });
  }
  if (entry.kind === "etf") return [3, 6, 9, 12].map((m) => monthlyExpiration(year, m));
  const offset = Math.floor(uniform(`${entry.symbol}:div-month`) * 3);
  const day = 5 + Math.floor(uniform(`${entry.symbol}:div-day`) * 20);
  return [1, 4, 7, 10].map((m) =>
    onOrBeforeTradingDay(`${year}-${String(m + offset).padStart(2, "0")}-${String(day).padStart(2, "0")}`),
  );
}

/** Announced ex-dates are known about a month ahead. */
export const DIVIDEND_ANNOUNCED_DAYS = 30;

/** The next report on or after today (this year or next). */
export function nextEarnings(entry: UniverseEntry, today: string): EarningsDate | null {
  const y = Number(today.slice(0, 4));
  for (const d of [...earningsDatesOfYear(entry, y), ...earningsDatesOfYear(entry, y + 1)])
    if (d.date >= today) return d;
  return null;
}
