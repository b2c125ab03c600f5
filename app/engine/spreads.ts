/**
 * Credit spread screener: bull put, bear call and iron condor over every expiration
 * (model, fill basis and ranking: docs/decisions/050-honest-idea-numbers.md).
 *
 * Units: credits and strikes per share; maxProfit, maxLoss, expected_value per contract (x100);
 * every *_perc / return_* / probability field is a percent 0-100.
 * Fill basis (hygiene.ts): every leg trades halfway between its mid and its natural price, so
 *   net_credit = (net_credit_mid + net_credit_natural) / 2 and every return, breakeven and
 *   max profit/loss is at that credit; the mid and natural credits are shipped beside it.
 *   return_on_capital = credit / width x 100 (the broker holds width x 100 as collateral)
 *   return_on_risk    = credit / (width - credit) x 100 (credit over max loss)
 * Condors: width = the wider wing (only one wing can lose), credit = both wings.
 *
 * Probabilities come from the expiration's smile (smile.ts): probability_of_profit is the
 * market-implied (risk-neutral, at expiry) probability of finishing beyond the breakeven(s),
 * from the IV interpolated at the breakeven and its slope. pop_methods adds the at-the-money
 * lognormal, 1 - |delta| of the short leg(s) and 1 - credit / width for comparison; prob_touch
 * is the probability of touching the short strike (either short strike for a condor) before
 * expiry. expected_value is credit at the fill minus the expected payout under the smile's
 * density, per contract, at expiry: for a spread the market prices fairly it is
 * credit x (1 - e^{rT}) less the fill cost, i.e. slightly negative. It is not an edge.
 *
 * Ranking (quality.ts, decisions 236-238): score = edge at the volatility forecast per unit of risk, less
 * the profile's DTE and delta misfit and the legs' prior-session illiquidity; every strategy ranks on its
 * merit in one list, at most `perExpiration` per strategy and expiration and `maxIdeas` per underlying.
 *
 * Pruning (why 500 x 12 x 80 screens in well under a second):
 *  1. short legs are OTM (put strike < spot, call strike > spot) with |delta| in
 *     [shortDeltaMin, shortDeltaMax] and a bid of at least MIN_SHORT_BID;
 *  2. the long leg is at most maxStrikesApart strikes away and the width is inside
 *     [minWidth, maxWidth] (maxWidth defaults to max(1, 10% of spot));
 *  3. credit >= minCredit, return on risk >= minReturnOnRisk, liquidity >= minLiquidity
 *     (all at the fill);
 *  4. per expiration only the best `keep` verticals per side survive (in preallocated
 *     arrays, no objects; every per-leg number read from the expiration's columns,
 *     columns.ts), condors pair the best `condorWings` of each side, scored first and
 *     then tried best first, the touch cut computed once per pair of short legs until
 *     `perExpiration` pass;
 *  5. objects (with EV, touch and the comparison POPs) are built only for the ideas the
 *     per-underlying cut keeps (decision 248).
 */
import { probAboveFast, probTouchEitherFast } from "#app/engine/probability.ts";
import { eventsBeforeExpiration, type EventFlags } from "#app/engine/events.ts";
import { buyFillPrice, FILL_BASIS, MIN_SHORT_BID, sellFillPrice } from "#app/engine/hygiene.ts";
import { priorSessionLiquidity } from "#app/engine/liquidity.ts";
import { expirationColumns } from "#app/engine/columns.ts";
import {
  DEFAULT_SPREAD_PROFILE,
  deltaFit,
  dteFit,
  earlyAssignmentRisk,
  forecastVolScale,
  MAX_CONDOR_TOUCH,
  physicalLegPayoff,
  PROFILE_TARGETS,
  scoreOf,
  type ProfileTargets,
  type ScoreParts,
  type SpreadProfile,
} from "#app/engine/quality.ts";
import {
  expirationSmile,
  smileExpectedPayoff,
  smileProbAbove,
  smileProbTouch,
  smileVol,
} from "#app/engine/smile.ts";
import type { Assumptions, CleanChain, CleanExpiration, CleanLeg } from "#app/engine/types.ts";
import type { OptionType } from "#app/engine/bsm.ts";
import { MANAGEMENT_RULE } from "#app/engine/management.ts";

/** The spread screener's default horizon (days to expiration). */
export const SPREADS_MAX_DTE = 60;

export type SpreadStrategy = "BULL_PUT_SPREAD" | "BEAR_CALL_SPREAD" | "IRON_CONDOR";
export type StrategyType = SpreadStrategy | "CASH_SECURED_PUT" | "COVERED_CALL";

export interface SpreadLeg {
  occSymbol: string;
  type: OptionType;
  side: "sell" | "buy";
  strike: number;
  bid: number;
  ask: number;
  mid: number;
  /** Per share, at the fill basis. */
  fill: number;
  iv: number;
  delta: number;
  liquidityPoint: number;
  openInterest: number;
  prevDayVolume: number | null;
}

