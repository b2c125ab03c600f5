/**
 * Wheel candidates: cash-secured puts (CSP) and covered calls (CC), with the fields of the
 * batch answers' CSP and CC strategies (docs/product/api.md#wheel-batch-response).
 *
 * Conventions (docs/product/wheel.md#strategy-numbers, fill basis and probabilities of decision 050):
 *   premium                = per share at the fill basis (halfway between mid and bid, hygiene.ts);
 *                            premium_mid and premium_natural (the bid) beside it;
 *                            premiumPerContract = round(premium x 100)
 *   CSP contracts          = floor(cash / (strike x 100)); cashRequired = strike x 100 x contracts
 *   CC contracts           = floor(shares / 100)
 *   returnOnCapital (%)    = CSP: premium / strike x 100; CC: premium / currentPrice x 100
 *   annualizedReturn (%)   = returnOnCapital / max(DTE, 1) x 365 (the product's tooltip);
 *   period_return (%)      = returnOnCapital, the return over the holding period, shown beside it
 *   maxLoss (CSP)          = (strike - premium) x 100 per contract (stock going to 0)
 *   breakEvenPrice (CSP)   = strike - premium; cushionPercent = (price - breakEven) / price x 100
 *   winProbability (%)     = market-implied P(expires out of the money) from the smile (N(d2) at
 *                            the smile's IV with its slope; risk-neutral, at expiry): CSP P(S_T > K),
 *                            CC P(S_T < K) (decision 242). probabilityOTM = winProbability,
 *                            assignmentRisk = 100 - winProbability. probabilityITM: CSP
 *                            100 - winProbability; CC |delta| x 100 (docs/product/wheel.md), the server labels
 *                            the method (probabilityITMMethod). The lognormal P(OTM) at the leg's own IV is
 *                            beside it; prob_touch = touching the strike before expiry.
 *   impliedVolatility      = percent (32.5 = 32.5%); theta per day per share.
 * Only out-of-the-money strikes with |delta| <= 0.5 and a bid of at least MIN_SHORT_BID are candidates:
 * deeper strikes would count intrinsic value as "premium income". Selection (decision 243): the requested
 * risk level picks the delta band (< 0.2 conservative, < 0.35 balanced, else aggressive) and the
 * holding-period window (WHEEL_DTE_WINDOWS, cut by the user's max-DTE filter); within them the best strike of
 * each expiration, then the best 3 expirations per ticker, "best" by quality.ts's score per dollar of
 * collateral (WHEEL_PROFILE_TARGETS for the fits; score_parts on every strategy). The list comes back sorted
 * by annualizedReturn (the product's table order). Covered calls struck below the position's cost basis are
 * left out unless asked for (decision 244).
 */
import { expectedCallPayoffFast, probAboveFast, probBelowFast } from "#app/engine/probability.ts";
import { eventsBeforeExpiration, type EventFlags } from "#app/engine/events.ts";
import { FILL_BASIS, MIN_SHORT_BID, sellFillPrice } from "#app/engine/hygiene.ts";
import {
  expirationSmile,
  smileExpectedPayoff,
  smileProbAbove,
  smileProbBelow,
  smileProbTouch,
} from "#app/engine/smile.ts";
import type { Assumptions, CleanChain, CleanExpiration, CleanLeg } from "#app/engine/types.ts";
import { annualize } from "#app/engine/time.ts";
import { wheelDteWindow, WHEEL_DTE_WINDOWS, type RiskLevel } from "#app/engine/wheel/windows.ts";
import { expirationColumns, payoffAt, type ExpirationColumns } from "#app/engine/columns.ts";
import {
  deltaFit,
  dteFit,
  forecastLegPayoff,
  forecastVolScale,
  qualityScore,
  scoreOf,
  type ProfileTargets,
} from "#app/engine/quality.ts";

export {
  WHEEL_DTE_WINDOWS,
  wheelDteWindow,
  type DteWindow,
  type RiskLevel,
} from "#app/engine/wheel/windows.ts";

