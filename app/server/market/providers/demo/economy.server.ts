// The simulated market as one economy (decision 315): every name's daily return is its betas on a market factor and
// on its sector or class factor plus an idiosyncratic shock, so names move together as real ones do.
//   factors      each factor's shock is scaled by a volatility state (an EGARCH log-volatility: it rises after
//                down moves more than after up moves and decays back with a half-life of weeks); the market's
//                shock is negatively skewed, and stress spells (seeded onsets, about one a year) open with a
//                market-wide drop and a jump in every factor's state, so every correlated name is hit at once;
//   names        return = drift + beta_m x market + beta_f x factor + idiosyncratic (its own, milder state);
//                leveraged ETFs are their index's daily simple return times the leverage, less the fee;
//   drift        the day's bill rate plus an equity risk premium on the market beta, less the dividend yield
//                (no random drift, no pull toward a price): paths are anchored once, at ANCHOR_DATE, so the
//                closes of that day are the universe's reference prices;
//   implied      implied volatility is the expected volatility over the option's life under today's states
//                (no lag), times the class's premium (PREMIUM below), times a persistent noise.
// Everything is a pure function of the fixed seeds and the trading-day index from the epoch, memoised per
// isolate, so a close never changes once its day has passed.
import { addDays, isTradingDay } from "#app/lib/market-calendar/index.ts";
import { simulatedRiskFreeRate } from "#app/lib/risk-free-rate.ts";
import { universeEntry, type UniverseEntry } from "#app/server/market/universe.server.ts";
import { skewClassOf } from "#app/server/market/providers/demo/listing.server.ts";
import {
  dayNumber,
  EPOCH,
  normalOf,
  SALT,
  seedOf,
  uniformOf,
} from "#app/server/market/providers/demo/random.server.ts";

/**
 * The version of the simulated market's generator, stamped into every simulated idea's frozen content: a change
 * of generator changes every past close, so an idea logged under another version is never settled on these.
 */
export const SIMULATOR_VERSION = 2;

/** The day whose closes are the universe's reference prices (the paths are scaled once, to it). */
export const ANCHOR_DATE = "2026-11-20";

// ---------------------------------------------------------------- trading days
/** Trading days from the epoch, shared by every path (extended lazily), with their bill rate. */
export const tradingDays: string[] = [EPOCH];
export const tradingDayNumbers: number[] = [dayNumber(EPOCH)];
const dailyRate: number[] = [simulatedRiskFreeRate(EPOCH).rate / 252];
export function extendTradingDays(lastDate: string): void {
  let date = tradingDays[tradingDays.length - 1]!;
  while (date < lastDate) {
    date = addDays(date, 1);
    if (isTradingDay(date)) {
      tradingDays.push(date);
      tradingDayNumbers.push(dayNumber(date));
      dailyRate.push(simulatedRiskFreeRate(date).rate / 252);
    }
  }
}

export function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index in `tradingDays` of the last trading day on or before `date` (0 before the epoch). */
export function tradingDayIndex(date: string): number {
  extendTradingDays(date);
  const i = lowerBound(tradingDays, date);
  return Math.max(0, tradingDays[i] === date ? i : i - 1);
}

// ---------------------------------------------------------------- factors
export type FactorId =
  | "market"
  | "tech"
  | "semis"
  | "financials"
  | "energy"
  | "health"
  | "consumer"
  | "staples"
  | "industrials"
  | "utilities"
  | "rates"
  | "credit"
  | "gold"
  | "crypto"
  | "smallcap"
  | "emerging"
  | "china";

interface VolDynamics {
  /** Daily persistence of the log-volatility state (half-life ln 2 / -ln phi days). */
  phi: number;
  /** Response to the size of the day's shock, |z| - E|z|. */
  size: number;
  /** Response to its sign: negative, so down moves raise volatility more than up moves (the leverage effect). */
  sign: number;
}

