/**
 * Grading a published idea at expiry (the track record, docs/decisions/265-track-record-log-and-grading.md).
 *
 * Units: strikes, credits, settlement and marks per share; every P&L per contract (x 100), in dollars.
 * Settlement is the official close on expiry day (for AM-settled index options the opening settlement value,
 * approximated by the open and flagged by the caller). Per contract, with c the credit received:
 *   bull put   100 [c - min(w, (Ks - S)+)]              w = short put strike - long put strike
 *   bear call  100 [c - min(w, (S - Ks)+)]              w = long call strike - short call strike
 *   iron condor both sides (only one can lose at expiry)
 *   CSP        100 [c - (K - S)+]                       assigned when S < K
 *   CC         100 [c + min(S, K) - S0 + dividends]     S0 the stock bought at publication, dividends only when
 *                                                      the stock is held through the ex-date (an ex-date on or
 *                                                      before the exit); called when S > K. Early assignment
 *                                                      before an ex-date is not modelled (the screener leaves
 *                                                      out calls at that risk, decision 236)
 * A win is P&L >= $0.01 per contract (the probability of profit's event); "all shorts out of the money" is
 * reported beside it. A settlement within PIN_DISTANCE of a short strike is flagged as a pin: who is assigned is
 * then a coin the close does not decide.
 *
 * The management rule (close at MANAGE_PROFIT_SHARE of the credit or at MANAGE_EXIT_DTE days to expiration,
 * whichever comes first) reads the position's daily closing marks: the cost to close per share on each session
 * after publication. The 21-DTE exit applies only to ideas published above 21 DTE (one published at or inside it
 * would otherwise be closed on its first close); those are held for the profit target or to expiry.
 */
import { MANAGEMENT_RULE } from "#app/engine/management.ts";

export type GradedStrategy =
  "BULL_PUT_SPREAD" | "BEAR_CALL_SPREAD" | "IRON_CONDOR" | "CASH_SECURED_PUT" | "COVERED_CALL";

/** Settlement within this many dollars of a short strike is a pin. */
export const PIN_DISTANCE = 0.05;
/** The smallest P&L per contract that counts as a win (the POP event: finishing beyond the breakeven). */
export const WIN_THRESHOLD = 0.01;
/** Close when the cost to close falls to (1 - this) of the credit: 50% of the credit kept. */
export const MANAGE_PROFIT_SHARE = MANAGEMENT_RULE.profitTakeShare;
/** Close at this many calendar days to expiration, when published above it. */
export const MANAGE_EXIT_DTE = MANAGEMENT_RULE.exitDte;

/** The strikes of a logged idea, per share. A strike a strategy does not use is null. */
export interface GradedPosition {
  strategy: GradedStrategy;
  putShort: number | null;
  putLong: number | null;
  callShort: number | null;
  callLong: number | null;
  /** 'YYYY-MM-DD'. */
  expiration: string;
  /** The stock price paid at publication (covered calls only). */
  stockCost?: number;
  /** Covered calls: dividends whose ex-date falls after publication, per share. */
  dividends?: readonly { exDate: string; amount: number }[];
}

export interface Settlement {
  /** Per share: the official close on expiry day, or the approximated opening settlement value. */
  price: number;
}

export interface ExpiryGrade {
  /** Per contract, dollars. */
  pnl: number;
  win: boolean;
  /** Every short strike finished out of the money. */
  shortsOutOfTheMoney: boolean;
  /** Settlement within PIN_DISTANCE of a short strike. */
  pin: boolean;
  /** CSP: the put finished in the money. */
  assigned: boolean;
  /** CC: the call finished in the money. */
  calledAway: boolean;
}

function need(value: number | null, what: string): number {
  if (value === null || !Number.isFinite(value)) throw new Error(`grading: ${what} is required`);
  return value;
}

/** Loss per share of the position's options at settlement, before the credit. */
function settlementLoss(position: GradedPosition, s: number): number {
  switch (position.strategy) {
    case "BULL_PUT_SPREAD": {
      const ks = need(position.putShort, "putShort");
      const w = ks - need(position.putLong, "putLong");
      return Math.min(w, Math.max(0, ks - s));
    }
    case "BEAR_CALL_SPREAD": {
      const ks = need(position.callShort, "callShort");
      const w = need(position.callLong, "callLong") - ks;
      return Math.min(w, Math.max(0, s - ks));
    }
    case "IRON_CONDOR": {
      const kps = need(position.putShort, "putShort");
      const kcs = need(position.callShort, "callShort");
      const wp = kps - need(position.putLong, "putLong");
      const wc = need(position.callLong, "callLong") - kcs;
      return Math.min(wp, Math.max(0, kps - s)) + Math.min(wc, Math.max(0, s - kcs));
    }
    case "CASH_SECURED_PUT":
      return Math.max(0, need(position.putShort, "putShort") - s);
    case "COVERED_CALL":
      return Math.max(0, s - need(position.callShort, "callShort"));
  }
}

