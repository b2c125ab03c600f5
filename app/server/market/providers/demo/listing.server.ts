// How each simulated name is listed and quoted, as listed options differ by name: the skew class of its
// volatility surface, its tick rule and book depth, its strike steps and its expiration set.
import type { UniverseEntry } from "#app/server/market/universe.server.ts";
import { uniform } from "#app/server/market/providers/demo/random.server.ts";

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

/** The skew's slope scales with `steepness` (skewSteepness: steeper in a sell-off). */
export function skewFactor(cls: SkewClass, x: number, steepness = 1): number {
  const { slope, curve } = SKEW[cls];
  return Math.min(2.5, Math.max(0.6, 1 + steepness * slope * x + curve * x * x));
}

/**
 * How much steeper the skew is at the market's volatility state (its log-volatility deviation): index skew
 * steepens in a sell-off (e^{0.6 s}), single names' less (e^{0.3 s}); within [0.8, 1.6].
 */
export function skewSteepness(cls: SkewClass, marketState: number): number {
  const k = cls === "index" ? 0.6 : 0.3;
  return Math.min(1.6, Math.max(0.8, Math.exp(k * marketState)));
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

export interface Book {
  /** Width as a share of the option's price, plus a base width in dollars. */
  relSpread: number;
  baseWidth: number;
  /** Open interest scale near the money. */
  oi: number;
}

/**
 * Book tiers: how wide a name's options quote (before the tick rounds the width up). Calibrated to what traders
 * see on the consolidated quote: the index ETFs and mega caps quote near-money options a cent or two wide (a
 * 25-delta put at most 2-3% of its mid); ordinary penny-program names a few percent; thin names (few market
 * makers, little open interest) 10-25%, as the recorded Cboe quote of CLX options shows (the July 2026 excerpt:
 * the at-the-money put 4.00 x 4.60, 14% of its mid; the call 3.40 x 4.30, 23%).
 */
export type BookTier = "deep" | "deep-2" | "tier-1" | "tier-2" | "thin";
const BOOKS: Readonly<Record<BookTier, Book>> = {
  deep: { relSpread: 0.003, baseWidth: 0.005, oi: 30000 },
  "deep-2": { relSpread: 0.004, baseWidth: 0.006, oi: 9000 },
  "tier-1": { relSpread: 0.012, baseWidth: 0.01, oi: 12000 },
  "tier-2": { relSpread: 0.035, baseWidth: 0.04, oi: 2500 },
  thin: { relSpread: 0.07, baseWidth: 0.08, oi: 400 },
};

/** The deepest books: quoted a cent or two wide near the money while the tick allows it. */
const DEEP_BOOKS = new Set([
  ...["SPY", "QQQ", "IWM", "AAPL", "MSFT", "NVDA", "AMZN", "META", "TSLA", "AMD"],
  ...["KO", "PEP", "VZ", "T", "PFE", "F", "BAC", "INTC", "XOM", "JNJ", "MRK", "WMT", "CSCO", "C", "WFC"],
  ...["XLE", "XLU", "XLV", "XLF", "XLI", "XLK", "DIA", "EEM", "GLD", "SLV", "TLT", "HYG"],
]);

/**
 * The names whose quotes were wide on 2026-12-01 (25-delta put: MARA 21%, RIVN 19%, CLX 17%, FXI 13%, DAL 12%),
 * one choice each: MARA, RIVN, FXI and DAL are penny-program names with active option markets, so they move to
 * the tier-1 books; CLX stays thin on purpose (its recorded quotes are that wide), so the liquidity score sees it.
 */
const BOOK_TIER_CHOICES: Readonly<Record<string, BookTier>> = {
  MARA: "tier-1",
  RIVN: "tier-1",
  FXI: "tier-1",
  DAL: "tier-1",
  CLX: "thin",
};

export function bookTierOf(entry: UniverseEntry): BookTier {
  const chosen = BOOK_TIER_CHOICES[entry.symbol];
  if (chosen) return chosen;
  if (DEEP_BOOKS.has(entry.symbol)) return entry.tier === 1 ? "deep" : "deep-2";
  return entry.tier === 1 ? "tier-1" : entry.tier === 2 ? "tier-2" : "thin";
}

export function bookOf(entry: UniverseEntry): Book {
  return BOOKS[bookTierOf(entry)];
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
