// Simulated option chains: priced with the engine's BSM on a skewed IV surface (term structure and
// earnings kink in surface.server.ts), with the listed markets' shape: $1 strikes near the money on
// SPY/QQQ/IWM ($2.50 on TSLA), daily expirations on SPY/QQQ/IWM, penny-wide books on the most liquid
// names, and tier-dependent strikes, expirations, spreads, volume and open interest elsewhere.
import { bsmPriceGreeksInto, type Greeks } from "../../../../engine/bsm";
import { formatOccSymbol } from "../../../../engine/occ";
import { yearsToExpiration } from "../../../../engine/time";
import type { ChainExpiration, ChainLeg } from "../../../../engine/types";
import {
  addDays,
  daysBetween,
  isMonthlyExpiration,
  monthlyExpiration,
  newYorkDateOf,
  isTradingDay,
  onOrBeforeTradingDay,
  weekday,
} from "../../../../lib/market-calendar";
import { simulatedRiskFreeRate } from "../../../../lib/risk-free-rate";
import type { ChainSnapshot } from "../../types.server";
import type { UniverseEntry } from "../../universe.server";
import { spotAt } from "./prices.server";
import { dayNumber, normalOf, round2, SALT, seedOf, uniformOf } from "./random.server";
import { atmVol, pendingReactionDay, volLevel } from "./surface.server";

/** Strike step near the money where the listed market is finer than the price band's usual step. */
const NEAR_MONEY_STEP: Readonly<Record<string, number>> = { SPY: 1, QQQ: 1, IWM: 1, TSLA: 2.5 };
/** Fine strikes listed on each side of the forward, at most. */
const NEAR_MONEY_STRIKES = 40;
/** Monday-to-Friday expirations, listed about a month ahead. */
const DAILY_EXPIRATIONS = new Set(["SPY", "QQQ", "IWM"]);
const DAILY_EXPIRATION_DAYS = 30;
/** The deepest option books: quoted a cent or two wide near the money. */
const PENNY_WIDE = new Set(["SPY", "QQQ", "IWM", "AAPL", "MSFT", "NVDA", "AMZN", "META", "TSLA", "AMD"]);
/** Whole-penny increments at every price (the index ETFs); other penny names tick $0.05 from $3. */
const PENNY_AT_ANY_PRICE = new Set(["SPY", "QQQ", "IWM"]);

function strikeIncrement(price: number, tier: number, longDated: boolean): number {
  let step: number;
  if (price < 5) step = 0.5;
  else if (price < 25) step = tier === 1 ? 0.5 : 1;
  else if (price < 60) step = 1;
  else if (price < 150) step = tier === 1 ? 1 : 2.5;
  else if (price < 400) step = tier === 1 ? 2.5 : 5;
  else if (price < 1000) step = 5;
  else step = 10;
  return longDated ? step * 2 : step;
}

function expirationDates(entry: UniverseEntry, today: string, afterClose: boolean): string[] {
  const set = new Set<string>();
  const horizon = addDays(today, 90);
  const weekliesUntil = entry.tier === 1 ? horizon : addDays(today, entry.tier === 2 ? 42 : 0);
  if (DAILY_EXPIRATIONS.has(entry.symbol))
    for (let d = today; d <= addDays(today, DAILY_EXPIRATION_DAYS); d = addDays(d, 1))
      if (isTradingDay(d) && !(d === today && afterClose)) set.add(d);
  // Fridays (moved to Thursday on holidays) up to the horizon; tier 1 gets every week.
  let friday = addDays(today, (5 - weekday(today) + 7) % 7);
  for (; friday <= horizon; friday = addDays(friday, 7)) {
    const exp = onOrBeforeTradingDay(friday);
    if (exp < today || (exp === today && afterClose)) continue;
    if (friday <= weekliesUntil || isMonthlyExpiration(exp)) set.add(exp);
  }
  // Monthlies to ~90 days, then quarterlies and January LEAPS.
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  for (let i = 0; i <= 15; i++) {
    const mm = ((m - 1 + i) % 12) + 1;
    const yy = y + Math.floor((m - 1 + i) / 12);
    const exp = monthlyExpiration(yy, mm);
    if (exp < today || (exp === today && afterClose)) continue;
    if (exp <= horizon || (mm % 3 === 0 && i <= 9)) set.add(exp);
  }
  set.add(monthlyExpiration(y + 1, 1));
  set.add(monthlyExpiration(y + 2, 1));
  return [...set].filter((d) => d >= today).sort();
}

