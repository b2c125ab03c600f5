// How each simulated name is listed and quoted, as listed options differ by name: the skew class of its
// volatility surface, its tick rule and book depth, its strike steps and its expiration set.
import type { UniverseEntry } from "../../universe.server";
import { uniform } from "./random.server";

// ---------------------------------------------------------------- skew
/**
 * index      equity index, sector and bond ETFs: steep put skew, the call wing flat and low;
 * single     single names and commodity ETFs: puts richer than calls, with a call wing (a smile);
 * call-skew  meme and crypto names: upside calls richer than downside puts.
 */
export type SkewClass = "index" | "single" | "call-skew";

const INDEX_LIKE = new Set([
  "SPY",
  "QQQ",
  "IWM",
  "DIA",
  "TQQQ",
  "XLF",
  "XLE",
  "XLK",
  "XLV",
  "XLI",
  "XLU",
  "SMH",
  "XBI",
  "KRE",
  "EEM",
  "FXI",
  "TLT",
  "HYG",
]);
const CALL_SKEW = new Set(["GME", "MSTR", "COIN", "MARA", "HOOD", "PLTR", "SOFI"]);

export function skewClassOf(entry: UniverseEntry): SkewClass {
  if (INDEX_LIKE.has(entry.symbol)) return "index";
  if (CALL_SKEW.has(entry.symbol)) return "call-skew";
  return "single";
}

/** IV = atm x (1 + slope x + curve x^2), x = ln(K/F) / (atm sqrt T), within [0.6, 2.5] x atm. */
const SKEW: Readonly<Record<SkewClass, { slope: number; curve: number }>> = {
  index: { slope: -0.3, curve: 0.05 },
  single: { slope: -0.1, curve: 0.07 },
  "call-skew": { slope: 0.1, curve: 0.06 },
};

export function skewFactor(cls: SkewClass, x: number): number {
  const { slope, curve } = SKEW[cls];
  return Math.min(2.5, Math.max(0.6, 1 + slope * x + curve * x * x));
}

// ---------------------------------------------------------------- ticks and books
/** SPY, QQQ and IWM trade in pennies at every price. */
const PENNY_AT_ANY_PRICE = new Set(["SPY", "QQQ", "IWM"]);

/**
 * Minimum tick. Penny Interval Program names (here tiers 1 and 2) tick $0.01 below $3 and $0.05 from $3;
 * the rest tick $0.05 below $3 and $0.10 from $3.
 */
export function tickFor(entry: UniverseEntry, price: number): number {
  if (PENNY_AT_ANY_PRICE.has(entry.symbol)) return 0.01;
  if (entry.tier <= 2) return price < 3 ? 0.01 : 0.05;
  return price < 3 ? 0.05 : 0.1;
}

/** The deepest books: quoted a cent or two wide near the money while the tick allows it. */
const DEEP_BOOKS = new Set([
  ...["SPY", "QQQ", "IWM", "AAPL", "MSFT", "NVDA", "AMZN", "META", "TSLA", "AMD"],
  ...["KO", "PEP", "VZ", "T", "PFE", "F", "BAC", "INTC", "XOM", "JNJ", "MRK", "WMT", "CSCO", "C", "WFC"],
  ...["XLE", "XLU", "XLV", "XLF", "XLI", "XLK", "DIA", "EEM", "GLD", "SLV", "TLT", "HYG"],
]);

export interface Book {
  /** Width as a share of the option's price, plus a base width in dollars. */
  relSpread: number;
  baseWidth: number;
  /** Open interest scale near the money. */
  oi: number;
}

const TIER_BOOKS: Readonly<Record<1 | 2 | 3, Book>> = {
  1: { relSpread: 0.012, baseWidth: 0.01, oi: 12000 },
  2: { relSpread: 0.035, baseWidth: 0.04, oi: 2500 },
  3: { relSpread: 0.07, baseWidth: 0.08, oi: 400 },
};
const DEEP_BOOK: Book = { relSpread: 0.003, baseWidth: 0.005, oi: 30000 };
const DEEP_BOOK_TIER_2: Book = { relSpread: 0.004, baseWidth: 0.006, oi: 9000 };

