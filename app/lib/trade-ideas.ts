// Trade ideas on the /spreads screen (docs/product/trade-ideas.md: filters, symbol entry, the idea
// card): display names, the filter pass rule, the filters in the URL query, symbol entry
// and the readers of the idea fields (the honest-number fields of the ideas contract when present, the
// engine's older fields otherwise; nothing is ever made up). Pure; shared by server and browser.
import { daysToExpiry } from "../engine/time";
import { formatGrouped } from "./format";

export const TRADE_IDEAS_TEXT = {
  title: "Trade Ideas",
  loadFailed: "Failed to load trades. Please try again.",
  tryAgain: "Try Again",
  empty: "No trades match your current filters.",
  simulate: "Simulate feature is in progress",
  unlockTitle: "Unlock trade ideas",
  unlockBody:
    "Credit spread ideas screened from live option chains, with every number explained. Available on the Pro and Elite plans.",
  upgrade: "Upgrade",
  refreshed: "Trades refreshed",
  simulated: "Simulated data",
} as const;

/** Auto-refresh: a random interval between 13 and 16 minutes (docs/product/trade-ideas.md#refresh). */
export const AUTO_REFRESH_MIN_MS = 13 * 60_000;
export const AUTO_REFRESH_MAX_MS = 16 * 60_000;
export function autoRefreshDelay(random: () => number = Math.random): number {
  return Math.round(AUTO_REFRESH_MIN_MS + random() * (AUTO_REFRESH_MAX_MS - AUTO_REFRESH_MIN_MS));
}

/** Skeleton rows while loading (docs/product/trade-ideas.md#refresh). */
export const SKELETON_ROWS = 5;
/** The return bar is full at 25 percent (docs/product/trade-ideas.md#idea-card). */
export const RETURN_BAR_FULL_PERCENT = 25;
export const LIQUIDITY_BARS = 5;

export const SPREAD_STRATEGIES = ["BULL_PUT_SPREAD", "BEAR_CALL_SPREAD", "IRON_CONDOR"] as const;
export type SpreadStrategyType = (typeof SPREAD_STRATEGIES)[number];
export const WHEEL_STRATEGIES = ["CASH_SECURED_PUT", "COVERED_CALL"] as const;

const DISPLAY_NAMES: Record<string, string> = {
  bull_put_spread: "Bull Put Spread",
  bear_call_spread: "Bear Call Spread",
  iron_condor: "Iron Condor",
  cash_secured_put: "Cash Secured Put",
  covered_call: "Covered Call",
};

/**
 * Strategy display names: case-insensitive lookup; unknown values shown as given
 * (docs/product/trade-ideas.md#idea-card).
 */
export function strategyDisplayName(strategy: string): string {
  return DISPLAY_NAMES[strategy.toLowerCase()] ?? strategy;
}

// ------------------------------------------------------------------------------------------ filters
export type StrategyFilter = "ALL" | SpreadStrategyType;

export interface TradeFilters {
  symbols: string[];
  strategy: StrategyFilter;
  /** Percent, 0-50. */
  minReturnOnRisk: number;
  /** Percent, 0-100, min <= max. */
  probabilityMin: number;
  probabilityMax: number;
  /** 0-60; 0 means Any. */
  maxDaysToExpiration: number;
  /** 1-5. */
  minLiquidity: number;
}

export const FILTER_LIMITS = {
  minReturnOnRisk: { min: 0, max: 50, step: 1 },
  probability: { min: 0, max: 100, step: 1 },
  maxDaysToExpiration: { min: 0, max: 60, step: 1 },
  minLiquidity: { min: 1, max: 5, step: 1 },
} as const;

export const DEFAULT_FILTERS: TradeFilters = {
  symbols: [],
  strategy: "ALL",
  minReturnOnRisk: 0,
  probabilityMin: 0,
  probabilityMax: 100,
  maxDaysToExpiration: 0,
  minLiquidity: 1,
};

/**
 * Index ETFs: however many of them a list holds, they are one correlated short-volatility bet, so the list
 * rules cap them as a group (engine ranking.ts, decision 238). Sector ETFs are not in the group.
 */
export const INDEX_ETFS: readonly string[] = ["SPY", "QQQ", "IWM", "DIA", "VOO", "IVV", "VTI", "RSP", "MDY"];
const INDEX_ETF_SET = new Set(INDEX_ETFS);
export function isIndexEtf(symbol: string): boolean {
  return INDEX_ETF_SET.has(symbol.toUpperCase());
}

