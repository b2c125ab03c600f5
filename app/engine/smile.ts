/**
 * The expiration's smile and the risk-neutral law it implies (decision 050).
 *
 * Smile: one IV per strike, from the out-of-the-money side (puts below the forward, calls at
 * or above it; the other side where the OTM leg was rejected), linear in strike between
 * listed strikes and flat beyond the first and last. With C(K) = Black(F, K, sigma(K)) the
 * market's call prices, the risk-neutral probabilities follow from the strike derivative
 * (Breeden-Litzenberger):
 *   P(S_T > K) = -e^{rT} dC/dK = N(d2) - K n(d2) sqrt(T) sigma'(K)
 * (the vega term: vega = e^{-rT} K n(d2) sqrt T). A put skew (sigma' < 0) makes a fall below
 * a low strike likelier than the at-the-money lognormal says. Because sigma is linear between
 * strikes, the average of P(S_T > x) over [K1, K2] equals the vertical spread's digital
 * e^{rT} (C(K1) - C(K2)) / (K2 - K1) exactly; at a listed strike the two one-sided slopes
 * are averaged. Expected payoffs under the same law are e^{rT} times the smile's prices, so
 * a spread priced at the smile has an expected value of credit x (1 - e^{rT}) at expiry.
 */
import { INV_SQRT_2PI, normCdf, normCdfFromKernel } from "#app/engine/normal.ts";
import { probTouchFast } from "#app/engine/probability.ts";
import type { CleanExpiration } from "#app/engine/types.ts";

export interface Smile {
  S: number;
  T: number;
  sqrtT: number;
  r: number;
  q: number;
  /** e^{-rT} */
  dr: number;
  forward: number;
  /** Ascending. */
  strikes: Float64Array;
  ivs: Float64Array;
}

const smiles = new WeakMap<CleanExpiration, Smile>();

/** The smile of one cleaned expiration (built once per expiration object, then cached). */
export function expirationSmile(exp: CleanExpiration, spot: number): Smile {
  const cached = smiles.get(exp);
  if (cached && cached.S === spot) return cached;
  const { puts, calls, forward } = exp;
  // one buffer for both columns: a typed array's backing store is an allocation of its own
  const size = puts.length + calls.length;
  const buffer = new Float64Array(2 * size);
  const strikes = buffer.subarray(0, size);
  const ivs = buffer.subarray(size);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < puts.length || j < calls.length) {
    const kp = i < puts.length ? puts[i].strike : Infinity;
    const kc = j < calls.length ? calls[j].strike : Infinity;
    const K = kp < kc ? kp : kc;
    const put = kp === K ? puts[i++] : null;
    const call = kc === K ? calls[j++] : null;
    const otm = K < forward ? (put ?? call) : (call ?? put);
    strikes[n] = K;
    ivs[n] = otm!.iv;
    n++;
  }
  const f = exp.factors;
  const smile: Smile = {
    S: spot,
    T: f.T,
    sqrtT: f.sqrtT,
    r: f.r,
    q: f.q,
    dr: f.dr,
    forward,
    strikes: strikes.subarray(0, n),
    ivs: ivs.subarray(0, n),
  };
  smiles.set(exp, smile);
  return smile;
}

/** Slope d sigma / dK at the last smileVol call (module scratch: no allocation in hot loops). */
let lastSlope = 0;

/** Smile IV at strike K (linear between listed strikes, flat outside); sets the slope. */
export function smileVol(sm: Smile, K: number): number {
  const k = sm.strikes;
  const v = sm.ivs;
  const n = k.length;
  if (n === 1 || K < k[0] || K > k[n - 1]) {
    lastSlope = 0;
    return K < k[0] ? v[0] : v[n - 1];
  }
  // largest i with k[i] <= K
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const m = (lo + hi + 1) >> 1;
    if (k[m] <= K) lo = m;
    else hi = m - 1;
  }
  if (k[lo] === K) {
    // at a listed strike: the mean of the one-sided slopes (one side at the ends)
    const left = lo > 0 ? (v[lo] - v[lo - 1]) / (k[lo] - k[lo - 1]) : NaN;
    const right = lo < n - 1 ? (v[lo + 1] - v[lo]) / (k[lo + 1] - k[lo]) : NaN;
    lastSlope = lo === 0 ? right : lo === n - 1 ? left : 0.5 * (left + right);
    return v[lo];
  }
  const slope = (v[lo + 1] - v[lo]) / (k[lo + 1] - k[lo]);
  lastSlope = slope;
  return v[lo] + slope * (K - k[lo]);
}

/** d sigma / dK where smileVol was last evaluated. */
export function smileSlope(): number {
  return lastSlope;
}

/** Market-implied (risk-neutral) P(S_T > K) from the smile, IV and slope. */
export function smileProbAbove(sm: Smile, K: number): number {
  if (!(K > 0)) return 1;
  const sigma = smileVol(sm, K);
  const sd = sigma * sm.sqrtT;
  if (!(sd > 1e-12)) return sm.forward > K ? 1 : 0;
  const d2 = Math.log(sm.forward / K) / sd - 0.5 * sd;
  const kernel = Math.exp(-0.5 * d2 * d2); // one exp for N(d2) and n(d2)
  const p = normCdfFromKernel(d2, kernel) - lastSlope * K * INV_SQRT_2PI * kernel * sm.sqrtT;
  return p < 0 ? 0 : p > 1 ? 1 : p;
}

/** Market-implied P(S_T < K), computed on its own tail. */
export function smileProbBelow(sm: Smile, K: number): number {
  if (!(K > 0)) return 0;
  const sigma = smileVol(sm, K);
  const sd = sigma * sm.sqrtT;
  if (!(sd > 1e-12)) return sm.forward < K ? 1 : 0;
  const d2 = Math.log(sm.forward / K) / sd - 0.5 * sd;
  const kernel = Math.exp(-0.5 * d2 * d2);
  const p = normCdfFromKernel(-d2, kernel) + lastSlope * K * INV_SQRT_2PI * kernel * sm.sqrtT;
  return p < 0 ? 0 : p > 1 ? 1 : p;
}

/**
 * E[payoff at expiry] of a call or put struck at K under the smile's law: e^{rT} x the
 * smile's price, i.e. Black on the forward with sigma(K). Undiscounted, per share.
 */
export function smileExpectedPayoff(sm: Smile, isCall: boolean, K: number): number {
  const sigma = smileVol(sm, K);
  const F = sm.forward;
  const sd = sigma * sm.sqrtT;
  if (!(sd > 1e-12)) return isCall ? Math.max(F - K, 0) : Math.max(K - F, 0);
  const d1 = Math.log(F / K) / sd + 0.5 * sd;
  const d2 = d1 - sd;
  return isCall ? F * normCdf(d1) - K * normCdf(d2) : K * normCdf(-d2) - F * normCdf(-d1);
}

/** Probability of touching H before expiry (continuous monitoring), at the smile's IV at H, risk-neutral. */
export function smileProbTouch(sm: Smile, H: number): number {
  return probTouchFast(sm.S, H, sm.T, smileVol(sm, H), sm.q, sm.r);
}