interface FactorSpec extends VolDynamics {
  /** Annualised volatility of the factor's own shock at its average state. */
  vol: number;
  /** Skew of the daily shock: z = n + skew (n^2 - 1), normalised (about 6 x skew for small values). */
  skew: number;
  /** Excess return a year over the bill rate (the equity risk premium for the market factor). */
  premium: number;
}

/**
 * The factors. The market's volatility is SPY's realised level (SPY is the market factor); the others are each
 * factor's own volatility beside the market. A half-life of 0.97 per day is about 23 sessions.
 */
export const FACTORS: Readonly<Record<FactorId, FactorSpec>> = {
  market: { vol: 0.137, phi: 0.97, size: 0.055, sign: -0.04, skew: -0.08, premium: 0.05 },
  tech: { vol: 0.11, phi: 0.96, size: 0.05, sign: -0.02, skew: -0.02, premium: 0 },
  semis: { vol: 0.17, phi: 0.96, size: 0.05, sign: -0.02, skew: -0.02, premium: 0 },
  financials: { vol: 0.11, phi: 0.96, size: 0.05, sign: -0.02, skew: -0.02, premium: 0 },
  energy: { vol: 0.2, phi: 0.96, size: 0.05, sign: -0.01, skew: -0.02, premium: 0 },
  health: { vol: 0.13, phi: 0.96, size: 0.05, sign: -0.01, skew: 0, premium: 0 },
  consumer: { vol: 0.09, phi: 0.96, size: 0.05, sign: -0.01, skew: 0, premium: 0 },
  staples: { vol: 0.08, phi: 0.96, size: 0.05, sign: -0.01, skew: 0, premium: 0 },
  industrials: { vol: 0.1, phi: 0.96, size: 0.05, sign: -0.01, skew: 0, premium: 0 },
  utilities: { vol: 0.11, phi: 0.96, size: 0.05, sign: -0.01, skew: 0, premium: 0 },
  rates: { vol: 0.13, phi: 0.97, size: 0.05, sign: 0, skew: 0, premium: 0.005 },
  credit: { vol: 0.03, phi: 0.97, size: 0.05, sign: -0.03, skew: -0.05, premium: 0.01 },
  gold: { vol: 0.15, phi: 0.96, size: 0.05, sign: 0.01, skew: 0, premium: 0 },
  crypto: { vol: 0.4, phi: 0.95, size: 0.07, sign: -0.02, skew: 0, premium: 0 },
  smallcap: { vol: 0.09, phi: 0.96, size: 0.05, sign: -0.02, skew: -0.06, premium: 0 },
  emerging: { vol: 0.12, phi: 0.96, size: 0.05, sign: -0.02, skew: -0.02, premium: 0 },
  china: { vol: 0.22, phi: 0.96, size: 0.05, sign: -0.02, skew: 0, premium: 0 },
};

/** The idiosyncratic shock's volatility dynamics: milder leverage, a shorter memory. */
const IDIOSYNCRATIC: VolDynamics = { phi: 0.95, size: 0.06, sign: -0.015 };

/** A sub-factor's parent: a name on semiconductors loads on technology too (beta on the parent per unit). */
const PARENT: Partial<Record<FactorId, readonly [FactorId, number]>> = { semis: ["tech", 1] };

/**
 * Each name's factor and betas: [factor, beta on the market, beta on the factor, other loadings]. The betas are
 * round, plausible levels (large caps near 1, defensives near 0.5, high-beta growth 1.5 and more), chosen with the
 * factor volatilities so the correlations land where real ones do (the targets in scripts/market-facts-core.ts).
 */