/**
 * The product's "Trade idea (spread)" entity plus the engine's analytics (the honest-number fields of decision 050): the one idea type
 * (decision 292). Every field has one name; the API's older aliases are written by its serialiser only.
 */
export interface SpreadIdea {
  stock_symbol: string;
  strategy_type: SpreadStrategy;
  /** Deterministic for the same underlying, strategy, expiration and strikes. */
  trade_unique_identifier: string;
  /** 'YYYY-MM-DD' */
  expiration_date: string;
  /** Take-profit target, percent of the credit. */
  profit_target_perc: number;
  /** Percent: credit / width, at the fill basis. */
  return_on_capital: number;
  /** Percent: credit / max loss, at the fill basis. */
  return_on_risk: number;
  /** Per share, at the fill basis. */
  net_credit: number;
  /** Per share, every leg at mid. */
  net_credit_mid: number;
  /** Per share, short bids minus long asks. */
  net_credit_natural: number;
  fill_basis: string;
  /** Percent, market-implied from the smile at the breakeven(s): risk-neutral, at expiry. */
  probability_of_profit: number;
  /** Percent each. */
  pop_methods: { market_implied: number; lognormal_atm: number; delta: number; credit_width: number };
  /** Percent: touching the short strike (either short strike for a condor) before expiry. */
  prob_touch: number;
  /** Per contract: fill credit minus the expected payout under the smile's density, at expiry. */
  expected_value: number;
  assumptions: Assumptions;
  /** 1-5 */
  liquidity_point: number;
  call_long_strike: number | null;
  call_short_strike: number | null;
  put_long_strike: number | null;
  put_short_strike: number | null;
  ex_dividend_date: string | null;
  earnings_date: string | null;

  underlyingPrice: number;
  daysToExpiration: number;
  /** Per share: the wider wing for condors. */
  width: number;
  /** Per contract, at the fill basis. */
  maxProfit: number;
  /** Per contract: width x 100 - credit x 100, at the fill basis. */
  maxLoss: number;
  breakevenLow: number | null;
  breakevenHigh: number | null;
  /** expected_value / maxLoss (ratio). */
  evToMaxLoss: number;
  /** At-the-money IV of the expiration (the lognormal_atm density and the cushion). */
  modelVolatility: number;
  /** Distance from the price to the nearer breakeven, in standard deviations of the move to expiry. */
  cushion_sd: number;
  /** 0-1, the weakest leg's prior-session liquidity (ranking.ts). */
  liquidity_weight: number;
  /** 0-1: (mid credit - natural credit) / mid credit. */
  fill_cost_share: number;
  /** quality.ts: edge at the forecast per unit of risk, less the profile misfit and illiquidity terms. */
  score: number;
  /** The profile whose window and band the idea was screened for. */
  profile: SpreadProfile;
  /** The score's parts (numbers; app/lib writes the words). */
  score_parts: ScoreParts;
  events: EventFlags;
  legs: SpreadLeg[];
}

export interface SpreadScreenOptions {
  strategies?: readonly SpreadStrategy[];
  minDte?: number;
  maxDte?: number;
  shortDeltaMin?: number;
  shortDeltaMax?: number;
  minWidth?: number;
  maxWidth?: number;
  maxStrikesApart?: number;
  /** Per share. */
  minCredit?: number;
  /** Percent. */
  minReturnOnRisk?: number;
  minLiquidity?: number;
  /** Ideas kept per strategy and expiration. */
  perExpiration?: number;
  /** Verticals of each side paired into condors. */
  condorWings?: number;
  /** Cap per underlying (best scores first). */
  maxIdeas?: number;
  /** Percent of credit; default 50. */
  profitTargetPercent?: number;
  /** The profile (DTE window and short-delta band, the fits); default balanced. min/max options override it. */
  profile?: SpreadProfile;
  /** The realised-volatility forecast (quality.ts), decimal; null or missing claims no edge. */
  forecastVol?: number | null;
  /**
   * The forecast for one expiration (its days and ATM IV), decimal; when given it is asked once per expiration,
   * and its null falls back to `forecastVol`.
   */
  forecastVolFor?: (dte: number, atmIv: number) => number | null;
  /**
   * The physical drift above r - q (quality.ts), annual, decimal: EQUITY_RISK_PREMIUM x beta for an equity-class
   * name; 0 or missing (non-equity): none.
   */
  equityPremium?: number;
  /** The dividend per share paid at chain.exDividendDate (the early-assignment rule); 0 or missing: none. */
  nextDividend?: number | null;
  /** Keep expirations with earnings before expiry (default false: excluded). */
  allowEarnings?: boolean;
}

/** Ideas kept per underlying and profile (the list rules of decision 238). */
export const MAX_IDEAS_PER_SYMBOL = 3;

const ALL_STRATEGIES: readonly SpreadStrategy[] = ["BULL_PUT_SPREAD", "BEAR_CALL_SPREAD", "IRON_CONDOR"];
const STRATEGY_CODE: Record<SpreadStrategy, string> = {
  BULL_PUT_SPREAD: "BPS",
  BEAR_CALL_SPREAD: "BCS",
  IRON_CONDOR: "IC",
};

