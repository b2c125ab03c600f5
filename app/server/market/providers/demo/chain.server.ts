// Simulated option chains: priced with the engine's BSM on the IV surface (term structure and earnings
// kink in surface.server.ts, skew by class in listing.server.ts) at the dividend yield the engine states
// for the name (dividends.server.ts), and listed and quoted as each name is (listing.server.ts): strike
// steps, expiration sets, ticks and book depth. Quotes are rounded around the model price (the mid within
// half a tick of it), and each leg's IV and greeks are those of its mid, as a data vendor computes them.
import { bsmPriceGreeksInto, type Greeks } from "#app/engine/bsm.ts";
import { impliedVolFast } from "#app/engine/iv.ts";
import { formatOccSymbol } from "#app/engine/occ.ts";
import { yearsToExpiration } from "#app/engine/time.ts";
import type { ChainExpiration, ChainLeg } from "#app/engine/types.ts";
import {
  addDays,
  daysBetween,
  isMonthlyExpiration,
  monthlyExpiration,
  newYorkDateOf,
  isTradingDay,
  onOrBeforeTradingDay,
  weekday,
} from "#app/lib/market-calendar/index.ts";
import { simulatedRiskFreeRate } from "#app/lib/risk-free-rate.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";
import type { UniverseEntry } from "#app/server/market/universe.server.ts";
import { demoDividendYield } from "#app/server/market/providers/demo/dividends.server.ts";
import {
  bookOf,
  expirationProfile,
  nearMoneyStep,
  skewClassOf,
  skewFactor,
  skewSteepness,
  strikeIncrement,
  tickFor,
} from "#app/server/market/providers/demo/listing.server.ts";
import { spotAt } from "#app/server/market/providers/demo/prices.server.ts";
import {
  dayNumber,
  normalOf,
  round2,
  SALT,
  seedOf,
  uniformOf,
} from "#app/server/market/providers/demo/random.server.ts";
import { atmVol, impliedAt, pendingReactionDay } from "#app/server/market/providers/demo/surface.server.ts";
import type { ImpliedInputs } from "#app/server/market/providers/demo/economy.server.ts";

/** Fine strikes listed on each side of the forward, at most. */
const NEAR_MONEY_STRIKES = 40;
const DAILY_EXPIRATION_DAYS = 30;
/** Near months always listed (then the name's quarterly cycle to about nine months). */
const NEAR_MONTHLY_DAYS = 90;

/** Last trading day of a month. */
function lastTradingDayOf(year: number, month: number): string {
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
  return onOrBeforeTradingDay(addDays(next, -1));
}

/** The name's listed expirations (listing.server.ts's profile) from `today`. */
function expirationDates(entry: UniverseEntry, today: string, afterClose: boolean): string[] {
  const profile = expirationProfile(entry);
  const set = new Set<string>();
  const live = (d: string) => d > today || (d === today && !afterClose);
  if (profile.dailies)
    for (let d = today; d <= addDays(today, DAILY_EXPIRATION_DAYS); d = addDays(d, 1))
      if (isTradingDay(d) && live(d)) set.add(d);
  // Friday weeklies (moved to Thursday on holidays) for the name's number of weeks.
  const weekliesUntil = addDays(today, 7 * profile.weeklyWeeks);
  for (
    let friday = addDays(today, (5 - weekday(today) + 7) % 7);
    friday <= weekliesUntil;
    friday = addDays(friday, 7)
  ) {
    const exp = onOrBeforeTradingDay(friday);
    if (live(exp)) set.add(exp);
  }
  // The near monthlies, then the quarterly cycle to about nine months, end-of-quarter and LEAPS.
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  for (let i = 0; i <= 12; i++) {
    const mm = ((m - 1 + i) % 12) + 1;
    const yy = y + Math.floor((m - 1 + i) / 12);
    const exp = monthlyExpiration(yy, mm);
    if (!live(exp)) continue;
    if (exp <= addDays(today, NEAR_MONTHLY_DAYS) || (mm % 3 === profile.cycle % 3 && i <= 9)) set.add(exp);
    if (profile.quarterEnds && mm % 3 === 0 && i <= 12) {
      const end = lastTradingDayOf(yy, mm);
      if (live(end)) set.add(end);
    }
  }
  for (let k = 1; k <= profile.leapsYears; k++) set.add(monthlyExpiration(y + k, 1));
  if (profile.juneLeaps) for (const yy of [y + 1, y + 2]) set.add(monthlyExpiration(yy, 6));
  return [...set].filter(live).sort();
}