export const RISK_DELTA_CONSERVATIVE = 0.2;
export const RISK_DELTA_BALANCED = 0.35;
export const RISK_DISTANCE_CONSERVATIVE = 0.1;
export const RISK_DISTANCE_BALANCED = 0.05;
export const STRATEGIES_PER_TICKER = 3;
export const MAX_WHEEL_DELTA = 0.5;

/**
 * What the quality score aims at per risk level (decision 243): the window of WHEEL_DTE_WINDOWS with a
 * preferred middle, and the product's delta band with a target inside it.
 */
export const WHEEL_PROFILE_TARGETS: Readonly<Record<RiskLevel, ProfileTargets>> = {
  conservative: {
    ...dteTargets("conservative", 35, 50),
    minDelta: 0,
    maxDelta: RISK_DELTA_CONSERVATIVE,
    targetDelta: 0.15,
  },
  balanced: {
    ...dteTargets("balanced", 30, 45),
    minDelta: RISK_DELTA_CONSERVATIVE,
    maxDelta: RISK_DELTA_BALANCED,
    targetDelta: 0.25,
  },
  aggressive: {
    ...dteTargets("aggressive", 21, 30),
    minDelta: RISK_DELTA_BALANCED,
    maxDelta: MAX_WHEEL_DELTA,
    targetDelta: 0.4,
  },
};

function dteTargets(riskLevel: RiskLevel, preferMinDte: number, preferMaxDte: number) {
  const w = WHEEL_DTE_WINDOWS[riskLevel];
  return { minDte: w.min, maxDte: w.max, preferMinDte, preferMaxDte };
}

/** The quality score's parts on every wheel strategy (numbers only; app/lib writes the words). */
export interface WheelScoreParts {
  /** At-the-money IV of the expiration, decimal. */
  impliedVol: number;
  /** The realised-volatility forecast, decimal; null: no edge claimed. */
  forecastVol: number | null;
  /** Fill premium less the expected payout at the forecast, per contract. */
  edgeAtForecast: number;
  /** edgeAtForecast per dollar of collateral (CSP: the strike; CC: the shares at today's price). */
  edgePerCollateral: number;
  dte: number;
  dteFit: number;
  shortDelta: number;
  deltaFit: number;
  /** (mid - fill) x 100 per contract, and its share of the mid. */
  fillCost: number;
  fillCostShare: number;
  /** 0-1: liquidity points / 5. */
  liquidity: number;
  score: number;
}

/**
 * The quality of one short option per dollar of collateral (quality.ts's score, decision 243). The payout is
 * the put's (CSP) or the upside given up above the strike (CC), at the forecast volatility.
 */
function wheelScoreParts(
  chain: CleanChain,
  exp: CleanExpiration,
  leg: CleanLeg,
  isCall: boolean,
  collateral: number,
  targets: ProfileTargets,
  forecastVol: number | null,
): WheelScoreParts {
  const premium = sellFillPrice(leg.bid, leg.ask);
  const scale = forecastVolScale(forecastVol, exp.atmIv);
  const payout = forecastLegPayoff(
    isCall,
    chain.spot,
    leg.strike,
    exp.T,
    leg.iv,
    scale,
    chain.dividendYield,
    chain.riskFreeRate,
  );
  const edge = premium - payout;
  const absDelta = Math.abs(leg.delta);
  const parts = {
    dteFit: dteFit(targets, exp.dte),
    deltaFit: deltaFit(targets, absDelta),
    liquidity: leg.liquidityPoint / 5,
  };
  return {
    impliedVol: exp.atmIv,
    forecastVol: scale === 1 ? null : forecastVol,
    edgeAtForecast: edge * 100,
    edgePerCollateral: edge / collateral,
    dte: exp.dte,
    shortDelta: absDelta,
    fillCost: (leg.mid - premium) * 100,
    fillCostShare: leg.mid > 0 ? (leg.mid - premium) / leg.mid : 0,
    ...parts,
    score: qualityScore({ edge, risk: collateral, ...parts }),
  };
}

