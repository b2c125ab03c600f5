/**
 * A cleaned expiration in columns (typed arrays, index for index with its puts and calls): the per-leg numbers
 * every screen's candidates are arithmetic on, built once per expiration and shared by every screen of the same
 * chain (the three spread profiles, the wheel's risk levels; decision 248). The hygiene pass builds them as it
 * finishes each expiration, while its legs are still in cache (decision 255); an expiration made some other way
 * (tests) gets them on first use. The expected payoffs at the forecast are computed the first time a candidate
 * reads one (most legs never are) and hold while spot, rates and the forecast's scale are the same; a different
 * scale starts them over.
 */
import { buyFillPrice, sellFillPrice } from "#app/engine/hygiene.ts";
import { priorSessionLiquidity } from "#app/engine/liquidity.ts";
import { forecastLegPayoff } from "#app/engine/quality.ts";
import type { CleanExpiration, CleanLeg } from "#app/engine/types.ts";

/** One side (puts or calls) of an expiration in columns, index for index with its legs. */
export interface SideColumns {
  /** Per share at the fill basis, sold and bought. */
  sell: Float64Array;
  buy: Float64Array;
  /** Prior-session liquidity weight (0-1). */
  liq: Float64Array;
  /** Expected payoff at the forecast (quality.ts); NaN until a candidate first reads it (payoffAt). */
  payoff: Float64Array;
  /** The legs' own numbers, so the candidate loops read no leg objects. */
  strike: Float64Array;
  delta: Float64Array;
  bid: Float64Array;
  liquidityPoint: Float64Array;
}

export interface ExpirationColumns {
  puts: SideColumns;
  calls: SideColumns;
  S: number;
  q: number;
  r: number;
  scale: number;
}

const columnsByExpiration = new WeakMap<CleanExpiration, ExpirationColumns>();

const COLUMNS = 8;

/** The columns of one side, views into `buffer` from `offset` (bytes). */
function sideColumns(legs: readonly CleanLeg[], buffer: ArrayBuffer, offset: number): SideColumns {
  const n = legs.length;
  const column = (k: number) => new Float64Array(buffer, offset + k * n * 8, n);
  const c: SideColumns = {
    sell: column(0),
    buy: column(1),
    liq: column(2),
    payoff: column(3).fill(NaN),
    strike: column(4),
    delta: column(5),
    bid: column(6),
    liquidityPoint: column(7),
  };
  for (let i = 0; i < n; i++) {
    const l = legs[i];
    c.sell[i] = sellFillPrice(l.bid, l.ask);
    c.buy[i] = buyFillPrice(l.bid, l.ask);
    c.liq[i] = priorSessionLiquidity(l.openInterest, l.prevDayVolume);
    c.strike[i] = l.strike;
    c.delta[i] = l.delta;
    c.bid[i] = l.bid;
    c.liquidityPoint[i] = l.liquidityPoint;
  }
  return c;
}

/**
 * The columns of an expiration (built now if it has none, or none for this spot and rates). `scale` is the
 * forecast's (quality.ts); NaN, as the hygiene pass builds them, leaves the payoffs for the first screen.
 */
export function expirationColumns(
  exp: CleanExpiration,
  S: number,
  q: number,
  r: number,
  scale: number,
): ExpirationColumns {
  const cached = columnsByExpiration.get(exp);
  if (
    cached &&
    cached.S === S &&
    cached.q === q &&
    cached.r === r &&
    cached.puts.sell.length === exp.puts.length &&
    cached.calls.sell.length === exp.calls.length
  ) {
    if (cached.scale !== scale) {
      // NaN: built by the hygiene pass, no payoff read yet
      if (cached.scale === cached.scale) {
        cached.puts.payoff.fill(NaN);
        cached.calls.payoff.fill(NaN);
      }
      cached.scale = scale;
    }
    return cached;
  }
  // One buffer for both sides' columns: one allocation per expiration, not sixteen.
  const buffer = new ArrayBuffer((exp.puts.length + exp.calls.length) * COLUMNS * 8);
  const puts = sideColumns(exp.puts, buffer, 0);
  const calls = sideColumns(exp.calls, buffer, exp.puts.length * COLUMNS * 8);
  const cols = { puts, calls, S, q, r, scale };
  columnsByExpiration.set(exp, cols);
  return cols;
}

/** The leg's expected payoff at the forecast, computed the first time it is read (most legs never are). */
export function payoffAt(
  side: SideColumns,
  legs: readonly CleanLeg[],
  i: number,
  isCall: boolean,
  S: number,
  T: number,
  scale: number,
  q: number,
  r: number,
): number {
  let f = side.payoff[i];
  if (f !== f) {
    f = forecastLegPayoff(isCall, S, legs[i].strike, T, legs[i].iv, scale, q, r);
    side.payoff[i] = f;
  }
  return f;
}