type Exposure = readonly [
  factor: FactorId,
  market: number,
  factor: number,
  other?: Partial<Record<FactorId, number>>,
];
const EXPOSURES: Readonly<Record<string, Exposure>> = {
  // ETFs
  SPY: ["market", 1, 0],
  QQQ: ["tech", 1.1, 0.6],
  IWM: ["smallcap", 1.1, 1],
  DIA: ["industrials", 0.92, 0.3],
  GLD: ["gold", 0.05, 1],
  SLV: ["gold", 0.2, 1.35],
  TLT: ["rates", -0.1, 1],
  HYG: ["credit", 0.25, 1],
  XLF: ["financials", 1.05, 0.9],
  XLE: ["energy", 0.75, 0.95],
  XLK: ["tech", 1.1, 0.85, { semis: 0.3 }],
  XLV: ["health", 0.7, 0.9],
  XLI: ["industrials", 1, 0.8],
  XLU: ["utilities", 0.45, 1],
  XBI: ["health", 1, 1.3],
  SMH: ["semis", 1.25, 1],
  ARKK: ["tech", 1.5, 1.2],
  EEM: ["emerging", 0.7, 1],
  FXI: ["china", 0.5, 1],
  KRE: ["financials", 1.1, 1.4],
  GDX: ["gold", 0.4, 1.8],
  USO: ["energy", 0.5, 1.4],
  // Technology and communication
  AAPL: ["tech", 1.1, 0.8],
  MSFT: ["tech", 1, 0.8],
  NVDA: ["semis", 1.5, 1.2],
  AMZN: ["tech", 1.2, 0.7],
  GOOGL: ["tech", 1.1, 0.7],
  META: ["tech", 1.25, 0.8],
  AMD: ["semis", 1.5, 1.1],
  NFLX: ["tech", 1.1, 0.5],
  PLTR: ["tech", 1.6, 1],
  AVGO: ["semis", 1.3, 1.1],
  INTC: ["semis", 1.1, 0.9],
  MU: ["semis", 1.4, 1.2],
  SMCI: ["semis", 1.6, 1.2],
  ARM: ["semis", 1.6, 1.1],
  QCOM: ["semis", 1.1, 0.8],
  TSM: ["semis", 1.2, 1.0],
  ORCL: ["tech", 1.2, 0.9],
  CRM: ["tech", 1.1, 0.8],
  ADBE: ["tech", 1.1, 0.8],
  UBER: ["tech", 1.2, 0.6],
  SHOP: ["tech", 1.6, 1.1],
  SNOW: ["tech", 1.4, 1],
  CRWD: ["tech", 1.3, 1],
  PANW: ["tech", 1.1, 0.8],
  NET: ["tech", 1.5, 1.1],
  DDOG: ["tech", 1.4, 1],
  CSCO: ["tech", 0.9, 0.6],
  IBM: ["tech", 0.8, 0.5],
  DELL: ["tech", 1.2, 1],
  RBLX: ["tech", 1.4, 0.8],
  // Crypto-linked
  COIN: ["crypto", 1.5, 1],
  MSTR: ["crypto", 1.4, 1.6],
  MARA: ["crypto", 1.5, 1.5],
  HOOD: ["crypto", 1.6, 0.5],
  // Financials
  SOFI: ["financials", 1.6, 1],
  PYPL: ["financials", 1.1, 0.5],
  XYZ: ["financials", 1.4, 0.6],
  AFRM: ["financials", 2, 1],
  JPM: ["financials", 1.05, 1],
  BAC: ["financials", 1.1, 1.2],
  WFC: ["financials", 1.05, 1.1],
  C: ["financials", 1.2, 1.2],
  GS: ["financials", 1.2, 1],
  MS: ["financials", 1.25, 1],
  V: ["financials", 0.9, 0.5],
  MA: ["financials", 0.95, 0.5],
  AXP: ["financials", 1.1, 0.9],
  // Consumer
  TSLA: ["consumer", 1.6, 0.6],
  RIVN: ["consumer", 1.5, 0.8],
  DIS: ["consumer", 1, 0.6],
  NKE: ["consumer", 0.9, 0.7],
  SBUX: ["consumer", 0.85, 0.7],
  TGT: ["consumer", 0.9, 0.8],
  HD: ["consumer", 1, 0.7],
  F: ["consumer", 1.1, 0.8],
  GM: ["consumer", 1.1, 0.8],
  DKNG: ["consumer", 1.3, 0.8],
  ROKU: ["consumer", 1.6, 0.8],
  ABNB: ["consumer", 1.3, 0.7],
  GME: ["consumer", 1.2, 0.5],
  LULU: ["consumer", 1.1, 0.8],
  // Staples
  MCD: ["staples", 0.55, 0.7],
  KO: ["staples", 0.5, 0.9],
  PEP: ["staples", 0.5, 0.9],
  WMT: ["staples", 0.55, 0.7],
  COST: ["staples", 0.75, 0.6],
  CLX: ["staples", 0.45, 0.8],
  // Energy
  XOM: ["energy", 0.7, 1],
  CVX: ["energy", 0.75, 1],
  OXY: ["energy", 0.9, 1.4],
  // Health care
  JNJ: ["health", 0.55, 0.7],
  PFE: ["health", 0.6, 0.8],
  MRK: ["health", 0.55, 0.8],
  ABBV: ["health", 0.6, 0.8],
  LLY: ["health", 0.8, 1.3],
  UNH: ["health", 0.7, 1.8],
  // Industrials
  BA: ["industrials", 1.2, 1.5],
  CAT: ["industrials", 1.1, 0.9],
  GE: ["industrials", 1.1, 0.9],
  DAL: ["industrials", 1.3, 1.1],
  // Telecoms trade like utilities
  T: ["utilities", 0.5, 0.5],
  VZ: ["utilities", 0.45, 0.5],
  // Emerging markets
  BABA: ["china", 0.6, 1.2],
  PDD: ["china", 0.7, 1.1],
};

