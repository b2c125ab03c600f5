/**
 * Alerts on an open position's live mark, with crossing semantics: an alert fires once when its condition turns
 * true and is then latched, silent on every refresh while the condition holds; it re-arms only once the
 * condition has cleared past a band (the *_REARM_* constants), so a mark hovering at a threshold does not fire
 * again on each quote. A mark that is not "ok" (stale, a leg or the spot missing, invalid) fires nothing and
 * leaves the state as it was but for the earnings baseline: the caller says why from `skipped`.
 *
 * Earnings: the next earnings date seen at a position's first evaluation is its baseline. On the open day that is
 * the date known when it was opened (chosen with it), and it never fires; a date inside the trade that differs
 * from it, announced or moved later, fires once per date.
 *
 * The state is a small JSON object; evaluatePositionAlerts returns the previous state object itself when
 * nothing changed, so `state !== previous` (or alertStateChanged for stored copies) tells when to store it.
 */
import { MANAGEMENT_RULE } from "#app/engine/management.ts";
import { dateToUtcMs } from "#app/engine/time.ts";
import { DAY_MS } from "#app/engine/units.ts";
import type { MarkStatus, Position, PositionLeg, PositionMark } from "#app/engine/positions/types.ts";

export type AlertCode =
  "PROFIT_TARGET" | "LOSS_LIMIT" | "DTE_REACHED" | "STRIKE_TESTED" | "ASSIGNMENT_RISK" | "EARNINGS_INSIDE";

/** The latched codes are kept in this order, so two states compare element by element. */
export const ALERT_CODES: readonly AlertCode[] = [
  "PROFIT_TARGET",
  "LOSS_LIMIT",
  "DTE_REACHED",
  "STRIKE_TESTED",
  "ASSIGNMENT_RISK",
  "EARNINGS_INSIDE",
];

/** Spot within this percent of a short strike (or past it) tests the strike. */
export const DEFAULT_TESTED_DISTANCE_PERCENT = 2;
/** A short leg's |delta| above this tests its strike (the market's odds have turned against it). */
export const STRIKE_TESTED_DELTA = 0.5;
/** Profit target re-arms once P&L falls below the target less this share of max profit (10 points). */
export const PROFIT_TARGET_REARM_SHARE = 0.1;
/** Loss limit re-arms once the loss falls below the limit less this many credits. */
export const LOSS_LIMIT_REARM_MULTIPLE = 0.25;
/** Strike tested re-arms once every short |delta| is below this ... */
export const STRIKE_TESTED_REARM_DELTA = 0.45;
/** ... and spot is this many percent further from every short strike than the tested distance. */
export const STRIKE_TESTED_REARM_EXTRA_PERCENT = 1;
/** Assignment risk (dividend) re-arms once the short call's extrinsic exceeds the dividend by this, per share. */
export const ASSIGNMENT_REARM_EXTRINSIC = 0.05;
/** Assignment risk (last days) re-arms once every short is this many percent out of the money. */
export const ASSIGNMENT_REARM_OTM_PERCENT = 0.5;
/** A short option in the money within this many trading days of expiration (expiration day counted 1). */
export const ASSIGNMENT_LAST_TRADING_DAYS = 2;

export interface AlertSettings {
  /** Share of the credit, default MANAGEMENT_RULE.profitTakeShare. */
  profitTargetShare?: number;
  /** Credits lost, default MANAGEMENT_RULE.lossLimitMultiple. */
  lossLimitMultiple?: number;
  /** Days to expiration, default MANAGEMENT_RULE.exitDte. */
  exitDte?: number;
  /** Percent of the strike, default DEFAULT_TESTED_DISTANCE_PERCENT. */
  testedDistancePercent?: number;
}

export interface AlertContext {
  /** The next dividend the underlying pays, per share. */
  nextDividend?: { exDate: string; amount: number } | null;
  /** 'YYYY-MM-DD' */
  nextEarningsDate?: string | null;
  /**
   * Trading sessions from today through expiration, expiration day counted (1 on it): a number, or a function of
   * (today, expiration) such as the exchange calendar's; missing: weekdays (holidays not known here).
   */
  tradingDaysLeft?: number | ((today: string, expiration: string) => number) | null;
}

export interface AlertState {
  version: 1;
  /** Codes whose condition held at the last "ok" mark, in ALERT_CODES order. */
  latched: AlertCode[];
  /** The earnings date EARNINGS_INSIDE fired for (once per date). */
  earningsAlertedFor: string | null;
  /** New York date of the first evaluation, which took the earnings baseline; null before it. */
  earningsSeenOn: string | null;
  /** The next earnings date that first evaluation saw (null: none listed): known at the open when seen on its day. */
  earningsKnownAtOpen: string | null;
}

