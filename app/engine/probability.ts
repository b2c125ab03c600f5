/**
 * Lognormal probabilities and expectations for S_T = S exp((mu - q - sigma^2/2) T + sigma W_T).
 * The drift mu defaults to r (risk-neutral measure); pass mu for a real-world view.
 * Sources: Hull ch. 15 (lognormal property); touch probability from the reflection
 * principle for Brownian motion with drift (Shreve, "Stochastic Calculus for Finance II",
 * 7.2; the running-maximum distribution, also in Haug 4.17 for barrier hit probabilities).
 */
import { normCdf } from "#app/engine/normal.ts";

export interface LognormalInput {
  /** Spot. */
  S: number;
  /** Years. */
  T: number;
  sigma: number;
  /** Risk-free rate (continuous). */
  r: number;
  /** Dividend yield (continuous). */
  q: number;
  /** Drift; defaults to r (risk-neutral). */
  mu?: number;
}

const MIN_TOTAL_VOL = 1e-12;
const HALF_LN_2PI = 0.9189385332046728;

/** ln N(z), accurate in the far lower tail where N(z) underflows. */
export function logNormCdf(z: number): number {
  if (z > -37) return Math.log(normCdf(z));
  // Asymptotic series of the Mills ratio: N(z) ~ phi(z)/|z| (1 - 1/z^2 + 3/z^4).
  const z2 = z * z;
  return -0.5 * z2 - HALF_LN_2PI - Math.log(-z) + Math.log(1 - 1 / z2 + 3 / (z2 * z2));
}

/** P(S_T > X), positional. */
export function probAboveFast(S: number, X: number, T: number, sigma: number, q: number, mu: number): number {
  if (!(X > 0)) return 1;
  if (!(T > 0)) return S > X ? 1 : 0;
  const sd = sigma * Math.sqrt(T);
  const m = Math.log(S / X) + (mu - q) * T;
  if (!(sd > MIN_TOTAL_VOL)) return m > 0 ? 1 : 0;
  return normCdf(m / sd - 0.5 * sd);
}

/** P(S_T < X), positional (computed on its own tail, not as 1 - P(above)). */
export function probBelowFast(S: number, X: number, T: number, sigma: number, q: number, mu: number): number {
  if (!(X > 0)) return 0;
  if (!(T > 0)) return S < X ? 1 : 0;
  const sd = sigma * Math.sqrt(T);
  const m = Math.log(S / X) + (mu - q) * T;
  if (!(sd > MIN_TOTAL_VOL)) return m < 0 ? 1 : 0;
  return normCdf(0.5 * sd - m / sd);
}

/** Lognormal P(S_T > X); risk-neutral (mu = r) unless mu is given. */
export function probAbove(input: LognormalInput & { X: number }): number {
  return probAboveFast(input.S, input.X, input.T, input.sigma, input.q, input.mu ?? input.r);
}

/** Lognormal P(S_T < X). */
export function probBelow(input: LognormalInput & { X: number }): number {
  return probBelowFast(input.S, input.X, input.T, input.sigma, input.q, input.mu ?? input.r);
}

/** Lognormal P(L < S_T < U); 0 when U <= L. */
export function probBetween(input: LognormalInput & { L: number; U: number }): number {
  if (!(input.U > input.L)) return 0;
  const mu = input.mu ?? input.r;
  const p =
    probAboveFast(input.S, input.L, input.T, input.sigma, input.q, mu) -
    probAboveFast(input.S, input.U, input.T, input.sigma, input.q, mu);
  return p > 0 ? p : 0;
}

/**
 * Probability that the price touches H at some time in [0, T] (continuous monitoring).
 * With nu = mu - q - sigma^2/2 and b = ln(H/S), the log-price is Brownian with drift nu;
 * by the reflection principle
 *   H > S: P = N((nu T - b)/(sigma sqrt T)) + e^{2 nu b / sigma^2} N((-b - nu T)/(sigma sqrt T))
 *   H < S: P = N((b - nu T)/(sigma sqrt T)) + e^{2 nu b / sigma^2} N((b + nu T)/(sigma sqrt T)).
 * The second term is evaluated in log space so a tiny sigma cannot overflow it.
 */