/**
 * Risk level derivation (docs/product/wheel.md#risk-level-derivation): by |delta| (< 0.2 conservative, < 0.35
 * balanced, else aggressive); without delta by the strike's distance from the price
 * (CC above it, CSP below it): >= 10% conservative, >= 5% balanced, else aggressive.
 */
export function deriveRiskLevel(args: {
  delta?: number | null;
  strike: number;
  currentPrice: number;
  kind: "CSP" | "CC";
}): RiskLevel {
  const { delta, strike, currentPrice, kind } = args;
  if (typeof delta === "number" && Number.isFinite(delta)) {
    const d = Math.abs(delta);
    return d < RISK_DELTA_CONSERVATIVE ? "conservative" : d < RISK_DELTA_BALANCED ? "balanced" : "aggressive";
  }
  const distance =
    kind === "CC" ? (strike - currentPrice) / currentPrice : (currentPrice - strike) / currentPrice;
  return distance >= RISK_DISTANCE_CONSERVATIVE
    ? "conservative"
    : distance >= RISK_DISTANCE_BALANCED
      ? "balanced"
      : "aggressive";
}

interface WheelCommon {
  id: string;
  symbol: string;
  optionSymbol: string;
  currentPrice: number;
  expirationDate: string;
  daysToExpiration: number;
  /** Per share, at the fill basis. */
  premium: number;
  /** Per share, at mid. */
  premium_mid: number;
  /** Per share, selling at the bid. */
  premium_natural: number;
  fill_basis: string;
  /** round(premium x 100) */
  premiumPerContract: number;
  /** premiumPerContract x contracts */
  totalPremium: number;
  contracts: number;
  delta: number;
  /** Per day per share. */
  theta: number;
  /** Percent. */
  impliedVolatility: number;
  greeks: { delta: number; theta: number; gamma: number; vega: number };
  /** Percent, market-implied (risk-neutral, at expiry). */
  winProbability: number;
  /** Percent: touching the strike before expiry (continuous monitoring, smile IV at the strike). */
  prob_touch: number;
  probabilityOTM: number;
  /** Percent: CSP 100 - winProbability; CC |delta| x 100 (docs/product/wheel.md#strategy-numbers). */
  probabilityITM: number;
  /** Percent, 100 - winProbability. */
  assignmentRisk: number;
  /** Percent: lognormal P(expires OTM) at the leg's IV, risk-neutral. */
  probabilityOTMLognormal: number;
  /** Percent. */
  returnOnCapital: number;
  /** Percent: returnOnCapital / DTE x 365. */
  annualizedReturn: number;
  /** Percent over the holding period (= returnOnCapital). */
  period_return: number;
  assumptions: Assumptions;
  riskLevel: RiskLevel;
  /** 0-5 */
  liquidityPoint: number;
  liquidity: { score: number; volume: number; openInterest: number };
  volume: number;
  openInterest: number;
  bid: number;
  ask: number;
  events: EventFlags;
  lastUpdated: string;
  /** Why it was chosen: the quality score's parts (decision 243). */
  score_parts: WheelScoreParts;
}

export interface CspCandidate extends WheelCommon {
  type: "CSP";
  strategy_type: "CASH_SECURED_PUT";
  putStrike: number;
  /** Same as premiumPerContract (the API's name). */
  premiumCollected: number;
  cashRequired: number;
  /** Per contract: (strike - premium) x 100. */
  maxLoss: number;
  /** maxLoss x contracts. */
  totalMaxLoss: number;
  breakEvenPrice: number;
  /** Percent. */
  cushionPercent: number;
  /**
   * Percent, at the breakeven (strike - premium): the probability of any profit at expiry, the event the track
   * record grades (winProbability is the put expiring out of the money, a smaller event). As the spreads':
   * market-implied from the smile, lognormal at the expiration's at-the-money IV, and 1 - |delta|.
   */
  pop_methods: { market_implied: number; lognormal_atm: number; delta: number };
  /** Per contract: the premium at the fill less the put's expected payout under the smile's density, at expiry. */
  expected_value: number;
}