const TIER = {
  1: { relSpread: 0.012, baseWidth: 0.01, oi: 12000 },
  2: { relSpread: 0.035, baseWidth: 0.04, oi: 2500 },
  3: { relSpread: 0.07, baseWidth: 0.08, oi: 400 },
} as const;
const PENNY_BOOK = { relSpread: 0.003, baseWidth: 0.005, oi: 30000 } as const;

function tickFor(tier: number, price: number, symbol: string): number {
  if (PENNY_AT_ANY_PRICE.has(symbol)) return 0.01;
  if (tier === 1) return price < 3 ? 0.01 : 0.05;
  return price < 3 ? 0.05 : 0.1;
}

/**
 * Listed strikes of one expiration: the band's usual step from lowK to highK (at most ~50 of them), and
 * where the market lists finer strikes near the money, every fine strike within 1.5 standard deviations of
 * the forward (at least 2%), up to NEAR_MONEY_STRIKES on each side.
 */
function listedStrikes(
  entry: UniverseEntry,
  spot: number,
  forward: number,
  sd: number,
  dte: number,
): number[] {
  const step = strikeIncrement(spot, entry.tier, dte > 120);
  const lowK = Math.max(step, Math.floor((forward * Math.exp(-Math.max(2.6 * sd, 0.1))) / step) * step);
  const highK = Math.ceil((forward * Math.exp(Math.max(2 * sd, 0.08))) / step) * step;
  let stride = 1;
  while ((highK - lowK) / (step * stride) > 50) stride++;
  const strikes = new Set<number>();
  for (let k = lowK; k <= highK + 1e-9; k += step * stride) strikes.add(Math.round(k * 100) / 100);
  const fine = dte <= 120 ? NEAR_MONEY_STEP[entry.symbol] : undefined;
  if (fine !== undefined && fine < step) {
    const half = Math.max(1.5 * sd, 0.02);
    const from = Math.max(
      Math.ceil((forward * Math.exp(-half)) / fine),
      Math.round(forward / fine) - NEAR_MONEY_STRIKES,
      1,
    );
    const to = Math.min(
      Math.floor((forward * Math.exp(half)) / fine),
      Math.round(forward / fine) + NEAR_MONEY_STRIKES,
    );
    // Inside the fine band only fine strikes are listed (no $237.50 between $237 and $238).
    for (const k of strikes) if (k >= from * fine && k <= to * fine && !onGrid(k, fine)) strikes.delete(k);
    for (let i = from; i <= to; i++) strikes.add(Math.round(i * fine * 100) / 100);
  }
  return [...strikes].sort((a, b) => a - b);
}

const onGrid = (k: number, step: number) => Math.abs(k / step - Math.round(k / step)) < 1e-6;

function roundTo(x: number, tick: number, dir: "down" | "up"): number {
  const n = x / tick;
  const r = dir === "down" ? Math.floor(n + 1e-9) : Math.ceil(n - 1e-9);
  return Math.round(r * tick * 100) / 100;
}

/**
 * The quote's iv30: the chains' own 30-day at-the-money IV (the same surface at T = 30/365, with the
 * earnings jump when the pending reaction day is within 30 days), as a decimal.
 */
export function demoIv30(entry: UniverseEntry, clockMs: number): number {
  const { sessionDate, fraction, observedMs } = spotAt(entry, clockMs);
  const horizon = addDays(newYorkDateOf(observedMs), 30);
  return atmVol(
    entry,
    volLevel(entry, sessionDate),
    30 / 365,
    horizon,
    pendingReactionDay(entry, sessionDate, fraction),
  );
}

