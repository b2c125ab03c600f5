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
 * their legs, floored at 1 (the product's 1-5 scale); the wheel uses 0-5 as is.
 */
export function liquidityPoints(volume: number, openInterest: number, bid: number, ask: number): number {
  const v = volume > 0 ? volumeScore(volume) : 0;
  const o = openInterest > 0 ? openInterestScore(openInterest) : 0;
  const mid = 0.5 * (bid + ask);
  const width = ask - bid;
  let s = 0;
  if (mid > 0 && width >= 0) {
    s = width <= 0.05 ? 1 : 1 - width / mid / 0.2;
    if (s < 0) s = 0;
  }
  return Math.round(5 * (0.3 * v + 0.3 * o + 0.4 * s));
}

// Volume and open interest are whole numbers almost always: hygiene scores every leg, so the
// two logarithms are looked up for integers below the tables' size (filled lazily, with the
// very same expression, so the scores are bit-identical) and computed otherwise.
const VOLUME_TABLE = 4096;
const OI_TABLE = 16384;
let volumeScores: Float64Array | null = null;
let oiScores: Float64Array | null = null;

function volumeScore(volume: number): number {
  if (volume < VOLUME_TABLE && (volume | 0) === volume) {
    if (volumeScores === null) {
      volumeScores = new Float64Array(VOLUME_TABLE);
      for (let i = 1; i < VOLUME_TABLE; i++) volumeScores[i] = Math.min(1, Math.log10(1 + i) / 3);
    }
    return volumeScores[volume];
  }
  return Math.min(1, Math.log10(1 + volume) / 3);
}

function openInterestScore(openInterest: number): number {
  if (openInterest < OI_TABLE && (openInterest | 0) === openInterest) {
    if (oiScores === null) {
      oiScores = new Float64Array(OI_TABLE);
      for (let i = 1; i < OI_TABLE; i++) oiScores[i] = Math.min(1, Math.log10(1 + i) / 4);
    }
    return oiScores[openInterest];
  }
  return Math.min(1, Math.log10(1 + openInterest) / 4);
}

/**
 * Liquidity weight 0-1 for ranking, from the previous session only: open interest (as of the
 * prior close) and, when the provider publishes it, the prior day's volume, each on the log
 * scales above, averaged. Today's volume is left out on purpose: it is near zero at the open
 * and would rank the same contract differently by the hour.
 */
export function priorSessionLiquidity(openInterest: number, prevDayVolume: number | null): number {
  const o = openInterest > 0 ? openInterestScore(openInterest) : 0;
  if (prevDayVolume === null) return o;
  return 0.5 * (o + (prevDayVolume > 0 ? volumeScore(prevDayVolume) : 0));
}