export interface CcCandidate extends WheelCommon {
  type: "CC";
  strategy_type: "COVERED_CALL";
  callStrike: number;
  /** Same as premium (the API's name). */
  premiumPerShare: number;
  shares: number;
  costBasis: number | null;
  /** The strike. */
  assignmentPrice: number;
  /** ((strike - basis) + premium) x 100 x contracts; basis = costBasis, else currentPrice. */
  assignmentProfit: number;
  /** Percent of the position's basis, if assigned. */
  totalReturn: number;
  /** Percent: (strike - price) / price x 100. */
  upsidePotential: number;
  /** Expected upside forgone above the strike, lognormal at the leg's IV, x 100 x contracts. */
  opportunityCost: number;
  /**
   * True when the strike is below the cost basis: assignment would lock in a loss. Such calls are only
   * listed when the screen asks for them (includeBelowCostBasis).
   */
  costBasisGuardrail: boolean;
  /** Position's break-even after the premium: basis - premium. */
  breakEvenPrice: number;
}

export interface WheelScreenOptions {
  riskLevel?: RiskLevel;
  /**
   * The user's max-DTE filter (default 45, docs/product/wheel.md#table-and-filters); it cuts the risk level's
   * window.
   */
  maxDte?: number;
  /** Minimum returnOnCapital, percent. Default 0. */
  minReturn?: number;
  /** Minimum premium per share, at the fill basis. Default 0.05. */
  minPremium?: number;
  minLiquidity?: number;
  /** Default 3. */
  perTicker?: number;
  /** The realised-volatility forecast (quality.ts), decimal; null or missing claims no edge. */
  forecastVol?: number | null;
}

export interface CspScreenOptions extends WheelScreenOptions {
  /** Cash available; default 100000 (docs/product/wheel.md#strategies). */
  cash?: number;
}

export interface CcScreenOptions extends WheelScreenOptions {
  shares: number;
  costBasis?: number | null;
  /** List calls struck below the cost basis too (flagged by costBasisGuardrail). Default false. */
  includeBelowCostBasis?: boolean;
}

/** An expiration's best strike (the screens' loops pick it: the first of the highest score). */
interface WheelPick {
  exp: CleanExpiration;
  leg: CleanLeg;
  /** What the choice ranks by (higher is better): the quality score (wheelScoreParts' score). */
  rank: number;
}

/** Which picks a ticker keeps (decision 243): of each expiration's best strike, the best `perTicker`. */
function bestPicks(picks: WheelPick[], perTicker: number): WheelPick[] {
  picks.sort((a, b) => b.rank - a.rank);
  if (picks.length > perTicker) picks.length = perTicker;
  return picks;
}

const byAnnualizedDesc = (a: { annualizedReturn: number }, b: { annualizedReturn: number }) =>
  b.annualizedReturn - a.annualizedReturn;