export const INITIAL_ALERT_STATE: AlertState = Object.freeze({
  version: 1,
  latched: [],
  earningsAlertedFor: null,
  earningsSeenOn: null,
  earningsKnownAtOpen: null,
}) as AlertState;

/**
 * The state with its earnings baseline: unchanged once taken, else the date listed now, seen today. A first
 * evaluation after the open day cannot know whether that date was known at the open; it is taken as known all
 * the same (no alert for it), since the alert says the date was announced after the open and a guess would make
 * that untrue, while a date announced or moved from then on still fires.
 */
export function withEarningsBaseline(
  state: AlertState,
  today: string,
  nextEarningsDate: string | null | undefined,
): AlertState {
  if (state.earningsSeenOn !== null) return state;
  return { ...state, earningsSeenOn: today, earningsKnownAtOpen: nextEarningsDate ?? null };
}

interface Fired {
  /** The oldest quote time of the mark that fired it. */
  quoteTimeMs: number;
}
export type AlertFiring =
  | (Fired & { code: "PROFIT_TARGET"; pnlNatural: number; pnlShareOfCredit: number; targetShare: number })
  | (Fired & { code: "LOSS_LIMIT"; pnlNatural: number; lossMultipleOfCredit: number; limitMultiple: number })
  | (Fired & { code: "DTE_REACHED"; daysLeft: number; exitDte: number })
  | (Fired & {
      code: "STRIKE_TESTED";
      trigger: "delta" | "distance";
      legIndex: number;
      strike: number;
      spot: number;
      /** |delta| of the short leg, null when unknown. */
      delta: number | null;
      /** Percent of the strike from spot to it, on the safe side positive (negative: past the strike). */
      distancePercent: number;
    })
  | (Fired & {
      code: "ASSIGNMENT_RISK";
      trigger: "dividend" | "last_trading_days";
      legIndex: number;
      strike: number;
      spot: number;
      extrinsic: number;
      dividendAmount: number | null;
      exDividendDate: string | null;
      tradingDaysLeft: number | null;
    })
  | (Fired & { code: "EARNINGS_INSIDE"; earningsDate: string; expiration: string });

export interface AlertEvaluation {
  fired: AlertFiring[];
  state: AlertState;
  /** The mark's status when it was not "ok" (nothing evaluated), else null. */
  skipped: MarkStatus | null;
}

/** Whether two stored states differ. */
export function alertStateChanged(a: AlertState, b: AlertState): boolean {
  if (a === b) return false;
  if (a.version !== b.version || a.earningsAlertedFor !== b.earningsAlertedFor) return true;
  if (a.earningsSeenOn !== b.earningsSeenOn || a.earningsKnownAtOpen !== b.earningsKnownAtOpen) return true;
  if (a.latched.length !== b.latched.length) return true;
  for (let i = 0; i < a.latched.length; i++) if (a.latched[i] !== b.latched[i]) return true;
  return false;
}

/** Weekdays from `from` through `to`, both counted (0 when `to` is before `from`). */
export function weekdaysThrough(from: string, to: string): number {
  const start = dateToUtcMs(from);
  const days = Math.round((dateToUtcMs(to) - start) / DAY_MS) + 1;
  if (!(days > 0)) return 0;
  const startDay = new Date(start).getUTCDay();
  let count = Math.floor(days / 7) * 5;
  for (let i = 0; i < days % 7; i++) {
    const d = (startDay + i) % 7;
    if (d !== 0 && d !== 6) count++;
  }
  return count;
}

/** Short-strike distances: percent of the strike from spot to it, positive on the safe side. */
function distancePercent(right: "put" | "call", strike: number, spot: number): number {
  return ((right === "put" ? spot - strike : strike - spot) / strike) * 100;
}

/** One short leg against the tested rule: its distance on the safe side (percent of the strike) and |delta|. */
function shortLegTest(
  leg: Pick<PositionLeg, "right" | "strike">,
  legDelta: number | null | undefined,
  spot: number,
  testedPercent: number,
) {
  const distance = distancePercent(leg.right, leg.strike, spot);
  const absDelta = legDelta == null ? null : Math.abs(legDelta);
  const byDelta = absDelta !== null && absDelta > STRIKE_TESTED_DELTA;
  return { distance, absDelta, byDelta, tested: byDelta || distance <= testedPercent };
}

export interface TestedLeg {
  legIndex: number;
  /** Percent of the strike spot is on the safe side (negative: through the strike). */
  distancePercent: number;
  delta: number | null;
  trigger: "delta" | "distance";
}

/**
 * The short legs the tested rule holds now (|delta| above STRIKE_TESTED_DELTA, or spot within the tested distance):
 * what a position's card shows. The alert's own test, without its re-arm band (that is the alert's memory).
 */
