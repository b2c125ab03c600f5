// The simulated market's facts (issue 43), measured on its generated history the way a trader would measure a
// real market: from daily closes, the quote's iv30 at each close, and the chains. `npm run market:facts` prints
// them against their targets; tests/unit/market/market-facts.test.ts holds the targets.
import { yearsToExpiration } from "#app/engine/time.ts";
import type { ChainLeg } from "#app/engine/types.ts";
import { newYorkDateOf, previousTradingDay, sessionOn } from "#app/lib/market-calendar/index.ts";
import { simulatedRiskFreeRate } from "#app/lib/risk-free-rate.ts";
import { demoDividendYield } from "#app/server/market/providers/demo/dividends.server.ts";
import { buildChain, demoIv30 } from "#app/server/market/providers/demo/chain.server.ts";
import {
  isStressOnset,
  marketStateAfter,
  premiumClassOf,
  type PremiumClass,
  tradingDayIndex,
} from "#app/server/market/providers/demo/economy.server.ts";
import { dailyHistory } from "#app/server/market/providers/demo/prices.server.ts";
import { earningsReactionDays } from "#app/server/market/providers/demo/surface.server.ts";
import { DEFAULT_UNIVERSE, universeEntry, type UniverseEntry } from "#app/server/market/universe.server.ts";

/** Sessions the correlations and premiums are measured over (the "last 500 sessions"). */
export const FACT_SESSIONS = 500;
/** The realised window a 30-day implied level is compared with: the next 21 sessions. */
export const RV_HORIZON = 21;

const entryOf = (symbol: string): UniverseEntry => universeEntry(symbol)!;

export interface FactsHistory {
  /** The last close measured (New York date). */
  through: string;
  dates: string[];
  closes: Map<string, number[]>;
}

/** Closes of every name over `sessions` sessions through the last close before `ms` (plus the horizon before). */
export function factsHistory(ms: number, sessions = FACT_SESSIONS + RV_HORIZON + 1): FactsHistory {
  const closes = new Map<string, number[]>();
  let dates: string[] = [];
  for (const entry of DEFAULT_UNIVERSE) {
    const bars = dailyHistory(entry, entry.symbol, sessions, ms).bars;
    closes.set(
      entry.symbol,
      bars.map((b) => b.close),
    );
    dates = bars.map((b) => b.date);
  }
  return { through: dates[dates.length - 1]!, dates, closes };
}

export function logReturns(closes: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < closes.length; i++) out.push(Math.log(closes[i]! / closes[i - 1]!));
  return out;
}

