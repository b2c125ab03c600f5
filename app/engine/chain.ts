/**
 * Chain hygiene: from a provider's chain to legs the screeners can trust.
 *
 * A leg is rejected (counted per reason) when
 *   INVALID      strike/bid/ask not finite numbers, strike <= 0, or its OCC symbol
 *                contradicts its type/strike/expiration
 *   NO_BID/NO_ASK bid or ask <= 0 (nobody to trade with on that side)
 *   CROSSED      ask < bid;  LOCKED  ask == bid (both are feed artefacts)
 *   WIDE_SPREAD  ask - bid > maxRelativeSpread x mid, unless ask - bid <= tightSpread (one
 *                tick; constants and reasons in hygiene.ts)
 *   STALE        quoteTime older than maxQuoteAgeMinutes before the chain's asOf
 *   NO_IV        no usable provider IV and none can be solved from the mid (mid outside
 *                the no-arbitrage bounds, typically deep ITM quotes below intrinsic)
 *   DUPLICATE    same type and strike seen twice in one expiration (first kept)
 *   EXPIRED      expiration before today or already past 16:00 ET (whole expiration)
 * Provider IVs outside [minIv, maxIv] (Cboe sends 0.0 on some deep ITM rows) are replaced by
 * the IV of the mid; greeks are then recomputed by BSM so they agree with that IV.
 * US equity options are American; BSM with a dividend yield is the industry's quick
 * approximation for the OTM legs these screens trade.
 */
import { bsmPriceGreeksWithFactors, expiryFactors, type Greeks } from "#app/engine/bsm.ts";
import { impliedVolFast } from "#app/engine/iv.ts";
import { liquidityPoints } from "#app/engine/liquidity.ts";
import { formatOccSymbol, occDateNumber, occSymbolAgrees } from "#app/engine/occ.ts";
import { DAY_MS, dateToUtcMs, newYorkDate, yearsToExpiration } from "#app/engine/time.ts";
import { expirationColumns } from "#app/engine/columns.ts";
import { MAX_RELATIVE_SPREAD, ONE_TICK_SPREAD } from "#app/engine/hygiene.ts";
import type {
  Assumptions,
  ChainLeg,
  CleanChain,
  CleanExpiration,
  CleanLeg,
  MarketContext,
  OptionChain,
  RejectReason,
} from "#app/engine/types.ts";

export interface HygieneOptions {
  /** Largest accepted (ask - bid) / mid. Default MAX_RELATIVE_SPREAD (hygiene.ts). */
  maxRelativeSpread?: number;
  /** A spread at or below this many dollars (one tick) is never "too wide". Default ONE_TICK_SPREAD. */
  tightSpread?: number;
  /** Quotes older than this (minutes before asOf) are stale. Default 30. */
  maxQuoteAgeMinutes?: number;
  /** Provider IV accepted inside [minIv, maxIv]; default 0.01 and 5. */
  minIv?: number;
  maxIv?: number;
  /** Keep the list of individual rejections (costs memory on big universes). Default false. */
  collectRejections?: boolean;
  /**
   * Clean only expirations up to this many days out (default: all). A screen that looks no
   * further need not pay for the rest; skipped expirations are absent, not counted as rejected.
   */
  maxDte?: number;
  /**
   * Clean only the out-of-the-money side of each expiration (puts below the forward, calls above it)
   * plus in-the-money legs within this fraction of the forward (default: every leg). The screens sell
   * and buy out-of-the-money options only, and the smile (smile.ts) and the at-the-money IV read the
   * out-of-the-money side and the strikes next to the forward, so the rest of the book is never read:
   * skipped legs are absent, not counted as rejected. Half of a chain's legs are in the money, so this
   * halves the hygiene pass (decision 160).
   */
  inTheMoneyBand?: number;
}

