/**
 * Wheelhouse quant engine: pure TypeScript, float64, no I/O and no imports from outside
 * app/engine. Conventions: docs/decisions/003-engine-conventions.md.
 */
export {
  bsmPrice,
  bsmGreeks,
  bsmPriceFast,
  bsmPriceGreeksInto,
  bsmPriceGreeksWithFactors,
  expiryFactors,
  europeanLowerBound,
  europeanUpperBound,
} from "./bsm";
export type { OptionType, BsmInput, Greeks, ExpiryFactors } from "./bsm";
export { bsmChainGreeksInto, strikeGrid, greeksArrays } from "./bsm-chain";
export type { StrikeGrid, GreeksArrays } from "./bsm-chain";
export { impliedVol, impliedVolFast } from "./iv";
export type { ImpliedVolInput } from "./iv";
export { normCdf, normPdf, normInv, erf, erfc } from "./normal";
export {
  probAbove,
  probBelow,
  probBetween,
  probTouch,
  probTouchEitherFast,
  expectedCallPayoff,
  expectedPutPayoff,
  expectedPayoff,
  logNormCdf,
} from "./probability";
export type { LognormalInput } from "./probability";
export {
  rsiWilder,
  rsiTrend,
  dailyChangePercent,
  historicalVolatility,
  ivRank,
  ivPercentile,
} from "./indicators";
export type { Trend } from "./indicators";
export { cleanChain, midPrice, naturalPrice, quoteRejection, nearestStrikeIndex } from "./chain";
export type { HygieneOptions } from "./chain";
export { liquidityPoints, priorSessionLiquidity } from "./liquidity";
export { parseOccSymbol, formatOccSymbol } from "./occ";
export type { OccParts } from "./occ";
export { eventsBeforeExpiration } from "./events";
export type { EventFlags } from "./events";
export {
  screenCreditSpreads,
  rankSpreadIdeas,
  spreadTradeId,
  MAX_IDEAS_PER_SYMBOL,
  PROBABILITY_LABEL,
  SPREADS_MAX_DTE,
} from "./spreads";
export { INDEX_GROUP_CAP, listInRuleOrder, MAX_PER_SYMBOL, withoutRepeats } from "./ranking";
export {
  FILL_BASIS,
  MAX_RELATIVE_SPREAD,
  MIN_SHORT_BID,
  ONE_TICK_SPREAD,
  SCREENS_IN_THE_MONEY_BAND,
  buyFillPrice,
  sellFillPrice,
} from "./hygiene";
export {
  expirationSmile,
  smileExpectedPayoff,
  smileProbAbove,
  smileProbBelow,
  smileProbTouch,
  smileVol,
  smileSlope,
} from "./smile";
export type { Smile } from "./smile";
export type { WheelScoreParts } from "./wheel";
export type { SpreadIdea, SpreadLeg, SpreadScreenOptions, SpreadStrategy, StrategyType } from "./spreads";
export {
  screenCashSecuredPuts,
  screenCoveredCalls,
  combineWheelStrategies,
  deriveRiskLevel,
  wheelDteWindow,
  WHEEL_DTE_WINDOWS,
  WIN_PROBABILITY_METHOD,
  CC_ITM_METHOD,
  WHEEL_PROFILE_TARGETS,
} from "./wheel";
export type {
  CspCandidate,
  CcCandidate,
  CspScreenOptions,
  CcScreenOptions,
  WheelScreenOptions,
  RiskLevel,
  DteWindow,
} from "./wheel";
export {
  annualize,
  calendarDaysBetween,
  daysToExpiry,
  daysToExpiryAt,
  expirationInstantMs,
  newYorkDate,
  newYorkUtcOffsetHours,
  yearsToExpiration,
} from "./time";
export type {
  ChainLeg,
  ChainExpiration,
  OptionChain,
  MarketContext,
  MarketEvent,
  MarketEventKind,
  CleanLeg,
  CleanExpiration,
  CleanChain,
  RejectReason,
  Assumptions,
} from "./types";
export { ENGINE_VERSION } from "./types";
export {
  DEFAULT_SPREAD_PROFILE,
  deltaFit,
  dteFit,
  earlyAssignmentRisk,
  FIT_WEIGHT,
  forecastLegPayoff,
  forecastVolScale,
  inProfile,
  isSpreadProfile,
  LIQUIDITY_WEIGHT,
  MAX_CONDOR_TOUCH,
  PROFILE_TARGETS,
  qualityScore,
  realisedVolatility,
  scoreOf,
  SPREAD_PROFILES,
  volatilityForecast,
} from "./quality";
export type { ProfileTargets, ScoreInputs, ScoreParts, SpreadProfile, VolatilityForecast } from "./quality";