/** The trade-ideas profiles as /spreads names them (decision 237). */
export const PROFILE_LABELS = {
  conservative: "Conservative",
  balanced: "Balanced",
  aggressive: "Aggressive",
} as const;
export const UNKNOWN_PROFILE_MESSAGE = "Unknown profile. Choose conservative, balanced or aggressive.";

/** What the pass rule reads from an idea. */
export interface FilterableIdea {
  stock_symbol: string;
  strategy_type: string;
  expiration_date: string;
  return_on_risk: number;
  probability_of_profit: number;
  liquidity_point: number;
}

/**
 * An idea with its `daysToExpiration` counted from `today` (New York date) by the engine's one day count
 * (decision 235): stored ideas carry the count of the refresh that screened them, which is a day behind
 * after midnight. The same object when the count already holds.
 */
export function withDaysToExpiration<T extends { expiration_date: string; daysToExpiration?: number }>(
  idea: T,
  today: string,
): T {
  const dte = daysToExpiry(today, idea.expiration_date);
  return idea.daysToExpiration === dte ? idea : { ...idea, daysToExpiration: dte };
}

export function isWheelStrategy(strategy: string): boolean {
  return (WHEEL_STRATEGIES as readonly string[]).includes(strategy.toUpperCase());
}

/**
 * docs/product/trade-ideas.md#filters, exactly: return on risk at least the minimum, probability within the
 * range, the strategy matches, liquidity at least the minimum, days to expiry above 0 and within the limit
 * when a limit is set; the symbol selection applies only when non-empty. CSP and CC ideas never pass.
 */
export function passesFilters(idea: FilterableIdea, f: TradeFilters, today: string): boolean {
  if (isWheelStrategy(idea.strategy_type)) return false;
  if (!(idea.return_on_risk >= f.minReturnOnRisk)) return false;
  const p = idea.probability_of_profit;
  if (!(p >= f.probabilityMin && p <= f.probabilityMax)) return false;
  if (f.strategy !== "ALL" && idea.strategy_type.toUpperCase() !== f.strategy) return false;
  if (!(idea.liquidity_point >= f.minLiquidity)) return false;
  const dte = daysToExpiry(today, idea.expiration_date);
  if (!(dte > 0)) return false;
  if (f.maxDaysToExpiration > 0 && dte > f.maxDaysToExpiration) return false;
  if (f.symbols.length > 0 && !f.symbols.includes(idea.stock_symbol.toUpperCase())) return false;
  return true;
}

export function filterIdeas<T extends FilterableIdea>(
  ideas: readonly T[],
  f: TradeFilters,
  today: string,
): T[] {
  const out: T[] = [];
  for (const idea of ideas) if (passesFilters(idea, f, today)) out.push(idea);
  return out;
}

