/**
 * Chain-level BSM: price and the five greeks of many strikes of ONE underlying and ONE
 * expiration in one call, written into caller-owned Float64Arrays (structure of arrays).
 *
 * Per expiration the constants (sqrt T, e^-rT, e^-qT, forward, ln F) are computed once;
 * per strike grid ln K is computed once (`strikeGrid`) and reused by every expiration that
 * lists the same strikes. Each option then costs one exp and two rational evaluations of
 * Cody's erfc (no log, no allocation, no call through an object). Same formulas and units
 * as bsmPriceGreeksWithFactors (see bsm.ts). Results differ from it only by roundings of
 * ln(F/K), 1/sd and F/K: < 1e-12 relative for every value above 1e-8 (6e-13 worst seen);
 * in far tails the price's own conditioning amplifies them to ~2e-15 |d1|/sd.
 */
import {
  bsmPriceGreeksWithFactors,
  MIN_TOTAL_VOL,
  type ExpiryFactors,
  type Greeks,
} from "#app/engine/bsm.ts";
import { INV_SQRT_2PI, normTailFromKernel } from "#app/engine/normal.ts";

/** A strike grid with its logarithms cached; build once, reuse across expirations. */
export interface StrikeGrid {
  readonly strikes: Float64Array;
  /** Reference strike K0 (the middle strike): ln K is stored as ln(K/K0), see below. */
  readonly ref: number;
  /**
   * ln(K / K0). Taking ln(F/K) as ln(F/K0) - ln(K/K0) instead of ln F - ln K keeps both
   * terms small, so their rounding is ~1e-16 absolute rather than ~1e-15 (ulp of ln 100).
   */
  readonly logMoneyness: Float64Array;
  /** 1 / K: the density of d2 is the density of d1 times F/K, a multiply instead of an exp. */
  readonly invStrikes: Float64Array;
}

/** Caches ln(K/K0) and 1/K for a list of strikes (all > 0). */
export function strikeGrid(strikes: ArrayLike<number>): StrikeGrid {
  const n = strikes.length;
  const k = Float64Array.from(strikes);
  const ref = n > 0 ? k[n >> 1] : 1;
  const logMoneyness = new Float64Array(n);
  const invStrikes = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    logMoneyness[i] = Math.log(k[i] / ref);
    invStrikes[i] = 1 / k[i];
  }
  return { strikes: k, ref, logMoneyness, invStrikes };
}

/** Output columns of bsmChainGreeksInto; units as bsmGreeks (vega per 1.00 vol, theta per year). */
export interface GreeksArrays {
  readonly price: Float64Array;
  readonly delta: Float64Array;
  readonly gamma: Float64Array;
  readonly vega: Float64Array;
  readonly theta: Float64Array;
  readonly rho: Float64Array;
}

export function greeksArrays(n: number): GreeksArrays {
  return {
    price: new Float64Array(n),
    delta: new Float64Array(n),
    gamma: new Float64Array(n),
    vega: new Float64Array(n),
    theta: new Float64Array(n),
    rho: new Float64Array(n),
  };
}

const scratch: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };

/**
 * BSM price + delta, gamma, vega, theta, rho of the calls (isCall) or puts at strikes
 * grid.strikes[from..to) of one expiration, with vol sigma[i] for strike i; results go to
 * out.*[i]. One option per index = one "BSM evaluation" in the benchmark.
 * Expired (T <= 0) or zero-vol legs take the scalar path, so edge cases match
 * bsmPriceGreeksWithFactors exactly.
 */
export function bsmChainGreeksInto(
  isCall: boolean,
  S: number,
  grid: StrikeGrid,
  sigma: Float64Array,
  f: ExpiryFactors,
  out: GreeksArrays,
  from = 0,
  to: number = grid.strikes.length,
): void {
  const K = grid.strikes;
  const LM = grid.logMoneyness;
  const IK = grid.invStrikes;
  const P = out.price,
    D = out.delta,
    G = out.gamma,
    V = out.vega,
    TH = out.theta,
    R = out.rho;
  const T = f.T;
  if (!(T > 0)) {
    for (let i = from; i < to; i++) scalarInto(isCall, S, K[i], sigma[i], f, out, i);
    return;
  }
  const sqrtT = f.sqrtT;
  const dr = f.dr;
  const sq = S * f.dq;
  const F = sq / dr;
  const lnFK0 = Math.log(F / grid.ref);
  const sqPdf = sq * INV_SQRT_2PI;
  const invS2 = 1 / (S * S);
  const halfInvSqrtT = 0.5 / sqrtT;
  // The put's formulas are the call's with every term negated (exactly, in floating point),
  // so one loop with signed constants serves both and rounds as the scalar path does.
  const sign = isCall ? 1 : -1;
  const sDq = sign * f.dq;
  const sR = sign * f.r;
  const sQ = sign * f.q;
  for (let i = from; i < to; i++) {
    const sig = sigma[i];
    const sd = sig * sqrtT;
    if (!(sd > MIN_TOTAL_VOL)) {
      scalarInto(isCall, S, K[i], sig, f, out, i);
      continue;
    }
    const k = K[i];
    const invSd = 1 / sd;
    const d1 = (lnFK0 - LM[i]) * invSd + 0.5 * sd;
    const d2 = d1 - sd;
    const k1 = Math.exp(-0.5 * d1 * d1);
    const t1 = normTailFromKernel(d1, k1);
    const t2 = normTailFromKernel(d2, k1 * (F * IK[i]));
    // N(d) for a call, N(-d) for a put: the tail, or one minus it, by the sign of +-d
    const n1 = sign * d1 > 0 ? 1 - t1 : t1;
    const n2 = sign * d2 > 0 ? 1 - t2 : t2;
    const kr = k * dr;
    const sPdf = sqPdf * k1;
    G[i] = sPdf * invSd * invS2;
    V[i] = sPdf * sqrtT;
    D[i] = sDq * n1;
    TH[i] = -(sPdf * sig) * halfInvSqrtT - sR * kr * n2 + sQ * sq * n1;
    R[i] = sign * k * T * dr * n2;
    P[i] = sign * (sq * n1 - kr * n2);
  }
}

function scalarInto(
  isCall: boolean,
  S: number,
  K: number,
  sigma: number,
  f: ExpiryFactors,
  out: GreeksArrays,
  i: number,
): void {
  out.price[i] = bsmPriceGreeksWithFactors(isCall, S, K, sigma, f, scratch);
  out.delta[i] = scratch.delta;
  out.gamma[i] = scratch.gamma;
  out.vega[i] = scratch.vega;
  out.theta[i] = scratch.theta;
  out.rho[i] = scratch.rho;
}
