/**
 * An open position marked live. Cost to close per share: at the mid, and at the natural price (shorts bought
 * back at the ask, longs sold at the bid: what a market order pays, the fill basis of a close). P&L is the open
 * credit less that cost, x 100 x contracts. A leg without a quote gives no value (never a guess); a quote older
 * than the limit gives values marked "stale".
 *
 * Probabilities are the screen's lognormal ones, risk-neutral (mu = r), at the smile's IV: POP at the IV
 * interpolated linearly in strike between the side's legs at its breakeven (flat past them), touch at the short
 * strike's IV (a condor: either short strike at their mean IV, as the screen does). T runs from nowMs to 16:00
 * New York on expiration day. Greeks are BSM per leg at the leg's IV, summed with short legs negative.
 */
import { bsmPriceGreeksInto, type Greeks } from "#app/engine/bsm.ts";
import { impliedVolFast } from "#app/engine/iv.ts";
import { probAboveFast, probBelowFast, probTouchEitherFast, probTouchFast } from "#app/engine/probability.ts";
import { calendarDaysBetween, newYorkDate, yearsToExpiration } from "#app/engine/time.ts";
import { isGeometryRefusal, positionShape } from "#app/engine/positions/geometry.ts";
import type {
  LegMark,
  LegQuote,
  MarkContext,
  Position,
  PositionMark,
  PositionShape,
} from "#app/engine/positions/types.ts";

/** A quote older than this (minutes before nowMs) makes the mark stale: a live mark, not a closing one. */
export const MARK_MAX_QUOTE_AGE_MINUTES = 30;

const SHARES_PER_CONTRACT = 100;
const MINUTE_MS = 60_000;

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/** A quote the mark can use: two-sided numbers, not crossed, with a time. */
function usableQuote(quote: LegQuote | null | undefined): quote is LegQuote {
  return (
    quote != null &&
    finite(quote.bid) &&
    finite(quote.ask) &&
    quote.bid >= 0 &&
    quote.ask >= quote.bid &&
    finite(quote.quoteTimeMs)
  );
}

const greeks: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };

/** The IV at strike x from two (strike, IV) points of one side: linear between them, flat past them. */
function ivBetween(k1: number, v1: number | null, k2: number, v2: number | null, x: number): number | null {
  if (v1 === null || v2 === null) return null;
  const lo = k1 < k2 ? k1 : k2;
  const hi = k1 < k2 ? k2 : k1;
  const vLo = k1 < k2 ? v1 : v2;
  const vHi = k1 < k2 ? v2 : v1;
  if (x <= lo) return vLo;
  if (x >= hi) return vHi;
  return vLo + ((vHi - vLo) * (x - lo)) / (hi - lo);
}

/** The IV at a breakeven of one side (its short leg, and its long leg when it has one). */
function sideIv(position: Position, legs: (LegMark | null)[], short: number, long: number, x: number) {
  const shortIv = legs[short]?.iv ?? null;
  if (long < 0) return shortIv;
  return ivBetween(
    position.legs[short].strike,
    shortIv,
    position.legs[long].strike,
    legs[long]?.iv ?? null,
    x,
  );
}

/** Max profit, max loss (null when unbounded) and breakevens, per share. */
function payoffShape(position: Position, shape: PositionShape) {
  const credit = position.openCredit;
  const legs = position.legs;
  const breakevens: number[] = [];
  if (shape.putShort >= 0) breakevens.push(legs[shape.putShort].strike - credit);
  if (shape.callShort >= 0) {
    if (position.strategy === "COVERED_CALL") {
      const cost = position.stockCostPerShare;
      if (finite(cost) && cost > 0) breakevens.push(cost - credit);
    } else breakevens.push(legs[shape.callShort].strike + credit);
  }
  let maxLoss: number | null;
  if (position.strategy === "CASH_SECURED_PUT") maxLoss = legs[shape.putShort].strike - credit;
  else if (position.strategy === "COVERED_CALL") maxLoss = null;
  else maxLoss = Math.max(shape.putWidth, shape.callWidth) - credit;
  return { maxProfit: credit, maxLoss, breakevens };
}