export function testedShortLegs(
  legs: readonly Pick<PositionLeg, "right" | "side" | "strike">[],
  mark: Pick<PositionMark, "spot" | "legs">,
  testedPercent: number = DEFAULT_TESTED_DISTANCE_PERCENT,
): TestedLeg[] {
  const out: TestedLeg[] = [];
  if (!(mark.spot > 0)) return out;
  legs.forEach((leg, i) => {
    if (leg.side !== "short") return;
    const legDelta = mark.legs[i]?.delta ?? null;
    const t = shortLegTest(leg, legDelta, mark.spot, testedPercent);
    if (t.tested)
      out.push({
        legIndex: i,
        distancePercent: t.distance,
        delta: legDelta,
        trigger: t.byDelta ? "delta" : "distance",
      });
  });
  return out;
}

/** A condition: "on" (fire if not latched), "hold" (inside the band: keep the latch), "off" (re-arm). */
type Level = 0 | 1 | 2;
const OFF: Level = 0;
const HOLD: Level = 1;
const ON: Level = 2;

/**
 * Evaluates the alerts of one position at one mark. `previousState` is what the last evaluation returned (or
 * INITIAL_ALERT_STATE); the returned state is the same object when nothing changed.
 */
export function evaluatePositionAlerts(
  position: Position,
  mark: PositionMark,
  settings: AlertSettings,
  previousState: AlertState,
  context: AlertContext,
): AlertEvaluation {
  const baseline = withEarningsBaseline(previousState, mark.today, context.nextEarningsDate);
  if (mark.status !== "ok") return { fired: [], state: baseline, skipped: mark.status };
  const targetShare = settings.profitTargetShare ?? MANAGEMENT_RULE.profitTakeShare;
  const limitMultiple = settings.lossLimitMultiple ?? MANAGEMENT_RULE.lossLimitMultiple;
  const exitDte = settings.exitDte ?? MANAGEMENT_RULE.exitDte;
  const testedPercent = settings.testedDistancePercent ?? DEFAULT_TESTED_DISTANCE_PERCENT;
  const quoteTimeMs = mark.oldestQuoteTimeMs as number;
  const credit = mark.credit;
  const pnlNatural = mark.pnlNatural as number;
  // P&L at the cost to close as a share of the credit (of max profit: the credit is all a credit can make).
  const pnlShare = (credit - (mark.valueNatural as number)) / credit;
  const daysLeft = mark.daysLeft as number;
  const spot = mark.spot;
  const fired: AlertFiring[] = [];
  const latched: AlertCode[] = [];
  const was = (code: AlertCode) => previousState.latched.includes(code);
  const step = (code: AlertCode, level: Level, fire: () => AlertFiring) => {
    if (level === ON && !was(code)) fired.push(fire());
    if (level === ON || (level === HOLD && was(code))) latched.push(code);
  };

  step(
    "PROFIT_TARGET",
    pnlShare >= targetShare ? ON : pnlShare >= targetShare - PROFIT_TARGET_REARM_SHARE ? HOLD : OFF,
    () => ({ code: "PROFIT_TARGET", quoteTimeMs, pnlNatural, pnlShareOfCredit: pnlShare, targetShare }),
  );

  const lossMultiple = -pnlShare;
  step(
    "LOSS_LIMIT",
    lossMultiple >= limitMultiple
      ? ON
      : lossMultiple >= limitMultiple - LOSS_LIMIT_REARM_MULTIPLE
        ? HOLD
        : OFF,
    () => ({
      code: "LOSS_LIMIT",
      quoteTimeMs,
      pnlNatural,
      lossMultipleOfCredit: lossMultiple,
      limitMultiple,
    }),
  );

  // Time only runs forward: no band (it clears only if the setting moves).
  const openedAbove = (mark.openedDaysToExpiration as number) > exitDte;
  step("DTE_REACHED", openedAbove && daysLeft <= exitDte ? ON : OFF, () => ({
    code: "DTE_REACHED",
    quoteTimeMs,
    daysLeft,
    exitDte,
  }));

  // The most tested short leg: the smallest distance on the safe side.
  let tested = -1;
  let testedDistance = Infinity;
  let testedLevel: Level = OFF;
  let testedTrigger: "delta" | "distance" = "distance";
  for (let i = 0; i < position.legs.length; i++) {
    const leg = position.legs[i];
    if (leg.side !== "short") continue;
    const {
      distance: d,
      absDelta,
      byDelta,
      tested: isTested,
    } = shortLegTest(leg, mark.legs[i]?.delta, spot, testedPercent);
    const level: Level = isTested
      ? ON
      : (absDelta !== null && absDelta >= STRIKE_TESTED_REARM_DELTA) ||
          d <= testedPercent + STRIKE_TESTED_REARM_EXTRA_PERCENT
        ? HOLD
        : OFF;
    if (level > testedLevel || (level === testedLevel && level !== OFF && d < testedDistance)) {
      tested = i;
      testedDistance = d;
      testedLevel = level;
      testedTrigger = byDelta ? "delta" : "distance";
    }
  }
  step("STRIKE_TESTED", testedLevel, () => {
    const legDelta = mark.legs[tested]?.delta;
    return {
      code: "STRIKE_TESTED",
      quoteTimeMs,
      trigger: testedTrigger,
      legIndex: tested,
      strike: position.legs[tested].strike,
      spot,
      delta: legDelta == null ? null : Math.abs(legDelta),
      distancePercent: testedDistance,
    };
  });

  assignmentStep(position, mark, context, quoteTimeMs, step);

  // Earnings: once per date, when it falls inside the position's life and is not the baseline's date.
  const earnings = context.nextEarningsDate ?? null;
  let earningsAlertedFor = previousState.earningsAlertedFor;
  const expiration = mark.expiration as string;
  if (
    earnings !== null &&
    earnings !== baseline.earningsKnownAtOpen &&
    earnings !== earningsAlertedFor &&
    earnings > position.openedDate &&
    earnings <= expiration &&
    earnings >= mark.today
  ) {
    fired.push({ code: "EARNINGS_INSIDE", quoteTimeMs, earningsDate: earnings, expiration });
    earningsAlertedFor = earnings;
  }

  const state =
    earningsAlertedFor === previousState.earningsAlertedFor && sameCodes(latched, previousState.latched)
      ? baseline
      : { ...baseline, latched, earningsAlertedFor };
  return { fired, state, skipped: null };
}

