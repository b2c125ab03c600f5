/**
 * Rolls of an open short option or credit spread: close it now and open the same structure at a later
 * expiration. Numbers and codes only (app/lib writes the words).
 *
 * Fill basis: the ideas' (hygiene.ts, FILL_BASIS "halfway_mid_natural"): every leg trades halfway between its
 * mid and its natural price. The close buys the shorts at buyFillPrice and sells the longs at sellFillPrice; the
 * new legs sell the shorts at sellFillPrice and buy the longs at buyFillPrice. net = new credit - close debit,
 * per share (positive: a net credit). The natural close (shorts at the ask, longs at the bid) is given beside it.
 *
 * Candidates, every expiration after the position's up to ROLL_MAX_DAYS_LATER days after it: the same strikes;
 * each side moved 1 to ROLL_MAX_STEPS listed strikes further out of the money (same width); a condor's untested
 * side (the one whose short strike is further from the spot, in percent) also moved 1 to ROLL_MAX_STEPS strikes
 * closer, still out of the money and below (puts) or above (calls) the other side. A covered call's new strike is
 * never below the campaign's adjusted basis unless allowBelowBasis.
 *
 * Each candidate, at its own credit (the position the book will hold after the roll): breakevens (a covered
 * call's is the new adjusted basis), POP from the expiration's smile as the ideas compute it (market-implied,
 * risk-neutral, at expiry), DTE (New York calendar days), max loss (null for a covered call: the shares carry
 * it), and for the wheel's options the campaign's new adjusted basis per share:
 *   covered call  basis - net
 *   cash-secured  basis - net + (new strike - old strike), where basis is what the shares would cost if the
 *                 current put were assigned (its strike less the campaign's net option cash per share)
 *
 * Ranking: the ideas' quality score (quality.ts scoreOf) of the new position: edge = new fill credit less the
 * new legs' expected payout at the forecast (physical model; the chain's own density without a forecast),
 * over the capital at risk, less the profile's DTE and delta misfit and the legs' prior-session illiquidity. The
 * close is common to every candidate, so ranking the new positions ranks the rolls. The risk a roll has no
 * width for: a cash-secured put's is its strike less the credit (its max loss); a covered call's is the spot
 * (the shares the call is written against are the capital at stake).
 */
import { buyFillPrice, FILL_BASIS, sellFillPrice } from "#app/engine/hygiene.ts";
import { priorSessionLiquidity } from "#app/engine/liquidity.ts";
import {
  DEFAULT_SPREAD_PROFILE,
  deltaFit,
  dteFit,
  physicalLegPayoff,
  PROFILE_TARGETS,
  scoreOf,
  type SpreadProfile,
} from "#app/engine/quality.ts";
import { expirationSmile, smileProbAbove, type Smile } from "#app/engine/smile.ts";
import { calendarDaysBetween, newYorkDate } from "#app/engine/time.ts";
import { isGeometryRefusal, positionShape } from "#app/engine/positions/geometry.ts";
import type { MarkContext, Position, PositionLeg, PositionShape } from "#app/engine/positions/types.ts";
import type { CleanChain, CleanExpiration, CleanLeg } from "#app/engine/types.ts";

const SHARES_PER_CONTRACT = 100;
/** Strikes a side is moved (further out, or a condor's untested side closer). */
export const ROLL_MAX_STEPS = 3;
/**
 * Expirations considered: up to this many calendar days after the position's. Two monthly cycles: a name listing
 * monthlies only still has two to roll to.
 */
export const ROLL_MAX_DAYS_LATER = 63;
/** Candidates returned, best score first. */
export const ROLL_MAX_CANDIDATES = 12;

export interface RollOptions {
  /** A covered call may be rolled to a strike below the adjusted basis (default false). */
  allowBelowBasis?: boolean;
  /** Wheel options: the campaign's adjusted basis per share (see the header); missing: not computed. */
  adjustedBasisPerShare?: number | null;
  /** The realised-volatility forecast (quality.ts), decimal; null claims no edge. */
  forecastVol?: number | null;
  equityPremium?: number;
  profile?: SpreadProfile;
  /** Default ROLL_MAX_DAYS_LATER. */
  maxDaysLater?: number;
  maxCandidates?: number;
}