/** Leveraged ETFs: [the index ETF, the leverage, the fund's expense ratio a year]. */
const LEVERAGED: Readonly<Record<string, readonly [string, number, number]>> = { TQQQ: ["QQQ", 3, 0.0084] };

export function exposureOf(symbol: string): Exposure {
  return EXPOSURES[symbol] ?? ["market", 1, 0];
}

/** A factor loading: the factor and the name's beta on it. */
export type Loading = readonly [FactorId, number];
const loadingsMemo = new Map<string, readonly Loading[]>();

/** Every factor a name loads on with its beta (the market first; a sub-factor's parent included). */
export function loadingsOf(symbol: string): readonly Loading[] {
  let loadings = loadingsMemo.get(symbol);
  if (loadings) return loadings;
  const [factor, betaM, betaF, other] = exposureOf(symbol);
  const betas = new Map<FactorId, number>([["market", betaM]]);
  const add = (id: FactorId, beta: number) => {
    if (beta === 0) return;
    betas.set(id, (betas.get(id) ?? 0) + beta);
    const parent = PARENT[id];
    if (parent) add(parent[0], beta * parent[1]);
  };
  if (factor !== "market") add(factor, betaF);
  for (const [id, beta] of Object.entries(other ?? {}) as [FactorId, number][]) add(id, beta);
  loadings = [...betas];
  loadingsMemo.set(symbol, loadings);
  return loadings;
}

// ---------------------------------------------------------------- the premium
/**
 * Implied over expected realised volatility, by class: IV = expected volatility x (1 + premium) x noise.
 * Sources (the facts, not code): the S&P 500's 30-day implied volatility (VIX) has averaged about 19.5 against
 * about 15.5 realised since 1990, so about 3-4 points and above realised on roughly 80-85% of days (Cboe VIX
 * history; Carr and Wu, "Variance Risk Premiums", Review of Financial Studies 2009; Bollerslev, Tauchen and Zhou,
 * Review of Financial Studies 2009); single-stock premiums are smaller and noisier (Driessen, Maenhout and Vilkov,
 * "The Price of Correlation Risk", Journal of Finance 2009: index options are rich mostly through correlation);
 * sector ETFs sit between; bond and commodity premiums are smaller than equity index ones (Prokopczuk and Wese
 * Simen, "Variance risk premia in commodity markets", 2014). Meme and crypto names' premiums are the thinnest.
 */
