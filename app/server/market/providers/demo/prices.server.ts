// Simulated prices: each name's daily log return is the economy's (economy.server.ts: drift, market and sector
// factors, an idiosyncratic shock, stress spells) plus, on earnings reaction days, the jump the chains price
// (surface.server.ts). The cumulative path from the epoch is anchored once, so the closes of ANCHOR_DATE are the
// universe's reference prices; a close never changes once its day has passed. During a session the price moves on
// a seeded bridge from the previous close to the day's close.
import { previousTradingDay, sessionProgress } from "#app/lib/market-calendar/index.ts";
import type { DailyBar, DailyHistory } from "#app/server/market/types.server.ts";
import type { UniverseEntry } from "#app/server/market/universe.server.ts";
import {
  ANCHOR_DATE,
  extendTradingDays,
  leveragedBase,
  leveragedLogReturn,
  lowerBound,
  nameSeries,
  tradingDayIndex,
  tradingDayNumbers,
  tradingDays,
} from "#app/server/market/providers/demo/economy.server.ts";
import {
  dayNumber,
  normalOf,
  round2,
  SALT,
  seedOf,
  uniformOf,
} from "#app/server/market/providers/demo/random.server.ts";
import { earningsMove, earningsReactionDays } from "#app/server/market/providers/demo/surface.server.ts";

/** Cumulative log returns per symbol from the epoch, index-aligned with `tradingDays`, memoised per isolate. */
const logPaths = new Map<string, number[]>();

/** The day's realised daily volatility (the economy's, before earnings jumps). */
function realisedDailyVol(entry: UniverseEntry, i: number): number {
  return Math.sqrt(nameSeries(entry, i).variance[i]!);
}

function cumulativePath(entry: UniverseEntry, end: number): number[] {
  let path = logPaths.get(entry.symbol);
  if (!path) logPaths.set(entry.symbol, (path = [0]));
  if (path.length > end) return path;
  const base = leveragedBase(entry);
  if (base) {
    const basePath = cumulativePath(base, end);
    for (let i = path.length; i <= end; i++)
      path.push(path[i - 1]! + leveragedLogReturn(entry, basePath[i]! - basePath[i - 1]!));
    return path;
  }
  const series = nameSeries(entry, end);
  const seed = seedOf(entry.symbol);
  const jump = earningsMove(entry);
  for (let i = path.length; i <= end; i++) {
    const date = tradingDays[i]!;
    let x = path[i - 1]! + series.ret[i]!;
    if (earningsReactionDays(entry, Number(date.slice(0, 4))).includes(date))
      x += jump * normalOf(seed, tradingDayNumbers[i]!, SALT.earnings);
    path.push(x);
  }
  return path;
}

/** Log closes through `lastDate` (at least through the anchor), and the anchor's cumulative value. */
function closePath(entry: UniverseEntry, lastDate: string): { path: number[]; offset: number } {
  const last = lastDate > ANCHOR_DATE ? lastDate : ANCHOR_DATE;
  extendTradingDays(last);
  const path = cumulativePath(entry, lowerBound(tradingDays, last));
  return { path, offset: Math.log(entry.refPrice) - path[tradingDayIndex(ANCHOR_DATE)]! };
}

export function closeOn(entry: UniverseEntry, date: string): number {
  const { path, offset } = closePath(entry, date);
  return Math.exp(path[tradingDayIndex(date)]! + offset);
}

/** Intraday price on `session` at elapsed fraction f: a bridge from the previous close to the close. */
function intradayPrice(entry: UniverseEntry, sessionDate: string, f: number): number {
  const prev = Math.log(closeOn(entry, previousTradingDay(sessionDate)));
  const close = Math.log(closeOn(entry, sessionDate));
  if (f >= 1) return Math.exp(close);
  const dailyVol = realisedDailyVol(entry, tradingDayIndex(sessionDate));
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
  const { path, offset } = closePath(entry, last);
  const end = lowerBound(tradingDays, last) + 1;
  const start = Math.max(1, end - days);
  const seed = seedOf(symbol);
  const bars: DailyBar[] = [];
  for (let i = start; i < end; i++) {
    const date = tradingDays[i]!;
    const n = tradingDayNumbers[i]!;
    const close = Math.exp(path[i]! + offset);
    const prev = Math.exp(path[i - 1]! + offset);
    // The day's range follows its realised volatility (wider when the states are high).
    const dailyVol = realisedDailyVol(entry, i);
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
