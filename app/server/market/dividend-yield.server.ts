// The dividend yield a chain is priced with, and what it rests on (decision 160): the trailing 12 months
// of cash dividends over the price. Without a dividend feed (live mode without its key, or a failed read)
// the yield is unknown: the engine prices with 0 but ships q: null and q_source "unknown", never a
// silent 0. A feed that lists no dividend in the year is a known 0.
import { addDays } from "#app/lib/market-calendar/index.ts";
import type { Dividends } from "#app/server/market/types.server.ts";

/** Cap on a trailing yield: a special dividend must not turn into a 30% carry. */
const MAX_YIELD = 0.2;

export interface DividendYield {
  /** Continuous-yield approximation, decimal; null when unknown. */
  value: number | null;
  source: string;
}

export function trailingDividendYield(
  dividends: Dividends | null | undefined,
  price: number,
  today: string,
): DividendYield {
  if (!dividends || !(price > 0)) return { value: null, source: "unknown" };
  const yearAgo = addDays(today, -365);
  const paid = dividends.events.filter((e) => e.exDate > yearAgo && e.exDate <= today);
  const label = dividends.source === "demo" ? "Simulated data: " : "";
  if (paid.length === 0)
    return { value: 0, source: `${label}no dividend in the past 12 months (${dividends.source})` };
  // An ex-date without its amount leaves the sum unknown, not smaller.
  if (paid.some((e) => typeof e.amount !== "number")) return { value: null, source: "unknown" };
  const total = paid.reduce((s, e) => s + (e.amount as number), 0);
  return {
    value: Math.min(total / price, MAX_YIELD),
    source: `${label}trailing 12-month dividends / price (${dividends.source})`,
  };
}
