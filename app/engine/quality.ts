/**
 * The quality of a short-premium idea per unit of risk (decision 236): where the claimed edge comes
 * from, how well the idea fits the trader's profile, and what trading it costs. Pure numbers; the words are
 * written in app/lib (idea-view.ts).
 *
 * Under the chain's own (risk-neutral) density a fairly priced spread has no edge: its expected value is about
 * minus the fill cost (spreads.ts). The only edge this score claims is the volatility risk premium: options are
 * priced at implied volatility, and the price then moves with realised volatility, which on average runs below
 * it. The edge term re-prices every leg under a stated physical model and takes the fill credit less that
 * expected payout (decision 329). A forecast above the implied level makes the edge negative, and the score says
 * so.
 *
 * The physical model (`physicalLegPayoff`), lognormal per leg:
 *   leg vol  = forecast x (1 + PHYSICAL_SKEW x (leg IV / ATM IV - 1)), PHYSICAL_SKEW = 0.5
 *              The implied smile keeps its sign but only half its steepness: the put wing's extra implied vol is
 *              half crash insurance that realised moves do not pay back, so the premium lives mostly in the put
 *              wing, as on real markets. Scaling the whole smile by forecast / ATM (lambda = 1) re-priced a
 *              put spread's long leg at nearly the wing's full implied vol, giving back most of its edge.
 *   drift    = r - q + equity premium, the premium a screen option (annual, decimal; 0 by default and for
 *              non-equity classes). For an equity-class name the caller passes EQUITY_RISK_PREMIUM x beta to SPY
 *              (EQUITY_RISK_PREMIUM = 0.05 a year): stocks are expected to drift up, which a short put is paid
 *              for and a short call pays for.
 *   no forecast: leg vol = leg IV and drift r - q (the chain's own density; no edge claimed).
 * On a flat smile with IV = vol + k and drift r - q, a bull put and a bear call at mirror strikes of equal |delta|
 * claim edge per risk within a quarter of each other, the rest being the lognormal's own: the model holds no
 * direction of its own (tests/unit/engine/quality.test.ts).
 *
 *   edge per risk  = (fill credit - expected payout at the forecast) / capital at risk
 *                    capital at risk = width - credit for a vertical; for a condor the sum of its two sides'
 *                    risks (each side is a bet of its own: the broker nets the margin, the score does not, so a
 *                    condor ranks as its two sides together, not as twice a vertical)
 *   score          = edge per risk
 *                    - FIT_WEIGHT x (1 - DTE fit) - FIT_WEIGHT x (1 - delta fit)
 *                    - LIQUIDITY_WEIGHT x (1 - prior-session liquidity)
 * The fill cost is inside the edge (the credit is the fill credit), so execution cost lowers the score once.
 *
 * Volatility forecast (`volatilityForecast`): close-to-close realised volatility over the last 5, 21 and 63
 * sessions (zero-mean, annualised with 252 sessions), blended 0.2 / 0.3 / 0.5 (a HAR-style mix: the long window
 * anchors the level, the short ones let a quiet or violent week move it). At least 22 closes are needed; with
 * fewer than 64 the longest window available stands in for the 63-day one.
 */
import { expectedCallPayoffFast, expectedPutPayoffFast } from "#app/engine/probability.ts";

/** Sessions per year for annualising daily realised volatility. */
export const SESSIONS_PER_YEAR = 252;
export const FORECAST_WINDOWS = [5, 21, 63] as const;
export const FORECAST_WEIGHTS = [0.2, 0.3, 0.5] as const;
/** Closes needed before a forecast is made (21 returns). */
export const MIN_FORECAST_CLOSES = 22;

/** Score units lost per unit of misfit (a fit of 0 costs 3 points of edge per 100 of risk). */
export const FIT_WEIGHT = 0.03;
export const LIQUIDITY_WEIGHT = 0.03;
/** A condor whose chance of touching either short strike is at least this is not an idea (coin flips at 1:1). */
export const MAX_CONDOR_TOUCH = 0.9;

/** Annualised close-to-close realised volatility of the last `sessions` returns (zero mean); null if too few. */
export function realisedVolatility(closes: readonly number[], sessions: number): number | null {
  const n = Math.min(sessions, closes.length - 1);
  if (!(n >= 1)) return null;
  let sum = 0;
  for (let i = closes.length - n; i < closes.length; i++) {
    const a = closes[i - 1]!;
    const b = closes[i]!;
    if (!(a > 0 && b > 0)) return null;
    const x = Math.log(b / a);
    sum += x * x;
  }
  return Math.sqrt((sum / n) * SESSIONS_PER_YEAR);
}

