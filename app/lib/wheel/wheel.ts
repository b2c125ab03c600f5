// Wheel rules shared by server and browser (docs/product/wheel.md: strategies, positions, table and filters,
// favorites, messages, numbers). The server enforces them (app/server/wheel/*);
// the screen mirrors the same functions and messages. No zod here: this module ships to the browser.
import { formatPercent } from "#app/lib/format.ts";
import { ENTITLEMENTS } from "#app/lib/entitlements.ts";

export type WheelType = "CSP" | "CC";
export type RiskLevel = "conservative" | "balanced" | "aggressive";
export const RISK_LEVELS: readonly RiskLevel[] = ["conservative", "balanced", "aggressive"];

export const WHEEL_DEFAULTS = {
  cash: 100_000,
  minCash: 1000,
  cashStep: 1000,
  riskLevel: "balanced" as RiskLevel,
  marketStatus: "closed" as const,
  perTicker: 3,
  ccBatchSize: 10,
  ccAutoRefreshMs: 3_600_000,
  skeletonRows: 5,
} as const;

/** Used when the watchlist is missing, empty or fails to load. */
export const FALLBACK_TICKERS = ["AAPL", "TSLA", "SPY", "QQQ", "MSFT"] as const;

/** Timings in ms (docs/product/limits-and-timings.md#screen-timings). */
export const WHEEL_TIMING = {
  copied: 1500,
  clipboardMessage: 2000,
  successToast: 3000,
  positionLimitToast: 6000,
  confetti: 3000,
  savedBubble: 2000,
} as const;

export const MAX_DTE_OPTIONS = [30, 45, 60, 90, 365] as const;
export const SORT_FIELDS = ["returnOnCapital", "premium", "daysToExpiration", "riskLevel"] as const;

export interface WheelFilters {
  maxDaysToExpiration: number;
  minReturn: number;
  symbols: string[];
}

export const DEFAULT_FILTERS: WheelFilters = {
  maxDaysToExpiration: 45,
  minReturn: 0,
  symbols: [],
};

export const FILTER_PRESETS = {
  "High Return": { minReturn: 15, maxDaysToExpiration: 30 },
  "Moderate Return": { minReturn: 8, maxDaysToExpiration: 45 },
  "Clear All": { minReturn: 0, maxDaysToExpiration: 365, symbols: [] as string[] },
} as const;

export const WHEEL_MESSAGES = {
  notAuthenticated: "User not authenticated",
  favoritesLoadFailed: "Failed to load favorite trades",
  favoritesEmpty: "No favorite trades yet. Click the heart icon on any trade to save it here!",
  shareFailed: "Failed to create share link",
  networkError: "Network error",
  copyFailedModal: "Failed to copy. Please copy manually.",
  copied: "Copied to clipboard!",
  // The plan-limit refusals (positions on Free, Pro's and Elite's caps) are in ./entitlements.ts.
  eliteSkipped: (n: number) =>
    `Elite plan supports up to ${ENTITLEMENTS["Elite Plan"].ccPositions} positions. Skipped ${n} item(s).`,
  duplicateSymbols: (symbols: string[]) => `Duplicate symbols found: ${symbols.join(", ")}`,
  // The positions import (decision 257).
  noMarketData: (symbols: string[]) =>
    `No market data for ${symbols.join(", ")}: these rows would get no price and no strategies.`,
  alreadyHeld: (symbols: string[]) =>
    `Already in your positions: ${symbols.join(", ")}. Replace them with the file's rows, or skip those rows?`,
  fetchCspFailed: "Failed to fetch CSP strategies",
  fetchCcFailed: "Failed to fetch CC strategies",
  fetchPreferencesFailed: "Failed to fetch preferences",
  updatePositionsFailed: "Failed to update positions",
  /** 409 to a positions save made from an older list (decision 225); the screen re-applies and saves again. */
  positionsChanged: "Your positions were changed elsewhere. Reload them and apply your change again.",
  noStrategiesYet: "No Strategies Found Yet!",
  noCsp: "No CSP strategies found",
  noCc: "No CC strategies found",
  shareNotFoundOrExpired: "Shared strategy not found or expired",
  shareFetchFailed: "Failed to fetch shared strategy",
  shareLoadFailed: "Failed to load shared strategy",
  invalidShareId: "Invalid share ID",
  cashHint: "Minimum: $1,000",
  cashHintClose: "Minimum: $1,000 (you're getting there!)",
  annualizedTooltip: "Annualized return: return % divided by days to expiration, times 365.",
  // Covered calls below the cost basis (decision 244).
  includeBelowBasis: "Include strikes below my cost basis",
  belowBasisLeftOut:
    "Calls struck below your cost basis are left out: if your shares were called away at such a strike, you would sell them for less than you paid.",
  belowBasisIncluded:
    "Calls struck below your cost basis are listed and marked: assignment at such a strike sells your shares at a loss.",
  belowBasisOnly: (symbols: string[]) =>
    `Every call in your window is struck below your cost basis for: ${symbols.join(", ")}. Turn on "Include strikes below my cost basis" to see them.`,
} as const;

