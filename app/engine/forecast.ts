/**
 * Forecast of realised volatility over an expiration's own horizon (HAR-IV): the expiration's at-the-money implied
 * volatility and the realised volatility of the last 5, 21 and 63 sessions, combined with weights per class.
 *
 * - Realised windows skip earnings reaction days (the session whose return carries a report): the event is priced
 *   separately, and a report's jump would otherwise inflate RV5 for a week and RV63 for a quarter.
 * - forecast = IV x (w0 + w1 RV5/IV + w2 RV21/IV + w3 RV63/IV): a shrinkage of IV toward the realised windows, in
 *   ratios so names of any level pool in one class. The weights are least squares of the next horizon's realised
 *   volatility (in volatility points); `walkForward` refits them, per class, only on rows whose realised horizon ended before each forecast date.
 * - FORECAST_WEIGHTS is that fit on the simulated market's history before FORECAST_FIT_CUTOFF, produced by
 *   `npm run forecast:check` (which also prints the walk-forward, out-of-sample figures); refit it with the script.
 * - A cap on the claimed edge: |IV - forecast| / IV is at most MAX_EDGE_SHARE, so one name's odd history cannot
 *   claim that its options are priced at double or half their worth.
 *
 * Pure: imports nothing (in particular nothing of the simulated market's code).
 */

/** Sessions per year for annualising (as the screen's realised volatility). */
const SESSIONS_PER_YEAR = 252;
export const FORECAST_CLASSES = ["index", "sector", "single", "bond", "commodity", "crypto"] as const;
export type ForecastClass = (typeof FORECAST_CLASSES)[number];

/** Largest claimed edge, as a share of the implied level. */
export const MAX_EDGE_SHARE = 0.25;
/** Data before this date fitted FORECAST_WEIGHTS. */
export const FORECAST_FIT_CUTOFF = "2026-06-01";
/** Returns needed in the realised windows (the longest is 63; 21 at least, as the screen's old forecast). */
const MIN_RETURNS = 21;

/** [constant, RV5 / IV, RV21 / IV, RV63 / IV] per class (see the header). */
export type ForecastWeights = readonly [number, number, number, number];
export const FORECAST_WEIGHTS: Readonly<Record<ForecastClass, ForecastWeights>> = {
  index: [0.862, -0.059, -0.087, 0.075],
  sector: [0.891, -0.019, -0.02, 0.048],
  single: [0.897, 0, 0.036, -0.012],
  bond: [1.022, -0.059, -0.021, -0.02],
  commodity: [0.705, -0.006, -0.077, 0.306],
  crypto: [0.82, -0.021, -0.143, 0.291],
};

const BROAD_INDEXES = new Set([
  "SPY",
  "QQQ",
  "IWM",
  "DIA",
  "TQQQ",
  "SQQQ",
  "SPXL",
  "UPRO",
  "SSO",
  "QLD",
  "TNA",
]);
const BONDS = new Set(["TLT", "HYG", "IEF", "SHY", "AGG", "LQD", "TMF", "BND"]);
const COMMODITIES = new Set(["GLD", "SLV", "GDX", "USO", "UNG", "DBC", "IAU"]);
const CRYPTO_LINKED = new Set(["COIN", "MSTR", "MARA", "RIOT", "HOOD", "IBIT", "BITO", "CLSK"]);

/** The class a symbol's weights come from (broad indexes and their leveraged ETFs, bonds, ...). */
export function forecastClassOf(symbol: string, kind: "stock" | "etf"): ForecastClass {
  if (BROAD_INDEXES.has(symbol)) return "index";
  if (BONDS.has(symbol)) return "bond";
  if (COMMODITIES.has(symbol)) return "commodity";
  if (CRYPTO_LINKED.has(symbol)) return "crypto";
  return kind === "etf" ? "sector" : "single";
}

export interface RealisedWindows {
  rv5: number;
  rv21: number;
  rv63: number;
}

/**
 * Annualised zero-mean realised volatility of the last 5, 21 and 63 returns of `closes` (dated `dates`, ascending),
 * skipping returns into a date in `skip`; the windows reach further back by the days skipped. null with fewer
 * than 21 usable returns (with fewer than 63, all there are stands in for the long window).
 */