export interface VolatilityForecast {
  rv5: number;
  rv21: number;
  rv63: number;
  /** The blend: decimal, annualised. */
  forecast: number;
}

/** The realised-volatility forecast from daily closes (oldest first); null with fewer than 22 closes. */
export function volatilityForecast(closes: readonly number[]): VolatilityForecast | null {
  if (closes.length < MIN_FORECAST_CLOSES) return null;
  const rv5 = realisedVolatility(closes, FORECAST_WINDOWS[0]);
  const rv21 = realisedVolatility(closes, FORECAST_WINDOWS[1]);
  const rv63 = realisedVolatility(closes, FORECAST_WINDOWS[2]);
  if (rv5 === null || rv21 === null || rv63 === null) return null;
  const forecast = FORECAST_WEIGHTS[0] * rv5 + FORECAST_WEIGHTS[1] * rv21 + FORECAST_WEIGHTS[2] * rv63;
  return forecast > 0 ? { rv5, rv21, rv63, forecast } : null;
}

// ------------------------------------------------------------------------------------------------ profiles
export const SPREAD_PROFILES = ["conservative", "balanced", "aggressive"] as const;
export type SpreadProfile = (typeof SPREAD_PROFILES)[number];
export const DEFAULT_SPREAD_PROFILE: SpreadProfile = "balanced";

export interface ProfileTargets {
  /** Days to expiration allowed (inclusive) and preferred (inclusive). */
  minDte: number;
  maxDte: number;
  preferMinDte: number;
  preferMaxDte: number;
  /** |delta| of every short strike allowed (inclusive), and the aim. */
  minDelta: number;
  maxDelta: number;
  targetDelta: number;
}

/**
 * The three profiles (decision 325, superseding 237). The delta bands follow the product's risk levels (below
 * 0.20 conservative, below 0.35 balanced). Every window opens at 30 days, 9 past the management rule's 21-DTE
 * exit (grading.ts), and is preferred from 35, so an idea is held two weeks or more before that exit instead of
 * being closed at it within days of publication.
 */
export const PROFILE_TARGETS: Record<SpreadProfile, ProfileTargets> = {
  conservative: {
    minDte: 30,
    maxDte: 60,
    preferMinDte: 35,
    preferMaxDte: 50,
    minDelta: 0.1,
    maxDelta: 0.2,
    targetDelta: 0.15,
  },
  balanced: {
    minDte: 30,
    maxDte: 60,
    preferMinDte: 35,
    preferMaxDte: 50,
    minDelta: 0.2,
    maxDelta: 0.3,
    targetDelta: 0.22,
  },
  aggressive: {
    minDte: 30,
    maxDte: 45,
    preferMinDte: 35,
    preferMaxDte: 45,
    minDelta: 0.3,
    maxDelta: 0.4,
    targetDelta: 0.33,
  },
};

export function isSpreadProfile(value: unknown): value is SpreadProfile {
  return typeof value === "string" && (SPREAD_PROFILES as readonly string[]).includes(value);
}

/** 1 inside the preferred window, falling linearly to 0 at the allowed window's edges; 0 outside. */
export function dteFit(p: ProfileTargets, dte: number): number {
  if (dte < p.minDte || dte > p.maxDte) return 0;
  if (dte < p.preferMinDte) return 1 - (p.preferMinDte - dte) / (p.preferMinDte - p.minDte + 1);
  if (dte > p.preferMaxDte) return 1 - (dte - p.preferMaxDte) / (p.maxDte - p.preferMaxDte + 1);
  return 1;
}

/** 1 at the target |delta|, falling linearly to 0 one band-side beyond the band's farther edge; 0 outside. */
export function deltaFit(p: ProfileTargets, absDelta: number): number {
  if (absDelta < p.minDelta || absDelta > p.maxDelta) return 0;
  const reach = Math.max(p.targetDelta - p.minDelta, p.maxDelta - p.targetDelta) * 2;
  return 1 - Math.abs(absDelta - p.targetDelta) / reach;
}