/** Holding-period windows per risk level, as the server screens them (decision 243; engine WHEEL_DTE_WINDOWS). */
export function riskWindowText(window: { min: number; max: number }): string {
  return window.max < window.min
    ? "no expiration fits your max-DTE filter"
    : `${window.min}-${window.max} days to expiration`;
}

/** The period return beside an annualised figure: "3.95% in 25d". */
export function periodReturnText(s: {
  period_return?: unknown;
  returnOnCapital?: unknown;
  daysToExpiration: number;
}) {
  const v = typeof s.period_return === "number" ? s.period_return : s.returnOnCapital;
  return typeof v === "number" && Number.isFinite(v)
    ? `${formatPercent(v, 2)} in ${s.daysToExpiration}d`
    : "N/A";
}

/**
 * How a strategy's win probability was computed, in words. Strategies saved before decision 242 carry the
 * CC's old "delta approx." method.
 */
export function winProbabilityHow(s: Readonly<Record<string, unknown>>): string {
  if (s.winProbabilityMethod === "delta approx.") return "delta approx. (1 - |delta|), risk-neutral";
  return s.assumptions || typeof s.winProbabilityMethod === "string"
    ? "N(d2) from the expiry's volatility smile, risk-neutral"
    : "delta approx. (1 - |delta|), risk-neutral";
}

// ---------------------------------------------------------------- positions
export interface Position {
  symbol: string;
  shares: number;
  costBasis: number;
}

export type PositionErrors = Partial<Record<keyof Position, string>>;

/** Input rule for the symbol box: upper-cased, letters only, at most 5. */
export function cleanPositionSymbol(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z]/g, "")
    .slice(0, 5);
}

const POSITION_SYMBOL_RE = /^[A-Z]{1,5}$/;

/** The single-position dialog's messages, or the bulk dialog's short ones. */
export function validatePosition(
  p: { symbol: string; shares: number | string; costBasis: number | string },
  style: "dialog" | "bulk" = "dialog",
): PositionErrors {
  const errors: PositionErrors = {};
  const bulk = style === "bulk";
  const symbol = p.symbol.trim();
  if (!symbol) errors.symbol = bulk ? "Required" : "Symbol is required";
  else if (!POSITION_SYMBOL_RE.test(symbol))
    errors.symbol = bulk ? "Invalid format" : "Invalid symbol format";
  const shares = typeof p.shares === "number" ? p.shares : Number(p.shares);
  if (!(shares > 0)) errors.shares = bulk ? "Must be > 0" : "Shares must be greater than 0";
  else if (!Number.isInteger(shares) || shares % 100 !== 0)
    errors.shares = bulk
      ? "Must be multiple of 100"
      : "Shares must be in multiples of 100 (for options contracts)";
  const basis = typeof p.costBasis === "number" ? p.costBasis : Number(p.costBasis);
  if (!(basis > 0) || !Number.isFinite(basis))
    errors.costBasis = bulk ? "Must be > 0" : "Cost basis must be greater than 0";
  return errors;
}

/** Symbols that appear more than once (upper-cased), in first-seen order. */
export function duplicateSymbols(list: readonly { symbol: string }[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const { symbol } of list) {
    const s = symbol.toUpperCase();
    if (seen.has(s)) dup.add(s);
    seen.add(s);
  }
  return [...dup];
}

/** Positions compared by symbol, shares and cost basis, sorted by symbol (the CC reload key). */
export function positionsKey(list: readonly Position[]): string {
  return [...list]
    .sort((a, b) => a.symbol.localeCompare(b.symbol))
    .map((p) => `${p.symbol}:${p.shares}:${p.costBasis}`)
    .join("|");
}

// ---------------------------------------------------------------- strategies on screen
/** Shape the screen reads; engine candidates carry more (see app/engine/wheel/wheel.ts). */
export interface WheelStrategy {
  id: string;
  type?: WheelType;
  symbol: string;
  currentPrice: number;
  expirationDate: string;
  daysToExpiration: number;
  premium: number;
  totalPremium?: number;
  returnOnCapital: number;
  annualizedReturn: number;
  riskLevel?: RiskLevel;
  liquidityPoint?: number;
  volume?: number;
  openInterest?: number;
  winProbability?: number;
  putStrike?: number;
  callStrike?: number;
  [key: string]: unknown;
}