export function probTouchFast(S: number, H: number, T: number, sigma: number, q: number, mu: number): number {
  if (!(H > 0) || !(S > 0)) return H === S ? 1 : 0;
  if (H === S) return 1;
  if (!(T > 0)) return 0;
  const sd = sigma * Math.sqrt(T);
  const b = Math.log(H / S);
  if (!(sd > MIN_TOTAL_VOL)) {
    // Deterministic path S e^{(mu-q)t}: monotone, so it touches H iff it is beyond H at T.
    const end = (mu - q) * T;
    return b > 0 ? (end >= b ? 1 : 0) : end <= b ? 1 : 0;
  }
  const nu = mu - q - 0.5 * sigma * sigma;
  const a = (2 * nu * b) / (sigma * sigma);
  let p: number;
  if (b > 0) p = normCdf((nu * T - b) / sd) + Math.exp(a + logNormCdf((-b - nu * T) / sd));
  else p = normCdf((b - nu * T) / sd) + Math.exp(a + logNormCdf((b + nu * T) / sd));
  return p > 1 ? 1 : p < 0 ? 0 : p;
}

/** Probability of touching H before T (continuous monitoring); risk-neutral unless mu given. */
export function probTouch(input: LognormalInput & { H: number }): number {
  return probTouchFast(input.S, input.H, input.T, input.sigma, input.q, input.mu ?? input.r);
}

/**
 * E[max(S_T - K, 0)] under the lognormal law (undiscounted, value at T), positional.
 * Forward F = S e^{(mu - q)T}: F N(d1) - K N(d2).
 */
export function expectedCallPayoffFast(
  S: number,
  K: number,
  T: number,
  sigma: number,
  q: number,
  mu: number,
): number {
  const t = T > 0 ? T : 0;
  const F = S * Math.exp((mu - q) * t);
  const sd = sigma * Math.sqrt(t);
  if (!(sd > MIN_TOTAL_VOL)) return F > K ? F - K : 0;
  const d1 = Math.log(F / K) / sd + 0.5 * sd;
  return F * normCdf(d1) - K * normCdf(d1 - sd);
}

// The put's own formula, not call parity (put = call - (F - K)), which cancels digits for deep in-the-money
// puts; a twin of the call above by design (jscpd:ignore-start .. end).
// jscpd:ignore-start
/** E[max(K - S_T, 0)] under the lognormal law (undiscounted), positional. */
export function expectedPutPayoffFast(
  S: number,
  K: number,
  T: number,
  sigma: number,
  q: number,
  mu: number,
): number {
  const t = T > 0 ? T : 0;
  const F = S * Math.exp((mu - q) * t);
  const sd = sigma * Math.sqrt(t);
  if (!(sd > MIN_TOTAL_VOL)) return K > F ? K - F : 0;
  const d1 = Math.log(F / K) / sd + 0.5 * sd;
  return K * normCdf(sd - d1) - F * normCdf(-d1);
}
// jscpd:ignore-end

export function expectedCallPayoff(input: LognormalInput & { K: number }): number {
  return expectedCallPayoffFast(input.S, input.K, input.T, input.sigma, input.q, input.mu ?? input.r);
}

export function expectedPutPayoff(input: LognormalInput & { K: number }): number {
  return expectedPutPayoffFast(input.S, input.K, input.T, input.sigma, input.q, input.mu ?? input.r);
}

/**
 * E[payoff(S_T)] for any payoff function, by composite Simpson integration over the
 * standard normal variable z in [-12, 12] (S_T = F exp(sigma sqrt(T) z - sigma^2 T / 2)).
 * Exact closed forms above are preferred for vanilla legs; this serves arbitrary
 * payoffs (kinks limit it to ~1e-5 absolute per unit of strike with the default 2400 steps).
 */