export type PremiumClass = "index" | "leveraged" | "sector" | "bond" | "commodity" | "single" | "call-skew";
export const PREMIUM: Readonly<Record<PremiumClass, { premium: number; noise: number }>> = {
  index: { premium: 0.34, noise: 0.03 },
  leveraged: { premium: 0.34, noise: 0.03 },
  sector: { premium: 0.17, noise: 0.04 },
  bond: { premium: 0.15, noise: 0.04 },
  commodity: { premium: 0.1, noise: 0.05 },
  single: { premium: 0.12, noise: 0.04 },
  "call-skew": { premium: 0.08, noise: 0.05 },
};
const BROAD_INDEXES = new Set(["SPY", "QQQ", "IWM", "DIA"]);
const BONDS = new Set(["TLT", "HYG"]);
const COMMODITIES = new Set(["GLD", "SLV", "GDX", "USO"]);
/** Daily persistence of the implied level's noise around expected volatility x (1 + premium). */
const IV_NOISE_PHI = 0.94;

export function premiumClassOf(entry: UniverseEntry): PremiumClass {
  if (BROAD_INDEXES.has(entry.symbol)) return "index";
  if (LEVERAGED[entry.symbol]) return "leveraged";
  if (BONDS.has(entry.symbol)) return "bond";
  if (COMMODITIES.has(entry.symbol)) return "commodity";
  if (entry.kind === "etf") return "sector";
  return skewClassOf(entry) === "call-skew" ? "call-skew" : "single";
}

// ---------------------------------------------------------------- stress
const MARKET_SEED = 0x5eed_2024;
/** Stress onsets: at most one per block, the block stressed with this probability (about one a year). */
export const STRESS_BLOCK_DAYS = 21;
const STRESS_PROBABILITY = 0.09;
/** The onset day's market drop (log return), from STRESS_DROP to twice it, and the states' jump. */
const STRESS_DROP = 0.025;
const STRESS_STATE_JUMP = { market: 0.5, factor: 0.25 } as const;
/** Sessions from an onset counted as its spell (the state decays back over the weeks after). */
export const STRESS_SPELL_DAYS = 15;

/** The onset day index of block b's spell, or -1 when the block is calm. */
function onsetOfBlock(b: number): number {
  if (b < 0 || uniformOf(MARKET_SEED, b, SALT.stress) >= STRESS_PROBABILITY) return -1;
  return b * STRESS_BLOCK_DAYS + Math.floor(uniformOf(MARKET_SEED, b, SALT.stress + 1) * STRESS_BLOCK_DAYS);
}

/** Whether trading day i opens a stress spell. */
export function isStressOnset(i: number): boolean {
  return i > 0 && onsetOfBlock(Math.floor(i / STRESS_BLOCK_DAYS)) === i;
}

/** Whether trading day i is inside a stress spell (an onset within the last STRESS_SPELL_DAYS sessions). */
export function isStressed(i: number): boolean {
  for (
    let b = Math.floor((i - STRESS_SPELL_DAYS) / STRESS_BLOCK_DAYS);
    b <= Math.floor(i / STRESS_BLOCK_DAYS);
    b++
  ) {
    const onset = onsetOfBlock(b);
    if (onset > 0 && onset <= i && i < onset + STRESS_SPELL_DAYS) return true;
  }
  return false;
}

/** The trading days in [from, to] that open a stress spell: the track record names the regimes its history spans. */
export function stressOnsetsBetween(from: string, to: string): string[] {
  const last = tradingDayIndex(to);
  const out: string[] = [];
  for (let i = tradingDayIndex(from); i <= last; i++)
    if (tradingDays[i]! >= from && isStressOnset(i)) out.push(tradingDays[i]!);
  return out;
}