function emptyCounts(): Record<RejectReason, number> {
  return {
    INVALID: 0,
    NO_BID: 0,
    NO_ASK: 0,
    CROSSED: 0,
    LOCKED: 0,
    WIDE_SPREAD: 0,
    STALE: 0,
    NO_IV: 0,
    EXPIRED: 0,
    DUPLICATE: 0,
  };
}

const finiteOrNull = (v: number | null | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

/** Mid price. */
export function midPrice(bid: number, ask: number): number {
  return 0.5 * (bid + ask);
}

/**
 * Natural price: what a market order gets, the bid when selling and the ask when buying.
 */
export function naturalPrice(bid: number, ask: number, side: "sell" | "buy"): number {
  return side === "sell" ? bid : ask;
}

/** Hygiene verdict for the quote alone (no IV): null when acceptable. */
export function quoteRejection(
  leg: Pick<ChainLeg, "bid" | "ask" | "strike">,
  maxRelativeSpread = MAX_RELATIVE_SPREAD,
  tightSpread = ONE_TICK_SPREAD,
): RejectReason | null {
  const { bid, ask, strike } = leg;
  if (!Number.isFinite(bid) || !Number.isFinite(ask) || !(strike > 0) || !Number.isFinite(strike))
    return "INVALID";
  if (!(bid > 0)) return "NO_BID";
  if (!(ask > 0)) return "NO_ASK";
  if (ask < bid) return "CROSSED";
  if (ask === bid) return "LOCKED";
  const width = ask - bid;
  if (width > tightSpread && width > maxRelativeSpread * 0.5 * (bid + ask)) return "WIDE_SPREAD";
  return null;
}

const greeksScratch: Greeks = { delta: 0, gamma: 0, vega: 0, theta: 0, rho: 0 };

/** Normalises and filters a provider chain. Pure; never throws on bad legs (they are counted). */
export function cleanChain(
  chain: OptionChain,
  context: MarketContext,
  options: HygieneOptions = {},
): CleanChain {
  const maxRelativeSpread = options.maxRelativeSpread ?? MAX_RELATIVE_SPREAD;
  const tightSpread = options.tightSpread ?? ONE_TICK_SPREAD;
  const maxAgeMs = (options.maxQuoteAgeMinutes ?? 30) * 60_000;
  const minIv = options.minIv ?? 0.01;
  const maxIv = options.maxIv ?? 5;
  const collect = options.collectRejections ?? false;
  const maxDte = options.maxDte ?? Infinity;
  const itmBand = options.inTheMoneyBand ?? Infinity;

  const asOf = context.asOf ?? chain.asOf;
  const asOfMs = Date.parse(asOf);
  const today = context.today ?? newYorkDate(asOfMs);
  const todayMs = dateToUtcMs(today);
  const r = context.riskFreeRate;
  const qKnown = typeof context.dividendYield === "number" && Number.isFinite(context.dividendYield);
  const q = qKnown ? (context.dividendYield as number) : 0;
  const assumptions: Assumptions = {
    r,
    r_source: context.riskFreeRateSource ?? "not stated",
    r_as_of: context.riskFreeRateAsOf ?? null,
    q: qKnown ? q : null,
    q_source: qKnown ? (context.dividendYieldSource ?? "provided") : "unknown",
  };
  const S = chain.spot;
  const rejected = emptyCounts();
  const rejections: { occSymbol: string; reason: RejectReason }[] = [];
  const reject = (occSymbol: string, reason: RejectReason) => {
    rejected[reason]++;
    if (collect) rejections.push({ occSymbol, reason });
  };
  const expirations: CleanExpiration[] = [];
  let lastQuoteTime = "";
  let lastQuoteMs = NaN;

  for (const exp of chain.expirations) {
    const T = Number.isFinite(asOfMs) ? yearsToExpiration(asOfMs, exp.expirationDate) : 0;
    // daysToExpiry(today, date) for a valid date, with today parsed once per chain
    const expirationMs = dateToUtcMs(exp.expirationDate);
    const dte = expirationMs === expirationMs ? Math.round((expirationMs - todayMs) / DAY_MS) : -1;
    if (!(T > 0) || dte < 0 || !(S > 0)) {
      for (const leg of exp.legs) reject(leg.occSymbol, "EXPIRED");
      continue;
    }
    if (dte > maxDte) continue;
    const factors = expiryFactors(T, r, q);
    const forward = (S * factors.dq) / factors.dr;
    const puts: CleanLeg[] = [];
    const calls: CleanLeg[] = [];
    const yymmdd = occDateNumber(exp.expirationDate);
    // Calls below callFloor and puts above putCeiling are deep enough in the money to skip.
    const callFloor = itmBand === Infinity ? -Infinity : forward * (1 - itmBand);
    const putCeiling = itmBand === Infinity ? Infinity : forward * (1 + itmBand);
    for (const leg of exp.legs) {
      if (leg.type === "call" ? leg.strike < callFloor : leg.strike > putCeiling) continue;
      const quoteReason = quoteRejection(leg, maxRelativeSpread, tightSpread);
      if (quoteReason) {
        reject(leg.occSymbol, quoteReason);
        continue;
      }
      const isCall = leg.type === "call";
      if (!isCall && leg.type !== "put") {
        reject(leg.occSymbol, "INVALID");
        continue;
      }
      let occSymbol = leg.occSymbol;
      if (occSymbol) {
        if (occSymbolAgrees(occSymbol, yymmdd, isCall, leg.strike) === false) {
          reject(occSymbol, "INVALID");
          continue;
        }
      } else {
        occSymbol = formatOccSymbol(chain.underlying, exp.expirationDate, leg.type, leg.strike);
      }
      if (leg.quoteTime) {
        // providers stamp many legs alike: parse each distinct string once
        if (leg.quoteTime !== lastQuoteTime) {
          lastQuoteTime = leg.quoteTime;
          lastQuoteMs = Date.parse(leg.quoteTime);
        }
        const qt = lastQuoteMs;
        if (Number.isFinite(qt) && asOfMs - qt > maxAgeMs) {
          reject(occSymbol, "STALE");
          continue;
        }
      }
      const mid = 0.5 * (leg.bid + leg.ask);
      const providerIv = finiteOrNull(leg.iv);
      let iv: number;
      let ivFromMid = false;
      if (providerIv !== null && providerIv >= minIv && providerIv <= maxIv) {
        iv = providerIv;
      } else {
        iv = impliedVolFast(isCall, S, leg.strike, T, r, q, mid);
        ivFromMid = true;
        if (!(iv >= minIv && iv <= maxIv)) {
          reject(occSymbol, "NO_IV");
          continue;
        }
      }
      let delta = finiteOrNull(leg.delta);
      let gamma = finiteOrNull(leg.gamma);
      let theta = finiteOrNull(leg.theta);
      let vega = finiteOrNull(leg.vega);
      const deltaOk = delta !== null && (isCall ? delta >= 0 && delta <= 1 : delta <= 0 && delta >= -1);
      const greeksFromModel = ivFromMid || !deltaOk || gamma === null || theta === null || vega === null;
      if (greeksFromModel) {
        bsmPriceGreeksWithFactors(isCall, S, leg.strike, iv, factors, greeksScratch);
        if (ivFromMid || !deltaOk) delta = greeksScratch.delta;
        if (ivFromMid || gamma === null) gamma = greeksScratch.gamma;
        if (ivFromMid || theta === null) theta = greeksScratch.theta / 365;
        if (ivFromMid || vega === null) vega = greeksScratch.vega / 100;
      }
      const clean: CleanLeg = {
        occSymbol,
        type: leg.type,
        strike: leg.strike,
        bid: leg.bid,
        ask: leg.ask,
        mid,
        last: finiteOrNull(leg.last),
        iv,
        delta: delta as number,
        gamma: gamma as number,
        theta: theta as number,
        vega: vega as number,
        volume: leg.volume > 0 ? leg.volume : 0,
        openInterest: leg.openInterest > 0 ? leg.openInterest : 0,
        prevDayVolume:
          typeof leg.prevDayVolume === "number" && leg.prevDayVolume >= 0 ? leg.prevDayVolume : null,
        quoteTime: leg.quoteTime ?? null,
        liquidityPoint: liquidityPoints(leg.volume, leg.openInterest, leg.bid, leg.ask),
        ivFromMid,
        greeksFromModel,
      };
      (isCall ? calls : puts).push(clean);
    }
    if (puts.length === 0 && calls.length === 0) continue;
    // providers list strikes in order: sort (stable) only when they are not
    if (!ascendingStrikes(puts)) puts.sort(byStrike);
    if (!ascendingStrikes(calls)) calls.sort(byStrike);
    dropDuplicates(puts, reject);
    dropDuplicates(calls, reject);
    const cleaned: CleanExpiration = {
      expirationDate: exp.expirationDate,
      dte,
      T,
      factors,
      forward,
      atmIv: atTheMoneyIv(puts, calls, forward),
      puts,
      calls,
    };
    // the screens' columns, while these legs are in cache (no forecast yet: NaN scale)
    expirationColumns(cleaned, S, q, r, NaN);
    expirations.push(cleaned);
  }
  expirations.sort((a, b) =>
    a.expirationDate < b.expirationDate ? -1 : a.expirationDate > b.expirationDate ? 1 : 0,
  );
  return {
    underlying: chain.underlying.toUpperCase(),
    spot: S,
    asOf,
    asOfMs,
    today,
    riskFreeRate: r,
    dividendYield: q,
    assumptions,
    earningsDate: context.earningsDate ?? null,
    exDividendDate: context.exDividendDate ?? null,
    events: context.events ?? [],
    expirations,
    rejected,
    rejections,
  };
}

const byStrike = (a: CleanLeg, b: CleanLeg) => a.strike - b.strike;

function ascendingStrikes(legs: readonly CleanLeg[]): boolean {
  for (let i = 1; i < legs.length; i++) if (!(legs[i - 1].strike <= legs[i].strike)) return false;
  return true;
}

function dropDuplicates(legs: CleanLeg[], reject: (occ: string, reason: RejectReason) => void): void {
  let w = 0;
  for (let i = 0; i < legs.length; i++) {
    if (w > 0 && legs[w - 1].strike === legs[i].strike) {
      reject(legs[i].occSymbol, "DUPLICATE");
      continue;
    }
    legs[w++] = legs[i];
  }
  legs.length = w;
}

/** Index of the leg whose strike is nearest x in an ascending list (-1 if empty). */
export function nearestStrikeIndex(legs: readonly CleanLeg[], x: number): number {
  let lo = 0;
  let hi = legs.length - 1;
  if (hi < 0) return -1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (legs[m].strike < x) lo = m + 1;
    else hi = m;
  }
  if (lo > 0 && Math.abs(legs[lo - 1].strike - x) <= Math.abs(legs[lo].strike - x)) return lo - 1;
  return lo;
}

/**
 * At-the-money IV: the mean of the put and call IVs at the strike nearest the forward
 * (one side alone if the other is missing).
 */
function atTheMoneyIv(puts: readonly CleanLeg[], calls: readonly CleanLeg[], forward: number): number {
  const ip = nearestStrikeIndex(puts, forward);
  const ic = nearestStrikeIndex(calls, forward);
  if (ip < 0) return calls[ic].iv;
  if (ic < 0) return puts[ip].iv;
  const dp = Math.abs(puts[ip].strike - forward);
  const dc = Math.abs(calls[ic].strike - forward);
  if (dp === dc) return 0.5 * (puts[ip].iv + calls[ic].iv);
  return dp < dc ? puts[ip].iv : calls[ic].iv;
}
