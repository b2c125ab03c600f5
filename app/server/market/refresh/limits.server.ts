// How much one market refresh may do.

export const REFRESH_LIMITS = {
  /** Symbols per run: the simulated market is cheap; live sources have subrequest and rate budgets. */
  demoMaxSymbols: 150,
  liveMaxSymbols: 40,
  concurrency: 6,
  /** Wall-clock budget of one run (cron invocations may run longer; this keeps one stuck source from eating it). */
  runBudgetMs: 60_000,
  historyDays: 300,
  /** Daily closes written to D1 for a symbol whose history was (re)loaded. */
  closesToStore: 30,
  newsDays: 5,
} as const;
