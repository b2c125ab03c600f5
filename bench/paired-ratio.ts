/**
 * The load bench's verdict on a budget "at 1.0x a static asset or better" (decision 296), pure so a unit test holds
 * it. The bench measures a target and its comparator in alternating one-second slices; each adjacent pair of slices
 * gives one ratio (target requests per second over the comparator's). Over all rounds those ratios are a sample of
 * the target's cost against its asset's on the same host at the same moment.
 *
 * The figure is their median, with the distribution-free 95% confidence interval of the median (order statistics of
 * the binomial; no assumption about the ratios' distribution, which on a shared host has long tails). Two answers
 * that cost the same cannot be shown equal, only not different by more than a stated margin: the budget is a
 * non-inferiority test, and passes when the interval's low end is at least 1 - `margin` (not slower by more than
 * the margin at 95% confidence). The verdict says which case it is:
 *   - "better": the whole interval is at or above 1.00: faster than the asset, shown (pass);
 *   - "parity": the interval spans 1.00 and stays above 1 - margin: not measurably slower (pass);
 *   - "within margin": the whole interval is below 1.00 but above 1 - margin: slower, shown, by less than the margin
 *     (pass, and the words say so);
 *   - "short": the whole interval is below 1.00 and reaches below 1 - margin: may be slower by more (fail);
 *   - "unresolved": the interval spans 1.00 but reaches below 1 - margin: the run cannot judge (fail).
 */

export type PairedVerdict = "better" | "parity" | "within margin" | "short" | "unresolved";

export interface PairedFigure {
  /** How many paired slices the figure comes from. */
  n: number;
  median: number;
  /** The 95% confidence interval of the median. */
  low: number;
  high: number;
  verdict: PairedVerdict;
}

/** The shortfall a passing budget rules out at 95% confidence, as a fraction (decision 296). */
export const PARITY_MARGIN = 0.03;

/** P(X <= k) for X ~ Binomial(n, 1/2), summed exactly enough for the n a bench produces (up to a few hundred). */
function binomialHalfCdf(n: number, k: number): number {
  let term = Math.pow(0.5, n); // P(X = 0)
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term = (term * (n - i + 1)) / i;
    sum += term;
  }
  return sum;
}

/**
 * The interval [x(k), x(n-k+1)] of the sorted sample that covers the median with probability at least
 * `confidence`, k the largest rank with P(Binomial(n, 1/2) <= k - 1) <= (1 - confidence) / 2. Below 6 values no
 * such interval exists at 95%; the sample's range is returned and the figure is reported as unresolved.
 */
export function medianInterval(
  values: readonly number[],
  confidence = 0.95,
): { median: number; low: number; high: number; covered: boolean } {
  if (values.length === 0) throw new Error("medianInterval: no values");
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const mid = Math.floor(n / 2);
  const median = n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const tail = (1 - confidence) / 2;
  let k = 0;
  while (k + 1 <= Math.floor(n / 2) && binomialHalfCdf(n, k) <= tail) k++;
  if (k === 0) return { median, low: sorted[0]!, high: sorted[n - 1]!, covered: false };
  return { median, low: sorted[k - 1]!, high: sorted[n - k]!, covered: true };
}

/** One ratio per adjacent pair of slices: the target's rate over its comparator's, slice by slice. */
export function sliceRatios(targetRates: readonly number[], comparatorRates: readonly number[]): number[] {
  if (targetRates.length !== comparatorRates.length)
    throw new Error("sliceRatios: the target and its comparator need as many slices each");
  const out: number[] = [];
  targetRates.forEach((rate, i) => {
    const against = comparatorRates[i]!;
    if (against > 0) out.push(rate / against);
  });
  return out;
}

/** The verdict on "at 1.0x or better" for the paired slice ratios of one budget. */
export function judgeParity(ratios: readonly number[], margin = PARITY_MARGIN): PairedFigure {
  const { median, low, high, covered } = medianInterval(ratios);
  const inside = low >= 1 - margin;
  let verdict: PairedVerdict;
  if (!covered) verdict = "unresolved";
  else if (low >= 1) verdict = "better";
  else if (high >= 1) verdict = inside ? "parity" : "unresolved";
  else verdict = inside ? "within margin" : "short";
  return { n: ratios.length, median, low, high, verdict };
}

export const passes = (v: PairedVerdict) => v === "better" || v === "parity" || v === "within margin";

/**
 * The control (an asset against itself) reads parity as parity when its 99% interval contains 1.00. The wider
 * interval keeps a sound run from being called off by chance more than about one time in a hundred.
 */
export function controlIsSound(ratios: readonly number[]): { low: number; high: number; sound: boolean } {
  const { low, high, covered } = medianInterval(ratios, 0.99);
  return { low, high, sound: covered && low <= 1 && high >= 1 };
}