export const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function correlation(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  const xa = a.slice(a.length - n);
  const xb = b.slice(b.length - n);
  const ma = mean(xa);
  const mb = mean(xb);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (xa[i]! - ma) * (xb[i]! - mb);
    saa += (xa[i]! - ma) ** 2;
    sbb += (xb[i]! - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}

export function skewness(xs: readonly number[]): number {
  const m = mean(xs);
  const v = mean(xs.map((x) => (x - m) ** 2));
  return mean(xs.map((x) => (x - m) ** 3)) / v ** 1.5;
}

/** The last FACT_SESSIONS daily returns of a name. */
function recentReturns(history: FactsHistory, symbol: string): number[] {
  const r = logReturns(history.closes.get(symbol)!);
  return r.slice(Math.max(0, r.length - FACT_SESSIONS));
}

export interface PairFact {
  pair: string;
  value: number;
  low: number;
  high: number;
}

/** The correlation targets of issue 43 step 1: [a, b, low, high]. */
export const CORRELATION_TARGETS: readonly (readonly [string, string, number, number])[] = [
  ["SPY", "QQQ", 0.85, 1],
  ["QQQ", "TQQQ", 0.99, 1],
  ["SPY", "IWM", 0.7, 0.9],
  ["AAPL", "MSFT", 0.4, 0.75],
  ["SPY", "TLT", -0.4, 0.2],
  // Sector ETFs against their largest members in the universe.
  ["XLK", "AAPL", 0.6, 0.9],
  ["XLK", "MSFT", 0.6, 0.9],
  ["XLK", "NVDA", 0.6, 0.9],
  ["SMH", "NVDA", 0.6, 0.9],
  ["SMH", "TSM", 0.6, 0.9],
  ["SMH", "AVGO", 0.6, 0.9],
  ["XLF", "JPM", 0.6, 0.9],
  ["XLF", "BAC", 0.6, 0.9],
  ["XLF", "WFC", 0.6, 0.9],
  ["XLE", "XOM", 0.6, 0.9],
  ["XLE", "CVX", 0.6, 0.9],
  ["XLV", "LLY", 0.6, 0.9],
  ["XLV", "UNH", 0.6, 0.9],
  ["XLV", "JNJ", 0.6, 0.9],
  ["XLI", "GE", 0.6, 0.9],
  ["XLI", "CAT", 0.6, 0.9],
  ["XLI", "BA", 0.6, 0.9],
];

export function correlationFacts(history: FactsHistory): PairFact[] {
  return CORRELATION_TARGETS.map(([a, b, low, high]) => ({
    pair: `${a}-${b}`,
    value: correlation(recentReturns(history, a), recentReturns(history, b)),
    low,
    high,
  }));
}

/** Each close's iv30 (decimal) of a name over the history's dates. */
export function iv30Series(symbol: string, dates: readonly string[]): number[] {
  const entry = entryOf(symbol);
  return dates.map((d) => demoIv30(entry, sessionOn(d)!.closeMs));
}

/** The realised volatility (annualised) of the `horizon` returns after index t of the closes. */
export function forwardRealised(closes: readonly number[], t: number, horizon = RV_HORIZON): number {
  let sum = 0;
  for (let k = 1; k <= horizon; k++) sum += Math.log(closes[t + k]! / closes[t + k - 1]!) ** 2;
  return Math.sqrt((sum * 252) / horizon);
}

export interface PremiumFact {
  cls: PremiumClass;
  names: number;
  /** Mean IV30 minus the next 21 sessions' realised volatility, in volatility points. */
  meanPoints: number;
  /** Share of days IV30 was above the realised volatility that followed. */
  aboveShare: number;
  /** The same in stress spells (the days whose next 21 sessions include a spell's). */
  stressPoints: number;
  /** The lowest name's mean premium in the class (points). */
  lowestName: string;
  lowestPoints: number;
}

export interface NamePremium {
  symbol: string;
  iv: number[];
  rv: number[];
  points: number[];
}

/** IV30 at each close and the realised volatility of the next 21 sessions, over the last `sessions` closes. */
export function namePremium(history: FactsHistory, symbol: string, sessions = FACT_SESSIONS): NamePremium {
  const closes = history.closes.get(symbol)!;
  const last = closes.length - 1 - RV_HORIZON;
  const first = Math.max(0, last - sessions + 1);
  const dates = history.dates.slice(first, last + 1);
  const iv = iv30Series(symbol, dates);
  const rv = dates.map((_, k) => forwardRealised(closes, first + k));
  return { symbol, iv, rv, points: iv.map((v, k) => 100 * (v - rv[k]!)) };
}

export function premiumFacts(history: FactsHistory): PremiumFact[] {
  const classes = new Map<PremiumClass, NamePremium[]>();
  for (const entry of DEFAULT_UNIVERSE) {
    const cls = premiumClassOf(entry);
    const list = classes.get(cls) ?? [];
    list.push(namePremium(history, entry.symbol));
    classes.set(cls, list);
  }
  const closes = history.closes.get("SPY")!;
  const last = closes.length - 1 - RV_HORIZON;
  const first = Math.max(0, last - FACT_SESSIONS + 1);
  // The days whose next 21 sessions take in a spell's onset: realised above implied, as a crash catches the market.
  const stressedAhead = history.dates.slice(first, last + 1).map((d) => {
    const i = tradingDayIndex(d);
    for (let k = 1; k <= RV_HORIZON; k++) if (isStressOnset(i + k)) return true;
    return false;
  });
  return [...classes].map(([cls, names]) => {
    const all = names.flatMap((n) => n.points);
    const above = names.flatMap((n) => n.points.map((p) => p > 0));
    const stress = names.flatMap((n) => n.points.filter((_, k) => stressedAhead[k]));
    const byName = names.map((n) => ({ symbol: n.symbol, points: mean(n.points) }));
    byName.sort((a, b) => a.points - b.points);
    return {
      cls,
      names: names.length,
      meanPoints: mean(all),
      aboveShare: above.filter(Boolean).length / above.length,
      stressPoints: stress.length ? mean(stress) : NaN,
      lowestName: byName[0]!.symbol,
      lowestPoints: byName[0]!.points,
    };
  });
}

/** The same-day leverage effect: a day's return against the same day's change in IV30 (SPY and QQQ). */
export function leverageEffect(history: FactsHistory, symbol: string): number {
  const closes = history.closes.get(symbol)!;
  const dates = history.dates.slice(history.dates.length - FACT_SESSIONS - 1);
  const iv = iv30Series(symbol, dates);
  const returns = logReturns(closes.slice(closes.length - FACT_SESSIONS - 1));
  const changes = iv.slice(1).map((v, k) => v - iv[k]!);
  return correlation(returns, changes);
}

export interface ForecastFact {
  symbol: string;
  /** Root mean square error (volatility points) of each forecast of the next 21 sessions' realised volatility. */
  implied: number;
  trailing21: number;
  ewma: number;
  har: number;
  best: string;
}

/**
 * Forecasts of the next 21 sessions' realised volatility, out of sample over the last FACT_SESSIONS closes:
 * the implied level minus the class's mean premium (the mean over the earlier half), and what past closes give:
 * trailing 21-day realised, an exponentially weighted one (lambda 0.94, RiskMetrics), and a HAR regression (daily,
 * weekly, monthly realised; Corsi 2009) fitted on the earlier half and judged on the later half.
 */
export function forecastFacts(ms: number, symbol: string): ForecastFact {
  const sessions = 2 * FACT_SESSIONS + 2 * RV_HORIZON + 2;
  const history = dailyHistory(entryOf(symbol), symbol, sessions, ms);
  const closes = history.bars.map((b) => b.close);
  const dates = history.bars.map((b) => b.date);
  const r = logReturns(closes); // r[k] is the return into closes[k + 1]
  const iv = iv30Series(symbol, dates);
  const rows: {
    t: number;
    target: number;
    iv: number;
    rv21: number;
    ewma: number;
    d: number;
    w: number;
    m: number;
  }[] = [];
  let ewmaVar = r.slice(0, RV_HORIZON).reduce((s, x) => s + x * x, 0) / RV_HORIZON;
  for (let t = RV_HORIZON; t + RV_HORIZON < closes.length; t++) {
    ewmaVar = 0.94 * ewmaVar + 0.06 * r[t - 1]! ** 2;
    const past = (n: number) => Math.sqrt((r.slice(t - n, t).reduce((s, x) => s + x * x, 0) * 252) / n);
    rows.push({
      t,
      target: forwardRealised(closes, t),
      iv: iv[t]!,
      rv21: past(21),
      ewma: Math.sqrt(ewmaVar * 252),
      d: past(1),
      w: past(5),
      m: past(22 > t ? t : 22),
    });
  }
  const half = Math.floor(rows.length / 2);
  const fit = rows.slice(0, half);
  const test = rows.slice(half);
  const premium = mean(fit.map((x) => x.iv - x.target));
  const beta = leastSquares(
    fit.map((x) => [1, x.d, x.w, x.m]),
    fit.map((x) => x.target),
  );
  const rmse = (f: (x: (typeof rows)[number]) => number) =>
    100 * Math.sqrt(mean(test.map((x) => (f(x) - x.target) ** 2)));
  const result = {
    symbol,
    implied: rmse((x) => x.iv - premium),
    trailing21: rmse((x) => x.rv21),
    ewma: rmse((x) => x.ewma),
    har: rmse((x) => beta[0]! + beta[1]! * x.d + beta[2]! * x.w + beta[3]! * x.m),
    best: "",
  };
  const fromCloses = { trailing21: result.trailing21, ewma: result.ewma, har: result.har };
  result.best = Object.entries(fromCloses).sort((a, b) => a[1] - b[1])[0]![0];
  return result;
}

/** Ordinary least squares by the normal equations (small systems only). */
function leastSquares(x: number[][], y: number[]): number[] {
  const k = x[0]!.length;
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  for (let i = 0; i < x.length; i++)
    for (let p = 0; p < k; p++) {
      for (let q = 0; q < k; q++) a[p]![q]! += x[i]![p]! * x[i]![q]!;
      a[p]![k]! += x[i]![p]! * y[i]!;
    }
  for (let p = 0; p < k; p++) {
    let pivot = p;
    for (let q = p + 1; q < k; q++) if (Math.abs(a[q]![p]!) > Math.abs(a[pivot]![p]!)) pivot = q;
    [a[p], a[pivot]] = [a[pivot]!, a[p]!];
    for (let q = 0; q < k; q++) {
      if (q === p) continue;
      const f = a[q]![p]! / a[p]![p]!;
      for (let c = p; c <= k; c++) a[q]![c]! -= f * a[p]![c]!;
    }
  }
  return a.map((row, p) => row[k]! / row[p]!);
}

export interface SkewFact {
  symbol: string;
  /** Sample skewness of the last FACT_SESSIONS daily returns. */
  returns: number;
}

export function returnSkewFacts(history: FactsHistory, symbols: readonly string[]): SkewFact[] {
  return symbols.map((symbol) => ({ symbol, returns: skewness(recentReturns(history, symbol)) }));
}

export interface SurfaceFact {
  symbol: string;
  date: string;
  marketState: number;
  /** IV of the ~30-day 25-delta put minus the 25-delta call, in points (the risk reversal). */
  riskReversal: number;
  /** IV30-ish front monthly at the money minus the ~6-month one, in points (positive = inverted). */
  termSlope: number;
}

const delta25 = (legs: readonly ChainLeg[], type: "call" | "put"): ChainLeg =>
  legs
    .filter((l) => l.type === type)
    .reduce((best, l) =>
      Math.abs(Math.abs(l.delta ?? 0) - 0.25) < Math.abs(Math.abs(best.delta ?? 0) - 0.25) ? l : best,
    );

/** The IV of the call struck nearest the spot. */
const atmCallIv = (legs: readonly ChainLeg[], spot: number): number =>
  legs
    .filter((l) => l.type === "call")
    .reduce((best, l) => (Math.abs(l.strike - spot) < Math.abs(best.strike - spot) ? l : best)).iv ?? NaN;

/** The surface at a close: the risk reversal at ~30 days and the term slope, with the market's state. */
export function surfaceAt(symbol: string, date: string): SurfaceFact {
  const entry = entryOf(symbol);
  const ms = sessionOn(date)!.closeMs;
  const chain = buildChain(entry, ms);
  const byDays = (days: number) =>
    chain.expirations.reduce((best, e) =>
      Math.abs(yearsToExpiration(ms, e.expirationDate) * 365 - days) <
      Math.abs(yearsToExpiration(ms, best.expirationDate) * 365 - days)
        ? e
        : best,
    );
  const atmIv = (legs: readonly ChainLeg[]) => atmCallIv(legs, chain.spot);
  const front = byDays(30);
  const back = byDays(180);
  return {
    symbol,
    date,
    marketState: marketStateAfter(tradingDayIndex(date)),
    riskReversal: 100 * ((delta25(front.legs, "put").iv ?? NaN) - (delta25(front.legs, "call").iv ?? NaN)),
    termSlope: 100 * (atmIv(front.legs) - atmIv(back.legs)),
  };
}

/** The calmest and the most stressed closes of the history (by the market's volatility state). */
export function calmAndStressedDates(history: FactsHistory): { calm: string; stressed: string } {
  const dates = history.dates.slice(history.dates.length - FACT_SESSIONS);
  const states = dates.map((d) => marketStateAfter(tradingDayIndex(d)));
  let lo = 0;
  let hi = 0;
  states.forEach((s, k) => {
    if (s < states[lo]!) lo = k;
    if (s > states[hi]!) hi = k;
  });
  return { calm: dates[lo]!, stressed: dates[hi]! };
}

export interface EarningsFact {
  symbol: string;
  reactionDay: string;
  /** The expiration after the report minus the one before it, at-the-money IV in points, the day before. */
  kink: number;
}

/** The earnings kink a week of sessions before a name's next report after `date`. */
export function earningsKink(symbol: string, date: string): EarningsFact {
  const entry = entryOf(symbol);
  const year = Number(date.slice(0, 4));
  const reactionDay = [...earningsReactionDays(entry, year), ...earningsReactionDays(entry, year + 1)].find(
    (d) => d > date,
  )!;
  let weekBefore = reactionDay;
  for (let k = 0; k < 5; k++) weekBefore = previousTradingDay(weekBefore);
  const ms = sessionOn(weekBefore)!.closeMs;
  const chain = buildChain(entry, ms);
  const atmIv = (e: (typeof chain.expirations)[number]) => atmCallIv(e.legs, chain.spot);
  const before = chain.expirations.filter((e) => e.expirationDate < reactionDay).at(-1);
  const after = chain.expirations.find((e) => e.expirationDate >= reactionDay)!;
  return {
    symbol,
    reactionDay,
    kink: before ? 100 * (atmIv(after) - atmIv(before)) : NaN,
  };
}

export interface WidthFact {
  tier: string;
  names: number;
  /** Median and worst (ask - bid) / mid of the ~30-day 25-delta put, percent. */
  median: number;
  worst: string;
  worstPercent: number;
}

/** Widths of the ~30-day 25-delta put by liquidity tier at a close. */
export function widthFacts(date: string, tierOf: (entry: UniverseEntry) => string): WidthFact[] {
  const ms = sessionOn(date)!.closeMs;
  const byTier = new Map<string, { symbol: string; width: number }[]>();
  for (const entry of DEFAULT_UNIVERSE) {
    const chain = buildChain(entry, ms);
    const front = chain.expirations.reduce((best, e) =>
      Math.abs(yearsToExpiration(ms, e.expirationDate) * 365 - 30) <
      Math.abs(yearsToExpiration(ms, best.expirationDate) * 365 - 30)
        ? e
        : best,
    );
    const put = delta25(front.legs, "put");
    const mid = (put.bid + put.ask) / 2;
    const tier = tierOf(entry);
    const list = byTier.get(tier) ?? [];
    list.push({ symbol: entry.symbol, width: (100 * (put.ask - put.bid)) / mid });
    byTier.set(tier, list);
  }
  return [...byTier]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([tier, list]) => {
      const sorted = list.map((x) => x.width).sort((a, b) => a - b);
      const worst = list.reduce((a, b) => (b.width > a.width ? b : a));
      return {
        tier,
        names: list.length,
        median: sorted[Math.floor(sorted.length / 2)]!,
        worst: worst.symbol,
        worstPercent: worst.width,
      };
    });
}

