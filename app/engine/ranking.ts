import { betaOf, bucketOf, type Bucket } from "#app/engine/buckets.ts";

/**
 * The list rules of the idea lists (decisions 238 and 327). Ideas come best first by their quality score
 * (quality.ts); each strategy appears on its merit (no interleave).
 *
 * - at most one idea per (symbol, expiration, strategy) and at most MAX_PER_SYMBOL per symbol: later ones are
 *   dropped when the refresh stores the list (`withoutRepeats`; the screener already keeps to both per profile);
 * - the product's "watchlist first": the ideas for which `inFirstGroup` holds come first, as they rank;
 * - breadth order: a symbol's third idea waits until every symbol's first two (30 ideas then span at least 15
 *   symbols whenever that many have ideas);
 * - the book: the next BOOK_SIZE ideas are taken greedily in breadth order, keeping to the book's rules (`takeBook`);
 * - after the book, the ideas it did not take, in breadth order: nothing is dropped, and beyond the first 30
 *   the order is the breadth order as before.
 */
export const MAX_PER_SYMBOL = 3;
export const FIRST_PASS_PER_SYMBOL = 2;

/** The book's constants (decision 327); app/lib/trade-ideas.ts states them in words (BOOK_RULES_TEXT). */
export const BOOK_SIZE = 30;
export const BUCKET_CAP_EQUITY_BETA = 6;
export const BUCKET_CAP = 6;
/** |net| of the book's beta-weighted delta at most this share of its gross (the sum of the ideas' |deltas|). */
export const NET_DELTA_BAND = 1 / 3;
/** Per share, the fill credit. */
export const MIN_CREDIT = 0.1;
/** Dollars per contract per leg. */
export const COMMISSION_PER_LEG = 0.65;
/** Commission at most this share of the credit per contract. */
export const MAX_COMMISSION_SHARE = 0.05;

interface ListedIdea {
  stock_symbol: string;
  strategy_type: string;
  expiration_date: string;
}