const strikeText = (k: number) => String(Math.round(k * 1000) / 1000);

/**
 * Deterministic trade id, URL-safe: SYMBOL-YYYYMMDD-CODE-strikes, e.g.
 * 'SPY-20260116-BPS-P450-P445', 'SPY-20260116-IC-P440-P445-C470-C475'.
 */
export function spreadTradeId(
  symbol: string,
  strategy: SpreadStrategy,
  expirationDate: string,
  strikes: {
    putShort?: number | null;
    putLong?: number | null;
    callShort?: number | null;
    callLong?: number | null;
  },
): string {
  const head = `${symbol.toUpperCase()}-${expirationDate.replaceAll("-", "")}-${STRATEGY_CODE[strategy]}`;
  if (strategy === "BULL_PUT_SPREAD")
    return `${head}-P${strikeText(strikes.putShort!)}-P${strikeText(strikes.putLong!)}`;
  if (strategy === "BEAR_CALL_SPREAD")
    return `${head}-C${strikeText(strikes.callShort!)}-C${strikeText(strikes.callLong!)}`;
  return `${head}-P${strikeText(strikes.putLong!)}-P${strikeText(strikes.putShort!)}-C${strikeText(strikes.callShort!)}-C${strikeText(strikes.callLong!)}`;
}

/** Fixed-size best-k list of verticals, kept in typed arrays (no allocation per candidate). */
class TopVerticals {
  readonly score: Float64Array;
  readonly short: Int32Array;
  readonly long: Int32Array;
  private readonly slots: Int32Array;
  count = 0;
  constructor(readonly capacity: number) {
    this.slots = new Int32Array(capacity);
    this.score = new Float64Array(capacity);
    this.short = new Int32Array(capacity);
    this.long = new Int32Array(capacity);
  }
  reset(): void {
    this.count = 0;
  }
  /** Lowest kept score, or -Infinity while not full. */
  floor(): number {
    if (this.count < this.capacity) return -Infinity;
    let m = Infinity;
    for (let i = 0; i < this.count; i++) if (this.score[i] < m) m = this.score[i];
    return m;
  }
  offer(score: number, shortIdx: number, longIdx: number): void {
    let slot = this.count;
    if (this.count < this.capacity) this.count++;
    else {
      slot = 0;
      for (let i = 1; i < this.count; i++) if (this.score[i] < this.score[slot]) slot = i;
      if (this.score[slot] >= score) return;
    }
    this.score[slot] = score;
    this.short[slot] = shortIdx;
    this.long[slot] = longIdx;
  }
  /** Indices of kept entries, best first (ties in slot order), in the first `count` places of a buffer the
   * next call reuses. */
  order(): Int32Array {
    sortByScoreDesc(this.slots, this.score, this.count);
    return this.slots;
  }
}

/** Writes 0..n-1 into order, sorted by score descending, ties kept in index order (a stable insertion sort). */
function sortByScoreDesc(order: Int32Array, score: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const s = score[i];
    let j = i;
    while (j > 0 && score[order[j - 1]] < s) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
}

const legOf = (leg: CleanLeg, side: "sell" | "buy"): SpreadLeg => ({
  occSymbol: leg.occSymbol,
  type: leg.type,
  side,
  strike: leg.strike,
  bid: leg.bid,
  ask: leg.ask,
  mid: leg.mid,
  fill: side === "sell" ? sellFillPrice(leg.bid, leg.ask) : buyFillPrice(leg.bid, leg.ask),
  iv: leg.iv,
  delta: leg.delta,
  liquidityPoint: leg.liquidityPoint,
  openInterest: leg.openInterest,
  prevDayVolume: leg.prevDayVolume,
});

interface Resolved {
  profile: SpreadProfile;
  targets: ProfileTargets;
  minDte: number;
  maxDte: number;
  dMin: number;
  dMax: number;
  minWidth: number;
  maxWidth: number;
  apart: number;
  minCredit: number;
  minRor: number;
  minLiq: number;
  perExpiration: number;
  condorWings: number;
  maxIdeas: number;
  profitTarget: number;
  want: Set<SpreadStrategy>;
  forecastVol: number | null;
  forecastVolFor: ((dte: number, atmIv: number) => number | null) | null;
  equityPremium: number;
  dividend: number;
  allowEarnings: boolean;
}