export function bookOf(entry: UniverseEntry): Book {
  if (!DEEP_BOOKS.has(entry.symbol)) return TIER_BOOKS[entry.tier];
  return entry.tier === 1 ? DEEP_BOOK : DEEP_BOOK_TIER_2;
}

// ---------------------------------------------------------------- strikes
/** The price band's usual strike step (doubled for long-dated expirations). */
export function strikeIncrement(price: number, tier: number, longDated: boolean): number {
  let step: number;
  if (price < 5) step = 0.5;
  else if (price < 25) step = tier === 1 ? 0.5 : 1;
  else if (price < 60) step = 1;
  else if (price < 150) step = tier === 1 ? 1 : 2.5;
  else if (price < 400) step = tier === 1 ? 2.5 : 5;
  else if (price < 1000) step = 5;
  else step = 10;
  return longDated ? step * 2 : step;
}

/** Near-money steps finer than the band's: $1 on the index ETFs, $2.50 on TSLA. */
const NEAR_MONEY_STEP: Readonly<Record<string, number>> = { SPY: 1, QQQ: 1, IWM: 1, TSLA: 2.5 };

/**
 * The step listed near the money of an expiration within 120 days: the named fine steps, else $2.50 on
 * tier-1 names from $150 to $1000 and $5 on any name from $400 (high-priced names list $2.50 or $5
 * strikes near the money however wide their far strikes are), else the band's step.
 */
export function nearMoneyStep(entry: UniverseEntry, price: number): number {
  const named = NEAR_MONEY_STEP[entry.symbol];
  if (named !== undefined) return named;
  const band = strikeIncrement(price, entry.tier, false);
  if (price >= 150 && price < 1000 && entry.tier === 1) return Math.min(band, 2.5);
  if (price >= 400) return Math.min(band, 5);
  return band;
}

// ---------------------------------------------------------------- expirations
export interface ExpirationProfile {
  /** Every trading day for about a month (SPY, QQQ, IWM). */
  dailies: boolean;
  /** Weeks ahead that Friday weeklies are listed (0: monthlies only). */
  weeklyWeeks: number;
  /** The quarterly cycle listed beyond the near months: 1 Jan/Apr/Jul/Oct, 2 Feb/May/Aug/Nov, 3 Mar/Jun/Sep/Dec. */
  cycle: 1 | 2 | 3;
  /** January LEAPS listed: the next `leapsYears` Januaries. */
  leapsYears: number;
  /** June LEAPS too. */
  juneLeaps: boolean;
  /** End-of-quarter expirations (the last trading day of Mar/Jun/Sep/Dec). */
  quarterEnds: boolean;
}

const DAILY_LISTINGS = new Set(["SPY", "QQQ", "IWM"]);
const profiles = new Map<string, ExpirationProfile>();

/** Seeded per symbol within its tier's range, so names of one tier do not all list the same dates. */
export function expirationProfile(entry: UniverseEntry): ExpirationProfile {
  let profile = profiles.get(entry.symbol);
  if (profile) return profile;
  const u = (what: string) => uniform(`${entry.symbol}:listing:${what}`);
  const dailies = DAILY_LISTINGS.has(entry.symbol);
  const weeklyWeeks = dailies
    ? 13
    : entry.tier === 1
      ? 6 + Math.floor(u("weeks") * 4)
      : entry.tier === 2 && u("has-weeklies") >= 0.35
        ? 3 + Math.floor(u("weeks") * 4)
        : 0;
  profile = {
    dailies,
    weeklyWeeks,
    cycle: entry.earningsCycle ?? ((1 + Math.floor(u("cycle") * 3)) as 1 | 2 | 3),
    leapsYears: dailies || entry.tier === 1 || u("leaps") < 0.5 ? 3 : 2,
    juneLeaps: dailies || (entry.tier === 1 && u("june") < 0.5),
    quarterEnds: dailies,
  };
  profiles.set(entry.symbol, profile);
  return profile;
}