/**
 * Sessions from the latest stress onset on or before `date`'s session (the last on or before it; 0 on the onset
 * day), looking back at most `within` sessions; null when none is that recent.
 */
export function sessionsSinceStressOnset(date: string, within: number): number | null {
  const i = tradingDayIndex(date);
  for (let k = 0; k <= within && k < i; k++) if (isStressOnset(i - k)) return k;
  return null;
}

// ---------------------------------------------------------------- paths
const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);

/** The stationary variance of an EGARCH log-volatility state with these dynamics. */
function stateVariance(d: VolDynamics): number {
  return (d.size * d.size * (1 - 2 / Math.PI) + d.sign * d.sign) / (1 - d.phi * d.phi);
}

/** A skewed standard shock: n + c (n^2 - 1), scaled to unit variance (n clamped so it stays monotone). */
function skewedShock(n: number, c: number): number {
  if (c === 0) return n;
  const m = Math.max(-5, Math.min(5, n));
  return (m + c * (m * m - 1)) / Math.sqrt(1 + 2 * c * c);
}

/**
 * One volatility-scaled series: `ret[i]` is day i's shock (log return, zero mean apart from stress drops),
 * `state[i]` the log-volatility state after day i (the state day i + 1's shock is drawn at), `vol[i]` day i's
 * daily volatility.
 */
interface ScaledPath {
  ret: number[];
  state: number[];
  vol: number[];
}

const factorPaths = new Map<FactorId, ScaledPath>();
const factorSeed = (id: FactorId) => seedOf(`factor:${id}`);

function stepScaled(
  path: ScaledPath,
  i: number,
  dailyVol: number,
  dynamics: VolDynamics,
  z: number,
  extraState: number,
  extraReturn: number,
): void {
  const before = i > 0 ? path.state[i - 1]! : 0;
  const variance = stateVariance(dynamics);
  const vol = dailyVol * Math.exp(before - variance / 2);
  path.vol.push(vol);
  path.ret.push(vol * z + extraReturn);
  path.state.push(
    dynamics.phi * before + dynamics.size * (Math.abs(z) - SQRT_2_OVER_PI) + dynamics.sign * z + extraState,
  );
}

export function factorPath(id: FactorId, end: number): ScaledPath {
  let path = factorPaths.get(id);
  if (!path) factorPaths.set(id, (path = { ret: [], state: [], vol: [] }));
  const spec = FACTORS[id];
  const seed = factorSeed(id);
  const dailyVol = spec.vol / Math.sqrt(252);
  for (let i = path.ret.length; i <= end; i++) {
    const n = tradingDayNumbers[i]!;
    const z = skewedShock(normalOf(seed, n, SALT.ret), spec.skew);
    const onset = isStressOnset(i);
    const jump = onset ? (id === "market" ? STRESS_STATE_JUMP.market : STRESS_STATE_JUMP.factor) : 0;
    const drop =
      onset && id === "market" ? -STRESS_DROP * (1 + uniformOf(MARKET_SEED, i, SALT.stress + 2)) : 0;
    stepScaled(path, i, dailyVol, spec, z, jump, drop);
  }
  return path;
}

/** A name's series: its daily return before earnings jumps, its idiosyncratic part, implied noise and variance. */
interface NameSeries {
  /** Day i's log return without the earnings jump (drift, factors and the idiosyncratic shock). */
  ret: number[];
  idio: ScaledPath;
  /** The implied level's log noise after day i. */
  ivNoise: number[];
  /** Day i's total daily variance (factors and idiosyncratic, before earnings jumps). */
  variance: number[];
}

const nameSeriesMemo = new Map<string, NameSeries>();

