// The simulated market's volatility surface and earnings moves, shared by the chains, the quote's iv30 and
// the price history (so the history's earnings-day jumps are the moves the chains price, and iv30 is the
// chains' own 30-day at-the-money IV):
//   level        the economy's expected variance over the option's life under today's volatility states
//                (economy.server.ts), times (1 + the class's premium) and its noise: no lag, so the implied
//                level moves the same day as the price, and the term structure inverts when the states are high;
//   term premium at-the-money variance rate x (1 - slope x e^{-T/0.2}), slope seeded per symbol in [0.02, 0.08]:
//                short expirations a little below long ones at the average state (contango, the usual calm shape);
//   earnings kink every expiration on or after the report's reaction day carries the jump's variance
//                move^2 on top, so the front month's IV rises and the term structure bends at the report;
//   move         the reaction day's log-return standard deviation, vol x 0.18 within [2.5%, 12%].
// The reaction day is the report date for a report before the open, the next trading day after the close.
import { nextTradingDay } from "#app/lib/market-calendar/index.ts";
import type { UniverseEntry } from "#app/server/market/universe.server.ts";
import { earningsDatesOfYear } from "#app/server/market/providers/demo/corporate-events.server.ts";
import {
  expectedVariance,
  impliedInputs,
  type ImpliedInputs,
  tradingDayIndex,
} from "#app/server/market/providers/demo/economy.server.ts";
import { uniform } from "#app/server/market/providers/demo/random.server.ts";

/** The implied inputs on a session, `fraction` of it elapsed (the close's states after it). */
export function impliedAt(entry: UniverseEntry, sessionDate: string, fraction: number): ImpliedInputs {
  return impliedInputs(entry, tradingDayIndex(sessionDate), Math.min(1, Math.max(0, fraction)));
}

function termSlope(entry: UniverseEntry): number {
  return 0.02 + 0.06 * uniform(`${entry.symbol}:term-slope`);
}

/** Standard deviation of the log-return on an earnings reaction day. */
export function earningsMove(entry: UniverseEntry): number {
  return Math.min(0.12, Math.max(0.025, entry.vol * 0.18));
}

/** Reaction days of a year's reports, ascending. */
const reactionCache = new Map<string, string[]>();
export function earningsReactionDays(entry: UniverseEntry, year: number): string[] {
  const key = `${entry.symbol}:${year}`;
  let days = reactionCache.get(key);
  if (!days) {
    days = earningsDatesOfYear(entry, year).map((d) => (d.time === "amc" ? nextTradingDay(d.date) : d.date));
    reactionCache.set(key, days);
  }
  return days;
}

/**
 * The next reaction day whose jump is not yet in the price: after `sessionDate`, or on it while the
 * session has not opened (fraction 0). null for ETFs.
 */
export function pendingReactionDay(
  entry: UniverseEntry,
  sessionDate: string,
  fraction: number,
): string | null {
  const y = Number(sessionDate.slice(0, 4));
  for (const year of [y, y + 1])
    for (const day of earningsReactionDays(entry, year))
      if (day > sessionDate || (day === sessionDate && fraction <= 0)) return day;
  return null;
}

/**
 * At-the-money IV of an expiration T years away (expiring on `expirationDate`), with the earnings jump
 * when the pending reaction day falls on or before it.
 */
export function atmVol(
  entry: UniverseEntry,
  inputs: ImpliedInputs,
  T: number,
  expirationDate: string,
  reactionDay: string | null,
): number {
  const level = (1 + inputs.premium) * Math.exp(inputs.noise);
  const rate = expectedVariance(inputs.parts, T * 252) * level * level;
  let variance = rate * (1 - termSlope(entry) * Math.exp(-T / 0.2)) * T;
  if (reactionDay !== null && reactionDay <= expirationDate) variance += earningsMove(entry) ** 2;
  return Math.sqrt(variance / T);
}