export function expectedPayoff(
  payoff: (terminalPrice: number) => number,
  input: LognormalInput,
  steps = 2400,
): number {
  const mu = input.mu ?? input.r;
  const t = input.T > 0 ? input.T : 0;
  const F = input.S * Math.exp((mu - input.q) * t);
  const sd = input.sigma * Math.sqrt(t);
  if (!(sd > MIN_TOTAL_VOL)) return payoff(F);
  const n = steps % 2 === 0 ? steps : steps + 1;
  const zMax = 12;
  const h = (2 * zMax) / n;
  const drift = -0.5 * sd * sd;
  let sum = 0;
  for (let i = 0; i <= n; i++) {
    const z = -zMax + i * h;
    const w = i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2;
    sum += w * payoff(F * Math.exp(sd * z + drift)) * Math.exp(-0.5 * z * z);
  }
  return ((sum * h) / 3) * 0.3989422804014327;
}

/**
 * Probability that the price touches L or U (L < S < U) before T, continuous monitoring.
 * Method of images for Brownian motion killed at a = ln(L/S) and b = ln(U/S) (width h = b - a),
 * with the drift nu = mu - q - sigma^2/2 put in by Girsanov's weight e^{k x - k^2 s^2 / 2},
 * k = nu / sigma^2, s = sigma sqrt T (Borodin & Salminen, "Handbook of Brownian Motion", 1.15.8):
 *   P(no touch) = sum_n e^{k c_n} [N((b - c_n - k s^2)/s) - N((a - c_n - k s^2)/s)]
 *              - sum_n e^{k d_n} [N((b - d_n - k s^2)/s) - N((a - d_n - k s^2)/s)],
 *   c_n = 2 n h, d_n = 2 b + 2 n h, n over the integers (terms fall off like e^{-2 n^2 h^2 / s^2}).
 */
export function probTouchEitherFast(
  S: number,
  L: number,
  U: number,
  T: number,
  sigma: number,
  q: number,
  mu: number,
): number {
  if (!(L < S) || !(U > S)) return 1;
  if (!(T > 0)) return 0;
  const s = sigma * Math.sqrt(T);
  if (!(s > MIN_TOTAL_VOL)) {
    const end = (mu - q) * T;
    return end <= Math.log(L / S) || end >= Math.log(U / S) ? 1 : 0;
  }
  const a = Math.log(L / S);
  const b = Math.log(U / S);
  const h = b - a;
  const k = (mu - q - 0.5 * sigma * sigma) / (sigma * sigma);
  const ks2 = k * s * s;
  const terms = Math.min(60, Math.ceil((4 * s) / h) + 2);
  // Summed from n = 0 outward: a pair of images falls off like e^{-2 n^2 h^2 / s^2} past the centre, so the sum
  // stops once a whole pair adds less than IMAGE_TOLERANCE (below a double's resolution of the result).
  let stay = imagePair(0, a, b, h, k, ks2, s);
  for (let n = 1; n <= terms; n++) {
    const pair = imagePair(n, a, b, h, k, ks2, s) + imagePair(-n, a, b, h, k, ks2, s);
    stay += pair;
    if (Math.abs(pair) < IMAGE_TOLERANCE) break;
  }
  const p = 1 - stay;
  return p < 0 ? 0 : p > 1 ? 1 : p;
}

/** Below this a pair of image terms cannot move a probability near its double's last digit. */
const IMAGE_TOLERANCE = 1e-18;

/** The n-th image's two terms of the no-touch series (see probTouchEitherFast). */
function imagePair(n: number, a: number, b: number, h: number, k: number, ks2: number, s: number): number {
  const c = 2 * n * h;
  return (
    weightedBand(k * c, (b - c - ks2) / s, (a - c - ks2) / s) -
    weightedBand(k * (2 * b + c), (b - 2 * b - c - ks2) / s, (a - 2 * b - c - ks2) / s)
  );
}

/** e^w (N(z1) - N(z2)) for z1 >= z2, in log space on the tails (e^w can overflow where the band is 0). */
function weightedBand(w: number, z1: number, z2: number): number {
  if (z1 <= 0) return Math.exp(w + logNormCdf(z1)) - Math.exp(w + logNormCdf(z2));
  if (z2 >= 0) return Math.exp(w + logNormCdf(-z2)) - Math.exp(w + logNormCdf(-z1));
  return Math.exp(w) * (normCdf(z1) - normCdf(z2));
}
