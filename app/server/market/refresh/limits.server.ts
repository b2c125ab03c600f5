// How much one market refresh may do.
import {
  POLYGON_DEFAULT_CALLS_PER_MINUTE,
  POLYGON_MAX_PAGES,
} from "#app/server/market/providers/polygon.server.ts";

/**
 * Provider calls one live symbol's refresh may cost at worst: the quote, the stock snapshot when the chain lacks the
 * spot, every chain page up to POLYGON_MAX_PAGES, and the history and dividends when their cached copies expired.
 */
export const LIVE_CALLS_PER_SYMBOL_MAX = 2 + POLYGON_MAX_PAGES + 2;

const RUN_BUDGET_MS = 60_000;

export const REFRESH_LIMITS = {
  /** Symbols per run: the simulated market is cheap; live sources have subrequest and rate budgets. */
  demoMaxSymbols: 150,
  liveMaxSymbols: 40,
  /**
   * Held symbols (open spread positions, open wheel campaigns) a live run refreshes itself, before any watchlist
   * symbol: what the provider's per-minute budget pays for within one run at the worst cost per symbol,
   * POLYGON_DEFAULT_CALLS_PER_MINUTE (600) x 1 minute / 24 calls = 25 (`heldSymbolsPerRun` with the operator's
   * POLYGON_CALLS_PER_MINUTE). The Workers Paid plan allows 10,000 subrequests per invocation (1,000 on the older
   * Standard model, 50 on Free: https://developers.cloudflare.com/workers/platform/limits/#subrequests); a whole run of
   * liveMaxSymbols at the worst cost, 40 x 24 = 960, stays under even the older limit, so the call budget binds.
   */
  liveHeldMaxSymbols: Math.floor(
    (POLYGON_DEFAULT_CALLS_PER_MINUTE * RUN_BUDGET_MS) / 60_000 / LIVE_CALLS_PER_SYMBOL_MAX,
  ),
  /**
   * Held symbols past a run's own go onto the market queue, a run's worth per message, each delayed one minute
   * more than the last so each spends its own minute of the budget; the cron comes again after 5 minutes, so at
   * most 4 messages follow a run: 5 x 25 = 125 held symbols marked every 5 minutes. Past that a position shows
   * its last quote time, stale.
   */
  heldFanOutMessages: 4,
  concurrency: 6,
  /** Wall-clock budget of one run (cron invocations may run longer; this keeps one stuck source from eating it). */
  runBudgetMs: RUN_BUDGET_MS,
  historyDays: 300,
  /** Daily closes written to D1 for a symbol whose history was (re)loaded. */
  closesToStore: 30,
  newsDays: 5,
} as const;

/** Held symbols one live run (or one queue message) refreshes at the operator's per-minute call budget. */
export function heldSymbolsPerRun(callsPerMinute: number | undefined): number {
  const perMinute = callsPerMinute ?? POLYGON_DEFAULT_CALLS_PER_MINUTE;
  const fits = Math.floor((perMinute * REFRESH_LIMITS.runBudgetMs) / 60_000 / LIVE_CALLS_PER_SYMBOL_MAX);
  return Math.max(1, Math.min(REFRESH_LIMITS.liveMaxSymbols, fits));
}
