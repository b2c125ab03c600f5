// The simulated market's volatility regime, shared by the price paths and the chains:
//   stress spells  market-wide blocks of STRESS_BLOCK_DAYS trading days, each stressed with probability
//                  STRESS_PROBABILITY (seeded by block): realised volatility jumps (more for indexes,
//                  whose correlations rise in a sell-off), prices drift down, and implied volatility
//                  follows two days late and decays over the weeks after the spell;
//   premium        outside stress, realised volatility is a fraction of the implied level: on average
//                  REALISED_SHARE (0.76 for indexes, 0.88 for single names), varying by month with a
//                  market part and a per-symbol part. So the volatility risk premium is positive on
//                  average, larger for indexes, changes through time and turns negative in stress.
import { addDays, isTradingDay } from "../../../../lib/market-calendar";
import type { UniverseEntry } from "../../universe.server";
import { skewClassOf } from "./listing.server";
import { dayNumber, EPOCH, normalOf, SALT, seedOf, uniformOf } from "./random.server";

/** Trading days from the epoch, shared by every symbol (extended lazily). */
export const tradingDays: string[] = [EPOCH];
export const tradingDayNumbers: number[] = [dayNumber(EPOCH)];
export function extendTradingDays(lastDate: string): void {
  let date = tradingDays[tradingDays.length - 1]!;
  while (date < lastDate) {
    date = addDays(date, 1);
    if (isTradingDay(date)) {
      tradingDays.push(date);
      tradingDayNumbers.push(dayNumber(date));
    }
  }
}

export function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index in `tradingDays` of the last trading day on or before `date` (0 before the epoch). */
export function tradingDayIndex(date: string): number {
  extendTradingDays(date);
  const i = lowerBound(tradingDays, date);
  return Math.max(0, tradingDays[i] === date ? i : i - 1);
}

const MARKET_SEED = 0x5eed_2024;
export const STRESS_BLOCK_DAYS = 12;
const STRESS_PROBABILITY = 0.1;
/** Realised volatility in a stress spell, as a multiple of the calm implied level. */
const STRESS_REALISED = { index: 1.7, single: 1.45 } as const;
/** How far implied volatility rises at most after a spell starts (fraction of the level). */
const STRESS_IMPLIED_BUMP = 0.3;
const STRESS_IMPLIED_LAG_DAYS = 2;
const STRESS_IMPLIED_DECAY_DAYS = 6;
/** Daily log drift in a stress spell. */
export const STRESS_DRIFT_PER_DAY = -0.003;
/** Realised over implied volatility outside stress, on average, and its monthly variation. */
const REALISED_SHARE = { index: 0.76, single: 0.88 } as const;
const SHARE_MONTH_DAYS = 21;
const SHARE_MARKET_SD = 0.06;
const SHARE_SYMBOL_SD = 0.08;

/** Whether trading day `i` (index from the epoch) is in a market-wide stress spell. */
export function isStressed(i: number): boolean {
  return (
    i >= 0 && uniformOf(MARKET_SEED, Math.floor(i / STRESS_BLOCK_DAYS), SALT.stress) < STRESS_PROBABILITY
  );
}

/** Implied volatility's response to stress on trading day `i`: a fraction of the level to add. */
export function impliedStressBump(i: number): number {
  let bump = 0;
  const span = 3 * STRESS_IMPLIED_DECAY_DAYS;
  for (let k = 0; k <= span; k++) {
    if (isStressed(i - STRESS_IMPLIED_LAG_DAYS - k)) {
      bump = STRESS_IMPLIED_BUMP * Math.exp(-k / STRESS_IMPLIED_DECAY_DAYS);
      break;
    }
  }
  return bump;
}

const vrpClass = (entry: UniverseEntry) => (skewClassOf(entry) === "index" ? "index" : "single");

/** Realised volatility on trading day `i` as a multiple of the calm implied level. */
export function realisedShare(entry: UniverseEntry, i: number): number {
  const cls = vrpClass(entry);
  if (isStressed(i)) return STRESS_REALISED[cls];
  const month = Math.floor(i / SHARE_MONTH_DAYS);
  const share =
    REALISED_SHARE[cls] +
    SHARE_MARKET_SD * normalOf(MARKET_SEED, month, SALT.premium) +
    SHARE_SYMBOL_SD * normalOf(seedOf(entry.symbol), month, SALT.premium);
  return Math.min(1.1, Math.max(0.5, share));
}