function emptyMark(status: PositionMark["status"], context: MarkContext, credit: number): PositionMark {
  return {
    status,
    geometry: null,
    missingLegIndexes: [],
    staleLegIndexes: [],
    spotStale: false,
    oldestQuoteTimeMs: null,
    spot: context.spot,
    today: newYorkDate(context.nowMs),
    expiration: null,
    daysHeld: null,
    daysLeft: null,
    openedDaysToExpiration: null,
    credit,
    maxProfit: null,
    maxLoss: null,
    breakevens: [],
    valueMid: null,
    valueNatural: null,
    pnlMid: null,
    pnlNatural: null,
    pnlMidPercentOfMaxProfit: null,
    pnlNaturalPercentOfMaxProfit: null,
    popPercent: null,
    touchPercent: null,
    deltaShares: null,
    deltaDollars: null,
    thetaDollarsPerDay: null,
    vegaDollarsPerVolPoint: null,
    legs: [],
  };
}

/** Marks one open position at the quotes (one per leg, in the legs' order). Numbers and codes only. */
export function markPosition(
  position: Position,
  quotes: readonly (LegQuote | null | undefined)[],
  context: MarkContext,
): PositionMark {
  const shape = positionShape(position);
  const mark = emptyMark("ok", context, position.openCredit);
  if (isGeometryRefusal(shape)) {
    mark.status = "invalid";
    mark.geometry = shape;
    return mark;
  }
  const legs = position.legs;
  const lot = position.contracts * SHARES_PER_CONTRACT;
  const { spot: S, rate: r, dividendYield: q, nowMs } = context;
  const today = mark.today;
  const payoff = payoffShape(position, shape);
  mark.expiration = shape.expiration;
  mark.daysHeld = calendarDaysBetween(position.openedDate, today);
  mark.daysLeft = calendarDaysBetween(today, shape.expiration);
  mark.openedDaysToExpiration = calendarDaysBetween(position.openedDate, shape.expiration);
  mark.maxProfit = payoff.maxProfit * lot;
  mark.maxLoss = payoff.maxLoss === null ? null : payoff.maxLoss * lot;
  mark.breakevens = payoff.breakevens.sort((a, b) => a - b);

  const spotUsable = finite(S) && S > 0 && finite(context.spotQuoteTimeMs);
  for (let i = 0; i < legs.length; i++) if (!usableQuote(quotes[i])) mark.missingLegIndexes.push(i);
  if (mark.missingLegIndexes.length > 0 || !spotUsable) {
    mark.status = mark.missingLegIndexes.length > 0 ? "missing_leg" : "missing_spot";
    mark.legs = legs.map(() => null);
    return mark;
  }

  const maxAgeMs = (context.maxQuoteAgeMinutes ?? MARK_MAX_QUOTE_AGE_MINUTES) * MINUTE_MS;
  const T = yearsToExpiration(nowMs, shape.expiration);
  let oldest = context.spotQuoteTimeMs;
  mark.spotStale = nowMs - context.spotQuoteTimeMs > maxAgeMs;
  let valueMid = 0;
  let valueNatural = 0;
  let delta = 0;
  let theta = 0;
  let vega = 0;
  let greeksKnown = true;
  const legMarks: LegMark[] = [];
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i];
    const quote = quotes[i] as LegQuote;
    const isCall = leg.right === "call";
    const mid = 0.5 * (quote.bid + quote.ask);
    const intrinsic = isCall ? Math.max(S - leg.strike, 0) : Math.max(leg.strike - S, 0);
    if (quote.quoteTimeMs < oldest) oldest = quote.quoteTimeMs;
    if (nowMs - quote.quoteTimeMs > maxAgeMs) mark.staleLegIndexes.push(i);
    const sign = leg.side === "short" ? 1 : -1;
    // Closing buys the shorts back and sells the longs.
    valueMid += sign * mid;
    valueNatural += leg.side === "short" ? quote.ask : -quote.bid;
    let iv: number | null = finite(quote.iv) && quote.iv > 0 ? quote.iv : null;
    if (iv === null) {
      const solved = impliedVolFast(isCall, S, leg.strike, T, r, q, mid);
      iv = Number.isFinite(solved) && solved > 0 ? solved : null;
    }
    let legDelta: number | null = null;
    if (iv !== null) {
      bsmPriceGreeksInto(isCall, S, leg.strike, T, r, q, iv, greeks);
      legDelta = greeks.delta;
      // Held: long +1, short -1 per share of the lot.
      delta -= sign * greeks.delta;
      theta -= sign * greeks.theta;
      vega -= sign * greeks.vega;
    } else greeksKnown = false;
    legMarks.push({
      mid,
      bid: quote.bid,
      ask: quote.ask,
      intrinsic,
      extrinsic: mid - intrinsic,
      iv,
      delta: finite(quote.delta) ? quote.delta : legDelta,
      quoteTimeMs: quote.quoteTimeMs,
    });
  }
  mark.legs = legMarks;
  mark.oldestQuoteTimeMs = oldest;
  if (mark.spotStale || mark.staleLegIndexes.length > 0) mark.status = "stale";

  const credit = position.openCredit;
  mark.valueMid = valueMid;
  mark.valueNatural = valueNatural;
  mark.pnlMid = (credit - valueMid) * lot;
  mark.pnlNatural = (credit - valueNatural) * lot;
  mark.pnlMidPercentOfMaxProfit = (mark.pnlMid / mark.maxProfit) * 100;
  mark.pnlNaturalPercentOfMaxProfit = (mark.pnlNatural / mark.maxProfit) * 100;
  if (greeksKnown) {
    mark.deltaShares = delta * lot;
    mark.deltaDollars = delta * lot * S;
    mark.thetaDollarsPerDay = (theta / 365) * lot;
    mark.vegaDollarsPerVolPoint = (vega / 100) * lot;
  }
  probabilities(mark, position, shape, legMarks, S, T, r, q);
  return mark;
}

