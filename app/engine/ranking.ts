/**
 * Ranking rules shared by the screeners and the idea lists (decision 050).
 *
 * score = return on risk at the fill x market-implied POP x liquidity weight
 *         x (1 - bid/ask cost as a share of the mid credit) x earnings factor
 *   liquidity weight = LIQUIDITY_FLOOR + (1 - LIQUIDITY_FLOOR) x the weakest leg's prior-session
 *                      liquidity (liquidity.ts), so an idea nobody traded yesterday keeps a quarter
 *                      of its score rather than none (open interest can lag a new listing);
 *   bid/ask cost     = (mid credit - natural credit) / mid credit, clamped to [0, 1]: a spread
 *                      whose natural credit is zero or negative scores zero;
 *   earnings factor  = EARNINGS_FACTOR when earnings fall between today and expiry: the chain
 *                      prices the jump, but a short-premium position held through it is a bet on
 *                      the announcement, which the other terms cannot see.
 * Strategies are ranked on their own and interleaved (balanceByStrategy): under a risk-neutral
 * density the product return x POP is close to the probability of loss, so a condor (two
 * short strikes) scores about twice a vertical and would otherwise fill every list.
 */
export const LIQUIDITY_FLOOR = 0.25;
export const EARNINGS_FACTOR = 0.5;

export function ideaScore(
  returnOnRisk: number,
  pop: number,
  liquidity: number,
  creditMid: number,
  creditNatural: number,
  earningsFactor: number,
): number {
  let cost = creditMid > 0 ? (creditMid - creditNatural) / creditMid : 1;
  if (cost < 0) cost = 0;
  else if (cost > 1) cost = 1;
  return (
    returnOnRisk * pop * (LIQUIDITY_FLOOR + (1 - LIQUIDITY_FLOOR) * liquidity) * (1 - cost) * earningsFactor
  );
}

/**
 * Interleaves a best-first list by strategy: round k takes each strategy's k-th best, in the
 * order those appear in the input, so every prefix holds at most one more idea of a strategy
 * than of any other that still has ideas left. Order within a strategy is kept. Pure; used
 * by the screener's per-symbol cut and by the idea lists within each group (watchlist first,
 * then the rest).
 */
export function balanceByStrategy<T extends { strategy_type: string }>(ideas: readonly T[]): T[] {
  const queues = new Map<string, T[]>();
  for (const idea of ideas) {
    const q = queues.get(idea.strategy_type);
    if (q) q.push(idea);
    else queues.set(idea.strategy_type, [idea]);
  }
  if (queues.size < 2) return [...ideas];
  const position = new Map<T, number>();
  ideas.forEach((idea, i) => position.set(idea, i));
  const lists = [...queues.values()];
  const out: T[] = [];
  for (let round = 0; out.length < ideas.length; round++) {
    const heads: T[] = [];
    for (const list of lists) if (round < list.length) heads.push(list[round]);
    heads.sort((a, b) => position.get(a)! - position.get(b)!);
    out.push(...heads);
  }
  return out;
}

/**
 * The order of a plan-capped idea list (spec 001 §6 plus decision 050): the ideas for which
 * `inFirstGroup` holds (the user's watchlist symbols) come first, then the rest fill the
 * remaining slots; each group is balanced by strategy on its own, so neither the watchlist
 * block nor the capped remainder is taken over by one strategy. `ideas` is best first; order
 * within a strategy is kept. limit = Infinity keeps every idea; limit <= 0 gives none. Pure.
 */
export function balancedCappedList<T extends { strategy_type: string }>(
  ideas: readonly T[],
  limit: number,
  inFirstGroup: (idea: T) => boolean,
): T[] {
  if (!(limit > 0)) return [];
  const first: T[] = [];
  const rest: T[] = [];
  for (const idea of ideas) (inFirstGroup(idea) ? first : rest).push(idea);
  const ordered = [...balanceByStrategy(first), ...balanceByStrategy(rest)];
  return Number.isFinite(limit) ? ordered.slice(0, limit) : ordered;
}
