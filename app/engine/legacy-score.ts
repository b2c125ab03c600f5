/**
 * The idea score before decision 236 (decision 050), kept so the bench and the future track record can compare
 * how the two rank the same list (decision 249). Nothing in the app ranks by it.
 *
 *   score = return on risk at the fill (ratio) x market-implied POP (0-1)
 *           x (LEGACY_LIQUIDITY_FLOOR + (1 - LEGACY_LIQUIDITY_FLOOR) x prior-session liquidity weight)
 *           x (1 - bid/ask cost share) x LEGACY_EARNINGS_FACTOR when earnings fall before expiry
 *   bid/ask cost share = (mid credit - natural credit) / mid credit, clamped to [0, 1] (1 without a mid credit).
 * Under the chain's own density return on risk x POP is about the probability of loss, which is why it was
 * replaced: it pushed short strikes to the delta cap and scored a condor about twice a vertical.
 */
import type { EventFlags } from "#app/engine/events.ts";
import type { SpreadIdea } from "#app/engine/spreads.ts";

export const LEGACY_LIQUIDITY_FLOOR = 0.25;
export const LEGACY_EARNINGS_FACTOR = 0.5;

/** The fields of a spread idea the old score reads (percent returns and POP, liquidity weight 0-1). */
export type LegacyScoreInputs = Pick<
  SpreadIdea,
  "return_on_risk" | "probability_of_profit" | "liquidity_weight" | "net_credit_mid" | "net_credit_natural"
> & { events: Pick<EventFlags, "earnings"> };

/**
 * Return on risk x POP x liquidity x (1 - cost) x earnings factor, both as ratios (the value the screener shipped as
 * `score` under decision 050); higher is better, never negative.
 */
export function legacyRorPopScore(idea: LegacyScoreInputs): number {
  const mid = idea.net_credit_mid;
  let cost = mid > 0 ? (mid - idea.net_credit_natural) / mid : 1;
  if (cost < 0) cost = 0;
  else if (cost > 1) cost = 1;
  const liquidity = LEGACY_LIQUIDITY_FLOOR + (1 - LEGACY_LIQUIDITY_FLOOR) * idea.liquidity_weight;
  const earnings = idea.events.earnings ? LEGACY_EARNINGS_FACTOR : 1;
  return (idea.return_on_risk / 100) * (idea.probability_of_profit / 100) * liquidity * (1 - cost) * earnings;
}
