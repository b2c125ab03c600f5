// What a ledger import's preview says, in the short form the import tests compare: one row per event, one per
// skipped line with its reason.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** [line, date, (symbol,) kind, option type, strike, expiration, contracts or shares, price, fee] per event. */
export const briefEvents = (events: any[], withSymbol = false) =>
  events.map(({ line, event: e }) => [
    line,
    e.date,
    ...(withSymbol ? [e.symbol] : []),
    e.kind,
    e.optionType ?? null,
    e.strike ?? null,
    e.expiration ?? null,
    e.contracts ?? e.shares ?? null,
    e.price ?? null,
    e.fee ?? null,
  ]);

export const skippedReasons = (skipped: any[]) => skipped.map((s) => [s.line, s.reason]);