/** The fields the book reads; an idea without them (older test fixtures) is not held to the rule that needs them. */
interface BookFields {
  net_credit?: number;
  underlyingPrice?: number;
  call_short_strike?: number | null;
  put_short_strike?: number | null;
  legs?: readonly { side: "sell" | "buy"; delta?: number }[];
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

/** Position delta per contract (shares): sum over legs of side sign x leg delta x 100. */
export function positionDelta(idea: BookFields): number {
  let d = 0;
  for (const leg of idea.legs ?? []) d += (leg.side === "sell" ? -1 : 1) * (leg.delta ?? 0) * 100;
  return d;
}

/**
 * Beta-weighted delta per contract in SPY shares: position delta x price x beta / SPY price. Without a SPY
 * price it is in beta-dollars (delta x price x beta), which leaves the net/gross band unchanged.
 */
export function betaWeightedDelta(idea: ListedIdea & BookFields, spyPrice: number | null = null): number {
  const dollars = positionDelta(idea) * (idea.underlyingPrice ?? 0) * betaOf(idea.stock_symbol);
  return spyPrice != null && spyPrice > 0 ? dollars / spyPrice : dollars;
}

/** Net and gross beta-weighted delta of a list, per contract of each idea, in SPY shares (see above). */
export function bookDelta(
  ideas: readonly (ListedIdea & BookFields)[],
  spyPrice: number | null = null,
): { net: number; gross: number } {
  let net = 0;
  let gross = 0;
  for (const i of ideas) {
    const d = betaWeightedDelta(i, spyPrice);
    net += d;
    gross += Math.abs(d);
  }
  return { net, gross };
}

/** The credit floor and the commission share (legs from the idea, else 4 for a condor and 2 for a vertical). */
export function passesCreditRules(idea: ListedIdea & BookFields): boolean {
  if (idea.net_credit == null) return true;
  if (!(idea.net_credit >= MIN_CREDIT)) return false;
  const legs = idea.legs?.length || (idea.strategy_type === "IRON_CONDOR" ? 4 : 2);
  return COMMISSION_PER_LEG * legs <= MAX_COMMISSION_SHARE * idea.net_credit * 100;
}

function shortStrikeKeys(idea: ListedIdea & BookFields): string[] {
  const keys: string[] = [];
  const at = `${idea.stock_symbol}|${idea.expiration_date}`;
  if (idea.call_short_strike != null) keys.push(`${at}|C|${idea.call_short_strike}`);
  if (idea.put_short_strike != null) keys.push(`${at}|P|${idea.put_short_strike}`);
  return keys;
}

/**
 * Greedy: each of up to BOOK_SIZE slots takes the best-ranked idea of `ordered` that keeps the book's rules with the
 * ideas already taken (an idea the band turns away now may fit later, once the net has turned). Returns the book
 * and the ideas not taken, both in the order of `ordered`.
 */
export function takeBook<T extends ListedIdea & BookFields>(
  ordered: readonly T[],
): { book: T[]; skipped: T[] } {
  const perBucket = new Map<Bucket, number>();
  const symbolStrategy = new Set<string>();
  const shortStrikes = new Set<string>();
  const taken = new Set<number>();
  // Rules other than the band only ever tighten as the book fills: an idea they refuse is out for good.
  const out = new Set<number>();
  const deltas = ordered.map((i) => betaWeightedDelta(i));
  let net = 0;
  let gross = 0;
  const fits = (idea: T): boolean => {
    const bucket = bucketOf(idea.stock_symbol);
    const cap = bucket === "us-equity-beta" ? BUCKET_CAP_EQUITY_BETA : BUCKET_CAP;
    return (
      (perBucket.get(bucket) ?? 0) < cap &&
      !symbolStrategy.has(`${idea.stock_symbol}|${idea.strategy_type}`) &&
      !shortStrikeKeys(idea).some((k) => shortStrikes.has(k)) &&
      passesCreditRules(idea)
    );
  };
  while (taken.size < BOOK_SIZE) {
    let pick = -1;
    for (let k = 0; k < ordered.length && pick < 0; k++) {
      if (taken.has(k) || out.has(k)) continue;
      if (!fits(ordered[k]!)) {
        out.add(k);
        continue;
      }
      const nextNet = net + deltas[k]!;
      const nextGross = gross + Math.abs(deltas[k]!);
      // Inside the band, or no further outside it than before: the first idea starts the net, later ones mend it.
      if (
        taken.size === 0 ||
        Math.abs(nextNet) <= NET_DELTA_BAND * nextGross + 1e-9 ||
        Math.abs(nextNet) <= Math.abs(net)
      )
        pick = k;
    }
    if (pick < 0) break;
    const idea = ordered[pick]!;
    const bucket = bucketOf(idea.stock_symbol);
    taken.add(pick);
    perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + 1);
    symbolStrategy.add(`${idea.stock_symbol}|${idea.strategy_type}`);
    for (const key of shortStrikeKeys(idea)) shortStrikes.add(key);
    net += deltas[pick]!;
    gross += Math.abs(deltas[pick]!);
  }
  const book: T[] = [];
  const skipped: T[] = [];
  ordered.forEach((idea, k) => (taken.has(k) ? book : skipped).push(idea));
  return { book, skipped };
}

/**
 * The order of a plan-capped idea list: watchlist block first, then the book, then the rest (see the header).
 * `ideas` is best first and already without repeats (the refresh stores them through `withoutRepeats`);
 * nothing is dropped here but by the limit. limit = Infinity keeps every idea; limit <= 0 gives none. Pure.
 */
export function listInRuleOrder<T extends ListedIdea & BookFields>(
  ideas: readonly T[],
  limit: number,
  inFirstGroup: (idea: T) => boolean,
): T[] {
  if (!(limit > 0)) return [];
  const first: T[] = [];
  const rest: T[] = [];
  const thirds: T[] = [];
  const seen = new Map<string, number>();
  for (const idea of ideas) {
    if (inFirstGroup(idea)) {
      first.push(idea);
      continue;
    }
    const n = (seen.get(idea.stock_symbol) ?? 0) + 1;
    seen.set(idea.stock_symbol, n);
    (n > FIRST_PASS_PER_SYMBOL ? thirds : rest).push(idea);
  }
  const { book, skipped } = takeBook([...rest, ...thirds]);
  // Beyond the book, the ideas it did not take keep the breadth order.
  const ordered = [...first, ...book, ...skipped];
  return Number.isFinite(limit) ? ordered.slice(0, limit) : ordered;
}