function resolve(chain: CleanChain, o: SpreadScreenOptions): Resolved {
  const profile = o.profile ?? DEFAULT_SPREAD_PROFILE;
  const targets = PROFILE_TARGETS[profile];
  return {
    profile,
    targets,
    minDte: o.minDte ?? targets.minDte,
    maxDte: o.maxDte ?? targets.maxDte,
    dMin: o.shortDeltaMin ?? targets.minDelta,
    dMax: o.shortDeltaMax ?? targets.maxDelta,
    minWidth: o.minWidth ?? 0,
    maxWidth: o.maxWidth ?? Math.max(1, 0.1 * chain.spot),
    apart: o.maxStrikesApart ?? 8,
    minCredit: o.minCredit ?? 0.05,
    minRor: o.minReturnOnRisk ?? 5,
    minLiq: o.minLiquidity ?? 1,
    perExpiration: o.perExpiration ?? 1,
    condorWings: o.condorWings ?? 5,
    maxIdeas: o.maxIdeas ?? MAX_IDEAS_PER_SYMBOL,
    profitTarget: o.profitTargetPercent ?? 100 * MANAGEMENT_RULE.profitTakeShare,
    want: new Set(o.strategies ?? ALL_STRATEGIES),
    forecastVol: o.forecastVol ?? null,
    forecastVolFor: o.forecastVolFor ?? null,
    equityPremium: Number.isFinite(o.equityPremium) ? (o.equityPremium as number) : 0,
    dividend: o.nextDividend ?? 0,
    allowEarnings: o.allowEarnings ?? false,
  };
}

/**
 * The screen's per-expiration scratch (best-k lists, condor pairings, touch cache): typed arrays cost an
 * allocation each, so they are kept between calls (the screen is synchronous) and remade only for other sizes.
 */
function makeScratch(keep: number, perExpiration: number, condorWings: number) {
  const pairings = condorWings * condorWings;
  return {
    keep,
    perExpiration,
    condorWings,
    topPut: new TopVerticals(keep),
    topCall: new TopVerticals(keep),
    // Condor pairings of one expiration: their scores, then the order they are tried in.
    pairScore: new Float64Array(pairings),
    pairPut: new Int32Array(pairings),
    pairCall: new Int32Array(pairings),
    pairOrder: new Int32Array(pairings),
    condors: new TopVerticals(perExpiration),
    touchPut: new Int32Array(pairings),
    touchCall: new Int32Array(pairings),
    touchTooLikely: new Uint8Array(pairings),
  };
}
let scratch = makeScratch(5, 1, 5);
function screenScratch(keep: number, perExpiration: number, condorWings: number) {
  if (scratch.keep !== keep || scratch.perExpiration !== perExpiration || scratch.condorWings !== condorWings)
    scratch = makeScratch(keep, perExpiration, condorWings);
  return scratch;
}

/** The forecast for one expiration: the per-expiration one when given and known, else the screen's. */
function forecastFor(o: Resolved, exp: CleanExpiration): number | null {
  const f = o.forecastVolFor === null ? null : o.forecastVolFor(exp.dte, exp.atmIv);
  return f !== null && f > 0 ? f : o.forecastVol;
}

interface PhysicalPayoffs {
  S: number;
  q: number;
  r: number;
  forecast: number | null;
  premium: number;
  puts: Float64Array;
  calls: Float64Array;
}
// The legs' physical payoffs per expiration, computed the first time each is read (most legs never are) and kept
// for the next screen of the same chain (the three profiles) while spot, rates, forecast and premium stay; one
// allocation per expiration, none in the inner loop.
const payoffsByExpiration = new WeakMap<CleanExpiration, PhysicalPayoffs>();
function physicalPayoffs(
  exp: CleanExpiration,
  S: number,
  q: number,
  r: number,
  forecast: number | null,
  premium: number,
): PhysicalPayoffs {
  let c = payoffsByExpiration.get(exp);
  if (!c || c.puts.length !== exp.puts.length || c.calls.length !== exp.calls.length) {
    const buffer = new ArrayBuffer((exp.puts.length + exp.calls.length) * 8);
    c = {
      S,
      q,
      r,
      forecast,
      premium,
      puts: new Float64Array(buffer, 0, exp.puts.length).fill(NaN),
      calls: new Float64Array(buffer, exp.puts.length * 8, exp.calls.length).fill(NaN),
    };
    payoffsByExpiration.set(exp, c);
  } else if (c.S !== S || c.q !== q || c.r !== r || c.forecast !== forecast || c.premium !== premium) {
    c.S = S;
    c.q = q;
    c.r = r;
    c.forecast = forecast;
    c.premium = premium;
    c.puts.fill(NaN);
    c.calls.fill(NaN);
  }
  return c;
}
function payoffAt(
  pay: Float64Array,
  legs: readonly CleanLeg[],
  i: number,
  isCall: boolean,
  S: number,
  exp: CleanExpiration,
  forecast: number | null,
  premium: number,
  q: number,
  r: number,
): number {
  let f = pay[i];
  if (f !== f) {
    f = physicalLegPayoff(isCall, S, legs[i].strike, exp.T, legs[i].iv, exp.atmIv, forecast, premium, q, r);
    pay[i] = f;
  }
  return f;
}

const between = (date: string | null, from: string, to: string) =>
  date !== null && date >= from && date <= to;

/**
 * Screens one cleaned chain for one profile (decision 236): every candidate is scored by quality per unit of
 * risk (quality.ts) inside the loops, so the per-expiration and per-underlying cuts keep the best by that
 * measure. Cut, not scored: expirations outside the profile's DTE window or with earnings before expiry, short
 * strikes outside its delta band, short calls across an ex-dividend date worth less than the dividend in
 * extrinsic value, condors with a 90%+ chance of touching a short strike. At most `perExpiration` (1) idea per
 * strategy and expiration and `maxIdeas` (3) per underlying, best score first, strategies on their merit.
 */
