/**
 * Credit spread screener: bull put, bear call and iron condor over every expiration.
 *
 * Units: net_credit and strikes per share; maxProfit, maxLoss, expectedValue per contract
 * (x100); every *_perc / return_* / probability field is a percent 0-100.
 *   return_on_capital = credit / width x 100 (the broker holds width x 100 as collateral)
 *   return_on_risk    = credit / (width - credit) x 100 (credit over max loss)
 *   probability_of_profit = the lognormal POP (see below); the other two are beside it.
 * Condors: width = the wider wing (only one wing can lose), credit = both wings.
 *
 * Model: the price density at expiry is lognormal with the expiration's at-the-money IV
 * and drift r (risk-neutral) unless `drift` is given. Skew makes OTM legs richer than the
 * ATM density, which is exactly the edge a premium seller harvests: EV > 0 means the
 * credit exceeds the density's expected loss. EV is the expected P&L at expiry, held to
 * expiration, undiscounted.
 *   POP (lognormal) = P(S_T beyond the breakeven(s)); POP (delta) = 1 - |delta| of the short
 *   leg(s); POP (credit/width) = 1 - credit / width (the market-implied break-even odds).
 *
 * Ranking: score = EV / max loss + 0.01 x liquidity point, i.e. one liquidity point is
 * worth one percent of expected return on risk.
 *
 * Pruning (why 500 x 12 x 80 screens in well under a second):
 *  1. short legs are OTM (put strike < spot, call strike > spot) with |delta| in
 *     [shortDeltaMin, shortDeltaMax];
 *  2. the long leg is at most maxStrikesApart strikes away and the width is inside
 *     [minWidth, maxWidth] (maxWidth defaults to max(1, 10% of spot));
 *  3. credit >= minCredit, return on risk >= minReturnOnRisk, liquidity >= minLiquidity;
 *  4. per expiration only the best `keep` verticals per side survive (in preallocated
 *     arrays, no objects), condors pair the best `condorWings` of each side, and
 *     objects are built only for the survivors.
 * Expected payoffs of every leg are computed once per expiration, so a pair costs a
 * handful of flops.
 */
import { expectedCallPayoffFast, expectedPutPayoffFast, probAboveFast, probBelowFast } from "./probability";
import { describeEvents, eventsBeforeExpiration, type EventFlags } from "./events";
import type { CleanChain, CleanExpiration, CleanLeg } from "./types";
import type { OptionType } from "./bsm";

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
  iv: number;
  delta: number;
  liquidityPoint: number;
}

/** The spec's "Trade idea (spread)" entity plus the engine's analytics. */
export interface SpreadIdea {
  stock_symbol: string;
  strategy_type: SpreadStrategy;
  /** Deterministic for the same underlying, strategy, expiration and strikes. */
  trade_unique_identifier: string;
  /** 'YYYY-MM-DD' */
  expiration_date: string;
  /** Take-profit target, percent of the credit. */
  profit_target_perc: number;
  /** Percent: credit / width. */
  return_on_capital: number;
  /** Percent: credit / max loss. */
  return_on_risk: number;
  /** Per share, at mid. */
  net_credit: number;
  /** Percent, lognormal at the breakeven(s). */
  probability_of_profit: number;
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
  /** Per share. */
  creditMid: number;
  /** Per share: short bids minus long asks. */
  creditNatural: number;
  /** Per contract. */
  maxProfit: number;
  /** Per contract: width x 100 - credit x 100. */
  maxLoss: number;
  breakevenLow: number | null;
  breakevenHigh: number | null;
  /** Percent, three ways. */
  pop: { lognormal: number; shortDelta: number; creditToWidth: number };
  /** Per contract, at mid credit. */
  expectedValue: number;
  /** EV / max loss (ratio). */
  evToMaxLoss: number;
  /** Density volatility used for POP and EV. */
  modelVolatility: number;
  score: number;
  why: string;
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
  /** Real-world drift for POP/EV; default the risk-free rate. */
  drift?: number;
  /** Percent of credit; default 50. */
  profitTargetPercent?: number;
}

export const LIQUIDITY_SCORE_WEIGHT = 0.01;
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
  const parts = [symbol.toUpperCase(), expirationDate.replaceAll("-", ""), STRATEGY_CODE[strategy]];
  if (strategy === "BULL_PUT_SPREAD")
    parts.push(`P${strikeText(strikes.putShort!)}`, `P${strikeText(strikes.putLong!)}`);
  else if (strategy === "BEAR_CALL_SPREAD")
    parts.push(`C${strikeText(strikes.callShort!)}`, `C${strikeText(strikes.callLong!)}`);
  else
    parts.push(
      `P${strikeText(strikes.putLong!)}`,
      `P${strikeText(strikes.putShort!)}`,
      `C${strikeText(strikes.callShort!)}`,
      `C${strikeText(strikes.callLong!)}`,
    );
  return parts.join("-");
}