// ------------------------------------------------------------------------------- filters in the URL
const clampInt = (raw: string | null, lo: number, hi: number, fallback: number): number => {
  if (raw === null || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(hi, Math.max(lo, Math.round(n)));
};

const SYMBOL_RE = /^[A-Z][A-Z.]{0,5}$/;

/** Reads the filters from a query; anything malformed falls back to its default (never an error). */
export function filtersFromQuery(params: URLSearchParams): TradeFilters {
  const strategyRaw = (params.get("strategy") ?? "").toUpperCase();
  const strategy: StrategyFilter = (SPREAD_STRATEGIES as readonly string[]).includes(strategyRaw)
    ? (strategyRaw as SpreadStrategyType)
    : "ALL";
  const symbols = [
    ...new Set(
      (params.get("symbols") ?? "")
        .toUpperCase()
        .split(/[\s,]+/)
        .filter((s) => SYMBOL_RE.test(s)),
    ),
  ].slice(0, 50);
  let probabilityMin = clampInt(params.get("popMin"), 0, 100, DEFAULT_FILTERS.probabilityMin);
  let probabilityMax = clampInt(params.get("popMax"), 0, 100, DEFAULT_FILTERS.probabilityMax);
  if (probabilityMin > probabilityMax) [probabilityMin, probabilityMax] = [probabilityMax, probabilityMin];
  return {
    symbols,
    strategy,
    minReturnOnRisk: clampInt(params.get("minRor"), 0, 50, DEFAULT_FILTERS.minReturnOnRisk),
    probabilityMin,
    probabilityMax,
    maxDaysToExpiration: clampInt(params.get("maxDte"), 0, 60, DEFAULT_FILTERS.maxDaysToExpiration),
    minLiquidity: clampInt(params.get("minLiq"), 1, 5, DEFAULT_FILTERS.minLiquidity),
  };
}

/** How many filters differ from their defaults (the probability range counts once), for the phone toggle. */
export function activeFilterCount(f: TradeFilters): number {
  return [
    f.symbols.length > 0,
    f.strategy !== DEFAULT_FILTERS.strategy,
    f.minReturnOnRisk !== DEFAULT_FILTERS.minReturnOnRisk,
    f.probabilityMin !== DEFAULT_FILTERS.probabilityMin ||
      f.probabilityMax !== DEFAULT_FILTERS.probabilityMax,
    f.maxDaysToExpiration !== DEFAULT_FILTERS.maxDaysToExpiration,
    f.minLiquidity !== DEFAULT_FILTERS.minLiquidity,
  ].filter(Boolean).length;
}

/** Ideas per page on /spreads: the server sends the first `page` pages of the filtered list (decision 180). */
export const IDEAS_PAGE_SIZE = 20;
/** More pages than any list has (500 ideas are 25 pages); the server clamps to the list's own count. */
export const MAX_IDEAS_PAGE = 100;

/** The `page` query value (1-based); anything malformed is page 1. */
export function pageFromQuery(params: URLSearchParams): number {
  return clampInt(params.get("page"), 1, MAX_IDEAS_PAGE, 1);
}

/** The query of a filtered view at a page (page 1 is left out). */
export function ideasQuery(f: TradeFilters, page = 1): URLSearchParams {
  const q = filtersToQuery(f);
  if (page > 1) q.set("page", String(page));
  return q;
}

/** Writes only what differs from the defaults, so the plain /spreads URL stays plain. */
export function filtersToQuery(f: TradeFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.symbols.length) q.set("symbols", f.symbols.join(","));
  if (f.strategy !== "ALL") q.set("strategy", f.strategy);
  if (f.minReturnOnRisk !== DEFAULT_FILTERS.minReturnOnRisk) q.set("minRor", String(f.minReturnOnRisk));
  if (f.probabilityMin !== DEFAULT_FILTERS.probabilityMin) q.set("popMin", String(f.probabilityMin));
  if (f.probabilityMax !== DEFAULT_FILTERS.probabilityMax) q.set("popMax", String(f.probabilityMax));
  if (f.maxDaysToExpiration !== DEFAULT_FILTERS.maxDaysToExpiration)
    q.set("maxDte", String(f.maxDaysToExpiration));
  if (f.minLiquidity !== DEFAULT_FILTERS.minLiquidity) q.set("minLiq", String(f.minLiquidity));
  return q;
}

// ------------------------------------------------------------------------------------ symbol entry
/**
 * docs/product/trade-ideas.md#symbol-entry: upper-cased, split on commas or whitespace; only symbols present
 * in the loaded trades are added; nothing is added if none match. Returns the new selection.
 */
export function addEnteredSymbols(
  entry: string,
  selected: readonly string[],
  available: ReadonlySet<string>,
): string[] {
  const wanted = entry
    .toUpperCase()
    .split(/[\s,]+/)
    .filter((s) => s && available.has(s));
  if (wanted.length === 0) return [...selected];
  return [...new Set([...selected, ...wanted])];
}

/**
 * Selected symbols that no longer appear among the loaded trades are dropped
 * (docs/product/trade-ideas.md#symbol-entry).
 */
export function keepAvailableSymbols(selected: readonly string[], available: ReadonlySet<string>): string[] {
  return selected.filter((s) => available.has(s));
}

// ---------------------------------------------------------------------------------- display rules
/** Width of the return bar in percent of the track: full at 25% return on risk. */
export function returnBarWidth(returnOnRisk: number): number {
  if (!Number.isFinite(returnOnRisk) || returnOnRisk <= 0) return 0;
  return Math.min(100, (returnOnRisk / RETURN_BAR_FULL_PERCENT) * 100);
}

/** Filled liquidity bars (0-5); null when missing (shown as a dash). */
export function liquidityBars(point: number | null | undefined): number | null {
  if (point == null || !Number.isFinite(point)) return null;
  return Math.max(0, Math.min(LIQUIDITY_BARS, Math.round(point)));
}

/** 'Volume: 1,234 · Open interest: 5,678' with 'N/A' for a missing value. */
export function liquidityTooltip(
  volume: number | null | undefined,
  openInterest: number | null | undefined,
): string {
  const n = (v: number | null | undefined) =>
    v == null || !Number.isFinite(v) ? "N/A" : formatGrouped(Math.round(v));
  return `Volume: ${n(volume)} · Open interest: ${n(openInterest)}`;
}