function common(
  chain: CleanChain,
  exp: CleanExpiration,
  leg: CleanLeg,
  contracts: number,
  riskLevel: RiskLevel,
  roc: number,
  probOtmLognormal: number,
  winProbability: number,
  probabilityITM: number,
): Omit<WheelCommon, "score_parts"> {
  const premium = sellFillPrice(leg.bid, leg.ask);
  const premiumPerContract = Math.round(premium * 100);
  const itm = 100 - winProbability;
  return {
    id: leg.occSymbol,
    symbol: chain.underlying,
    optionSymbol: leg.occSymbol,
    currentPrice: chain.spot,
    expirationDate: exp.expirationDate,
    daysToExpiration: exp.dte,
    premium,
    premium_mid: leg.mid,
    premium_natural: leg.bid,
    fill_basis: FILL_BASIS,
    premiumPerContract,
    totalPremium: premiumPerContract * contracts,
    contracts,
    delta: leg.delta,
    theta: leg.theta,
    impliedVolatility: leg.iv * 100,
    greeks: { delta: leg.delta, theta: leg.theta, gamma: leg.gamma, vega: leg.vega },
    winProbability,
    prob_touch: smileProbTouch(expirationSmile(exp, chain.spot), leg.strike) * 100,
    probabilityOTM: winProbability,
    probabilityITM,
    assignmentRisk: itm,
    probabilityOTMLognormal: probOtmLognormal * 100,
    returnOnCapital: roc,
    annualizedReturn: annualize(roc, exp.dte),
    period_return: roc,
    assumptions: chain.assumptions,
    riskLevel,
    liquidityPoint: leg.liquidityPoint,
    liquidity: { score: leg.liquidityPoint, volume: leg.volume, openInterest: leg.openInterest },
    volume: leg.volume,
    openInterest: leg.openInterest,
    bid: leg.bid,
    ask: leg.ask,
    events: eventsBeforeExpiration(chain, exp.expirationDate),
    lastUpdated: leg.quoteTime ?? chain.asOf,
  };
}

/** Risk level from |delta| alone (no allocation; hot loops). */
function riskFromAbsDelta(d: number): RiskLevel {
  return d < RISK_DELTA_CONSERVATIVE ? "conservative" : d < RISK_DELTA_BALANCED ? "balanced" : "aggressive";
}

/** The filters both wheel screens share, with the product's defaults (balanced, 45 days, 3 per ticker). */
function screenDefaults(options: WheelScreenOptions) {
  const riskLevel = options.riskLevel ?? "balanced";
  const window = wheelDteWindow(riskLevel, options.maxDte);
  return {
    riskLevel,
    maxDte: window.max,
    minDte: window.min,
    minReturn: options.minReturn ?? 0,
    minPremium: options.minPremium ?? 0.05,
    minLiquidity: options.minLiquidity ?? 0,
    perTicker: options.perTicker ?? STRATEGIES_PER_TICKER,
    targets: WHEEL_PROFILE_TARGETS[riskLevel],
    forecastVol: options.forecastVol ?? null,
  };
}