export function screenCreditSpreads(chain: CleanChain, options: SpreadScreenOptions = {}): SpreadIdea[] {
  const o = resolve(chain, options);
  const S = chain.spot;
  const q = chain.dividendYield;
  const r = chain.riskFreeRate;
  const wantPut = o.want.has("BULL_PUT_SPREAD") || o.want.has("IRON_CONDOR");
  const wantCall = o.want.has("BEAR_CALL_SPREAD") || o.want.has("IRON_CONDOR");
  const keep = Math.max(o.perExpiration, o.want.has("IRON_CONDOR") ? o.condorWings : 0);
  const {
    topPut,
    topCall,
    pairScore,
    pairPut,
    pairCall,
    pairOrder,
    condors,
    touchPut,
    touchCall,
    touchTooLikely,
  } = screenScratch(keep, o.perExpiration, o.condorWings);
  const later = new Candidates();

  for (const exp of chain.expirations) {
    if (exp.dte < o.minDte || exp.dte > o.maxDte) continue;
    if (!o.allowEarnings && between(chain.earningsDate, chain.today, exp.expirationDate)) continue;
    const puts = exp.puts;
    const calls = exp.calls;
    const T = exp.T;
    topPut.reset();
    topCall.reset();
    const dFit = dteFit(o.targets, exp.dte);
    const forecast = forecastFor(o, exp);
    const premium = o.equityPremium;
    const exDividendRisk = o.dividend > 0 && between(chain.exDividendDate, chain.today, exp.expirationDate);
    // The scale keys the columns' own (scaled-smile) payoffs, which the wheel reads; the spreads keep theirs.
    const cols = expirationColumns(exp, S, q, r, forecastVolScale(forecast, exp.atmIv));
    const P = cols.puts;
    const C = cols.calls;
    const physical = physicalPayoffs(exp, S, q, r, forecast, premium);
    const PP = physical.puts;
    const CP = physical.calls;

    if (wantPut) {
      const K = P.strike;
      let otm = 0;
      while (otm < puts.length && K[otm] < S) otm++;
      for (let i = 0; i < otm; i++) {
        const ad = -P.delta[i];
        if (ad < o.dMin || ad > o.dMax || P.liquidityPoint[i] < o.minLiq || P.bid[i] < MIN_SHORT_BID)
          continue;
        const aFit = deltaFit(o.targets, ad);
        const jEnd = Math.max(0, i - o.apart);
        for (let j = i - 1; j >= jEnd; j--) {
          const width = K[i] - K[j];
          if (width > o.maxWidth) break;
          if (width < o.minWidth) continue;
          const credit = P.sell[i] - P.buy[j];
          if (credit < o.minCredit) continue;
          const risk = width - credit;
          if (!(risk > 0)) continue;
          if ((credit / risk) * 100 < o.minRor) continue;
          if (P.liquidityPoint[j] < o.minLiq) continue;
          const liq = P.liq[i] < P.liq[j] ? P.liq[i] : P.liq[j];
          const edge =
            credit -
            payoffAt(PP, puts, i, false, S, exp, forecast, premium, q, r) +
            payoffAt(PP, puts, j, false, S, exp, forecast, premium, q, r);
          topPut.offer(scoreOf(edge, risk, dFit, aFit, liq), i, j);
        }
      }
    }
    if (wantCall) {
      const K = C.strike;
      let otm = calls.length;
      while (otm > 0 && K[otm - 1] > S) otm--;
      for (let i = calls.length - 1; i >= otm; i--) {
        const ad = C.delta[i];
        if (ad < o.dMin || ad > o.dMax || C.liquidityPoint[i] < o.minLiq || C.bid[i] < MIN_SHORT_BID)
          continue;
        if (exDividendRisk && earlyAssignmentRisk(calls[i].mid, K[i], S, o.dividend)) continue;
        const aFit = deltaFit(o.targets, ad);
        const jEnd = Math.min(calls.length - 1, i + o.apart);
        for (let j = i + 1; j <= jEnd; j++) {
          const width = K[j] - K[i];
          if (width > o.maxWidth) break;
          if (width < o.minWidth) continue;
          const credit = C.sell[i] - C.buy[j];
          if (credit < o.minCredit) continue;
          const risk = width - credit;
          if (!(risk > 0)) continue;
          if ((credit / risk) * 100 < o.minRor) continue;
          if (C.liquidityPoint[j] < o.minLiq) continue;
          const liq = C.liq[i] < C.liq[j] ? C.liq[i] : C.liq[j];
          const edge =
            credit -
            payoffAt(CP, calls, i, true, S, exp, forecast, premium, q, r) +
            payoffAt(CP, calls, j, true, S, exp, forecast, premium, q, r);
          topCall.offer(scoreOf(edge, risk, dFit, aFit, liq), i, j);
        }
      }
    }

    const putOrder = topPut.order();
    const putCount = topPut.count;
    const callOrder = topCall.order();
    const callCount = topCall.count;
    if (o.want.has("BULL_PUT_SPREAD")) {
      for (let k = 0; k < putCount && k < o.perExpiration; k++) {
        const s = putOrder[k];
        later.push(
          exp,
          forecast,
          "BULL_PUT_SPREAD",
          topPut.score[s],
          topPut.short[s],
          topPut.long[s],
          -1,
          -1,
        );
      }
    }
    if (o.want.has("BEAR_CALL_SPREAD")) {
      for (let k = 0; k < callCount && k < o.perExpiration; k++) {
        const s = callOrder[k];
        later.push(
          exp,
          forecast,
          "BEAR_CALL_SPREAD",
          topCall.score[s],
          -1,
          -1,
          topCall.short[s],
          topCall.long[s],
        );
      }
    }
    if (o.want.has("IRON_CONDOR") && putCount && callCount) {
      // Every pairing's score first (arithmetic on the kept verticals); then the pairings are tried best score
      // first (ties in pairing order), and the touch probability, the one costly cut, is computed only until
      // `perExpiration` pass: the same condors the best-k list would keep if it saw every passing pairing.
      let n = 0;
      for (let a = 0; a < putCount && a < o.condorWings; a++) {
        const ps = putOrder[a];
        const iPS = topPut.short[ps];
        const iPL = topPut.long[ps];
        const pShort = puts[iPS];
        for (let b = 0; b < callCount && b < o.condorWings; b++) {
          const cs = callOrder[b];
          const iCS = topCall.short[cs];
          const iCL = topCall.long[cs];
          const cShort = calls[iCS];
          if (!(pShort.strike < cShort.strike)) continue;
          const creditP = P.sell[iPS] - P.buy[iPL];
          const creditC = C.sell[iCS] - C.buy[iCL];
          const credit = creditP + creditC;
          const wP = pShort.strike - puts[iPL].strike;
          const wC = calls[iCL].strike - cShort.strike;
          // Either side alone must be a trade (credit below its width) and the whole a minimum return.
          const riskP = wP - creditP;
          const riskC = wC - creditC;
          if (!(riskP > 0 && riskC > 0)) continue;
          const maxLoss = (wP > wC ? wP : wC) - credit;
          if (!(maxLoss > 0) || (credit / maxLoss) * 100 < o.minRor) continue;
          // Every payoff here was computed when its vertical was offered.
          const edge = credit - PP[iPS] + PP[iPL] - CP[iCS] + CP[iCL];
          const aFit = Math.min(deltaFit(o.targets, -pShort.delta), deltaFit(o.targets, cShort.delta));
          const liq = Math.min(P.liq[iPS], P.liq[iPL], C.liq[iCS], C.liq[iCL]);
          pairScore[n] = scoreOf(edge, riskP + riskC, dFit, aFit, liq);
          pairPut[n] = ps;
          pairCall[n] = cs;
          n++;
        }
      }
      sortByScoreDesc(pairOrder, pairScore, n);
      condors.reset();
      // The touch probability depends on the two short legs only, and the kept verticals share short legs:
      // each pair of shorts is computed once.
      let tested = 0;
      for (let k = 0; k < n && condors.count < condors.capacity; k++) {
        const m = pairOrder[k];
        const iPS = topPut.short[pairPut[m]];
        const iCS = topCall.short[pairCall[m]];
        let t = 0;
        while (t < tested && (touchPut[t] !== iPS || touchCall[t] !== iCS)) t++;
        if (t === tested) {
          const pShort = puts[iPS];
          const cShort = calls[iCS];
          const sigmaTouch = 0.5 * (pShort.iv + cShort.iv);
          touchPut[t] = iPS;
          touchCall[t] = iCS;
          touchTooLikely[t] =
            probTouchEitherFast(S, pShort.strike, cShort.strike, T, sigmaTouch, q, r) >= MAX_CONDOR_TOUCH
              ? 1
              : 0;
          tested++;
        }
        if (touchTooLikely[t]) continue;
        condors.offer(pairScore[m], m, 0);
      }
      const condorOrder = condors.order();
      for (let k = 0; k < condors.count; k++) {
        const m = condors.short[condorOrder[k]];
        const iPS = topPut.short[pairPut[m]];
        const iPL = topPut.long[pairPut[m]];
        const iCS = topCall.short[pairCall[m]];
        const iCL = topCall.long[pairCall[m]];
        // The score buildIdea will give it, in buildIdea's order of operations (each side's edge and risk
        // summed in turn), so the ranking below is the one the built ideas would get.
        const creditP = P.sell[iPS] - P.buy[iPL];
        const creditC = C.sell[iCS] - C.buy[iCL];
        const edge = creditP - PP[iPS] + PP[iPL] + (creditC - CP[iCS] + CP[iCL]);
        const risk =
          puts[iPS].strike - puts[iPL].strike - creditP + (calls[iCL].strike - calls[iCS].strike - creditC);
        const aFit = Math.min(
          deltaFit(o.targets, Math.abs(puts[iPS].delta)),
          deltaFit(o.targets, Math.abs(calls[iCS].delta)),
        );
        const liq = Math.min(P.liq[iPS], P.liq[iPL], C.liq[iCS], C.liq[iCL]);
        later.push(exp, forecast, "IRON_CONDOR", scoreOf(edge, risk, dFit, aFit, liq), iPS, iPL, iCS, iCL);
      }
    }
  }
  // Ideas are built (probabilities, EV, touch, texts) only for the ones the per-underlying cut keeps, best
  // first; ties keep the order they were found in, as sorting the built ideas would.
  const order = later.bestFirst();
  const ideas: SpreadIdea[] = [];
  for (let k = 0; k < order.length && k < o.maxIdeas; k++) {
    const c = order[k];
    const exp = later.exps[c];
    const idea = buildIdea(
      chain,
      exp,
      o,
      later.forecasts[c],
      later.strategies[c],
      later.putShort[c] < 0 ? null : exp.puts[later.putShort[c]],
      later.putShort[c] < 0 ? null : exp.puts[later.putLong[c]],
      later.callShort[c] < 0 ? null : exp.calls[later.callShort[c]],
      later.callShort[c] < 0 ? null : exp.calls[later.callLong[c]],
    );
    ideas.push(idea);
  }
  return ideas;
}

