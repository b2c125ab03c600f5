// Payoff at expiry of a multi-leg option position: pure, shared by the payoff chart, the share card and
// the tests. Every position here is a sum of calls and puts, so its payoff is piecewise linear in the
// underlying price with kinks only at the strikes: the curve, its extremes and its breakevens are exact
// from the kinks alone (no sampling).

export type PayoffOptionType = "call" | "put";

export interface PayoffLeg {
  type: PayoffOptionType;
  side: "sell" | "buy";
  strike: number;
  /** Contracts; default 1. */
  quantity?: number;
}

/** One contract controls 100 shares (docs/product/wheel.md#strategy-numbers). */
export const CONTRACT_MULTIPLIER = 100;

/**
 * Profit or loss at expiry in dollars for the position, per contract set: the intrinsic values of the legs
 * plus the net credit received (per share; negative for a debit), times the multiplier.
 */
export function payoffAt(legs: readonly PayoffLeg[], netCreditPerShare: number, price: number): number {
  let perShare = netCreditPerShare;
  for (const leg of legs) {
    const intrinsic = leg.type === "call" ? Math.max(0, price - leg.strike) : Math.max(0, leg.strike - price);
    perShare += (leg.side === "buy" ? 1 : -1) * intrinsic * (leg.quantity ?? 1);
  }
  return perShare * CONTRACT_MULTIPLIER;
}

/** Slope of the payoff (dollars per $1 of the underlying) to the right of every strike: d/dS above all. */
function slopeAbove(legs: readonly PayoffLeg[]): number {
  let s = 0;
  for (const leg of legs) if (leg.type === "call") s += (leg.side === "buy" ? 1 : -1) * (leg.quantity ?? 1);
  return s * CONTRACT_MULTIPLIER;
}

function slopeBelow(legs: readonly PayoffLeg[]): number {
  let s = 0;
  for (const leg of legs) if (leg.type === "put") s -= (leg.side === "buy" ? 1 : -1) * (leg.quantity ?? 1);
  return s * CONTRACT_MULTIPLIER;
}

export function sortedStrikes(legs: readonly PayoffLeg[]): number[] {
  return [...new Set(legs.map((l) => l.strike))].sort((a, b) => a - b);
}

export interface PayoffPoint {
  price: number;
  pnl: number;
}

/** The exact curve on [low, high]: the ends plus every strike inside. */
export function payoffCurve(
  legs: readonly PayoffLeg[],
  netCreditPerShare: number,
  low: number,
  high: number,
): PayoffPoint[] {
  const xs = [low, ...sortedStrikes(legs).filter((k) => k > low && k < high), high];
  return xs.map((price) => ({ price, pnl: payoffAt(legs, netCreditPerShare, price) }));
}

/** Prices where the payoff crosses zero (touching zero along a flat stretch is not a breakeven). */
export function breakevens(legs: readonly PayoffLeg[], netCreditPerShare: number): number[] {
  const strikes = sortedStrikes(legs);
  if (strikes.length === 0) return [];
  const at = (x: number) => payoffAt(legs, netCreditPerShare, x);
  const f = strikes.map(at);
  const sBelow = slopeBelow(legs);
  const sAbove = slopeAbove(legs);
  const n = strikes.length;
  const out: number[] = [];
  // Left tail: f(x) = f[0] + sBelow * (x - first) for x < first.
  if (sBelow !== 0 && f[0]! !== 0) {
    const x = strikes[0]! - f[0]! / sBelow;
    if (x < strikes[0]! && x > 0) out.push(x);
  }
  for (let i = 0; i < n; i++) {
    const x = strikes[i]!;
    if (f[i] === 0) {
      // A kink on zero is a breakeven only if the curve changes sign across it.
      const left = i === 0 ? -sBelow : f[i - 1]!;
      const right = i === n - 1 ? sAbove : f[i + 1]!;
      if (Math.sign(left) * Math.sign(right) < 0) out.push(x);
    }
    if (i + 1 < n && f[i]! * f[i + 1]! < 0) {
      const b = strikes[i + 1]!;
      out.push(x + ((b - x) * -f[i]!) / (f[i + 1]! - f[i]!));
    }
  }
  if (sAbove !== 0 && f[n - 1]! !== 0) {
    const x = strikes[n - 1]! - f[n - 1]! / sAbove;
    if (x > strikes[n - 1]!) out.push(x);
  }
  return out.sort((a, b) => a - b);
}

export interface PayoffExtremes {
  /** Dollars; Infinity when unbounded. */
  maxProfit: number;
  /** Dollars as a positive number; Infinity when unbounded. */
  maxLoss: number;
}

/** Best and worst outcomes at expiry over all prices >= 0. */
export function payoffExtremes(legs: readonly PayoffLeg[], netCreditPerShare: number): PayoffExtremes {
  const values = [0, ...sortedStrikes(legs)].map((x) => payoffAt(legs, netCreditPerShare, x));
  let max = Math.max(...values);
  let min = Math.min(...values);
  const sAbove = slopeAbove(legs);
  if (sAbove > 0) max = Infinity;
  if (sAbove < 0) min = -Infinity;
  return { maxProfit: max, maxLoss: min < 0 ? -min : 0 };
}

/** A price window that shows every strike with room either side (and the spot, when given). */
export function payoffWindow(
  legs: readonly PayoffLeg[],
  spot?: number | null,
): { low: number; high: number } {
  const xs = sortedStrikes(legs);
  if (spot != null && Number.isFinite(spot) && spot > 0) xs.push(spot);
  if (xs.length === 0) return { low: 0, high: 1 };
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const pad = Math.max((hi - lo) * 0.6, hi * 0.03, 0.5);
  return { low: Math.max(0, lo - pad), high: hi + pad };
}

/** Legs of a spread idea from the product's strike fields (short and long put, short and long call). */
export function legsFromStrikes(strikes: {
  put_short_strike?: number | null;
  put_long_strike?: number | null;
  call_short_strike?: number | null;
  call_long_strike?: number | null;
}): PayoffLeg[] {
  const legs: PayoffLeg[] = [];
  if (strikes.put_long_strike != null)
    legs.push({ type: "put", side: "buy", strike: strikes.put_long_strike });
  if (strikes.put_short_strike != null)
    legs.push({ type: "put", side: "sell", strike: strikes.put_short_strike });
  if (strikes.call_short_strike != null)
    legs.push({ type: "call", side: "sell", strike: strikes.call_short_strike });
  if (strikes.call_long_strike != null)
    legs.push({ type: "call", side: "buy", strike: strikes.call_long_strike });
  return legs;
}
