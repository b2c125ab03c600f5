// Simulated prices: daily closes follow a random walk, its volatility set by the regime (regime.server.ts:
// realised below implied on average, above it in stress spells), with a drift that changes by quarter (so prices
// trend) and a weak pull toward each symbol's reference price (half-life about 230 trading days, so they do not
// wander off over the years), seeded per symbol and day from a fixed epoch, so a close never changes once
// its day has passed. Earnings reaction days add the jump the chains price (surface.server.ts); a few
// other days carry 2.5x news moves. During a session the price moves on a seeded bridge from the previous
// close to the day's close.
import { previousTradingDay, sessionProgress } from "../../../../lib/market-calendar";
import type { DailyBar, DailyHistory } from "../../types.server";
import type { UniverseEntry } from "../../universe.server";
import { dayNumber, normalOf, round2, SALT, seedOf, uniformOf } from "./random.server";
import {
  extendTradingDays,
  isStressed,
  lowerBound,
  realisedShare,
  STRESS_DRIFT_PER_DAY,
  tradingDayIndex,
  tradingDayNumbers,
  tradingDays,
} from "./regime.server";
import { calmVolLevel, earningsMove, earningsReactionDays } from "./surface.server";

const MEAN_REVERSION_PER_DAY = 0.003;
/** Trading days per drift regime, and the regimes' annual drift spread (standard deviation). */
const REGIME_DAYS = 63;
const REGIME_DRIFT_SD = 0.25;

/** Log closes per symbol, index-aligned with `tradingDays`, memoised per isolate. */
const logCloses = new Map<string, number[]>();

/** The day's realised volatility: the calm level times the regime's share (below implied on average). */
function realisedDailyVol(entry: UniverseEntry, date: string, i: number): number {
  return (calmVolLevel(entry, date) * realisedShare(entry, i)) / Math.sqrt(252);
}

function closePath(entry: UniverseEntry, lastDate: string): number[] {
  extendTradingDays(lastDate);
  let path = logCloses.get(entry.symbol);
  if (!path) {
    path = [Math.log(entry.refPrice)];
    logCloses.set(entry.symbol, path);
  }
  const target = Math.log(entry.refPrice);
  const seed = seedOf(entry.symbol);
  const end = lowerBound(tradingDays, lastDate);
  let x = path[path.length - 1]!;
  const jump = earningsMove(entry);
  for (let i = path.length; i <= end && i < tradingDays.length; i++) {
    const n = tradingDayNumbers[i]!;
    const date = tradingDays[i]!;
    const regime = Math.floor(i / REGIME_DAYS);
    const drift =
      (REGIME_DRIFT_SD * normalOf(seed, regime, SALT.drift)) / 252 +
      (isStressed(i) ? STRESS_DRIFT_PER_DAY : 0);
    const dailyVol = realisedDailyVol(entry, date, i);
    // Fatter tails on a few days: occasional 2.5x news moves.
    const shock = uniformOf(seed, n, SALT.jump) < 0.01 ? 2.5 : 1;
    x += drift + MEAN_REVERSION_PER_DAY * (target - x) + dailyVol * shock * normalOf(seed, n, SALT.ret);
    if (earningsReactionDays(entry, Number(date.slice(0, 4))).includes(date))
      x += jump * normalOf(seed, n, SALT.earnings);
    path.push(x);
  }
  return path;
}

export function closeOn(entry: UniverseEntry, date: string): number {
  const path = closePath(entry, date);
  const i = lowerBound(tradingDays, date);
  const j = tradingDays[i] === date ? i : i - 1;
  return Math.exp(path[Math.max(0, Math.min(j, path.length - 1))]!);
}

/** Intraday price on `session` at elapsed fraction f: a bridge from the previous close to the close. */
function intradayPrice(entry: UniverseEntry, sessionDate: string, f: number): number {
  const prev = Math.log(closeOn(entry, previousTradingDay(sessionDate)));
  const close = Math.log(closeOn(entry, sessionDate));
  if (f >= 1) return Math.exp(close);
  const dailyVol = realisedDailyVol(entry, sessionDate, tradingDayIndex(sessionDate));
  let wiggle = 0;
  for (let k = 1; k <= 3; k++)
    wiggle +=
      Math.sin(
        2 * Math.PI * (k * f + uniformOf(seedOf(entry.symbol), dayNumber(sessionDate), SALT.phase * 10 + k)),
      ) / k;
  const bridge = Math.sqrt(f * (1 - f)) * dailyVol * 0.9 * wiggle;
  return Math.exp(prev + f * (close - prev) + bridge);
}

export function spotAt(
  entry: UniverseEntry,
  ms: number,
): { price: number; previousClose: number; sessionDate: string; fraction: number; observedMs: number } {
  const { session, fraction } = sessionProgress(ms);
  // Quantise to the minute so one minute gives one price.
  const f = Math.floor(fraction * 390) / 390;
  return {
    price: intradayPrice(entry, session.date, fraction >= 1 ? 1 : f),
    previousClose: closeOn(entry, previousTradingDay(session.date)),
    sessionDate: session.date,
    fraction,
    // Outside the session the price is the last close: label it with the close's time, not the clock's.
    observedMs: fraction >= 1 ? session.closeMs : ms,
  };
}

/** Completed daily bars up to the last close before `ms` (at most `days` of them). */
export function dailyHistory(entry: UniverseEntry, symbol: string, days: number, ms: number): DailyHistory {
  const { session, fraction } = sessionProgress(ms);
  const last = fraction >= 1 ? session.date : previousTradingDay(session.date);
  const path = closePath(entry, last);
  const end = Math.min(lowerBound(tradingDays, last) + 1, path.length);
  const start = Math.max(1, end - days);
  const seed = seedOf(symbol);
  const bars: DailyBar[] = [];
  for (let i = start; i < end; i++) {
    const date = tradingDays[i]!;
    const n = tradingDayNumbers[i]!;
    const close = Math.exp(path[i]!);
    const prev = Math.exp(path[i - 1]!);
    // The day's range follows its realised volatility (wider in a stress spell).
    const dailyVol = realisedDailyVol(entry, date, i);
    const open = prev * Math.exp(0.3 * dailyVol * normalOf(seed, n, SALT.open));
    const hi = Math.max(open, close) * Math.exp(Math.abs(0.5 * dailyVol * normalOf(seed, n, SALT.high)));
    const lo = Math.min(open, close) * Math.exp(-Math.abs(0.5 * dailyVol * normalOf(seed, n, SALT.low)));
    const volume = Math.round(
      (entry.tier === 1 ? 4e7 : entry.tier === 2 ? 8e6 : 2e6) *
        Math.exp(0.3 * normalOf(seed, n, SALT.shares)),
    );
    bars.push({
      date,
      open: round2(open),
      high: round2(hi),
      low: round2(lo),
      close: round2(close),
      volume,
    });
  }
  return { symbol, bars, source: "demo", asOf: new Date(ms).toISOString() };
}