/** One leg's two-sided quote for the close. */
export interface CloseQuote {
  bid: number;
  ask: number;
}

export type RollStatus = "ok" | "invalid" | "missing_leg" | "no_candidates";

export interface RollCandidate {
  legs: PositionLeg[];
  expiration: string;
  dte: number;
  /** Per share at the fill basis. */
  newCredit: number;
  /** newCredit - close debit, per share (positive: a net credit). */
  net: number;
  /** net x 100 x contracts. */
  netDollars: number;
  /** Null for a covered call without the adjusted basis. */
  popPercent: number | null;
  /** Ascending, per share. */
  breakevens: number[];
  /** Dollars per position; null for a covered call. */
  maxLoss: number | null;
  /** Wheel options: the campaign's adjusted basis per share after the roll; null when not given. */
  adjustedBasis: number | null;
  /** "same", "out" (further out of the money) or "in" (a condor's untested side closer), per side moved. */
  move: "same" | "out" | "in" | "out_in";
  score: number;
}

export interface RollResult {
  status: RollStatus;
  fillBasis: string;
  /** Per share: the close at the fill basis and at the natural price; null without the legs' quotes. */
  closeDebit: number | null;
  closeDebitNatural: number | null;
  /** The close at the fill basis, x 100 x contracts. */
  closeDollars: number | null;
  /** Best score first. */
  candidates: RollCandidate[];
  /** No candidate pays a net credit: closing (closeDebit) is the alternative shown. */
  closeInstead: boolean;
  /** Which side of a condor is tested (its short strike nearer the spot); null for one side. */
  testedSide: "put" | "call" | null;
}

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/** One side of a structure: its short and (optional) long legs in one right. */
interface Side {
  right: "put" | "call";
  short: number;
  width: number;
}

/** Strike index of K in the legs (by strike), or -1. */
const indexOf = (legs: readonly CleanLeg[], K: number) =>
  legs.findIndex((l) => Math.abs(l.strike - K) < 1e-6);

/**
 * The side's new (short, long) legs `steps` strikes away from `strike` (positive: further out of the money),
 * same width; null when the expiration does not list them.
 */
function sideAt(
  exp: CleanExpiration,
  side: Side,
  steps: number,
): { short: CleanLeg; long: CleanLeg | null } | null {
  const legs = side.right === "put" ? exp.puts : exp.calls;
  const at = indexOf(legs, side.short);
  if (at < 0) return null;
  const i = side.right === "put" ? at - steps : at + steps;
  const short = legs[i];
  if (!short) return null;
  if (side.width === 0) return { short, long: null };
  const longK = side.right === "put" ? short.strike - side.width : short.strike + side.width;
  const j = indexOf(legs, longK);
  return j < 0 ? null : { short, long: legs[j] };
}

interface Built {
  legs: { leg: CleanLeg; side: "short" | "long" }[];
}

function closeDebits(position: Position, quotes: readonly (CloseQuote | null | undefined)[]) {
  let fill = 0;
  let natural = 0;
  for (let i = 0; i < position.legs.length; i++) {
    const q = quotes[i];
    if (!q || !finite(q.bid) || !finite(q.ask) || q.bid < 0 || q.ask < q.bid) return null;
    if (position.legs[i].side === "short") {
      fill += buyFillPrice(q.bid, q.ask);
      natural += q.ask;
    } else {
      fill -= sellFillPrice(q.bid, q.ask);
      natural -= q.bid;
    }
  }
  return { fill, natural };
}

