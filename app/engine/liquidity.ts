/**
 * Liquidity points 0-5 for one option leg.
 *
 *   volumeScore = min(1, log10(1 + volume) / 3)        1,000 contracts today -> full marks
 *   oiScore     = min(1, log10(1 + openInterest) / 4)   10,000 open contracts -> full marks
 *   spreadScore = clamp(1 - relSpread / 0.20, 0, 1)     relSpread = (ask - bid) / mid;
 *                 a spread of 20% of the mid or more scores 0; any spread <= $0.05 scores 1
 *   points      = round(5 * (0.3 volumeScore + 0.3 oiScore + 0.4 spreadScore))
 *
 * Logarithms because liquidity matters by orders of magnitude; the spread carries the
 * largest weight because it is what a trader actually pays. Spreads use the minimum over
 * their legs, floored at 1 (the spec's 1-5 scale); the wheel uses 0-5 as is.
 */
export function liquidityPoints(volume: number, openInterest: number, bid: number, ask: number): number {
  const v = volume > 0 ? Math.min(1, Math.log10(1 + volume) / 3) : 0;
  const o = openInterest > 0 ? Math.min(1, Math.log10(1 + openInterest) / 4) : 0;
  const mid = 0.5 * (bid + ask);
  const width = ask - bid;
  let s = 0;
  if (mid > 0 && width >= 0) {
    s = width <= 0.05 ? 1 : 1 - width / mid / 0.2;
    if (s < 0) s = 0;
  }
  return Math.round(5 * (0.3 * v + 0.3 * o + 0.4 * s));
}