/** The ideas an underlying's screen found, not yet built: where they are and the score they will have. */
class Candidates {
  readonly exps: CleanExpiration[] = [];
  /** The forecast the expiration was screened at (asked once per expiration). */
  readonly forecasts: (number | null)[] = [];
  readonly strategies: SpreadStrategy[] = [];
  readonly scores: number[] = [];
  readonly putShort: number[] = [];
  readonly putLong: number[] = [];
  readonly callShort: number[] = [];
  readonly callLong: number[] = [];
  push(
    exp: CleanExpiration,
    forecast: number | null,
    strategy: SpreadStrategy,
    score: number,
    putShort: number,
    putLong: number,
    callShort: number,
    callLong: number,
  ): void {
    this.exps.push(exp);
    this.forecasts.push(forecast);
    this.strategies.push(strategy);
    this.scores.push(score);
    this.putShort.push(putShort);
    this.putLong.push(putLong);
    this.callShort.push(callShort);
    this.callLong.push(callLong);
  }
  /** Indices, best score first, ties in the order pushed (Array.prototype.sort is stable). */
  bestFirst(): number[] {
    const idx = this.scores.map((_, i) => i);
    return idx.sort((a, b) => this.scores[b] - this.scores[a]);
  }
}

/** Sorts ideas by score, best first (in place): each strategy on its merit, no interleave. */
export function rankSpreadIdeas<T extends { score: number }>(ideas: T[]): T[] {
  return ideas.sort((a, b) => b.score - a.score);
}