/** One printed fact: its section, its line and, for a target, whether it is met. */
export interface FactLine {
  section: string;
  text: string;
  met?: boolean;
}

const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

/** Every fact of issue 43 measured at `ms`, each target with its verdict (npm run market:facts prints them). */
export function marketFacts(ms: number, tierOf: (entry: UniverseEntry) => string): FactLine[] {
  const lines: FactLine[] = [];
  let section = "";
  const line = (text: string, met?: boolean) => lines.push({ section, text, met });
  const history = factsHistory(ms);

  section = `Daily-return correlations, last ${FACT_SESSIONS} sessions through ${history.through}`;
  for (const f of correlationFacts(history))
    line(
      `${f.pair.padEnd(10)} ${f2(f.value).padStart(6)}  target ${f.low} to ${f.high}`,
      f.value >= f.low && f.value <= f.high,
    );

  section =
    "Volatility risk premium: IV30 at the close minus the next 21 sessions' realised volatility (points)";
  const spy = namePremium(history, "SPY");
  const spyMean = mean(spy.points);
  const spyAbove = spy.points.filter((p) => p > 0).length / spy.points.length;
  line(`SPY mean ${f2(spyMean)} (target 3 to 4)`, spyMean >= 3 && spyMean <= 4);
  line(
    `SPY IV above RV on ${pct(spyAbove)} of days (target about 80-85%)`,
    spyAbove >= 0.78 && spyAbove <= 0.88,
  );
  const classes = premiumFacts(history);
  for (const p of classes)
    line(
      `${p.cls.padEnd(10)} ${String(p.names).padStart(3)} names  mean ${f2(p.meanPoints).padStart(6)}  above ${pct(p.aboveShare)}` +
        `  before and into a spell's onset ${f2(p.stressPoints)}  lowest ${p.lowestName} ${f2(p.lowestPoints)}`,
    );
  const index = classes.find((c) => c.cls === "index")!;
  const single = classes.find((c) => c.cls === "single")!;
  line(
    `index premium negative before and into a spell's onset: ${f2(index.stressPoints)}`,
    index.stressPoints < 0,
  );
  line(
    `single names' premium below the index's, relative to their level: single ${pct(relativePremium(history, "single"))}, index ${pct(relativePremium(history, "index"))}`,
    relativePremium(history, "single") < relativePremium(history, "index") &&
      single.aboveShare < index.aboveShare,
  );
  const full = factsHistory(ms, 1500);
  const lowest = DEFAULT_UNIVERSE.map((e) => ({
    s: e.symbol,
    mean: mean(namePremium(full, e.symbol, 1400).points),
  })).sort((a, b) => a.mean - b.mean)[0]!;
  line(
    `lowest name's mean over the whole history: ${lowest.s} ${f2(lowest.mean)} (target above 0)`,
    lowest.mean > 0,
  );

  section = "Same-day leverage effect: a day's return against the day's change in IV30 (target -0.8 to -0.5)";
  for (const s of ["SPY", "QQQ", "IWM"]) {
    const c = leverageEffect(history, s);
    line(`${s.padEnd(6)} ${f2(c)}`, c >= -0.8 && c <= -0.5);
  }

  section =
    "Forecasts of the next 21 sessions' realised volatility, out of sample (RMSE, points; implied within 5% of the best from closes)";
  for (const s of ["SPY", "QQQ", "IWM", "AAPL", "KO", "XLE"]) {
    const f = forecastFacts(ms, s);
    line(
      `${s.padEnd(6)} IV30 - mean premium ${f2(f.implied)}  trailing 21d ${f2(f.trailing21)}  EWMA ${f2(f.ewma)}  HAR ${f2(f.har)}`,
      f.implied <= Math.min(f.trailing21, f.ewma, f.har) * 1.05,
    );
  }

  section = `Skew of daily returns, last ${FACT_SESSIONS} sessions (index target below -0.2)`;
  for (const k of returnSkewFacts(history, ["SPY", "QQQ", "IWM", "AAPL", "TLT", "GLD", "MSTR"]))
    line(
      `${k.symbol.padEnd(6)} ${f2(k.returns)}`,
      ["SPY", "QQQ"].includes(k.symbol) ? k.returns < -0.2 : undefined,
    );

  section =
    "The surface at the calmest and the most stressed close (25-delta risk reversal; 30-day minus 180-day ATM IV)";
  const { calm, stressed } = calmAndStressedDates(history);
  for (const s of ["SPY", "AAPL"]) {
    const a = surfaceAt(s, calm);
    const b = surfaceAt(s, stressed);
    line(
      `${s.padEnd(6)} calm ${calm} (state ${f2(a.marketState)}): ${f2(a.riskReversal)}, ${f2(a.termSlope)};` +
        `  stressed ${stressed} (state ${f2(b.marketState)}): ${f2(b.riskReversal)}, ${f2(b.termSlope)}`,
      b.riskReversal > a.riskReversal && b.termSlope > 0 && a.termSlope < 0,
    );
  }

  section =
    "Earnings kinks a week before the report: ATM IV of the first expiration after it minus the last before (points)";
  for (const s of ["AAPL", "NVDA", "JPM", "KO"]) {
    const k = earningsKink(s, history.through);
    line(`${s.padEnd(6)} reaction day ${k.reactionDay}: ${f2(k.kink)}`, k.kink > 0);
  }

  section = `Quote widths of the ~30-day 25-delta put at the ${history.through} close: (ask - bid) / mid, percent`;
  for (const w of widthFacts(history.through, tierOf))
    line(
      `${w.tier.padEnd(8)} ${String(w.names).padStart(3)} names  median ${f2(w.median)}  widest ${w.worst} ${f2(w.worstPercent)}`,
      w.tier === "deep" ? w.median <= 3 : undefined,
    );
  section = `Dividend parity at the ${history.through} close: the yield put-call parity implies (4-14 months) against the stated one`;
  for (const s of ["KO", "PFE", "VZ", "XLE", "SPY"]) {
    const p = dividendParity(s, history.through);
    line(
      `${s.padEnd(6)} stated ${pct2(p.stated)}  implied ${pct2(p.implied)}`,
      Math.abs(p.implied - p.stated) < 0.004,
    );
  }
  return lines;
}

