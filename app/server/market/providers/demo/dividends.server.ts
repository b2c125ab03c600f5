// Simulated dividends: ex-dates from the corporate-events calendar; each year's payment is set from the
// price the autumn before (as companies size a payout to their price and raise it yearly), so the trailing
// yield stays near the name's yield as its price wanders. The chains are priced with the trailing yield
// the engine is given (dividend-yield.server.ts over these same events), so the two agree.
import { addDays, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { trailingDividendYield } from "#app/server/market/dividend-yield.server.ts";
import type { Dividends } from "#app/server/market/types.server.ts";
import type { UniverseEntry } from "#app/server/market/universe.server.ts";
import {
  dividendDatesOfYear,
  DIVIDEND_ANNOUNCED_DAYS,
} from "#app/server/market/providers/demo/corporate-events.server.ts";
import { closeOn } from "#app/server/market/providers/demo/prices.server.ts";

/** One payment of `year`, per share. */
export function dividendAmountOfYear(entry: UniverseEntry, year: number): number {
  const price = closeOn(entry, `${year - 1}-09-30`);
  return Math.round(((price * entry.divYield) / entry.divFrequency) * 10000) / 10000;
}

/** The past year's ex-dates and those announced (about a month ahead), as of `ms`. */
export function demoDividends(entry: UniverseEntry, symbol: string, ms: number): Dividends {
  const today = newYorkDateOf(ms);
  const known = addDays(today, DIVIDEND_ANNOUNCED_DAYS);
  const y = Number(today.slice(0, 4));
  const events = [y - 1, y, y + 1].flatMap((yy) => {
    const amount = dividendAmountOfYear(entry, yy);
    return dividendDatesOfYear(entry, yy)
      .filter((d) => d >= addDays(today, -366) && d <= known)
      .map((exDate) => ({ exDate, amount }));
  });
  return { symbol, events, source: "demo", asOf: new Date(ms).toISOString() };
}

/** The yield the engine states for this name at `price` (the quote's, rounded to the cent) as of `ms`. */
export function demoDividendYield(entry: UniverseEntry, ms: number, price: number): number {
  // The events depend on the New York date only: memoised per (symbol, date, price), since every contract priced at
  // one close (a chain, or the track record's daily marks of many ideas) asks the same question. Bounded.
  const today = newYorkDateOf(ms);
  const key = `${entry.symbol}|${today}|${price}`;
  const known = yieldMemo.get(key);
  if (known !== undefined) return known;
  const value = trailingDividendYield(demoDividends(entry, entry.symbol, ms), price, today).value ?? 0;
  if (yieldMemo.size >= YIELD_MEMO_MAX) yieldMemo.clear();
  yieldMemo.set(key, value);
  return value;
}

const YIELD_MEMO_MAX = 20_000;
const yieldMemo = new Map<string, number>();