export function buildChain(entry: UniverseEntry, clockMs: number): ChainSnapshot {
  const observed = spotAt(entry, clockMs);
  const { price: spot, sessionDate } = observed;
  // A closed market's chain is the closing chain: priced, dated and aged as of the close.
  const fraction = observed.fraction;
  const ms = observed.observedMs;
  const today = newYorkDateOf(ms);
  const afterClose = fraction >= 1;
  // Priced with the simulated market's own published bill series, the rate the screens are told.
  const r = simulatedRiskFreeRate(today).rate;
  const q = entry.divYield;
  const level = volLevel(entry, sessionDate);
  const reactionDay = pendingReactionDay(entry, sessionDate, fraction);
  const penny = PENNY_WIDE.has(entry.symbol);
  const tierParams = penny ? PENNY_BOOK : TIER[entry.tier];
  const greeks: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };
  const seed = seedOf(entry.symbol);
  const dayKey = dayNumber(sessionDate);
  const expirations: ChainExpiration[] = [];
  for (const expirationDate of expirationDates(entry, today, afterClose)) {
    const T = Math.max(yearsToExpiration(ms, expirationDate), 1 / (365 * 24));
    const dte = daysBetween(today, expirationDate);
    const atm = atmVol(entry, level, T, expirationDate, reactionDay);
    const forward = spot * Math.exp((r - q) * T);
    const sd = atm * Math.sqrt(T);
    const step = strikeIncrement(spot, entry.tier, dte > 120);
    const monthly = isMonthlyExpiration(expirationDate);
    const expKey = dayNumber(expirationDate);
    const legs: ChainLeg[] = [];
    for (const strike of listedStrikes(entry, spot, forward, sd, dte)) {
      const x = Math.log(strike / forward) / sd;
      // Equity skew: puts richer than calls, a mild smile on both wings.
      const iv = Math.min(atm * 2.5, Math.max(atm * 0.65, atm * (1 - 0.1 * x + 0.025 * x * x)));
      const roundStrike = Math.abs(strike / (step * 5) - Math.round(strike / (step * 5))) < 1e-6;
      for (const type of ["call", "put"] as const) {
        const theo = bsmPriceGreeksInto(type === "call", spot, strike, T, r, q, iv, greeks);
        const occSymbol = formatOccSymbol(entry.symbol, expirationDate, type, strike);
        const tick = tickFor(entry.tier, theo, entry.symbol);
        const moneyness = type === "call" ? x : -x;
        const width = Math.max(
          tick,
          tierParams.baseWidth +
            theo * tierParams.relSpread * (1 + 0.4 * Math.abs(x)) +
            (moneyness < -1 ? theo * 0.01 : 0),
        );
        let bid = theo - width / 2 < tick ? 0 : roundTo(theo - width / 2, tick, "down");
        // A penny book quotes the width itself around the price, not the width widened by two roundings.
        let ask = PENNY_AT_ANY_PRICE.has(entry.symbol)
          ? roundTo(Math.max(bid + width, theo, tick), tick, "up")
          : roundTo(Math.max(theo + width / 2, tick), tick, "up");
        if (ask <= bid) ask = round2(bid + tick);
        if (bid < 0) bid = 0;
        const legKey = Math.round(strike * 100) * 2 + (type === "call" ? 1 : 0);
        const noise = Math.exp(0.5 * normalOf(seed ^ expKey, legKey, SALT.oi));
        const interest =
          tierParams.oi *
          Math.exp(-0.35 * x * x) *
          (monthly ? 2 : 1) *
          (roundStrike ? 1.6 : 1) *
          Math.exp(-T * 1.5);
        const openInterest = Math.round(interest * noise);
        const turnover = 0.04 + 0.2 * Math.exp(-dte / 10);
        const volume = Math.round(
          openInterest * turnover * uniformOf(seed ^ expKey, legKey, dayKey) * Math.min(1, fraction + 0.05),
        );
        // The previous session's full-day volume: what the ranking's liquidity weight reads.
        const prevDayVolume = Math.round(
          openInterest * turnover * uniformOf(seed ^ expKey, legKey, dayKey - 1),
        );
        legs.push({
          occSymbol,
          type,
          strike,
          bid: round2(bid),
          ask: round2(ask),
          last: null,
          iv: Math.round(iv * 10000) / 10000,
          delta: Math.round(greeks.delta * 10000) / 10000,
          gamma: Math.round(greeks.gamma * 10000) / 10000,
          theta: Math.round((greeks.theta / 365) * 10000) / 10000,
          vega: Math.round((greeks.vega / 100) * 10000) / 10000,
          volume,
          openInterest,
          prevDayVolume,
          quoteTime: null,
        });
      }
    }
    expirations.push({ expirationDate, legs });
  }
  return {
    underlying: entry.symbol,
    spot: round2(spot),
    asOf: new Date(ms).toISOString(),
    expirations,
    source: "demo",
  };
}