/** POP and touch into the mark (null where an IV they need is unknown). */
function probabilities(
  mark: PositionMark,
  position: Position,
  shape: PositionShape,
  legs: (LegMark | null)[],
  S: number,
  T: number,
  r: number,
  q: number,
): void {
  const credit = position.openCredit;
  const strikes = position.legs;
  const putShort = shape.putShort;
  const callShort = shape.callShort;
  const putStrike = putShort >= 0 ? strikes[putShort].strike : NaN;
  const callStrike = callShort >= 0 ? strikes[callShort].strike : NaN;
  let pop: number | null = null;
  if (putShort >= 0 && callShort >= 0) {
    const low = putStrike - credit;
    const high = callStrike + credit;
    const ivLow = sideIv(position, legs, putShort, shape.putLong, low);
    const ivHigh = sideIv(position, legs, callShort, shape.callLong, high);
    if (ivLow !== null && ivHigh !== null)
      pop = Math.max(0, probAboveFast(S, low, T, ivLow, q, r) - probAboveFast(S, high, T, ivHigh, q, r));
  } else if (putShort >= 0) {
    const be = putStrike - credit;
    const iv = sideIv(position, legs, putShort, shape.putLong, be);
    if (iv !== null) pop = probAboveFast(S, be, T, iv, q, r);
  } else if (position.strategy === "COVERED_CALL") {
    // Beyond the breakeven of the shares and the call together: above cost less credit.
    const be = mark.breakevens.length > 0 ? mark.breakevens[0] : null;
    const iv = legs[callShort]?.iv ?? null;
    if (be !== null && iv !== null) pop = probAboveFast(S, be, T, iv, q, r);
  } else {
    const be = callStrike + credit;
    const iv = sideIv(position, legs, callShort, shape.callLong, be);
    if (iv !== null) pop = probBelowFast(S, be, T, iv, q, r);
  }
  mark.popPercent = pop === null ? null : pop * 100;

  let touch: number | null = null;
  const putIv = putShort >= 0 ? (legs[putShort]?.iv ?? null) : null;
  const callIv = callShort >= 0 ? (legs[callShort]?.iv ?? null) : null;
  if (putShort >= 0 && callShort >= 0) {
    // Already at or past a short strike: touched.
    if (!(S > putStrike && S < callStrike)) touch = 1;
    else if (putIv !== null && callIv !== null)
      touch = probTouchEitherFast(S, putStrike, callStrike, T, 0.5 * (putIv + callIv), q, r);
  } else if (putShort >= 0) {
    if (S <= putStrike) touch = 1;
    else if (putIv !== null) touch = probTouchFast(S, putStrike, T, putIv, q, r);
  } else if (S >= callStrike) touch = 1;
  else if (callIv !== null) touch = probTouchFast(S, callStrike, T, callIv, q, r);
  mark.touchPercent = touch === null ? null : touch * 100;
}
