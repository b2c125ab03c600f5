// The wheel's risk levels and their holding-period windows: a leaf module (no other engine import), so the
// /wheels screen can show the window the server screens without loading the engine.

/** The wheel's risk levels (docs/product/wheel.md#risk-level-derivation). */
export type RiskLevel = "conservative" | "balanced" | "aggressive";

export interface DteWindow {
  min: number;
  max: number;
}

/**
 * Holding periods per risk level, in days to expiration (decision 243). Balanced is the income trader's
 * 21-45 days: enough premium per day without the last weeks' gamma. Conservative goes longer (more premium
 * in dollars, slower moves in the strike's delta), Aggressive shorter (more premium per day, more gamma),
 * but never the last two weeks, where annualising a few cents of bid/ask crowns noise.
 */
export const WHEEL_DTE_WINDOWS: Readonly<Record<RiskLevel, DteWindow>> = {
  conservative: { min: 30, max: 60 },
  balanced: { min: 21, max: 45 },
  aggressive: { min: 14, max: 30 },
};

/** The risk level's holding-period window cut by the user's max-DTE filter (empty when below it). */
export function wheelDteWindow(riskLevel: RiskLevel, maxDte = 45): DteWindow {
  const w = WHEEL_DTE_WINDOWS[riskLevel];
  return { min: w.min, max: Math.min(w.max, maxDte) };
}