/** The sides of a valid shape, puts first. */
function sidesOf(position: Position, shape: PositionShape): Side[] {
  const sides: Side[] = [];
  if (shape.putShort >= 0)
    sides.push({ right: "put", short: position.legs[shape.putShort].strike, width: shape.putWidth });
  if (shape.callShort >= 0)
    sides.push({ right: "call", short: position.legs[shape.callShort].strike, width: shape.callWidth });
  return sides;
}

/** POP of short sides at `credit` from the smile (as spreads.ts buildIdea), and the breakevens. */
function popAndBreakevens(sm: Smile, shorts: { right: "put" | "call"; strike: number }[], credit: number) {
  const put = shorts.find((s) => s.right === "put");
  const call = shorts.find((s) => s.right === "call");
  const low = put ? put.strike - credit : null;
  const high = call ? call.strike + credit : null;
  let pop: number;
  if (low !== null && high !== null)
    pop = high > low ? Math.max(0, smileProbAbove(sm, low) - smileProbAbove(sm, high)) : 0;
  else if (low !== null) pop = smileProbAbove(sm, low);
  else pop = 1 - smileProbAbove(sm, high as number);
  const breakevens = [low, high].filter((x): x is number => x !== null);
  return { pop, breakevens };
}

/**
 * The rolls of one open position on this chain. `closeQuotes` are the position's legs' quotes in its order (the
 * raw chain's: a tested leg the hygiene would drop is still closed at its quote).
 */
