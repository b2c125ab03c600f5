/**
 * Price and volatility indicators.
 */

/**
 * Wilder's RSI (J. W. Wilder, "New Concepts in Technical Trading Systems", 1978; the
 * StockCharts ChartSchool definition):
 *   change_i = close_i - close_{i-1}; gain = max(change, 0); loss = max(-change, 0)
 *   first averages (index `period`) = simple means of the first `period` gains / losses
 *   then avg_i = (avg_{i-1} (period - 1) + value_i) / period   (Wilder smoothing)
 *   RSI = 100 - 100 / (1 + avgGain / avgLoss); 100 when avgLoss = 0 (50 if nothing moved).
 * Returns an array as long as `closes`, NaN before index `period`.
 */
export function rsiWilder(closes: readonly number[], period = 14): number[] {
  const n = closes.length;
  const out = new Array<number>(n).fill(NaN);
  if (!(period >= 1) || n <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const c = closes[i] - closes[i - 1];
    if (c > 0) gain += c;
    else loss -= c;
  }
  gain /= period;
  loss /= period;
  out[period] = rsiFrom(gain, loss);
  for (let i = period + 1; i < n; i++) {
    const c = closes[i] - closes[i - 1];
    gain = (gain * (period - 1) + (c > 0 ? c : 0)) / period;
    loss = (loss * (period - 1) + (c < 0 ? -c : 0)) / period;
    out[i] = rsiFrom(gain, loss);
  }
  return out;
}

function rsiFrom(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}

export type Trend = "up" | "down" | "flat";

/** Direction of the last value versus the previous one (finite values only); null if fewer than two. */
export function rsiTrend(series: readonly number[]): Trend | null {
  let last = NaN;
  for (let i = series.length - 1; i >= 0; i--) {
    const v = series[i];
    if (!Number.isFinite(v)) continue;
    if (Number.isNaN(last)) {
      last = v;
      continue;
    }
    return last > v ? "up" : last < v ? "down" : "flat";
  }
  return null;
}

/** Daily change in percent: (close - previousClose) / previousClose x 100; NaN without a positive previous close. */
export function dailyChangePercent(previousClose: number, close: number): number {
  return previousClose > 0 ? ((close - previousClose) / previousClose) * 100 : NaN;
}

/**
 * Historical (realised) volatility, annualised decimal: the sample standard deviation
 * (n - 1) of the last `window` daily log returns, times sqrt(tradingDaysPerYear).
 * NaN when fewer than window + 1 positive closes are available.
 */
export function historicalVolatility(
  closes: readonly number[],
  window = 20,
  tradingDaysPerYear = 252,
): number {
  const n = closes.length;
  if (window < 2 || n < window + 1) return NaN;
  let sum = 0;
  let sumSq = 0;
  for (let i = n - window; i < n; i++) {
    const a = closes[i - 1];
    const b = closes[i];
    if (!(a > 0 && b > 0)) return NaN;
    const x = Math.log(b / a);
    sum += x;
    sumSq += x * x;
  }
  const mean = sum / window;
  const variance = (sumSq - window * mean * mean) / (window - 1);
  return Math.sqrt(variance > 0 ? variance : 0) * Math.sqrt(tradingDaysPerYear);
}

/**
 * IV rank, percent: where the current IV sits between the lowest and highest IV of the
 * lookback history (typically one year of daily ATM IV): (iv - min) / (max - min) x 100,
 * clamped to [0, 100]; 50 when the history has no range; NaN when it is empty.
 */
export function ivRank(currentIv: number, history: readonly number[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const v of history) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === Infinity) return NaN;
  if (max === min) return 50;
  const r = ((currentIv - min) / (max - min)) * 100;
  return r < 0 ? 0 : r > 100 ? 100 : r;
}

/**
 * IV percentile, percent: the share of lookback observations strictly below the current
 * IV, x 100. NaN when the history is empty.
 */
export function ivPercentile(currentIv: number, history: readonly number[]): number {
  let count = 0;
  let below = 0;
  for (const v of history) {
    if (!Number.isFinite(v)) continue;
    count++;
    if (v < currentIv) below++;
  }
  return count ? (below / count) * 100 : NaN;
}