/** The name's volatility parts at its average state: market, factor and idiosyncratic annual volatilities. */
export interface VolatilityParts {
  market: number;
  factor: number;
  idiosyncratic: number;
}

const partsMemo = new Map<string, VolatilityParts>();
/**
 * Betas times factor volatilities, and the idiosyncratic remainder that makes the name's total realised level its
 * listed implied level over (1 + its class's premium); at least a floor (diversified ETFs 2%, stocks 8%).
 */
export function volatilityParts(entry: UniverseEntry): VolatilityParts {
  let parts = partsMemo.get(entry.symbol);
  if (parts) return parts;
  let market = 0;
  let factors = 0;
  for (const [id, beta] of loadingsOf(entry.symbol)) {
    const v = (beta * FACTORS[id].vol) ** 2;
    if (id === "market") market = v;
    else factors += v;
  }
  const total = entry.vol / (1 + PREMIUM[premiumClassOf(entry)].premium);
  const floor = entry.symbol === "SPY" ? 0 : entry.kind === "etf" ? 0.02 : 0.08;
  const idiosyncratic = Math.max(floor, Math.sqrt(Math.max(0, total * total - market - factors)));
  parts = { market: Math.sqrt(market), factor: Math.sqrt(factors), idiosyncratic };
  partsMemo.set(entry.symbol, parts);
  return parts;
}

/** The index entry a leveraged fund follows. */
export function leveragedBase(entry: UniverseEntry): UniverseEntry | undefined {
  const leveraged = LEVERAGED[entry.symbol];
  return leveraged ? universeEntry(leveraged[0]) : undefined;
}

/**
 * The name's series through day index `end`. A leveraged fund's return is built from its index's closes by the
 * price module (its ret here is unused); its variance is the leverage squared times its index's.
 */
export function nameSeries(entry: UniverseEntry, end: number): NameSeries {
  let series = nameSeriesMemo.get(entry.symbol);
  if (!series) {
    series = { ret: [], idio: { ret: [], state: [], vol: [] }, ivNoise: [], variance: [] };
    nameSeriesMemo.set(entry.symbol, series);
  }
  if (series.ret.length > end) return series;
  const base = leveragedBase(entry);
  const baseSeries = base ? nameSeries(base, end) : undefined;
  const leverage = LEVERAGED[entry.symbol]?.[1] ?? 1;
  const loadings = loadingsOf(entry.symbol).map(([id, beta]) => [factorPath(id, end), beta] as const);
  const parts = volatilityParts(entry);
  const seed = seedOf(entry.symbol);
  const idioDaily = parts.idiosyncratic / Math.sqrt(252);
  const skew = skewClassOf(entry) === "call-skew" ? 0.04 : 0;
  const noise = PREMIUM[premiumClassOf(entry)].noise;
  const excess = loadingsOf(entry.symbol).reduce((sum, [id, beta]) => sum + beta * FACTORS[id].premium, 0);
  for (let i = series.ret.length; i <= end; i++) {
    const n = tradingDayNumbers[i]!;
    const prevNoise = i > 0 ? series.ivNoise[i - 1]! : 0;
    series.ivNoise.push(
      IV_NOISE_PHI * prevNoise +
        noise * Math.sqrt(1 - IV_NOISE_PHI * IV_NOISE_PHI) * normalOf(seed, n, SALT.premium),
    );
    if (baseSeries) {
      series.ret.push(0);
      series.variance.push(leverage * leverage * baseSeries.variance[i]!);
      continue;
    }
    // Occasional news days: the idiosyncratic shock 2.5 times its size.
    const news = uniformOf(seed, n, SALT.jump) < 0.01 ? 2.5 : 1;
    const z = skewedShock(normalOf(seed, n, SALT.ret), skew);
    stepScaled(series.idio, i, idioDaily, IDIOSYNCRATIC, z, 0, 0);
    let systematic = 0;
    let variance = series.idio.vol[i]! ** 2;
    for (const [factor, beta] of loadings) {
      systematic += beta * factor.ret[i]!;
      variance += (beta * factor.vol[i]!) ** 2;
    }
    series.variance.push(variance);
    const drift = dailyRate[i]! + excess / 252 - entry.divYield / 252 - variance / 2;
    series.ret.push(i === 0 ? 0 : drift + systematic + series.idio.ret[i]! * news);
  }
  return series;
}