/**
 * Listed strikes of one expiration: the band's usual step from lowK to highK (at most ~50 of them), and
 * near the money (within 1.5 standard deviations of the forward, at least 2%, up to NEAR_MONEY_STRIKES
 * on each side) every strike of the name's near-money step, without the wide grid's strikes between.
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
  const fine = dte <= 120 ? nearMoneyStep(entry, spot) : step;
  if (fine < step * stride) {
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

/**
 * Bid and ask `ticks` ticks apart around `theo`: the mid on the tick grid (even width) or half-way
 * between two ticks (odd width), whichever lies within half a tick of the model price. A bid that would
 * fall below one tick is 0 (no bid).
 */
export function quoteAround(theo: number, tick: number, ticks: number): { bid: number; ask: number } {
  const n = theo / tick;
  const low = ticks % 2 === 0 ? Math.round(n) - ticks / 2 : Math.floor(n) - (ticks - 1) / 2;
  const bidTicks = Math.max(0, low);
  const askTicks = Math.max(low + ticks, 1);
  return {
    bid: bidTicks >= 1 ? Math.round(bidTicks * tick * 100) / 100 : 0,
    ask: Math.round(askTicks * tick * 100) / 100,
  };
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
    impliedAt(entry, sessionDate, fraction),
    30 / 365,
    horizon,
    pendingReactionDay(entry, sessionDate, fraction),
  );
}

/** What every contract of one expiration shares at one instant: the surface's ATM vol, the forward, the step. */
interface ExpirationPricing {
  spot: number;
  T: number;
  r: number;
  q: number;
  dte: number;
  atm: number;
  forward: number;
  sd: number;
  step: number;
  steepness: number;
}

/** What every expiration shares at one instant: the published spot, r, q, the vol level and a pending report. */
interface InstantPricing {
  spot: number;
  ms: number;
  today: string;
  r: number;
  q: number;
  implied: ImpliedInputs;
  /** The put skew's steepness: steeper when the market's volatility state is high (a sell-off). */
  steepness: number;
  reactionDay: ReturnType<typeof pendingReactionDay>;
}

function instantPricing(entry: UniverseEntry, observed: ReturnType<typeof spotAt>): InstantPricing {
  // Priced at the spot it publishes (to the cent), so a reader's IV of a mid is the leg's; with the simulated
  // market's own published bill series (the rate the screens are told) and the dividend yield the engine states.
  const spot = round2(observed.price);
  const ms = observed.observedMs;
  const today = newYorkDateOf(ms);
  const implied = impliedAt(entry, observed.sessionDate, observed.fraction);
  return {
    spot,
    ms,
    today,
    r: simulatedRiskFreeRate(today).rate,
    q: demoDividendYield(entry, ms, spot),
    implied,
    steepness: skewSteepness(skewClassOf(entry), implied.marketState),
    reactionDay: pendingReactionDay(entry, observed.sessionDate, observed.fraction),
  };
}

function expirationPricing(
  entry: UniverseEntry,
  at: InstantPricing,
  expirationDate: string,
): ExpirationPricing {
  const { spot, r, q } = at;
  const T = Math.max(yearsToExpiration(at.ms, expirationDate), 1 / (365 * 24));
  const dte = daysBetween(at.today, expirationDate);
  const atm = atmVol(entry, at.implied, T, expirationDate, at.reactionDay);
  const forward = spot * Math.exp((r - q) * T);
  return {
    spot,
    T,
    r,
    q,
    dte,
    atm,
    forward,
    sd: atm * Math.sqrt(T),
    step: strikeIncrement(spot, entry.tier, dte > 120),
    steepness: at.steepness,
  };
}

