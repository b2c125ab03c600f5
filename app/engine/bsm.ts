/**
 * Black-Scholes-Merton with a continuous dividend yield (Merton 1973; formulas as in
 * Haug, "The Complete Guide to Option Pricing Formulas", ch. 1; Hull, "Options, Futures
 * and Other Derivatives", ch. 17 and 19).
 *
 * Units: T in years, r and q continuously compounded per year, sigma per sqrt(year).
 * Greeks follow the reference test vectors in tests/unit/engine: delta and gamma per 1.00 of S, vega per
 * 1.00 of volatility, theta per YEAR (-dV/dT), rho per 1.00 of rate.
 */
import { INV_SQRT_2PI, normCdfFromKernel } from "#app/engine/normal.ts";

export type OptionType = "call" | "put";

export interface BsmInput {
  type: OptionType;
  /** Spot price of the underlying. */
  S: number;
  /** Strike. */
  K: number;
  /** Time to expiry in years. */
  T: number;
  /** Risk-free rate, continuous. */
  r: number;
  /** Dividend yield, continuous. */
  q: number;
  /** Volatility (0.25 = 25%). */
  sigma: number;
}

export interface Greeks {
  delta: number;
  gamma: number;
  /** Per 1.00 of volatility (divide by 100 for per vol point). */
  vega: number;
  /** Per year (divide by 365 for per calendar day). */
  theta: number;
  /** Per 1.00 of rate. */
  rho: number;
}

/** Below this total volatility sigma*sqrt(T) the option is priced as its discounted forward intrinsic value. */
export const MIN_TOTAL_VOL = 1e-12;

/**
 * Price with positional arguments (no allocation), for hot loops.
 * T <= 0: the payoff at expiry, max(S-K, 0) / max(K-S, 0), undiscounted.
 * sigma*sqrt(T) ~ 0: the discounted intrinsic value of the forward.
 */
export function bsmPriceFast(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
): number {
  if (!(T > 0)) return isCall ? Math.max(S - K, 0) : Math.max(K - S, 0);
  const dq = Math.exp(-q * T);
  const dr = Math.exp(-r * T);
  const sd = sigma * Math.sqrt(T);
  if (!(sd > MIN_TOTAL_VOL)) {
    const v = S * dq - K * dr;
    return isCall ? Math.max(v, 0) : Math.max(-v, 0);
  }
  const sq = S * dq;
  const kr = K * dr;
  const fk = sq / kr;
  const d1 = Math.log(fk) / sd + 0.5 * sd;
  const d2 = d1 - sd;
  // one exp serves both CDFs: e^{-d2^2/2} = e^{-d1^2/2} F/K
  const k1 = Math.exp(-0.5 * d1 * d1);
  const k2 = k1 * fk;
  return isCall
    ? sq * normCdfFromKernel(d1, k1) - kr * normCdfFromKernel(d2, k2)
    : kr * normCdfFromKernel(-d2, k2) - sq * normCdfFromKernel(-d1, k1);
}

export function bsmPrice(input: BsmInput): number {
  return bsmPriceFast(input.type === "call", input.S, input.K, input.T, input.r, input.q, input.sigma);
}

/**
 * Per-expiry constants. A chain shares T, r and q across all its strikes, so the
 * discount factors are computed once per expiration, not once per leg.
 */
export interface ExpiryFactors {
  T: number;
  sqrtT: number;
  r: number;
  q: number;
  /** e^{-qT} */
  dq: number;
  /** e^{-rT} */
  dr: number;
}

export function expiryFactors(T: number, r: number, q: number): ExpiryFactors {
  const t = T > 0 ? T : 0;
  return { T: t, sqrtT: Math.sqrt(t), r, q, dq: Math.exp(-q * t), dr: Math.exp(-r * t) };
}

/**
 * Price and greeks into a caller-owned object (no allocation in hot loops), with
 * precomputed expiry factors. Returns the price; `out` receives the greeks.
 * Costs one log and one exp per call.
 */