/** A leveraged fund's day: the leverage times its index's simple return, less the fee (the decay compounds). */
export function leveragedLogReturn(entry: UniverseEntry, baseLogReturn: number): number {
  const [, leverage, fee] = LEVERAGED[entry.symbol]!;
  return Math.log(Math.max(0.01, 1 + leverage * Math.expm1(baseLogReturn) - fee / 252));
}

// ---------------------------------------------------------------- the implied level
/** One part of a name's variance: its level at the average state, its state now and its persistence. */
interface VariancePart {
  /** Annual variance at the average state. */
  base: number;
  state: number;
  phi: number;
  stateVariance: number;
}

/** What the chains price from: the variance parts now, the premium and the noise, and the market's state. */
export interface ImpliedInputs {
  parts: VariancePart[];
  premium: number;
  noise: number;
  marketState: number;
}

/**
 * Expected average annual variance over the next `days` sessions from these states: each part's log-volatility
 * decays geometrically toward its average (E s_{t+k} = phi^k s_t), with the lognormal's convexity.
 */
export function expectedVariance(parts: readonly VariancePart[], days: number): number {
  const n = Math.max(1, days);
  let total = 0;
  for (const p of parts) {
    if (p.base === 0) continue;
    const decay = (p.phi * (1 - p.phi ** n)) / (n * (1 - p.phi));
    const spread = 1 - (p.phi * p.phi * (1 - p.phi ** (2 * n))) / (n * (1 - p.phi * p.phi));
    total += p.base * Math.exp(2 * p.state * decay - p.stateVariance + 2 * p.stateVariance * spread);
  }
  return total;
}

const interpolate = (before: number, after: number, f: number) => before + f * (after - before);

/**
 * The implied inputs at session day `i`, fraction `f` of it elapsed: the states move from the previous close's to
 * the close's with the price (the close's states know the day's shock), so implied volatility moves the same day.
 */
export function impliedInputs(entry: UniverseEntry, i: number, f: number): ImpliedInputs {
  const base = leveragedBase(entry);
  const subject = base ?? entry;
  const leverage = LEVERAGED[entry.symbol]?.[1] ?? 1;
  const scale = leverage * leverage;
  const market = factorPath("market", i);
  const name = nameSeries(subject, i);
  const own = nameSeries(entry, i);
  const at = (path: ScaledPath) => interpolate(i > 0 ? path.state[i - 1]! : 0, path.state[i]!, f);
  const parts: VariancePart[] = [];
  const add = (vol: number, path: ScaledPath, d: VolDynamics) => {
    const v = stateVariance(d);
    // The base is the variance at the average state: E[exp(2s - v)] = exp(v) is carried by expectedVariance.
    parts.push({ base: scale * vol * vol, state: at(path), phi: d.phi, stateVariance: v });
  };
  for (const [id, beta] of loadingsOf(subject.symbol))
    add(beta * FACTORS[id].vol, factorPath(id, i), FACTORS[id]);
  add(volatilityParts(subject).idiosyncratic, name.idio, IDIOSYNCRATIC);
  return {
    parts,
    premium: PREMIUM[premiumClassOf(entry)].premium,
    noise: interpolate(i > 0 ? own.ivNoise[i - 1]! : 0, own.ivNoise[i]!, f),
    marketState: at(market),
  };
}

/** The market factor's state on day i (after its close), for the skew's steepening and the facts. */
export function marketStateAfter(i: number): number {
  return factorPath("market", i).state[i]!;
}