export function realisedWindows(
  closes: readonly number[],
  dates: readonly string[],
  skip: ReadonlySet<string> = new Set(),
): RealisedWindows | null {
  const squares: number[] = [];
  for (let i = closes.length - 1; i >= 1 && squares.length < 63; i--) {
    if (skip.has(dates[i]!)) continue;
    const a = closes[i - 1]!;
    const b = closes[i]!;
    if (!(a > 0 && b > 0)) return null;
    squares.push(Math.log(b / a) ** 2);
  }
  if (squares.length < MIN_RETURNS) return null;
  const rv = (n: number) => {
    const k = Math.min(n, squares.length);
    let sum = 0;
    for (let j = 0; j < k; j++) sum += squares[j]!;
    return Math.sqrt((sum / k) * SESSIONS_PER_YEAR);
  };
  return { rv5: rv(5), rv21: rv(21), rv63: rv(63) };
}

/** The regression's row, relative to the implied level: [1, RV5 / IV, RV21 / IV, RV63 / IV]. */
export function featureRow(atmIv: number, w: RealisedWindows): number[] {
  return [1, w.rv5 / atmIv, w.rv21 / atmIv, w.rv63 / atmIv];
}

/** IV x (weights . row): the forecast, its ratio to IV held within 1 +- MAX_EDGE_SHARE. */
export function cappedForecast(
  weights: ForecastWeights | readonly number[],
  row: readonly number[],
  atmIv: number,
): number {
  let ratio = 0;
  for (let k = 0; k < row.length; k++) ratio += weights[k]! * row[k]!;
  return atmIv * Math.min(1 + MAX_EDGE_SHARE, Math.max(1 - MAX_EDGE_SHARE, ratio));
}

export interface ForecastInputs {
  cls: ForecastClass;
  /** Daily closes, ascending, through the last completed session, with their New York dates. */
  closes: readonly number[];
  dates: readonly string[];
  /** Earnings reaction days (the session whose return carries a report), excluded from the realised windows. */
  reactionDays?: ReadonlySet<string>;
  /** The expiration's at-the-money implied volatility, decimal. */
  atmIv: number;
  /**
   * Calendar days to expiration. The expiration's own IV carries the horizon; the weights, fitted at 30 sessions,
   * hold at 21 too (see the check).
   */
  dte: number;
  weights?: Readonly<Record<ForecastClass, ForecastWeights>>;
}

/** Forecast of the realised volatility to expiration (decimal, annualised); null without IV or enough closes. */
export function forecastForHorizon(inputs: ForecastInputs): number | null {
  const { atmIv, dte } = inputs;
  if (!(atmIv > 0 && Number.isFinite(atmIv)) || !(dte > 0)) return null;
  return forecastFromWindows(
    inputs.cls,
    realisedWindows(inputs.closes, inputs.dates, inputs.reactionDays),
    atmIv,
    dte,
    inputs.weights,
  );
}

/**
 * The same forecast from windows already measured: the windows depend on the closes alone, so one symbol's
 * expirations (and the profiles that screen each) share them.
 */
export function forecastFromWindows(
  cls: ForecastClass,
  w: RealisedWindows | null,
  atmIv: number,
  dte: number,
  weights: Readonly<Record<ForecastClass, ForecastWeights>> = FORECAST_WEIGHTS,
): number | null {
  if (!w || !(atmIv > 0 && Number.isFinite(atmIv)) || !(dte > 0)) return null;
  const f = cappedForecast(weights[cls], featureRow(atmIv, w), atmIv);
  return f > 0 ? f : null;
}

// ----------------------------------------------------------------------------------------- what it earned
/**
 * How much of its claimed edge the forecast has earned, per class: the out-of-sample correlation of the stated edge
 * (IV - forecast) with the edge later realised (IV - the next 30 sessions' realised volatility), walk-forward over
 * the simulated market's history (`npm run forecast:check`, decision 328).
 */
export const EDGE_CORRELATION: Readonly<Record<ForecastClass, number>> = {
  index: 0.36,
  sector: 0.03,
  single: 0.09,
  bond: 0.08,
  commodity: 0.14,
  crypto: 0.15,
};
/** The correlation at which a class's forecast is credited in full. */
export const FULL_CREDIT_CORRELATION = 0.3;

