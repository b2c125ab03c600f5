// Win-rate and calibration intervals from the same resampling as the Brier score: whole expirations, because ideas
// that expire together share one market move, so independent-trial (Wilson) intervals are too narrow.
import {
  seededRandom,
  wilsonInterval,
  type Interval,
  type MoneyOutcome,
  type MoneySummary,
  type Outcome,
  type ReliabilityBin,
} from "#app/engine/calibration.ts";

/** Seeds fixed per figure so a recomputation from the downloads reproduces the page's intervals exactly. */
export const WIN_RATE_SEED = 3;
export const MANAGED_WIN_RATE_SEED = 4;
export const BINS_SEED = 5;

function percentile(sorted: readonly number[], q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

function clustersOf<T extends { cluster: string }>(items: readonly T[]): T[][] {
  const byCluster = new Map<string, T[]>();
  for (const item of items) {
    const list = byCluster.get(item.cluster);
    if (list) list.push(item);
    else byCluster.set(item.cluster, [item]);
  }
  return [...byCluster.keys()].sort().map((k) => byCluster.get(k)!);
}

/**
 * Resamples whole clusters `rounds` times and returns each round's win and count per key (`keyOf` null: not
 * counted). One pass gives every bin's rate from the same resamples, as one statistic would.
 */
function resampleRates<T extends { cluster: string; win: boolean }>(
  items: readonly T[],
  keys: number,
  keyOf: (item: T) => number | null,
  rounds: number,
  seed: number,
): Interval[] | null {
  const clusters = clustersOf(items);
  if (!clusters.length) return null;
  // Per cluster, its wins and count per key: a round then adds cluster totals, not items.
  const wins = clusters.map((c) => {
    const w = new Int32Array(keys);
    for (const item of c) {
      const k = keyOf(item);
      if (k !== null && item.win) w[k]!++;
    }
    return w;
  });
  const counts = clusters.map((c) => {
    const n = new Int32Array(keys);
    for (const item of c) {
      const k = keyOf(item);
      if (k !== null) n[k]!++;
    }
    return n;
  });
  const random = seededRandom(seed);
  const values: number[][] = Array.from({ length: keys }, () => []);
  const w = new Int32Array(keys);
  const n = new Int32Array(keys);
  for (let r = 0; r < rounds; r++) {
    w.fill(0);
    n.fill(0);
    for (let c = 0; c < clusters.length; c++) {
      const pick = Math.floor(random() * clusters.length);
      const pw = wins[pick]!;
      const pn = counts[pick]!;
      for (let k = 0; k < keys; k++) {
        w[k]! += pw[k]!;
        n[k]! += pn[k]!;
      }
    }
    // A resample that holds no item of a key leaves that key's rate undefined: skipped, as the Brier's are.
    for (let k = 0; k < keys; k++) if (n[k]! > 0) values[k]!.push(w[k]! / n[k]!);
  }
  return values.map((v) => {
    if (!v.length) return { low: 0, high: 1 };
    v.sort((a, b) => a - b);
    return { low: percentile(v, 0.025), high: percentile(v, 0.975) };
  });
}

/** The win rate's 95% interval by resampling whole expirations; [0, 1] with nothing settled. */
export function clusteredWinInterval(
  outcomes: readonly { cluster: string; win: boolean }[],
  rounds: number,
  seed: number,
): Interval {
  return resampleRates(outcomes, 1, () => 0, rounds, seed)?.[0] ?? wilsonInterval(0, 0);
}

/** The reliability bins with each bin's realised-rate interval from resampling whole expirations. */
export function clusteredBins(
  bins: readonly ReliabilityBin[],
  outcomes: readonly Outcome[],
  rounds: number,
  seed: number,
): ReliabilityBin[] {
  const count = bins.length;
  const intervals = resampleRates(
    outcomes,
    count,
    (o) => Math.min(count - 1, Math.max(0, Math.floor(o.p * count))),
    rounds,
    seed,
  );
  return bins.map((b, i) => ({
    ...b,
    interval: b.count && intervals ? intervals[i]! : wilsonInterval(0, 0),
  }));
}

/** A per-risk summary with the dollars beside it: a mean of ratios weights a $50 idea like a $5,000 one. */
export interface MoneyFigures extends MoneySummary {
  /** Sum of P&L per contract, dollars (absent in a snapshot written before it). */
  totalPnl?: number;
  /** Sum of winning P&L, dollars. */
  grossWins?: number;
  /** Sum of losing P&L as a positive number, dollars. */
  grossLosses?: number;
}

/** Dollar totals of a list of graded ideas, one contract each. */
export function moneyTotals(outcomes: readonly MoneyOutcome[]): {
  totalPnl: number;
  grossWins: number;
  grossLosses: number;
} {
  let grossWins = 0;
  let grossLosses = 0;
  for (const o of outcomes) {
    if (o.pnl > 0) grossWins += o.pnl;
    else if (o.pnl < 0) grossLosses -= o.pnl;
  }
  // Rounded to the cent: the grades carry cents, and a sum of floats must not print as $-0.00 or $12.000000001.
  const cents = (v: number) => Math.round(v * 100) / 100;
  return {
    totalPnl: cents(grossWins - grossLosses),
    grossWins: cents(grossWins),
    grossLosses: cents(grossLosses),
  };
}

/** The evidence gap's seed (decision 332). */
export const EVIDENCE_SEED = 6;

/** One graded idea in dollars, with the expiration it settled on. */
export interface ClusteredMoney {
  cluster: string;
  pnl: number;
  risk: number;
}

/** P&L per dollar of risk, in dollars (total P&L over total risk): a $5,000 idea weighs as much as its risk. */
export function pnlPerRisk(items: readonly { pnl: number; risk: number }[]): number | null {
  let pnl = 0;
  let risk = 0;
  for (const o of items) {
    pnl += o.pnl;
    risk += o.risk;
  }
  return risk > 0 ? pnl / risk : null;
}

/**
 * The 95% interval of a list's P&L per risk minus the pool's, resampling whole expirations of both together (a
 * round draws an expiration's list ideas and pool ideas at once), so the shared market move cancels in the gap.
 */
export function pairedGapInterval(
  list: readonly ClusteredMoney[],
  pool: readonly ClusteredMoney[],
  rounds: number,
  seed: number,
): Interval | null {
  const keys = [...new Set([...list, ...pool].map((o) => o.cluster))].sort();
  if (!list.length || !pool.length) return null;
  const at = new Map(keys.map((k, i) => [k, i]));
  // Per expiration: list P&L, list risk, pool P&L, pool risk.
  const sums = new Float64Array(keys.length * 4);
  for (const o of list) {
    const i = at.get(o.cluster)! * 4;
    sums[i]! += o.pnl;
    sums[i + 1]! += o.risk;
  }
  for (const o of pool) {
    const i = at.get(o.cluster)! * 4;
    sums[i + 2]! += o.pnl;
    sums[i + 3]! += o.risk;
  }
  const random = seededRandom(seed);
  const gaps: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let lp = 0;
    let lr = 0;
    let pp = 0;
    let pr = 0;
    for (let c = 0; c < keys.length; c++) {
      const i = Math.floor(random() * keys.length) * 4;
      lp += sums[i]!;
      lr += sums[i + 1]!;
      pp += sums[i + 2]!;
      pr += sums[i + 3]!;
    }
    // A resample without any list (or pool) risk leaves the gap undefined: skipped, as the Brier's rounds are.
    if (lr > 0 && pr > 0) gaps.push(lp / lr - pp / pr);
  }
  if (!gaps.length) return null;
  gaps.sort((a, b) => a - b);
  return { low: percentile(gaps, 0.025), high: percentile(gaps, 0.975) };
}
