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
export { liquidityPoints } from "./liquidity";
export { parseOccSymbol, formatOccSymbol } from "./occ";
export type { OccParts } from "./occ";
export { eventsBeforeExpiration } from "./events";
export type { EventFlags } from "./events";
export { screenCreditSpreads, rankSpreadIdeas, spreadTradeId, LIQUIDITY_SCORE_WEIGHT } from "./spreads";
export type { SpreadIdea, SpreadLeg, SpreadScreenOptions, SpreadStrategy, StrategyType } from "./spreads";
export { screenCashSecuredPuts, screenCoveredCalls, combineWheelStrategies, deriveRiskLevel } from "./wheel";
export type {
  CspCandidate,
  CcCandidate,
  CspScreenOptions,
  CcScreenOptions,
  WheelScreenOptions,
  RiskLevel,
} from "./wheel";
export {
  annualize,
  calendarDaysBetween,
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
} from "./types";
