/**
 * Quote hygiene and fill constants, in one place (decision 050). Every screen reads them from
 * here; HygieneOptions can override the first three per call.
 *
 * MAX_RELATIVE_SPREAD  0.5   A leg whose ask - bid exceeds half its mid is not a market: at the
 *                            fill basis below, crossing it costs over 12% of the leg's value.
 * ONE_TICK_SPREAD      0.05  ...unless the spread is a single nickel tick (the widest minimum
 *                            increment for options under $3): a $0.05 x $0.10 quote cannot be
 *                            tighter. Before decision 050 this was $0.10, which let a $0.05 x
 *                            $0.15 wing (100% of its mid) through.
 * MIN_SHORT_BID        0.10  A sold leg must be bid at least $0.10: below that the premium is
 *                            one or two ticks, so commissions and the spread are most of it.
 * FILL_FRACTION        0.5   The fill basis: each leg trades halfway between its mid and its
 *                            natural price (sell at mid - 1/4 of the spread, buy at mid + 1/4).
 *                            Brokers' "mid" limit orders on thin options fill there or worse;
 *                            mid fills are the exception, not the rule.
 */
export const MAX_RELATIVE_SPREAD = 0.5;
export const ONE_TICK_SPREAD = 0.05;
export const MIN_SHORT_BID = 0.1;
export const FILL_FRACTION = 0.5;

/**
 * In-the-money legs the screens clean (chain.ts inTheMoneyBand): those within 5% of the forward, so the
 * at-the-money IV and the smile next to the forward keep both sides; deeper ones are never read.
 */
export const SCREENS_IN_THE_MONEY_BAND = 0.05;

/** Machine label of the fill basis, shipped with every credit and premium (the server adds its words, decision 323). */
export const FILL_BASIS = "halfway_mid_natural";

/** Price a sold leg is assumed to fill at (per share). */
export function sellFillPrice(bid: number, ask: number): number {
  const mid = 0.5 * (bid + ask);
  return mid - FILL_FRACTION * (mid - bid);
}

/** Price a bought leg is assumed to fill at (per share). */
export function buyFillPrice(bid: number, ask: number): number {
  const mid = 0.5 * (bid + ask);
  return mid + FILL_FRACTION * (ask - mid);
}
