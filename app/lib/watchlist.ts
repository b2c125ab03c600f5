// Watchlist rules shared by server and client (docs/product/watchlist-and-tickers.md).
// The server enforces them (app/server/watchlist.server.ts); the UI only mirrors the messages. The plan
// limits and the limit refusals are in ./entitlements.ts.
import type { PlanTier } from "#app/lib/plans.ts";

/**
 * The default symbols (docs/product/watchlist-and-tickers.md#default-symbols), offered as one-click starters
 * on an empty watchlist.
 */
export const DEFAULT_WATCHLIST_SYMBOLS = ["AAPL", "TSLA", "SPY"] as const;

/** Timings in ms (docs/product/limits-and-timings.md#screen-timings). */
export const WATCHLIST_TIMING = {
  limitRedirectMs: 2000,
  trimmedMessageMs: 5000,
  mobileToastMs: 3000,
} as const;

export const WATCHLIST_MESSAGES = {
  duplicate: (symbol: string) => `${symbol} is already in your watchlist`,
  invalidFormat: (symbol: string) => `${symbol} is not a valid ticker symbol`,
  unknown: (symbol: string) =>
    `${symbol} is not a symbol we have market data for. Check the ticker and try again.`,
  signInRequired: "Please sign in to add symbols to your watchlist",
  addFailed: "Failed to add symbol. Please try again.",
  deleteFailed: "Failed to delete symbol. Please try again.",
  loadFailed: "Failed to load symbol data. Please try again.",
  trimmed: (plan: PlanTier, limit: number) =>
    `Your ${plan} allows up to ${limit} symbols. Some symbols have been removed.`,
} as const;
