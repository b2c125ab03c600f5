/**
 * The list rules of the idea lists (decision 238). Ideas come best first by their quality
 * score (quality.ts); each strategy appears on its merit (no interleave).
 *
 * - at most one idea per (symbol, expiration, strategy) and at most MAX_PER_SYMBOL per symbol: later ones are
 *   dropped when the refresh stores the list (`withoutRepeats`; the screener already keeps to both per profile);
 * - the index-ETF group (one correlated short-volatility bet however many tickers carry it) takes at most
 *   INDEX_GROUP_CAP of the ideas outside the watchlist block; the rest of the group is moved after every other
 *   idea, not dropped (a plan that sees everything still sees them);
 * - breadth: a symbol's third idea waits until every symbol's first two have been listed (30 ideas then span
 *   at least 15 symbols whenever that many have ideas);
 * - the product's "watchlist first": the ideas for which `inFirstGroup` holds come first, then the rest.
 */
export const MAX_PER_SYMBOL = 3;
export const FIRST_PASS_PER_SYMBOL = 2;
export const INDEX_GROUP_CAP = 4;

interface ListedIdea {
  stock_symbol: string;
  strategy_type: string;
  expiration_date: string;
}

/** Drops repeats of (symbol, expiration, strategy) and ideas beyond MAX_PER_SYMBOL per symbol; order kept. */
export function withoutRepeats<T extends ListedIdea>(ideas: readonly T[]): T[] {
  const seen = new Set<string>();
  const perSymbol = new Map<string, number>();
  const out: T[] = [];
  for (const idea of ideas) {
    const key = `${idea.stock_symbol}|${idea.expiration_date}|${idea.strategy_type}`;
    const n = perSymbol.get(idea.stock_symbol) ?? 0;
    if (seen.has(key) || n >= MAX_PER_SYMBOL) continue;
    seen.add(key);
    perSymbol.set(idea.stock_symbol, n + 1);
    out.push(idea);
  }
  return out;
}

/**
 * The order of a plan-capped idea list: watchlist block first, then the rest with breadth first and the index-ETF
 * group capped (see the header). `ideas` is best first and already without repeats (the refresh stores them
 * through `withoutRepeats`); nothing is dropped here but by the limit. limit = Infinity keeps every idea;
 * limit <= 0 gives none. Pure.
 */
export function listInRuleOrder<T extends ListedIdea>(
  ideas: readonly T[],
  limit: number,
  inFirstGroup: (idea: T) => boolean,
  isIndexEtf: (symbol: string) => boolean,
): T[] {
  if (!(limit > 0)) return [];
  const first: T[] = [];
  const rest: T[] = [];
  const thirds: T[] = [];
  const deferred: T[] = [];
  const seen = new Map<string, number>();
  let indexTaken = 0;
  for (const idea of ideas) {
    if (inFirstGroup(idea)) {
      first.push(idea);
      continue;
    }
    const n = (seen.get(idea.stock_symbol) ?? 0) + 1;
    seen.set(idea.stock_symbol, n);
    if (isIndexEtf(idea.stock_symbol) && indexTaken >= INDEX_GROUP_CAP) deferred.push(idea);
    else if (n > FIRST_PASS_PER_SYMBOL) thirds.push(idea);
    else {
      if (isIndexEtf(idea.stock_symbol)) indexTaken++;
      rest.push(idea);
    }
  }
  const ordered = [...first, ...rest, ...thirds, ...deferred];
  return Number.isFinite(limit) ? ordered.slice(0, limit) : ordered;
}