/** The share of the forecast's gap to IV the score credits: the class's correlation over the full-credit one, at most 1. */
export function edgeCredit(cls: ForecastClass): number {
  return Math.min(1, Math.max(0, EDGE_CORRELATION[cls] / FULL_CREDIT_CORRELATION));
}

/**
 * The forecast the edge is priced at: IV less the class's credit times the forecast's gap to IV. A class whose
 * stated edge has not foretold the realised one claims that much less of it; the fill cost stays whole (it is in
 * the credit, not in the forecast).
 */
export function creditedForecast(forecast: number, atmIv: number, cls: ForecastClass): number {
  return atmIv - edgeCredit(cls) * (atmIv - forecast);
}

// ------------------------------------------------------------------------------------------------ fitting
/**
 * Weighted ridge least squares of `targets` on `rows` (a tiny penalty on the slopes keeps collinear windows
 * stable); `sampleWeights` default to 1.
 */
export function fitWeights(
  rows: readonly (readonly number[])[],
  targets: readonly number[],
  sampleWeights?: readonly number[],
  ridge = 1e-4,
): number[] {
  const k = rows[0]!.length;
  const m = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  let total = 0;
  rows.forEach((x, i) => {
    const s = sampleWeights?.[i] ?? 1;
    total += s;
    for (let p = 0; p < k; p++) {
      m[p]![k] = m[p]![k]! + s * x[p]! * targets[i]!;
      for (let q = 0; q < k; q++) m[p]![q] = m[p]![q]! + s * x[p]! * x[q]!;
    }
  });
  for (let p = 1; p < k; p++) m[p]![p] = m[p]![p]! + ridge * total;
  // Gauss-Jordan with partial pivoting on the augmented normal equations.
  for (let col = 0; col < k; col++) {
    let best = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[best]![col]!)) best = r;
    const tmp = m[col]!;
    m[col] = m[best]!;
    m[best] = tmp;
    const lead = m[col]![col]!;
    for (let c = col; c <= k; c++) m[col]![c] = m[col]![c]! / lead;
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const factor = m[r]![col]!;
      for (let c = col; c <= k; c++) m[r]![c] = m[r]![c]! - factor * m[col]![c]!;
    }
  }
  return m.map((row) => row[k]!);
}

export interface WalkRow {
  /** The forecast date (the close the inputs are taken at). */
  date: string;
  /** The last date of the realised horizon the target measures. */
  targetEnd: string;
  /** The implied level the row is relative to. */
  iv: number;
  row: readonly number[];
  /** The realised volatility over the horizon (decimal, annualised). */
  target: number;
}

/**
 * The weights for rows relative to IV: the ratio target / IV, each row weighted by IV squared, so the fit
 * minimises the error in volatility points.
 */
export function fitRelative(rows: readonly WalkRow[]): number[] {
  return fitWeights(
    rows.map((x) => x.row),
    rows.map((x) => x.target / x.iv),
    rows.map((x) => x.iv * x.iv),
  );
}

export interface WalkForecast {
  index: number;
  forecast: number;
  weights: number[];
}

/**
 * Walk forward over `rows` (one class, any order): each forecast uses weights fitted only on rows whose target
 * ended before its date, refitted when the forecast date has moved on `refitEvery` distinct dates. Rows with fewer
 * than `minRows` rows to fit on get no forecast.
 */
export function walkForward(rows: readonly WalkRow[], minRows = 250, refitEvery = 21): WalkForecast[] {
  const byDate = rows.map((r, index) => ({ r, index })).sort((a, b) => (a.r.date < b.r.date ? -1 : 1));
  const byEnd = [...rows].sort((a, b) => (a.targetEnd < b.targetEnd ? -1 : 1));
  const out: WalkForecast[] = [];
  let weights: number[] | null = null;
  let datesSinceFit = Infinity;
  let lastDate = "";
  for (const { r, index } of byDate) {
    if (r.date !== lastDate) {
      lastDate = r.date;
      datesSinceFit++;
      if (datesSinceFit >= refitEvery || weights === null) {
        const known = byEnd.filter((x) => x.targetEnd < r.date);
        if (known.length >= minRows) {
          weights = fitRelative(known);
          datesSinceFit = 0;
        }
      }
    }
    if (weights) out.push({ index, forecast: cappedForecast(weights, r.row, r.iv), weights });
  }
  return out;
}