function buildIdea(
  chain: CleanChain,
  exp: CleanExpiration,
  o: Resolved,
  forecast: number | null,
  strategy: SpreadStrategy,
  putShort: CleanLeg | null,
  putLong: CleanLeg | null,
  callShort: CleanLeg | null,
  callLong: CleanLeg | null,
): SpreadIdea {
  const S = chain.spot;
  const q = chain.dividendYield;
  const r = chain.riskFreeRate;
  const atm = exp.atmIv;
  const sm = expirationSmile(exp, S);
  let edge = 0;
  let sidesRisk = 0;
  let shortDelta = 0;
  let aFit = 1;
  let creditMid = 0;
  let creditNatural = 0;
  let credit = 0;
  let width = 0;
  let liqPoint = 5;
  let liqWeight = 1;
  let popDelta = 1;
  let payout = 0;
  const legs: SpreadLeg[] = [];
  const addVertical = (sh: CleanLeg, lg: CleanLeg) => {
    const isCall = sh.type === "call";
    const sideCredit = sellFillPrice(sh.bid, sh.ask) - buyFillPrice(lg.bid, lg.ask);
    creditMid += sh.mid - lg.mid;
    creditNatural += sh.bid - lg.ask;
    credit += sideCredit;
    width = Math.max(width, Math.abs(sh.strike - lg.strike));
    sidesRisk += Math.abs(sh.strike - lg.strike) - sideCredit;
    edge +=
      sideCredit -
      physicalLegPayoff(isCall, S, sh.strike, exp.T, sh.iv, atm, forecast, o.equityPremium, q, r) +
      physicalLegPayoff(isCall, S, lg.strike, exp.T, lg.iv, atm, forecast, o.equityPremium, q, r);
    shortDelta = Math.max(shortDelta, Math.abs(sh.delta));
    aFit = Math.min(aFit, deltaFit(o.targets, Math.abs(sh.delta)));
    liqPoint = Math.min(liqPoint, sh.liquidityPoint, lg.liquidityPoint);
    liqWeight = Math.min(
      liqWeight,
      priorSessionLiquidity(sh.openInterest, sh.prevDayVolume),
      priorSessionLiquidity(lg.openInterest, lg.prevDayVolume),
    );
    popDelta -= Math.abs(sh.delta);
    payout += smileExpectedPayoff(sm, isCall, sh.strike) - smileExpectedPayoff(sm, isCall, lg.strike);
  };
  if (putShort && putLong) {
    addVertical(putShort, putLong);
    legs.push(legOf(putLong, "buy"), legOf(putShort, "sell"));
  }
  if (callShort && callLong) {
    addVertical(callShort, callLong);
    legs.push(legOf(callShort, "sell"), legOf(callLong, "buy"));
  }
  const beLow = putShort ? putShort.strike - credit : null;
  const beHigh = callShort ? callShort.strike + credit : null;
  const lnAbove = (x: number) => probAboveFast(S, x, exp.T, atm, q, r);
  let popMarket: number;
  let popLog: number;
  let touch: number;
  if (beLow !== null && beHigh !== null) {
    popMarket = beHigh > beLow ? Math.max(0, smileProbAbove(sm, beLow) - smileProbAbove(sm, beHigh)) : 0;
    popLog = beHigh > beLow ? Math.max(0, lnAbove(beLow) - lnAbove(beHigh)) : 0;
    const sigmaTouch = 0.5 * (smileVol(sm, putShort!.strike) + smileVol(sm, callShort!.strike));
    touch = probTouchEitherFast(S, putShort!.strike, callShort!.strike, exp.T, sigmaTouch, q, r);
  } else if (beLow !== null) {
    popMarket = smileProbAbove(sm, beLow);
    popLog = lnAbove(beLow);
    touch = smileProbTouch(sm, putShort!.strike);
  } else {
    popMarket = 1 - smileProbAbove(sm, beHigh as number);
    popLog = 1 - lnAbove(beHigh as number);
    touch = smileProbTouch(sm, callShort!.strike);
  }
  const maxLossPs = width - credit;
  const liquidity = liqPoint < 1 ? 1 : liqPoint;
  const ev100 = (credit - payout) * 100;
  const dFit = dteFit(o.targets, exp.dte);
  const score = scoreOf(edge, sidesRisk, dFit, aFit, liqWeight);
  const costShare = creditMid > 0 ? Math.min(1, Math.max(0, (creditMid - creditNatural) / creditMid)) : 1;
  const scoreParts: ScoreParts = {
    profile: o.profile,
    impliedVol: atm,
    forecastVol: forecast,
    edgeAtForecast: edge * 100,
    edgePerRisk: edge / sidesRisk,
    dte: exp.dte,
    dteFit: dFit,
    shortDelta,
    deltaFit: aFit,
    fillCost: (creditMid - credit) * 100,
    fillCostShare: creditMid > 0 ? Math.min(1, Math.max(0, (creditMid - credit) / creditMid)) : 1,
    liquidity: liqWeight,
    score,
  };
  const events = eventsBeforeExpiration(chain, exp.expirationDate);
  const sdMove = atm * Math.sqrt(exp.T);
  const cushionSd = Math.min(
    beLow !== null ? Math.log(S / beLow) / sdMove : Infinity,
    beHigh !== null ? Math.log(beHigh / S) / sdMove : Infinity,
  );
  const strikes = {
    putShort: putShort?.strike ?? null,
    putLong: putLong?.strike ?? null,
    callShort: callShort?.strike ?? null,
    callLong: callLong?.strike ?? null,
  };
  const popMethods = {
    market_implied: popMarket * 100,
    lognormal_atm: popLog * 100,
    delta: Math.max(0, popDelta) * 100,
    credit_width: (1 - credit / width) * 100,
  };
  return {
    stock_symbol: chain.underlying,
    strategy_type: strategy,
    trade_unique_identifier: spreadTradeId(chain.underlying, strategy, exp.expirationDate, strikes),
    expiration_date: exp.expirationDate,
    profit_target_perc: o.profitTarget,
    return_on_capital: (credit / width) * 100,
    return_on_risk: (credit / maxLossPs) * 100,
    net_credit: credit,
    net_credit_mid: creditMid,
    net_credit_natural: creditNatural,
    fill_basis: FILL_BASIS,
    probability_of_profit: popMethods.market_implied,
    pop_methods: popMethods,
    prob_touch: touch * 100,
    expected_value: ev100,
    assumptions: chain.assumptions,
    liquidity_point: liquidity,
    call_long_strike: strikes.callLong,
    call_short_strike: strikes.callShort,
    put_long_strike: strikes.putLong,
    put_short_strike: strikes.putShort,
    ex_dividend_date: chain.exDividendDate,
    earnings_date: chain.earningsDate,
    underlyingPrice: S,
    daysToExpiration: exp.dte,
    width,
    maxProfit: credit * 100,
    maxLoss: width * 100 - credit * 100,
    breakevenLow: beLow,
    breakevenHigh: beHigh,
    evToMaxLoss: ev100 / (maxLossPs * 100),
    modelVolatility: atm,
    cushion_sd: cushionSd,
    liquidity_weight: liqWeight,
    fill_cost_share: costShare,
    score,
    profile: o.profile,
    score_parts: scoreParts,
    events,
    legs,
  };
}