/** Best cash-secured puts of one underlying for the requested risk level. */
export function screenCashSecuredPuts(chain: CleanChain, options: CspScreenOptions = {}): CspCandidate[] {
  const { riskLevel, maxDte, minDte, minReturn, minPremium, minLiquidity, perTicker, targets, forecastVol } =
    screenDefaults(options);
  const cash = options.cash ?? 100_000;
  const S = chain.spot;
  const q = chain.dividendYield;
  const r = chain.riskFreeRate;
  const out: CspCandidate[] = [];
  const picks: WheelPick[] = [];
  for (const exp of chain.expirations) {
    if (exp.dte < minDte || exp.dte > maxDte) continue;
    const puts = exp.puts;
    const scale = forecastVolScale(forecastVol, exp.atmIv);
    const dFit = dteFit(targets, exp.dte);
    let cols: ExpirationColumns | null = null;
    let best: CleanLeg | null = null;
    let bestRank = -Infinity;
    for (let i = 0; i < puts.length; i++) {
      const leg = puts[i];
      if (leg.strike >= S) break;
      const ad = -leg.delta;
      if (ad > MAX_WHEEL_DELTA || leg.bid < MIN_SHORT_BID || leg.liquidityPoint < minLiquidity) continue;
      if (riskFromAbsDelta(ad) !== riskLevel) continue; // cleaned legs always carry a delta
      const premium = sellFillPrice(leg.bid, leg.ask);
      if (premium < minPremium) continue;
      const contracts = Math.floor(cash / (leg.strike * 100));
      if (contracts < 1) continue;
      const roc = (premium / leg.strike) * 100;
      if (roc < minReturn) continue;
      cols ??= expirationColumns(exp, S, q, r, scale);
      const edge = premium - payoffAt(cols.puts, puts, i, false, S, exp.T, scale, q, r);
      const rank = scoreOf(edge, leg.strike, dFit, deltaFit(targets, ad), leg.liquidityPoint / 5);
      if (best === null || rank > bestRank) {
        best = leg;
        bestRank = rank;
      }
    }
    if (best !== null) picks.push({ exp, leg: best, rank: bestRank });
  }
  // build objects only for the kept picks
  for (const { exp, leg } of bestPicks(picks, perTicker)) {
    {
      const parts = wheelScoreParts(chain, exp, leg, false, leg.strike, targets, forecastVol);
      const contracts = Math.floor(cash / (leg.strike * 100));
      const premium = sellFillPrice(leg.bid, leg.ask);
      const roc = (premium / leg.strike) * 100;
      const smile = expirationSmile(exp, S);
      const win = smileProbAbove(smile, leg.strike) * 100;
      const base = common(
        chain,
        exp,
        leg,
        contracts,
        riskLevel,
        roc,
        probAboveFast(S, leg.strike, exp.T, leg.iv, chain.dividendYield, chain.riskFreeRate),
        win,
        100 - win,
      );
      const breakEvenPrice = leg.strike - premium;
      const maxLoss = breakEvenPrice * 100;
      // Object.assign, not a spread: V8 copies a spread of this size ~10x slower
      out.push(
        Object.assign(base, {
          type: "CSP" as const,
          strategy_type: "CASH_SECURED_PUT" as const,
          score_parts: parts,
          putStrike: leg.strike,
          premiumCollected: base.premiumPerContract,
          cashRequired: leg.strike * 100 * contracts,
          maxLoss,
          totalMaxLoss: maxLoss * contracts,
          breakEvenPrice,
          cushionPercent: ((S - breakEvenPrice) / S) * 100,
          pop_methods: {
            // A distribution function cannot fall: the breakeven is below the strike, so P(S > breakeven) is at
            // least P(S > strike). A smile read from quoted mids can dip between two strikes; this keeps the two in order.
            market_implied: Math.max(smileProbAbove(smile, breakEvenPrice) * 100, base.winProbability),
            lognormal_atm: probAboveFast(S, breakEvenPrice, exp.T, exp.atmIv, q, r) * 100,
            delta: (1 + leg.delta) * 100,
          },
          expected_value: (premium - smileExpectedPayoff(smile, false, leg.strike)) * 100,
        }),
      );
    }
  }
  out.sort(byAnnualizedDesc);
  if (out.length > perTicker) out.length = perTicker;
  return out;
}

