/**
 * Open positions a user holds (decision 333): what was opened, the quotes that mark it and
 * what the mark says. Units: strikes, credits, quotes and per-share values in dollars per share; P&L, max profit
 * and loss and the greeks in dollars per position (contracts x 100 shares); probabilities and shares of max
 * profit as percents 0-100 where the name says Percent.
 */
import type { OptionType } from "#app/engine/bsm.ts";

export type PositionStrategy =
  | "BULL_PUT_SPREAD"
  | "BEAR_CALL_SPREAD"
  | "IRON_CONDOR"
  /** A vertical of one right (2 legs) or a put vertical below a call vertical (4 legs). */
  | "CUSTOM_CREDIT_SPREAD"
  | "CASH_SECURED_PUT"
  /** The short call only: the shares are held apart (the wheel's ledger owns them). */
  | "COVERED_CALL";

export interface PositionLeg {
  right: OptionType;
  strike: number;
  /** 'YYYY-MM-DD' */
  expiration: string;
  side: "short" | "long";
  /** Contracts, positive: equal to the position's contracts (one lot per leg). */
  quantity: number;
}

export interface Position {
  underlying: string;
  strategy: PositionStrategy;
  legs: readonly PositionLeg[];
  /** Net credit received per share at the open fill. */
  openCredit: number;
  /** 'YYYY-MM-DD', New York. */
  openedDate: string;
  /** Contracts of the position (each leg's quantity). */
  contracts: number;
  /** Covered calls: the shares' cost per share, for the breakeven and POP; missing: neither is given. */
  stockCostPerShare?: number | null;
}

/** One leg's quote; null in the list for a leg without one. */
export interface LegQuote {
  bid: number;
  ask: number;
  /** The expiration smile's IV at the leg's strike, decimal; missing: solved from the mid. */
  iv?: number | null;
  /** The provider's delta; missing: the model's. */
  delta?: number | null;
  quoteTimeMs: number;
}

/** The market the marks are taken in. */
export interface MarkContext {
  spot: number;
  spotQuoteTimeMs: number;
  /** Continuous, decimal. */
  rate: number;
  /** Continuous, decimal. */
  dividendYield: number;
  nowMs: number;
  /** Default MARK_MAX_QUOTE_AGE_MINUTES. */
  maxQuoteAgeMinutes?: number;
}

/** Why a position's legs are not a credit structure of its kind. */
export type GeometryCode =
  | "bad_number"
  | "bad_date"
  | "leg_count"
  | "leg_pattern"
  | "strike_order"
  | "mixed_expirations"
  | "opened_after_expiration"
  | "quantity_mismatch"
  | "not_a_credit"
  | "credit_not_below_width";

export interface GeometryRefusal {
  code: GeometryCode;
  /** The leg that breaks it, when one does. */
  legIndex: number | null;
}

/** Leg indexes of a valid position, by role (-1: the strategy has no such leg). */
export interface PositionShape {
  putShort: number;
  putLong: number;
  callShort: number;
  callLong: number;
  expiration: string;
  /** Per share; 0 for a side without a long leg. */
  putWidth: number;
  callWidth: number;
}

/** "stale": a quote (or the spot) older than the limit, values given; otherwise no values. */
export type MarkStatus = "ok" | "stale" | "missing_leg" | "missing_spot" | "invalid";

export interface LegMark {
  mid: number;
  bid: number;
  ask: number;
  intrinsic: number;
  /** mid - intrinsic. */
  extrinsic: number;
  /** The IV used, or null when neither given nor solvable from the mid. */
  iv: number | null;
  /** Per share and 1.00 of the underlying: the provider's, else the model's (null without an IV). */
  delta: number | null;
  quoteTimeMs: number;
}

export interface PositionMark {
  status: MarkStatus;
  /** Set when status is "invalid". */
  geometry: GeometryRefusal | null;
  missingLegIndexes: number[];
  staleLegIndexes: number[];
  spotStale: boolean;
  /** The oldest quote time used (legs and spot), or null without a quote. */
  oldestQuoteTimeMs: number | null;
  spot: number;
  /** New York date of nowMs. */
  today: string;
  expiration: string | null;
  /** Calendar days, New York dates. */
  daysHeld: number | null;
  daysLeft: number | null;
  /** Days to expiration on the opened date. */
  openedDaysToExpiration: number | null;
  /** Per share. */
  credit: number;
  /** Dollars per position. */
  maxProfit: number | null;
  /** Dollars per position; null when invalid or unbounded (a covered call's option alone). */
  maxLoss: number | null;
  /** Ascending, per share. */
  breakevens: number[];
  /** Per share, cost to close at every leg's mid. */
  valueMid: number | null;
  /** Per share, cost to close at the natural price: shorts bought at the ask, longs sold at the bid. */
  valueNatural: number | null;
  pnlMid: number | null;
  pnlNatural: number | null;
  pnlMidPercentOfMaxProfit: number | null;
  pnlNaturalPercentOfMaxProfit: number | null;
  /** Risk-neutral probability of finishing beyond the breakeven(s), percent. */
  popPercent: number | null;
  /** Probability of touching the (either) short strike before expiry, percent. */
  touchPercent: number | null;
  /** Share-equivalent delta of the options. */
  deltaShares: number | null;
  deltaDollars: number | null;
  thetaDollarsPerDay: number | null;
  vegaDollarsPerVolPoint: number | null;
  /** Per leg in the position's order; null for a leg without a quote. */
  legs: (LegMark | null)[];
}