export function rollCandidates(
  position: Position,
  chain: CleanChain,
  closeQuotes: readonly (CloseQuote | null | undefined)[],
  context: MarkContext,
  options: RollOptions = {},
): RollResult {
  const result: RollResult = {
    status: "ok",
    fillBasis: FILL_BASIS,
    closeDebit: null,
    closeDebitNatural: null,
    closeDollars: null,
    candidates: [],
    closeInstead: false,
    testedSide: null,
  };
  const shape = positionShape(position);
  if (isGeometryRefusal(shape)) return { ...result, status: "invalid" };
  const lot = position.contracts * SHARES_PER_CONTRACT;
  const close = closeDebits(position, closeQuotes);
  if (!close) return { ...result, status: "missing_leg" };
  result.closeDebit = close.fill;
  result.closeDebitNatural = close.natural;
  result.closeDollars = close.fill * lot;

  const S = context.spot;
  const r = context.rate;
  const q = context.dividendYield;
  const today = newYorkDate(context.nowMs);
  const targets = PROFILE_TARGETS[options.profile ?? DEFAULT_SPREAD_PROFILE];
  const maxDaysLater = options.maxDaysLater ?? ROLL_MAX_DAYS_LATER;
  const forecast = options.forecastVol ?? null;
  const premium = finite(options.equityPremium) ? options.equityPremium : 0;
  const basis = finite(options.adjustedBasisPerShare) ? options.adjustedBasisPerShare : null;
  const isCsp = position.strategy === "CASH_SECURED_PUT";
  const isCc = position.strategy === "COVERED_CALL";
  const sides = sidesOf(position, shape);
  const distance = (s: Side) => Math.abs(s.short - S) / S;
  if (sides.length === 2) result.testedSide = distance(sides[0]) <= distance(sides[1]) ? "put" : "call";

  // Each side's moves: the tested (or only) side same or out; a condor's untested side also in.
  const moves = sides.map((s) => {
    const steps = [0];
    for (let k = 1; k <= ROLL_MAX_STEPS; k++) steps.push(k);
    if (sides.length === 2 && s.right !== result.testedSide)
      for (let k = 1; k <= ROLL_MAX_STEPS; k++) steps.push(-k);
    return steps;
  });

  const candidates: RollCandidate[] = [];
  for (const exp of chain.expirations) {
    if (exp.expirationDate <= shape.expiration) continue;
    if (calendarDaysBetween(shape.expiration, exp.expirationDate) > maxDaysLater) continue;
    const dte = calendarDaysBetween(today, exp.expirationDate);
    const sm = expirationSmile(exp, S);
    const combos: number[][] =
      sides.length === 2 ? moves[0].flatMap((a) => moves[1].map((b) => [a, b])) : moves[0].map((a) => [a]);
    for (const steps of combos) {
      const built: Built = { legs: [] };
      let ok = true;
      const shorts: { right: "put" | "call"; strike: number }[] = [];
      for (let s = 0; s < sides.length && ok; s++) {
        const got = sideAt(exp, sides[s], steps[s]);
        if (!got) {
          ok = false;
          break;
        }
        // Moved closer, a short stays out of the money.
        if (steps[s] < 0 && (sides[s].right === "put" ? got.short.strike >= S : got.short.strike <= S))
          ok = false;
        shorts.push({ right: sides[s].right, strike: got.short.strike });
        built.legs.push({ leg: got.short, side: "short" });
        if (got.long) built.legs.push({ leg: got.long, side: "long" });
      }
      if (!ok) continue;
      if (shorts.length === 2 && !(shorts[0].strike < shorts[1].strike)) continue;
      if (isCc && basis !== null && !options.allowBelowBasis && shorts[0].strike < basis - 1e-9) continue;

      let credit = 0;
      let edge = 0;
      let aFit = 1;
      let liq = 1;
      for (const { leg, side } of built.legs) {
        const isCall = leg.type === "call";
        const payout = physicalLegPayoff(
          isCall,
          S,
          leg.strike,
          exp.T,
          leg.iv,
          exp.atmIv,
          forecast,
          premium,
          q,
          r,
        );
        if (side === "short") {
          credit += sellFillPrice(leg.bid, leg.ask);
          edge -= payout;
          aFit = Math.min(aFit, deltaFit(targets, Math.abs(leg.delta)));
        } else {
          credit -= buyFillPrice(leg.bid, leg.ask);
          edge += payout;
        }
        liq = Math.min(liq, priorSessionLiquidity(leg.openInterest, leg.prevDayVolume));
      }
      edge += credit;
      if (!(credit > 0)) continue;
      let risk: number;
      let maxLoss: number | null;
      if (isCsp) {
        risk = shorts[0].strike - credit;
        maxLoss = risk * lot;
      } else if (isCc) {
        risk = S;
        maxLoss = null;
      } else {
        // The sides' risks summed (as the ideas score a condor); the loss is the wider side's.
        risk = sides.reduce((sum, s) => sum + s.width, 0) - credit;
        maxLoss = (Math.max(...sides.map((s) => s.width)) - credit) * lot;
      }
      if (!(risk > 0)) continue;
      const net = credit - close.fill;
      const oldStrike = sides[0].short;
      const adjustedBasis =
        basis === null || !(isCsp || isCc) ? null : basis - net + (isCsp ? shorts[0].strike - oldStrike : 0);
      let pop: number | null;
      let breakevens: number[];
      if (isCc) {
        breakevens = adjustedBasis === null ? [] : [adjustedBasis];
        pop = adjustedBasis === null ? null : smileProbAbove(sm, adjustedBasis);
      } else ({ pop, breakevens } = popAndBreakevens(sm, shorts, credit));
      const moved = steps.some((x) => x > 0);
      const closer = steps.some((x) => x < 0);
      candidates.push({
        legs: built.legs.map(({ leg, side }) => ({
          right: leg.type,
          strike: leg.strike,
          expiration: exp.expirationDate,
          side,
          quantity: position.contracts,
        })),
        expiration: exp.expirationDate,
        dte,
        newCredit: credit,
        net,
        netDollars: net * lot,
        popPercent: pop === null ? null : pop * 100,
        breakevens,
        maxLoss,
        adjustedBasis,
        move: moved && closer ? "out_in" : moved ? "out" : closer ? "in" : "same",
        score: scoreOf(edge, risk, dteFit(targets, dte), aFit, liq),
      });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  result.candidates = candidates.slice(0, options.maxCandidates ?? ROLL_MAX_CANDIDATES);
  if (candidates.length === 0) result.status = "no_candidates";
  result.closeInstead = !candidates.some((c) => c.net > 0);
  return result;
}