/** Fixed-size best-k list of verticals, kept in typed arrays (no allocation per candidate). */
class TopVerticals {
  readonly score: Float64Array;
  readonly short: Int32Array;
  readonly long: Int32Array;
  readonly ev: Float64Array;
  count = 0;
  constructor(readonly capacity: number) {
    this.score = new Float64Array(capacity);
    this.short = new Int32Array(capacity);
    this.long = new Int32Array(capacity);
    this.ev = new Float64Array(capacity);
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
  offer(score: number, shortIdx: number, longIdx: number, ev: number): void {
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
    this.ev[slot] = ev;
  }
  /** Indices of kept entries, best first. */
  order(): number[] {
    const idx = Array.from({ length: this.count }, (_, i) => i);
    idx.sort((a, b) => this.score[b] - this.score[a]);
    return idx;
  }
}

let payoffScratch = new Float64Array(256);
let payoffScratch2 = new Float64Array(256);

function ensureScratch(n: number): void {
  if (payoffScratch.length < n) {
    payoffScratch = new Float64Array(n * 2);
    payoffScratch2 = new Float64Array(n * 2);
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
  iv: leg.iv,
  delta: leg.delta,
  liquidityPoint: leg.liquidityPoint,
});

interface Resolved {
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
  mu: number;
  profitTarget: number;
  want: Set<SpreadStrategy>;
}

function resolve(chain: CleanChain, o: SpreadScreenOptions): Resolved {
  const perExpiration = o.perExpiration ?? 3;
  return {
    minDte: o.minDte ?? 1,
    maxDte: o.maxDte ?? 60,
    dMin: o.shortDeltaMin ?? 0.1,
    dMax: o.shortDeltaMax ?? 0.4,
    minWidth: o.minWidth ?? 0,
    maxWidth: o.maxWidth ?? Math.max(1, 0.1 * chain.spot),
    apart: o.maxStrikesApart ?? 8,
    minCredit: o.minCredit ?? 0.05,
    minRor: o.minReturnOnRisk ?? 5,
    minLiq: o.minLiquidity ?? 1,
    perExpiration,
    condorWings: o.condorWings ?? 5,
    maxIdeas: o.maxIdeas ?? 50,
    mu: o.drift ?? chain.riskFreeRate,
    profitTarget: o.profitTargetPercent ?? 50,
    want: new Set(o.strategies ?? ALL_STRATEGIES),
  };
}

/** Screens one cleaned chain; ideas sorted by score, best first. */
export function screenCreditSpreads(chain: CleanChain, options: SpreadScreenOptions = {}): SpreadIdea[] {
  const o = resolve(chain, options);
  const S = chain.spot;
  const q = chain.dividendYield;
  const wantPut = o.want.has("BULL_PUT_SPREAD") || o.want.has("IRON_CONDOR");
  const wantCall = o.want.has("BEAR_CALL_SPREAD") || o.want.has("IRON_CONDOR");
  const keep = Math.max(o.perExpiration, o.want.has("IRON_CONDOR") ? o.condorWings : 0);
  const topPut = new TopVerticals(keep);
  const topCall = new TopVerticals(keep);
  const ideas: SpreadIdea[] = [];

  for (const exp of chain.expirations) {
    if (exp.dte < o.minDte || exp.dte > o.maxDte) continue;
    const sigma = exp.atmIv;
    const T = exp.T;
    const puts = exp.puts;
    const calls = exp.calls;
    ensureScratch(Math.max(puts.length, calls.length));
    const ePut = payoffScratch;
    const eCall = payoffScratch2;
    topPut.reset();
    topCall.reset();

    if (wantPut) {
      // only OTM puts (shorts and their longs) are ever paired
      for (let i = 0; i < puts.length && puts[i].strike < S; i++)
        ePut[i] = expectedPutPayoffFast(S, puts[i].strike, T, sigma, q, o.mu);
      for (let i = 0; i < puts.length; i++) {
        const sh = puts[i];
        if (sh.strike >= S) break;
        const ad = -sh.delta;
        if (ad < o.dMin || ad > o.dMax || sh.liquidityPoint < o.minLiq) continue;
        const jEnd = Math.max(0, i - o.apart);
        for (let j = i - 1; j >= jEnd; j--) {
          const lg = puts[j];
          const width = sh.strike - lg.strike;
          if (width > o.maxWidth) break;
          if (width < o.minWidth) continue;
          const credit = sh.mid - lg.mid;
          if (credit < o.minCredit) continue;
          const risk = width - credit;
          if (!(risk > 0) || (credit / risk) * 100 < o.minRor) continue;
          const liq = sh.liquidityPoint < lg.liquidityPoint ? sh.liquidityPoint : lg.liquidityPoint;
          if (liq < o.minLiq) continue;
          const ev = credit - ePut[i] + ePut[j];
          topPut.offer(ev / risk + LIQUIDITY_SCORE_WEIGHT * (liq < 1 ? 1 : liq), i, j, ev);
        }
      }
    }
    if (wantCall) {
      for (let i = calls.length - 1; i >= 0 && calls[i].strike > S; i--)
        eCall[i] = expectedCallPayoffFast(S, calls[i].strike, T, sigma, q, o.mu);
      for (let i = calls.length - 1; i >= 0; i--) {
        const sh = calls[i];
        if (sh.strike <= S) break;
        const ad = sh.delta;
        if (ad < o.dMin || ad > o.dMax || sh.liquidityPoint < o.minLiq) continue;
        const jEnd = Math.min(calls.length - 1, i + o.apart);
        for (let j = i + 1; j <= jEnd; j++) {
          const lg = calls[j];
          const width = lg.strike - sh.strike;
          if (width > o.maxWidth) break;
          if (width < o.minWidth) continue;
          const credit = sh.mid - lg.mid;
          if (credit < o.minCredit) continue;
          const risk = width - credit;
          if (!(risk > 0) || (credit / risk) * 100 < o.minRor) continue;
          const liq = sh.liquidityPoint < lg.liquidityPoint ? sh.liquidityPoint : lg.liquidityPoint;
          if (liq < o.minLiq) continue;
          const ev = credit - eCall[i] + eCall[j];
          topCall.offer(ev / risk + LIQUIDITY_SCORE_WEIGHT * (liq < 1 ? 1 : liq), i, j, ev);
        }
      }
    }

    const putOrder = topPut.order();
    const callOrder = topCall.order();
    if (o.want.has("BULL_PUT_SPREAD")) {
      for (let k = 0; k < putOrder.length && k < o.perExpiration; k++) {
        const s = putOrder[k];
        ideas.push(
          buildIdea(
            chain,
            exp,
            o,
            "BULL_PUT_SPREAD",
            puts[topPut.short[s]],
            puts[topPut.long[s]],
            null,
            null,
            topPut.ev[s],
          ),
        );
      }
    }
    if (o.want.has("BEAR_CALL_SPREAD")) {
      for (let k = 0; k < callOrder.length && k < o.perExpiration; k++) {
        const s = callOrder[k];
        ideas.push(
          buildIdea(
            chain,
            exp,
            o,
            "BEAR_CALL_SPREAD",
            null,
            null,
            calls[topCall.short[s]],
            calls[topCall.long[s]],
            topCall.ev[s],
          ),
        );
      }
    }
    if (o.want.has("IRON_CONDOR") && putOrder.length && callOrder.length) {
      const condors = new TopVerticals(o.perExpiration);
      const pairP: number[] = [];
      const pairC: number[] = [];
      for (let a = 0; a < putOrder.length && a < o.condorWings; a++) {
        const ps = putOrder[a];
        const pShort = puts[topPut.short[ps]];
        const pLong = puts[topPut.long[ps]];
        for (let b = 0; b < callOrder.length && b < o.condorWings; b++) {
          const cs = callOrder[b];
          const cShort = calls[topCall.short[cs]];
          const cLong = calls[topCall.long[cs]];
          if (!(pShort.strike < cShort.strike)) continue;
          const credit = pShort.mid - pLong.mid + cShort.mid - cLong.mid;
          const wP = pShort.strike - pLong.strike;
          const wC = cLong.strike - cShort.strike;
          const risk = (wP > wC ? wP : wC) - credit;
          if (!(risk > 0) || (credit / risk) * 100 < o.minRor) continue;
          const liq = Math.min(
            pShort.liquidityPoint,
            pLong.liquidityPoint,
            cShort.liquidityPoint,
            cLong.liquidityPoint,
          );
          const ev = topPut.ev[ps] + topCall.ev[cs];
          condors.offer(ev / risk + LIQUIDITY_SCORE_WEIGHT * (liq < 1 ? 1 : liq), pairP.length, 0, ev);
          pairP.push(ps);
          pairC.push(cs);
        }
      }
      for (const s of condors.order()) {
        const ps = pairP[condors.short[s]];
        const cs = pairC[condors.short[s]];
        ideas.push(
          buildIdea(
            chain,
            exp,
            o,
            "IRON_CONDOR",
            puts[topPut.short[ps]],
            puts[topPut.long[ps]],
            calls[topCall.short[cs]],
            calls[topCall.long[cs]],
            condors.ev[s],
          ),
        );
      }
    }
  }
  ideas.sort((a, b) => b.score - a.score);
  if (ideas.length > o.maxIdeas) ideas.length = o.maxIdeas;
  return ideas;
}

/** Sorts ideas from many underlyings by score, best first (in place). */
export function rankSpreadIdeas(ideas: SpreadIdea[]): SpreadIdea[] {
  return ideas.sort((a, b) => b.score - a.score);
}

function buildIdea(
  chain: CleanChain,
  exp: CleanExpiration,
  o: Resolved,
  strategy: SpreadStrategy,
  putShort: CleanLeg | null,
  putLong: CleanLeg | null,
  callShort: CleanLeg | null,
  callLong: CleanLeg | null,
  evPerShare: number,
): SpreadIdea {
  const S = chain.spot;
  const sigma = exp.atmIv;
  const q = chain.dividendYield;
  let creditMid = 0;
  let creditNatural = 0;
  let width = 0;
  let liq = 5;
  let popDelta = 1;
  const legs: SpreadLeg[] = [];
  if (putShort && putLong) {
    creditMid += putShort.mid - putLong.mid;
    creditNatural += putShort.bid - putLong.ask;
    width = Math.max(width, putShort.strike - putLong.strike);
    liq = Math.min(liq, putShort.liquidityPoint, putLong.liquidityPoint);
    popDelta -= Math.abs(putShort.delta);
    legs.push(legOf(putLong, "buy"), legOf(putShort, "sell"));
  }
  if (callShort && callLong) {
    creditMid += callShort.mid - callLong.mid;
    creditNatural += callShort.bid - callLong.ask;
    width = Math.max(width, callLong.strike - callShort.strike);
    liq = Math.min(liq, callShort.liquidityPoint, callLong.liquidityPoint);
    popDelta -= Math.abs(callShort.delta);
    legs.push(legOf(callShort, "sell"), legOf(callLong, "buy"));
  }
  const beLow = putShort ? putShort.strike - creditMid : null;
  const beHigh = callShort ? callShort.strike + creditMid : null;
  let popLog: number;
  if (beLow !== null && beHigh !== null) {
    popLog =
      beHigh > beLow
        ? Math.max(
            0,
            probAboveFast(S, beLow, exp.T, sigma, q, o.mu) - probAboveFast(S, beHigh, exp.T, sigma, q, o.mu),
          )
        : 0;
  } else if (beLow !== null) popLog = probAboveFast(S, beLow, exp.T, sigma, q, o.mu);
  else popLog = probBelowFast(S, beHigh as number, exp.T, sigma, q, o.mu);
  const maxLossPs = width - creditMid;
  const liquidity = liq < 1 ? 1 : liq;
  const evToMaxLoss = evPerShare / maxLossPs;
  const events = eventsBeforeExpiration(chain, exp.expirationDate);
  const strikes = {
    putShort: putShort?.strike ?? null,
    putLong: putLong?.strike ?? null,
    callShort: callShort?.strike ?? null,
    callLong: callLong?.strike ?? null,
  };
  const pop = {
    lognormal: popLog * 100,
    shortDelta: Math.max(0, popDelta) * 100,
    creditToWidth: (1 - creditMid / width) * 100,
  };
  const eventsText = describeEvents(events, chain.earningsDate, chain.exDividendDate);
  const ev100 = evPerShare * 100;
  const why =
    `EV ${ev100 >= 0 ? "+" : "-"}$${Math.abs(ev100).toFixed(0)} per $${(maxLossPs * 100).toFixed(0)} at risk (${(evToMaxLoss * 100).toFixed(1)}%), ` +
    `POP ${pop.lognormal.toFixed(0)}%, $${creditMid.toFixed(2)} credit on ${strikeText(width)} wide, liquidity ${liquidity}/5` +
    (eventsText ? `; ${eventsText}` : "");
  return {
    stock_symbol: chain.underlying,
    strategy_type: strategy,
    trade_unique_identifier: spreadTradeId(chain.underlying, strategy, exp.expirationDate, strikes),
    expiration_date: exp.expirationDate,
    profit_target_perc: o.profitTarget,
    return_on_capital: (creditMid / width) * 100,
    return_on_risk: (creditMid / maxLossPs) * 100,
    net_credit: creditMid,
    probability_of_profit: pop.lognormal,
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
    creditMid,
    creditNatural,
    maxProfit: creditMid * 100,
    maxLoss: width * 100 - creditMid * 100,
    breakevenLow: beLow,
    breakevenHigh: beHigh,
    pop,
    expectedValue: ev100,
    evToMaxLoss,
    modelVolatility: sigma,
    score: evToMaxLoss + LIQUIDITY_SCORE_WEIGHT * liquidity,
    why,
    events,
    legs,
  };
}