const pct2 = (x: number) => `${(100 * x).toFixed(2)}%`;

export interface ParityFact {
  symbol: string;
  stated: number;
  implied: number;
}

/**
 * Dividend parity at a close: the dividend yield put-call parity implies on near-money mids of the expirations 4 to
 * 14 months out (F = K + (C - P) e^{rT}, q = r - ln(F / S) / T), against the yield the engine is told.
 */
export function dividendParity(symbol: string, date: string): ParityFact {
  const entry = entryOf(symbol);
  const ms = sessionOn(date)!.closeMs;
  const chain = buildChain(entry, ms);
  const today = newYorkDateOf(ms);
  const r = simulatedRiskFreeRate(today).rate;
  const stated = demoDividendYield(entry, ms, chain.spot);
  const implied: number[] = [];
  for (const exp of chain.expirations) {
    const T = yearsToExpiration(ms, exp.expirationDate);
    if (T < 120 / 365 || T > 430 / 365) continue;
    for (const call of exp.legs) {
      if (call.type !== "call" || Math.abs(call.strike / chain.spot - 1) >= 0.1 || !(call.bid > 0)) continue;
      const put = exp.legs.find((l) => l.type === "put" && l.strike === call.strike);
      if (!put || !(put.bid > 0)) continue;
      const forward = call.strike + ((call.bid + call.ask) / 2 - (put.bid + put.ask) / 2) * Math.exp(r * T);
      implied.push(r - Math.log(forward / chain.spot) / T);
    }
  }
  return { symbol, stated, implied: mean(implied) };
}

/** A class's mean of (IV30 - next RV) / IV30 over the last FACT_SESSIONS closes. */
function relativePremium(history: FactsHistory, cls: PremiumClass): number {
  const names = DEFAULT_UNIVERSE.filter((e) => premiumClassOf(e) === cls);
  return mean(
    names.flatMap((e) => {
      const p = namePremium(history, e.symbol);
      return p.iv.map((v, k) => (v - p.rv[k]!) / v);
    }),
  );
}