export function bsmPriceGreeksWithFactors(
  isCall: boolean,
  S: number,
  K: number,
  sigma: number,
  f: ExpiryFactors,
  out: Greeks,
): number {
  const T = f.T;
  if (!(T > 0)) {
    // At expiry: the payoff; delta is the digital, 1/2 exactly at the money.
    const itm = isCall ? S > K : S < K;
    out.delta = (isCall ? 1 : -1) * (S === K ? 0.5 : itm ? 1 : 0);
    out.gamma = 0;
    out.vega = 0;
    out.theta = 0;
    out.rho = 0;
    return isCall ? Math.max(S - K, 0) : Math.max(K - S, 0);
  }
  const dq = f.dq;
  const dr = f.dr;
  const sqrtT = f.sqrtT;
  const sd = sigma * sqrtT;
  const sq = S * dq;
  const kr = K * dr;
  if (!(sd > MIN_TOTAL_VOL)) {
    // Deterministic forward: value max(+-(S e^-qT - K e^-rT), 0).
    const v = sq - kr;
    const itm = isCall ? v > 0 : v < 0;
    const sign = isCall ? 1 : -1;
    out.gamma = 0;
    out.vega = 0;
    if (itm) {
      out.delta = sign * dq;
      out.theta = sign * (f.q * sq - f.r * kr);
      out.rho = sign * K * T * dr;
      return sign * v;
    }
    out.delta = 0;
    out.theta = 0;
    out.rho = 0;
    return 0;
  }
  const fk = sq / kr;
  const d1 = Math.log(fk) / sd + 0.5 * sd;
  const d2 = d1 - sd;
  const k1 = Math.exp(-0.5 * d1 * d1);
  const k2 = k1 * fk;
  const sPdf = sq * INV_SQRT_2PI * k1;
  out.gamma = sPdf / (S * S * sd);
  out.vega = sPdf * sqrtT;
  const decay = -(sPdf * sigma) / (2 * sqrtT);
  if (isCall) {
    const n1 = normCdfFromKernel(d1, k1);
    const n2 = normCdfFromKernel(d2, k2);
    out.delta = dq * n1;
    out.theta = decay - f.r * kr * n2 + f.q * sq * n1;
    out.rho = K * T * dr * n2;
    return sq * n1 - kr * n2;
  }
  const m1 = normCdfFromKernel(-d1, k1);
  const m2 = normCdfFromKernel(-d2, k2);
  out.delta = -dq * m1;
  out.theta = decay + f.r * kr * m2 - f.q * sq * m1;
  out.rho = -K * T * dr * m2;
  return kr * m2 - sq * m1;
}

const scratchFactors: ExpiryFactors = { T: 0, sqrtT: 0, r: 0, q: 0, dq: 1, dr: 1 };

/** Price and greeks with positional arguments into `out` (no allocation). */
export function bsmPriceGreeksInto(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
  out: Greeks,
): number {
  const t = T > 0 ? T : 0;
  scratchFactors.T = t;
  scratchFactors.sqrtT = Math.sqrt(t);
  scratchFactors.r = r;
  scratchFactors.q = q;
  scratchFactors.dq = Math.exp(-q * t);
  scratchFactors.dr = Math.exp(-r * t);
  return bsmPriceGreeksWithFactors(isCall, S, K, sigma, scratchFactors, out);
}

export function bsmGreeks(input: BsmInput): Greeks {
  const out: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };
  bsmPriceGreeksInto(input.type === "call", input.S, input.K, input.T, input.r, input.q, input.sigma, out);
  return out;
}

/** Lower no-arbitrage bound of a European option: discounted forward intrinsic value. */
export function europeanLowerBound(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
): number {
  const t = T > 0 ? T : 0;
  const v = S * Math.exp(-q * t) - K * Math.exp(-r * t);
  return isCall ? Math.max(v, 0) : Math.max(-v, 0);
}

/** Upper no-arbitrage bound: S e^-qT for a call, K e^-rT for a put. */
export function europeanUpperBound(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
): number {
  const t = T > 0 ? T : 0;
  return isCall ? S * Math.exp(-q * t) : K * Math.exp(-r * t);
}