/** One contract's model price and quote (bid/ask around it); `greeks` receives the model IV's greeks. */
function quoteContract(
  entry: UniverseEntry,
  p: ExpirationPricing,
  type: "call" | "put",
  strike: number,
  greeks: Greeks,
): { x: number; modelIv: number; bid: number; ask: number } {
  const book = bookOf(entry);
  const x = Math.log(strike / p.forward) / p.sd;
  const modelIv = p.atm * skewFactor(skewClassOf(entry), x, p.steepness);
  const isCall = type === "call";
  const theo = bsmPriceGreeksInto(isCall, p.spot, strike, p.T, p.r, p.q, modelIv, greeks);
  const tick = tickFor(entry, theo);
  const moneyness = isCall ? x : -x;
  const width =
    book.baseWidth + theo * book.relSpread * (1 + 0.4 * Math.abs(x)) + (moneyness < -1 ? theo * 0.01 : 0);
  const { bid, ask } = quoteAround(theo, tick, Math.max(1, Math.round(width / tick)));
  return { x, modelIv, bid, ask };
}

/** Ideas on one symbol are marked at the same closes: their instant's pricing is shared (bounded memo). */
const INSTANT_MEMO_MAX = 20_000;
const instantMemo = new Map<string, InstantPricing>();

/**
 * The simulated quote of listed contracts at an instant, priced exactly as `buildChain` prices them (the track
 * record rebuilds an open idea's daily marks from it without building whole chains).
 */
export function demoContractQuotes(
  entry: UniverseEntry,
  clockMs: number,
  expirationDate: string,
  contracts: readonly { type: "call" | "put"; strike: number }[],
): { bid: number; ask: number }[] {
  const key = `${entry.symbol}|${clockMs}`;
  let at = instantMemo.get(key);
  if (!at) {
    at = instantPricing(entry, spotAt(entry, clockMs));
    if (instantMemo.size >= INSTANT_MEMO_MAX) instantMemo.clear();
    instantMemo.set(key, at);
  }
  const pricing = expirationPricing(entry, at, expirationDate);
  const greeks: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };
  return contracts.map((c) => {
    const { bid, ask } = quoteContract(entry, pricing, c.type, c.strike, greeks);
    return { bid, ask };
  });
}

export function buildChain(entry: UniverseEntry, clockMs: number): ChainSnapshot {
  const observed = spotAt(entry, clockMs);
  const { sessionDate } = observed;
  // A closed market's chain is the closing chain: priced, dated and aged as of the close.
  const at = instantPricing(entry, observed);
  const { spot, ms, today } = at;
  const afterClose = observed.fraction >= 1;
  const greeks: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };
  const seed = seedOf(entry.symbol);
  const dayKey = dayNumber(sessionDate);
  const fraction = observed.fraction;
  const book = bookOf(entry);
  const expirations: ChainExpiration[] = [];
  for (const expirationDate of expirationDates(entry, today, afterClose)) {
    const pricing = expirationPricing(entry, at, expirationDate);
    const { T, r, q, dte, sd, step, forward } = pricing;
    const monthly = isMonthlyExpiration(expirationDate);
    const expKey = dayNumber(expirationDate);
    const legs: ChainLeg[] = [];
    for (const strike of listedStrikes(entry, spot, forward, sd, dte)) {
      const roundStrike = Math.abs(strike / (step * 5) - Math.round(strike / (step * 5))) < 1e-6;
      for (const type of ["call", "put"] as const) {
        const isCall = type === "call";
        const occSymbol = formatOccSymbol(entry.symbol, expirationDate, type, strike);
        const { x, modelIv, bid, ask } = quoteContract(entry, pricing, type, strike, greeks);
        // The leg's IV is its mid's (as a vendor reports it); greeks at that IV. Far wings whose mid
        // has no IV (no bid, the mid at or below intrinsic) keep the model's.
        const midIv = bid > 0 ? impliedVolFast(isCall, spot, strike, T, r, q, (bid + ask) / 2) : NaN;
        const iv = midIv > 0.01 && midIv < 5 ? midIv : modelIv;
        if (iv !== modelIv) bsmPriceGreeksInto(isCall, spot, strike, T, r, q, iv, greeks);
        const legKey = Math.round(strike * 100) * 2 + (isCall ? 1 : 0);
        const noise = Math.exp(0.5 * normalOf(seed ^ expKey, legKey, SALT.oi));
        const interest =
          book.oi *
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
          bid,
          ask,
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
    spot,
    asOf: new Date(ms).toISOString(),
    expirations,
    source: "demo",
  };
}
