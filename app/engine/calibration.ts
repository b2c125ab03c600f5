/**
 * Calibration of predicted probabilities against graded outcomes (the track record, decision 265).
 *
 * - Wilson score interval for a binomial rate (95%: z = 1.959963984540054).
 * - Reliability bins: predicted probability in fixed bins, each bin's count, mean prediction, realised rate and
 *   Wilson interval.
 * - Brier score mean((p - o)^2) and its skill score against climatology, 1 - BS / (obar (1 - obar)), where obar
 *   is the sample's realised rate (the reference forecaster that always says the base rate).
 * - Intervals by a bootstrap clustered by expiration: ideas that share an expiration share one market move, so
 *   whole expirations are resampled with replacement (a seeded generator: the same record gives the same
 *   interval). Percentile interval, 2.5% and 97.5%.
 * - Money figures beside the win rate: average P&L per unit of risk, worst loss, profit factor (gross wins over
 *   gross losses; null without a loss).
 * Probabilities are 0-1 here; the caller converts from percent.
 */
export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for k successes in n trials; [0, 1] when n is 0. */
export function wilsonInterval(k: number, n: number, z = Z95): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Outcome {
  /** Predicted probability of the win, 0-1. */
  p: number;
  win: boolean;
  /** The cluster the bootstrap resamples whole: the expiration date. */
  cluster: string;
}

export interface ReliabilityBin {
  /** [from, to) in predicted probability; the last bin includes 1. */
  from: number;
  to: number;
  count: number;
  wins: number;
  meanPredicted: number | null;
  realised: number | null;
  interval: Interval;
}

/** Equal-width bins over [0, 1]. */
export function reliabilityBins(outcomes: readonly Outcome[], binCount = 10): ReliabilityBin[] {
  const bins: ReliabilityBin[] = [];
  const sums = new Float64Array(binCount);
  const counts = new Int32Array(binCount);
  const wins = new Int32Array(binCount);
  for (const o of outcomes) {
    const i = Math.min(binCount - 1, Math.max(0, Math.floor(o.p * binCount)));
    sums[i] += o.p;
    counts[i]++;
    if (o.win) wins[i]++;
  }
  for (let i = 0; i < binCount; i++) {
    const n = counts[i];
    bins.push({
      from: i / binCount,
      to: (i + 1) / binCount,
      count: n,
      wins: wins[i],
      meanPredicted: n ? sums[i] / n : null,
      realised: n ? wins[i] / n : null,
      interval: wilsonInterval(wins[i], n),
    });
  }
  return bins;
}

/** Brier score: mean squared difference between prediction and outcome (0 perfect, lower is better). */
export function brierScore(outcomes: readonly Outcome[]): number | null {
  if (!outcomes.length) return null;
  let sum = 0;
  for (const o of outcomes) sum += (o.p - (o.win ? 1 : 0)) ** 2;
  return sum / outcomes.length;
}

/** Brier skill score against always forecasting the sample's base rate; null when the base rate is 0 or 1. */
export function brierSkillScore(outcomes: readonly Outcome[]): number | null {
  const bs = brierScore(outcomes);
  if (bs === null) return null;
  let wins = 0;
  for (const o of outcomes) if (o.win) wins++;
  const base = wins / outcomes.length;
  const reference = base * (1 - base);
  if (reference === 0) return null;
  return 1 - bs / reference;
}

/** A small seeded generator (mulberry32): bootstrap intervals must be reproducible from the record. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: readonly number[], q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/**
 * Percentile interval of `statistic` over `rounds` resamples of whole clusters (with replacement).
 * Resamples where the statistic is undefined (null) are skipped; null when none is defined.
 */
export function clusteredBootstrap<T extends { cluster: string }>(
  items: readonly T[],
  statistic: (sample: readonly T[]) => number | null,
  rounds = 1000,
  seed = 1,
): Interval | null {
  const byCluster = new Map<string, T[]>();
  for (const item of items) {
    const list = byCluster.get(item.cluster);
    if (list) list.push(item);
    else byCluster.set(item.cluster, [item]);
  }
  const clusters = [...byCluster.keys()].sort().map((k) => byCluster.get(k)!);
  if (!clusters.length) return null;
  const random = seededRandom(seed);
  const values: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const sample: T[] = [];
    for (let c = 0; c < clusters.length; c++) {
      const pick = clusters[Math.floor(random() * clusters.length)];
      for (const item of pick) sample.push(item);
    }
    const value = statistic(sample);
    if (value !== null && Number.isFinite(value)) values.push(value);
  }
  if (!values.length) return null;
  values.sort((a, b) => a - b);
  return { low: percentile(values, 0.025), high: percentile(values, 0.975) };
}

export interface MoneyOutcome {
  /** Per contract, dollars. */
  pnl: number;
  /** Per contract, dollars: the idea's maximum loss (spreads) or its collateral (wheel). */
  risk: number;
}

export interface MoneySummary {
  count: number;
  /** Mean of pnl / risk, as a ratio. */
  averageReturnOnRisk: number | null;
  /** The most negative P&L (dollars per contract), or null without a loss. */
  worstLoss: number | null;
  /** Gross wins / gross losses; null without a loss. */
  profitFactor: number | null;
}

export function moneySummary(outcomes: readonly MoneyOutcome[]): MoneySummary {
  let sumRatio = 0;
  let counted = 0;
  let gains = 0;
  let losses = 0;
  let worst: number | null = null;
  for (const o of outcomes) {
    if (o.risk > 0) {
      sumRatio += o.pnl / o.risk;
      counted++;
    }
    if (o.pnl > 0) gains += o.pnl;
    else if (o.pnl < 0) {
      losses -= o.pnl;
      if (worst === null || o.pnl < worst) worst = o.pnl;
    }
  }
  return {
    count: outcomes.length,
    averageReturnOnRisk: counted ? sumRatio / counted : null,
    worstLoss: worst,
    profitFactor: losses > 0 ? gains / losses : null,
  };
}