/** Best covered calls on a stock position for the requested risk level. */
export function screenCoveredCalls(chain: CleanChain, options: CcScreenOptions): CcCandidate[] {
  const { riskLevel, maxDte, minDte, minReturn, minPremium, minLiquidity, perTicker, targets, forecastVol } =
    screenDefaults(options);
  const contracts = Math.floor(options.shares / 100);
  const costBasis = typeof options.costBasis === "number" && options.costBasis > 0 ? options.costBasis : null;
  const S = chain.spot;
  const q = chain.dividendYield;
  const r = chain.riskFreeRate;
  const out: CcCandidate[] = [];
  const picks: WheelPick[] = [];
  if (contracts < 1) return out;
  const basis = costBasis ?? S;
  // Below the basis, assignment sells the shares at a loss: left out unless asked for (decision 244).
  const lowestStrike = costBasis !== null && options.includeBelowCostBasis !== true ? costBasis : 0;
  // The call side mirrors the put screen above, with the call's own strike, delta and return rules: two plain
  // loops keep the per-leg path free of closures and objects.
  // jscpd:ignore-start
  for (const exp of chain.expirations) {
    if (exp.dte < minDte || exp.dte > maxDte) continue;
    const calls = exp.calls;
    const scale = forecastVolScale(forecastVol, exp.atmIv);
    const dFit = dteFit(targets, exp.dte);
    let cols: ExpirationColumns | null = null;
    let best: CleanLeg | null = null;
    let bestRank = -Infinity;
    // From the highest strike down (a tie keeps the higher strike).
    for (let i = calls.length - 1; i >= 0; i--) {
      const leg = calls[i];
      if (leg.strike <= S || leg.strike < lowestStrike) break;
      if (leg.delta > MAX_WHEEL_DELTA || leg.bid < MIN_SHORT_BID || leg.liquidityPoint < minLiquidity)
        continue;
      if (riskFromAbsDelta(leg.delta) !== riskLevel) continue;
      const premium = sellFillPrice(leg.bid, leg.ask);
      if (premium < minPremium) continue;
      const roc = (premium / S) * 100;
      if (roc < minReturn) continue;
      cols ??= expirationColumns(exp, S, q, r, scale);
      const edge = premium - payoffAt(cols.calls, calls, i, true, S, exp.T, scale, q, r);
      const rank = scoreOf(edge, S, dFit, deltaFit(targets, Math.abs(leg.delta)), leg.liquidityPoint / 5);
      if (best === null || rank > bestRank) {
        best = leg;
        bestRank = rank;
      }
    }
    if (best !== null) picks.push({ exp, leg: best, rank: bestRank });
  }
  for (const { exp, leg } of bestPicks(picks, perTicker)) {
    {
      const parts = wheelScoreParts(chain, exp, leg, true, S, targets, forecastVol);
      const premium = sellFillPrice(leg.bid, leg.ask);
      const roc = (premium / S) * 100;
      // jscpd:ignore-end
      const base = common(
        chain,
        exp,
        leg,
        contracts,
        riskLevel,
        roc,
        probBelowFast(S, leg.strike, exp.T, leg.iv, chain.dividendYield, chain.riskFreeRate),
        smileProbBelow(expirationSmile(exp, S), leg.strike) * 100,
        Math.min(100, Math.abs(leg.delta) * 100),
      );
      const assignmentProfit = (leg.strike - basis + premium) * 100 * contracts;
      // Object.assign, not a spread: V8 copies a spread of this size ~10x slower
      out.push(
        Object.assign(base, {
          type: "CC" as const,
          strategy_type: "COVERED_CALL" as const,
          score_parts: parts,
          callStrike: leg.strike,
          premiumPerShare: premium,
          shares: options.shares,
          costBasis,
          assignmentPrice: leg.strike,
          assignmentProfit,
          totalReturn: (assignmentProfit / (basis * 100 * contracts)) * 100,
          upsidePotential: ((leg.strike - S) / S) * 100,
          opportunityCost:
            expectedCallPayoffFast(S, leg.strike, exp.T, leg.iv, chain.dividendYield, chain.riskFreeRate) *
            100 *
            contracts,
          costBasisGuardrail: costBasis !== null && leg.strike < costBasis,
          breakEvenPrice: basis - premium,
        }),
      );
    }
  }
  out.sort(byAnnualizedDesc);
  if (out.length > perTicker) out.length = perTicker;
  return out;
}

/**
 * Strategy combination (docs/product/wheel.md#strategies): at most `perTicker` strategies per ticker, each
 * ticker's best by annualizedReturn; the combined list sorted by annualizedReturn descending.
 */
export function combineWheelStrategies<T extends { symbol: string; annualizedReturn: number }>(
  strategies: readonly T[],
  perTicker = STRATEGIES_PER_TICKER,
): T[] {
  const sorted = [...strategies].sort(byAnnualizedDesc);
  const taken = new Map<string, number>();
  const out: T[] = [];
  for (const s of sorted) {
    const n = taken.get(s.symbol) ?? 0;
    if (n >= perTicker) continue;
    taken.set(s.symbol, n + 1);
    out.push(s);
  }
  return out;
}