/** Whether every short |delta| is inside the profile's band and the DTE inside its window. */
export function inProfile(p: ProfileTargets, dte: number, shortAbsDeltas: readonly number[]): boolean {
  if (dte < p.minDte || dte > p.maxDte) return false;
  for (const d of shortAbsDeltas) if (d < p.minDelta || d > p.maxDelta) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------- the edge
/**
 * Expected payoff at expiry (undiscounted, per share) of one leg at the forecast: the leg's own smile IV scaled
 * by forecast / at-the-money IV, drift r - q. The wheel's edge still uses it; the spreads use the physical model.
 */
export function forecastLegPayoff(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  legIv: number,
  volScale: number,
  q: number,
  r: number,
): number {
  const sigma = legIv * volScale;
  return isCall ? expectedCallPayoffFast(S, K, T, sigma, q, r) : expectedPutPayoffFast(S, K, T, sigma, q, r);
}

/**
 * The physical skew's share of the implied one (see the header): 0 would be a flat physical smile, 1 the implied
 * smile's whole shape.
 */
export const PHYSICAL_SKEW = 0.5;
/** The stated equity risk premium, annual: an equity-class name's drift above r - q is this x its beta to SPY. */
export const EQUITY_RISK_PREMIUM = 0.05;

/** The physical leg vol (see the header); the leg's own IV without a forecast. */
export function physicalLegVol(legIv: number, atmIv: number, forecast: number | null): number {
  if (forecast === null || !(forecast > 0) || !(atmIv > 0)) return legIv;
  const sigma = forecast * (1 + PHYSICAL_SKEW * (legIv / atmIv - 1));
  return sigma > 0 ? sigma : 0;
}

/**
 * Expected payoff at expiry (undiscounted, per share) of one leg under the physical model (see the header):
 * physical leg vol, drift r - q + equityPremium. Without a forecast the chain's own density (no premium either),
 * so no edge is claimed.
 */
export function physicalLegPayoff(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  legIv: number,
  atmIv: number,
  forecast: number | null,
  equityPremium: number,
  q: number,
  r: number,
): number {
  const claimed = forecast !== null && forecast > 0 && atmIv > 0;
  const sigma = physicalLegVol(legIv, atmIv, forecast);
  const mu = claimed ? r + equityPremium : r;
  return isCall
    ? expectedCallPayoffFast(S, K, T, sigma, q, mu)
    : expectedPutPayoffFast(S, K, T, sigma, q, mu);
}

/** forecast / at-the-money IV, the factor on every leg's IV; 1 (no edge claimed) without a forecast. */
export function forecastVolScale(forecast: number | null, atmIv: number): number {
  return forecast !== null && forecast > 0 && atmIv > 0 ? forecast / atmIv : 1;
}

export interface ScoreInputs {
  /** Fill credit minus the expected payout at the forecast, per share. */
  edge: number;
  /** Capital at risk per share (the sum of the sides' risks for a condor). */
  risk: number;
  dteFit: number;
  deltaFit: number;
  /** 0-1, the weakest leg's prior-session liquidity. */
  liquidity: number;
}

/** The score (see the header): higher is better; may be negative when no edge is left after costs. */
export function qualityScore(s: ScoreInputs): number {
  return scoreOf(s.edge, s.risk, s.dteFit, s.deltaFit, s.liquidity);
}

/** qualityScore, positional (the screener's inner loop allocates nothing). */
export function scoreOf(
  edge: number,
  risk: number,
  dteFit: number,
  deltaFit: number,
  liquidity: number,
): number {
  return edge / risk - FIT_WEIGHT * (2 - dteFit - deltaFit) - LIQUIDITY_WEIGHT * (1 - liquidity);
}

/** The score's parts shipped with every idea (numbers only; app/lib writes the words). */
export interface ScoreParts {
  profile: SpreadProfile;
  /** At-the-money IV of the expiration, decimal. */
  impliedVol: number;
  /** The realised-volatility forecast, decimal; null when the history is too short (no edge claimed). */
  forecastVol: number | null;
  /** Fill credit less the expected payout at the forecast, per contract. */
  edgeAtForecast: number;
  /** edgeAtForecast / capital at risk (ratio). */
  edgePerRisk: number;
  dte: number;
  dteFit: number;
  /** Largest short |delta|. */
  shortDelta: number;
  deltaFit: number;
  /** (mid credit - fill credit) x 100: what filling costs against the mid, per contract. */
  fillCost: number;
  /** fillCost as a share of the mid credit (0-1). */
  fillCostShare: number;
  liquidity: number;
  score: number;
}

/**
 * A short call across an ex-dividend date is likely to be assigned early when its extrinsic value (mid less
 * intrinsic) is below the dividend: the holder of the long call exercises to collect it.
 */
export function earlyAssignmentRisk(
  shortCallMid: number,
  strike: number,
  spot: number,
  dividend: number,
): boolean {
  const extrinsic = shortCallMid - Math.max(0, spot - strike);
  return dividend > 0 && extrinsic < dividend;
}
