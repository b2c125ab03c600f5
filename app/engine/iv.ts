/**
 * Implied volatility under BSM with a dividend yield.
 *
 * Method (after P. Jaeckel, "By Implication", Wilmott 2006, and "Let's be rational", 2015):
 * 1. Move to the forward F = S e^{(r-q)T}, undiscounted prices, and by put-call parity
 *    to the out-of-the-money option; normalise by sqrt(F K). With x = -|ln(F/K)| <= 0 the
 *    normalised OTM price is b(x, s) = e^{x/2} N(x/s + s/2) - e^{-x/2} N(x/s - s/2), where
 *    s = sigma sqrt(T) is the total volatility; b is increasing in s from 0 to e^{x/2}.
 * 2. b has its inflection at s_c = sqrt(2|x|). Below b(x, s_c) ("lower branch") we solve
 *    ln b(s) = ln beta (ln b is close to -x^2/(2 s^2) there, so Newton/Halley on the log
 *    is well conditioned); above it we solve b(s) = beta directly.
 * 3. Initial guesses: lower branch, the leading asymptotic b ~ b'(s) s^3 / x^2 solved by a
 *    3-step fixed point; upper branch, the at-the-money inverse 2 N^-1((1 + beta)/2),
 *    which is a lower bound of the root since b(x, s) <= b(0, s).
 * 4. Halley iterations (analytic b' and b''), kept inside a bisection bracket. Since Halley
 *    converges cubically, a step below 1e-7 s leaves an error far below 1e-14 s and ends
 *    the loop. 2.8 iterations on average over all moneyness; 60 at most (never reached).
 */
import { INV_SQRT_2PI, normCdf, normCdfFromKernel, normInv } from "#app/engine/normal.ts";
import type { BsmInput } from "#app/engine/bsm.ts";

/** The BSM inputs with the observed price in place of the volatility being solved for. */
export interface ImpliedVolInput extends Omit<BsmInput, "sigma"> {
  /** Observed option price (discounted, per share). */
  price: number;
}

const HALF_LN_2PI = 0.9189385332046728;
const MAX_ITERATIONS = 60;

/** Normalised out-of-the-money Black price for x <= 0 and total volatility s > 0. */
export function normalisedBlack(x: number, s: number): number {
  const h = x / s;
  const t = 0.5 * s;
  return Math.exp(0.5 * x) * normCdf(h + t) - Math.exp(-0.5 * x) * normCdf(h - t);
}

/** Total volatility s with normalisedBlack(x, s) = beta, for x <= 0 and 0 < beta < e^{x/2}. */
export function solveTotalVolatility(x: number, beta: number): number {
  const ax = -x;
  const sc = Math.sqrt(2 * ax);
  const lower = ax > 0 && beta < normalisedBlack(x, sc);
  let lo = 0;
  let hi = Infinity;
  let s: number;
  const lnBeta = Math.log(beta);
  if (lower) {
    s = ax / Math.sqrt(-2 * lnBeta);
    const lnAx2 = 2 * Math.log(ax);
    for (let k = 0; k < 3; k++) {
      const u = -lnBeta - (s * s) / 8 - HALF_LN_2PI + 3 * Math.log(s) - lnAx2;
      if (!(u > 0)) break;
      s = Math.min(ax / Math.sqrt(2 * u), sc);
    }
    hi = sc;
  } else {
    s = Math.max(sc, 2 * normInv(0.5 * (1 + beta)));
    lo = sc;
    if (!(s > 0)) s = sc > 0 ? sc : 1e-8;
  }
  const ex = Math.exp(0.5 * x);
  const exInv = 1 / ex;
  const ex2 = ex * ex;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    // One exp per iteration: with z1 = h + t, z2 = h - t (h = x/s, t = s/2),
    // e^{-z2^2/2} = e^{-z1^2/2} e^{x} and b'(s) = e^{-z1^2/2} e^{x/2} / sqrt(2 pi).
    const h = x / s;
    const z1 = h + 0.5 * s;
    const z2 = h - 0.5 * s;
    const k1 = Math.exp(-0.5 * z1 * z1);
    const b = ex * normCdfFromKernel(z1, k1) - exInv * normCdfFromKernel(z2, k1 * ex2);
    const v = INV_SQRT_2PI * k1 * ex;
    const v2 = v * ((h * h) / s - s / 4);
    let step: number;
    if (lower) {
      const g = Math.log(b) - lnBeta;
      if (g > 0) hi = s < hi ? s : hi;
      else lo = s > lo ? s : lo;
      const g1 = v / b;
      const g2 = v2 / b - g1 * g1;
      step = -g / g1;
      step = step / (1 + (0.5 * step * g2) / g1);
    } else {
      const f = b - beta;
      if (f > 0) hi = s < hi ? s : hi;
      else lo = s > lo ? s : lo;
      step = -f / v;
      step = step / (1 + (0.5 * step * v2) / v);
    }
    if (Math.abs(step) <= 1e-7 * s) return s + step;
    let next = s + step;
    if (!(next > lo && next < hi)) next = hi === Infinity ? 2 * s : 0.5 * (lo + hi);
    if (hi - lo <= 1e-15 * s) return next;
    s = next;
  }
  return s;
}

/**
 * Positional implied volatility (no allocation). Returns NaN when the price is outside
 * the no-arbitrage bounds (below the discounted forward intrinsic value, or at/above
 * S e^-qT for a call / K e^-rT for a put) or the inputs are not usable (T <= 0, S <= 0, ...).
 * A price equal to the intrinsic value (within 1e-14 relative) gives 0.
 */
export function impliedVolFast(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  price: number,
): number {
  if (!(
    S > 0 &&
    K > 0 &&
    T > 0 &&
    price >= 0 &&
    Number.isFinite(price) &&
    Number.isFinite(S) &&
    Number.isFinite(K) &&
    Number.isFinite(T) &&
    Number.isFinite(r) &&
    Number.isFinite(q)
  ))
    return NaN;
  const F = S * Math.exp((r - q) * T);
  const p = price * Math.exp(r * T);
  const intrinsic = isCall ? (F > K ? F - K : 0) : K > F ? K - F : 0;
  if (p >= (isCall ? F : K)) return NaN;
  const otm = p - intrinsic;
  if (!(otm > 1e-14 * intrinsic)) return otm >= -1e-14 * intrinsic ? 0 : NaN;
  const lnFK = Math.log(F / K);
  const x = lnFK > 0 ? -lnFK : lnFK;
  const beta = otm / Math.sqrt(F * K);
  if (!(beta < Math.exp(0.5 * x))) return NaN;
  return solveTotalVolatility(x, beta) / Math.sqrt(T);
}

/** Implied volatility, or null when the price is outside no-arbitrage bounds. */
export function impliedVol(input: ImpliedVolInput): number | null {
  const v = impliedVolFast(input.type === "call", input.S, input.K, input.T, input.r, input.q, input.price);
  return Number.isNaN(v) ? null : v;
}
