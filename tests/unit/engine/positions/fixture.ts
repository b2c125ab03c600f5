// A fixed market for the positions' tests: one clock, one smile, quotes priced by a Black-Scholes written here
// from the textbook formulas (not the engine's), so the tests re-derive what the engine computes.
import type { LegQuote, MarkContext, Position, PositionLeg } from "#app/engine/positions/types.ts";

/** 2026-03-02 10:00 New York (EST, UTC-5). */
export const NOW_MS = Date.UTC(2026, 2, 2, 15, 0);
export const EXPIRATION = "2026-04-17";
/** 16:00 New York (EDT, UTC-4) on the expiration date. */
export const EXPIRY_MS = Date.UTC(2026, 3, 17, 20, 0);
export const T = (EXPIRY_MS - NOW_MS) / (365 * 86_400_000);
export const SPOT = 100;
export const RATE = 0.04;
export const YIELD = 0.01;
export const HALF_SPREAD = 0.05;

/** The smile: a put skew, linear in strike. */
export const smileIv = (k: number) => 0.25 - 0.002 * (k - 100);

/** erfc by the Chebyshev fit of Numerical Recipes (fractional error below 1.2e-7 everywhere). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const ans =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? ans : 2 - ans;
}
export const N = (x: number) => 0.5 * erfc(-x / Math.SQRT2);
const pdf = (x: number) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);

export function blackScholes(isCall: boolean, s: number, k: number, t: number, sigma: number) {
  const sd = sigma * Math.sqrt(t);
  const d1 = (Math.log(s / k) + (RATE - YIELD + 0.5 * sigma * sigma) * t) / sd;
  const d2 = d1 - sd;
  const dq = Math.exp(-YIELD * t);
  const dr = Math.exp(-RATE * t);
  const price = isCall ? s * dq * N(d1) - k * dr * N(d2) : k * dr * N(-d2) - s * dq * N(-d1);
  const delta = isCall ? dq * N(d1) : -dq * N(-d1);
  const vega = s * dq * pdf(d1) * Math.sqrt(t);
  const decay = (-s * dq * pdf(d1) * sigma) / (2 * Math.sqrt(t));
  const theta = isCall
    ? decay - RATE * k * dr * N(d2) + YIELD * s * dq * N(d1)
    : decay + RATE * k * dr * N(-d2) - YIELD * s * dq * N(-d1);
  return { price, delta, vega, theta };
}

/** Lognormal P(S_T > x), risk-neutral. */
export const probAboveAt = (s: number, x: number, t: number, sigma: number) =>
  N((Math.log(s / x) + (RATE - YIELD - 0.5 * sigma * sigma) * t) / (sigma * Math.sqrt(t)));

/** Reflection principle: probability of touching h (one barrier) before t, risk-neutral. */
export function touchAt(s: number, h: number, t: number, sigma: number): number {
  const nu = RATE - YIELD - 0.5 * sigma * sigma;
  const b = Math.log(h / s);
  const sd = sigma * Math.sqrt(t);
  const w = Math.exp((2 * nu * b) / (sigma * sigma));
  return b > 0
    ? N((nu * t - b) / sd) + w * N((-b - nu * t) / sd)
    : N((b - nu * t) / sd) + w * N((b + nu * t) / sd);
}

export const leg = (
  right: "put" | "call",
  side: "short" | "long",
  strike: number,
  quantity = 1,
  expiration = EXPIRATION,
): PositionLeg => ({ right, side, strike, expiration, quantity });

export const bullPut = (credit = 1, contracts = 1): Position => ({
  underlying: "XYZ",
  strategy: "BULL_PUT_SPREAD",
  legs: [leg("put", "short", 95, contracts), leg("put", "long", 90, contracts)],
  openCredit: credit,
  openedDate: "2026-02-20",
  contracts,
});

export const ironCondor = (credit = 1.5, contracts = 2): Position => ({
  underlying: "XYZ",
  strategy: "IRON_CONDOR",
  legs: [
    leg("put", "long", 85, contracts),
    leg("put", "short", 90, contracts),
    leg("call", "short", 110, contracts),
    leg("call", "long", 120, contracts),
  ],
  openCredit: credit,
  openedDate: "2026-02-20",
  contracts,
});

/** The smile's quote of a leg at spot s: the model price +- HALF_SPREAD (bid floored at 0). */
export function quoteOf(l: PositionLeg, s = SPOT, timeMs = NOW_MS - 60_000, t = T): LegQuote {
  const iv = smileIv(l.strike);
  const { price } = blackScholes(l.right === "call", s, l.strike, t, iv);
  return { bid: Math.max(0, price - HALF_SPREAD), ask: price + HALF_SPREAD, iv, quoteTimeMs: timeMs };
}

export const context = (overrides: Partial<MarkContext> = {}): MarkContext => ({
  spot: SPOT,
  spotQuoteTimeMs: NOW_MS - 60_000,
  rate: RATE,
  dividendYield: YIELD,
  nowMs: NOW_MS,
  ...overrides,
});