/** Dividends per share the stock earned when held through `through` (ex-date on or before it, held at its open). */
export function dividendsHeldThrough(position: GradedPosition, through: string): number {
  let sum = 0;
  for (const d of position.dividends ?? []) if (d.exDate <= through) sum += d.amount;
  return sum;
}

function shortStrikes(position: GradedPosition): number[] {
  const out: number[] = [];
  if (position.putShort !== null) out.push(position.putShort);
  if (position.callShort !== null) out.push(position.callShort);
  return out;
}

/** Rounds a dollar figure to cents (P&L is money: no float dust such as 49.99999999 in a record). */
function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The position's grade held to expiry, at a credit per share. */
export function gradeAtExpiry(position: GradedPosition, credit: number, settlement: Settlement): ExpiryGrade {
  const s = settlement.price;
  if (!Number.isFinite(s) || s < 0) throw new Error("grading: settlement must be a price");
  let perShare = credit - settlementLoss(position, s);
  if (position.strategy === "COVERED_CALL") {
    const stockCost = position.stockCost;
    if (stockCost === undefined || !Number.isFinite(stockCost))
      throw new Error("grading: stockCost is required");
    // The option's loss above the strike offsets the stock's gain past it: min(S, K) - S0 on the stock leg.
    perShare += s - stockCost + dividendsHeldThrough(position, position.expiration);
  }
  const pnl = cents(perShare * 100);
  const shorts = shortStrikes(position);
  const putShort = position.putShort;
  const callShort = position.callShort;
  const putOtm = putShort === null || s >= putShort;
  const callOtm = callShort === null || s <= callShort;
  return {
    pnl,
    win: pnl >= WIN_THRESHOLD,
    shortsOutOfTheMoney: putOtm && callOtm,
    pin: shorts.some((k) => Math.abs(s - k) <= PIN_DISTANCE + 1e-9),
    assigned: position.strategy === "CASH_SECURED_PUT" && putShort !== null && s < putShort,
    calledAway: position.strategy === "COVERED_CALL" && callShort !== null && s > callShort,
  };
}

/** One session's closing mark: the cost per share to close the options (buy back shorts, sell longs). */
export interface DailyMark {
  /** 'YYYY-MM-DD', New York. */
  date: string;
  /** Calendar days from this date to expiration. */
  dte: number;
  /** Per share, at the same fill as the credit it is compared with. */
  closeCost: number;
}

export interface ManagedGrade {
  /** Per contract, dollars. */
  pnl: number;
  win: boolean;
  /** How the position ended. */
  exit: "profit-target" | "exit-dte" | "expiry";
  /** 'YYYY-MM-DD' of the closing session, or null when held to expiry. */
  closedOn: string | null;
}

/**
 * The management rule on daily closes: close at the first session whose cost to close is at most
 * (1 - MANAGE_PROFIT_SHARE) x credit, or at the first session at or inside MANAGE_EXIT_DTE when the idea was
 * published above it, whichever comes first; otherwise the expiry grade. Marks are read in date order.
 * For a covered call the stock leg is closed with the option at its own mark: `stockMarks` gives the stock's
 * close per date (required for covered calls).
 */
export function gradeManaged(
  position: GradedPosition,
  credit: number,
  publishedDte: number,
  marks: readonly DailyMark[],
  settlement: Settlement,
  stockMarks?: ReadonlyMap<string, number>,
): ManagedGrade {
  const target = (1 - MANAGE_PROFIT_SHARE) * credit;
  const dteExit = publishedDte > MANAGE_EXIT_DTE;
  const ordered = [...marks].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const mark of ordered) {
    if (mark.dte <= 0) break;
    const hitTarget = mark.closeCost <= target + 1e-12;
    const hitDte = dteExit && mark.dte <= MANAGE_EXIT_DTE;
    if (!hitTarget && !hitDte) continue;
    let perShare = credit - mark.closeCost;
    if (position.strategy === "COVERED_CALL") {
      const stock = stockMarks?.get(mark.date);
      if (stock === undefined || position.stockCost === undefined) {
        throw new Error(`grading: the stock's close on ${mark.date} is required for a covered call`);
      }
      perShare += stock - position.stockCost + dividendsHeldThrough(position, mark.date);
    }
    const pnl = cents(perShare * 100);
    return {
      pnl,
      win: pnl >= WIN_THRESHOLD,
      exit: hitTarget ? "profit-target" : "exit-dte",
      closedOn: mark.date,
    };
  }
  const held = gradeAtExpiry(position, credit, settlement);
  return { pnl: held.pnl, win: held.win, exit: "expiry", closedOn: null };
}