function sameCodes(a: readonly AlertCode[], b: readonly AlertCode[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Early assignment: a short call in the money whose extrinsic value is below the next dividend, before its
 * ex-date (the holder exercises on the eve to collect it); or any short option in the money on its last
 * ASSIGNMENT_LAST_TRADING_DAYS trading days.
 */
function assignmentStep(
  position: Position,
  mark: PositionMark,
  context: AlertContext,
  quoteTimeMs: number,
  step: (code: AlertCode, level: Level, fire: () => AlertFiring) => void,
): void {
  const spot = mark.spot;
  const expiration = mark.expiration as string;
  const dividend = context.nextDividend ?? null;
  const dividendAhead =
    dividend !== null && dividend.amount > 0 && dividend.exDate > mark.today && dividend.exDate <= expiration;
  let daysLeft: number | null = null;
  const tradingDays = () => {
    if (daysLeft !== null) return daysLeft;
    const given = context.tradingDaysLeft;
    daysLeft =
      typeof given === "function"
        ? given(mark.today, expiration)
        : typeof given === "number"
          ? given
          : weekdaysThrough(mark.today, expiration);
    return daysLeft;
  };
  let level: Level = OFF;
  let firing: AlertFiring | null = null;
  for (let i = 0; i < position.legs.length && level !== ON; i++) {
    const leg = position.legs[i];
    const legMark = mark.legs[i];
    if (leg.side !== "short" || !legMark) continue;
    const otmPercent = distancePercent(leg.right, leg.strike, spot);
    const inTheMoney = otmPercent < 0;
    const base = { code: "ASSIGNMENT_RISK" as const, quoteTimeMs, legIndex: i, strike: leg.strike, spot };
    if (leg.right === "call" && inTheMoney && dividendAhead) {
      if (legMark.extrinsic < dividend.amount) {
        level = ON;
        firing = {
          ...base,
          trigger: "dividend",
          extrinsic: legMark.extrinsic,
          dividendAmount: dividend.amount,
          exDividendDate: dividend.exDate,
          tradingDaysLeft: null,
        };
        continue;
      }
      if (legMark.extrinsic < dividend.amount + ASSIGNMENT_REARM_EXTRINSIC) level = HOLD;
    }
    if (inTheMoney && tradingDays() <= ASSIGNMENT_LAST_TRADING_DAYS) {
      level = ON;
      firing = {
        ...base,
        trigger: "last_trading_days",
        extrinsic: legMark.extrinsic,
        dividendAmount: null,
        exDividendDate: null,
        tradingDaysLeft: tradingDays(),
      };
    } else if (otmPercent < ASSIGNMENT_REARM_OTM_PERCENT && tradingDays() <= ASSIGNMENT_LAST_TRADING_DAYS)
      level = HOLD;
  }
  step("ASSIGNMENT_RISK", level, () => firing as AlertFiring);
}
