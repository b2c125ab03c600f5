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
} from "#app/engine/bsm.ts";
export type { OptionType, BsmInput, Greeks, ExpiryFactors } from "#app/engine/bsm.ts";
export { bsmChainGreeksInto, strikeGrid, greeksArrays } from "#app/engine/bsm-chain.ts";
export type { StrikeGrid, GreeksArrays } from "#app/engine/bsm-chain.ts";
export { impliedVol, impliedVolFast } from "#app/engine/iv.ts";
export type { ImpliedVolInput } from "#app/engine/iv.ts";
export { normCdf, normPdf, normInv, erf, erfc } from "#app/engine/normal.ts";
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
} from "#app/engine/probability.ts";
export type { LognormalInput } from "#app/engine/probability.ts";
export {
  rsiWilder,
  rsiTrend,
  dailyChangePercent,
  historicalVolatility,
  ivRank,
  ivPercentile,
} from "#app/engine/indicators.ts";
export type { Trend } from "#app/engine/indicators.ts";
export { cleanChain, midPrice, naturalPrice, quoteRejection, nearestStrikeIndex } from "#app/engine/chain.ts";
export type { HygieneOptions } from "#app/engine/chain.ts";
export { liquidityPoints, priorSessionLiquidity } from "#app/engine/liquidity.ts";
export { parseOccSymbol, formatOccSymbol } from "#app/engine/occ.ts";
export type { OccParts } from "#app/engine/occ.ts";
export { eventsBeforeExpiration } from "#app/engine/events.ts";
export type { EventFlags } from "#app/engine/events.ts";
export {
  screenCreditSpreads,
  rankSpreadIdeas,
  spreadTradeId,
  MAX_IDEAS_PER_SYMBOL,
  SPREADS_MAX_DTE,
} from "#app/engine/spreads.ts";
export {
  BOOK_SIZE,
  bookDelta,
  listInRuleOrder,
  MAX_PER_SYMBOL,
  withoutRepeats,
} from "#app/engine/ranking.ts";
export {
  FILL_BASIS,
  MAX_RELATIVE_SPREAD,
  MIN_SHORT_BID,
  ONE_TICK_SPREAD,
  SCREENS_IN_THE_MONEY_BAND,
  buyFillPrice,
  sellFillPrice,
} from "#app/engine/hygiene.ts";
export {
  expirationSmile,
  smileExpectedPayoff,
  smileProbAbove,
  smileProbBelow,
  smileProbTouch,
  smileVol,
  smileSlope,
} from "#app/engine/smile.ts";
export type { Smile } from "#app/engine/smile.ts";
export type { WheelScoreParts } from "#app/engine/wheel/wheel.ts";
export type {
  SpreadIdea,
  SpreadLeg,
  SpreadScreenOptions,
  SpreadStrategy,
  StrategyType,
} from "#app/engine/spreads.ts";
export {
  screenCashSecuredPuts,
  screenCoveredCalls,
  combineWheelStrategies,
  deriveRiskLevel,
  wheelDteWindow,
  WHEEL_DTE_WINDOWS,
  WHEEL_PROFILE_TARGETS,
} from "#app/engine/wheel/wheel.ts";
export type {
  CspCandidate,
  CcCandidate,
  CspScreenOptions,
  CcScreenOptions,
  WheelScreenOptions,
  RiskLevel,
  DteWindow,
} from "#app/engine/wheel/wheel.ts";
export {
  annualize,
  calendarDaysBetween,
  daysToExpiry,
  daysToExpiryAt,
  expirationInstantMs,
  newYorkDate,
  newYorkUtcOffsetHours,
  yearsToExpiration,
} from "#app/engine/time.ts";
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
} from "#app/engine/types.ts";
export { ENGINE_VERSION } from "#app/engine/types.ts";
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
} from "#app/engine/quality.ts";
export type {
  ProfileTargets,
  ScoreInputs,
  ScoreParts,
  SpreadProfile,
  VolatilityForecast,
} from "#app/engine/quality.ts";
export { MANAGEMENT_RULE } from "#app/engine/management.ts";
export { MARK_MAX_QUOTE_AGE_MINUTES, markPosition } from "#app/engine/positions/marks.ts";
export { positionShape, isGeometryRefusal } from "#app/engine/positions/geometry.ts";
export {
  ALERT_CODES,
  ASSIGNMENT_LAST_TRADING_DAYS,
  ASSIGNMENT_REARM_EXTRINSIC,
  ASSIGNMENT_REARM_OTM_PERCENT,
  DEFAULT_TESTED_DISTANCE_PERCENT,
  INITIAL_ALERT_STATE,
  LOSS_LIMIT_REARM_MULTIPLE,
  PROFIT_TARGET_REARM_SHARE,
  STRIKE_TESTED_DELTA,
  STRIKE_TESTED_REARM_DELTA,
  STRIKE_TESTED_REARM_EXTRA_PERCENT,
  alertStateChanged,
  evaluatePositionAlerts,
  weekdaysThrough,
} from "#app/engine/positions/alerts.ts";
export type {
  AlertCode,
  AlertContext,
  AlertEvaluation,
  AlertFiring,
  AlertSettings,
  AlertState,
} from "#app/engine/positions/alerts.ts";
export type {
  GeometryCode,
  GeometryRefusal,
  LegMark,
  LegQuote,
  MarkContext,
  MarkStatus,
  Position,
  PositionLeg,
  PositionMark,
  PositionShape,
  PositionStrategy,
} from "#app/engine/positions/types.ts";