/** At most `perTicker` per ticker by annualizedReturn, then all by it (docs/product/wheel.md#strategies). */
export function combineStrategies<T extends { symbol: string; annualizedReturn: number }>(
  list: readonly T[],
  perTicker: number = WHEEL_DEFAULTS.perTicker,
): T[] {
  const sorted = [...list].sort((a, b) => b.annualizedReturn - a.annualizedReturn);
  const counts = new Map<string, number>();
  return sorted.filter((s) => {
    const n = counts.get(s.symbol) ?? 0;
    if (n >= perTicker) return false;
    counts.set(s.symbol, n + 1);
    return true;
  });
}

export interface SortState {
  key: string;
  dir: "asc" | "desc";
}

/** Clicking the active column flips its direction; another column is selected descending. */
export function nextSort(current: SortState, key: string): SortState {
  if (current.key === key) return { key, dir: current.dir === "asc" ? "desc" : "asc" };
  return { key, dir: "desc" };
}

/** Only number and string values are compared; anything else keeps its place. */
export function sortStrategies<T extends Record<string, unknown>>(list: readonly T[], sort: SortState): T[] {
  const sign = sort.dir === "asc" ? 1 : -1;
  return [...list].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    if (typeof x === "number" && typeof y === "number") return (x - y) * sign;
    if (typeof x === "string" && typeof y === "string") return x.localeCompare(y) * sign;
    return 0;
  });
}

export function strikeOf(s: { putStrike?: unknown; callStrike?: unknown; strike?: unknown }): number | null {
  const v = s.putStrike ?? s.callStrike ?? s.strike;
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/**
 * Display rule: totalPremium if a number, else per-share premium x 100, else 0
 * (docs/product/wheel.md#strategy-numbers).
 */
export function displayPremium(s: { totalPremium?: unknown; premium?: unknown }): number {
  if (typeof s.totalPremium === "number" && Number.isFinite(s.totalPremium)) return s.totalPremium;
  if (typeof s.premium === "number" && Number.isFinite(s.premium)) return s.premium * 100;
  return 0;
}

/** Applies the per-tab filters the screen shows (max DTE, min return, symbols). */
export function applyFilters<T extends WheelStrategy>(list: readonly T[], f: WheelFilters): T[] {
  const symbols = new Set(f.symbols);
  return list.filter(
    (s) =>
      s.daysToExpiration <= f.maxDaysToExpiration &&
      s.returnOnCapital >= f.minReturn &&
      (symbols.size === 0 || symbols.has(s.symbol)),
  );
}

/** Comma-separated symbol list, trimmed and upper-cased. */
export function parseSymbolList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
}

// ---------------------------------------------------------------- favorites
/**
 * savedAt in every shape a saved favorite may carry: a timestamp object (toDate(), seconds or
 * _seconds), an ISO string, a number (ms) or a Date. Null when unreadable (shown as '-').
 */
export function readSavedAt(value: unknown): Date | null {
  let d: Date | null = null;
  if (value instanceof Date) d = value;
  else if (typeof value === "number") d = new Date(value);
  else if (typeof value === "string") d = new Date(value);
  else if (value && typeof value === "object") {
    const v = value as { toDate?: () => unknown; seconds?: unknown; _seconds?: unknown };
    if (typeof v.toDate === "function") {
      const out = v.toDate();
      d = out instanceof Date ? out : null;
    } else if (typeof v.seconds === "number") d = new Date(v.seconds * 1000);
    else if (typeof v._seconds === "number") d = new Date(v._seconds * 1000);
  }
  return d && Number.isFinite(d.getTime()) ? d : null;
}

let savedAtFormat: Intl.DateTimeFormat | undefined;

export function formatSavedAt(value: unknown): string {
  const d = readSavedAt(value);
  if (!d) return "-";
  savedAtFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
  return savedAtFormat.format(d);
}

// ---------------------------------------------------------------- analysis numbers
export const annualized = (returnPct: number, days: number) => (returnPct / Math.max(days, 1)) * 365;
export const assignmentRisk = (winProbability: number) => 100 - winProbability;
export const maxCspRisk = (strike: number, premium: number) => (strike - premium) * 100;
export const cushionPercent = (price: number, breakEven: number) => ((price - breakEven) / price) * 100;
export const cspContracts = (cash: number, strike: number) => Math.floor(cash / (strike * 100));

/** The "Cash" mini card and the cash box's hint. */
export function cashHint(value: number): string {
  return value > 0 && value < WHEEL_DEFAULTS.minCash ? WHEEL_MESSAGES.cashHintClose : WHEEL_MESSAGES.cashHint;
}
