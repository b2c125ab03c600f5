/**
 * Input and output types of the engine. The market-data module builds `OptionChain`
 * and `MarketContext` from a provider; the engine never fetches anything.
 */
import type { ExpiryFactors, OptionType } from "./bsm";

/** One option quote as delivered by a provider, normalised to these units. */
export interface ChainLeg {
  /** OCC symbol, e.g. 'AAPL  260116C00150000' or 'AAPL260116C00150000' ('O:' prefix tolerated). */
  occSymbol: string;
  type: OptionType;
  strike: number;
  bid: number;
  ask: number;
  last?: number | null;
  /** Implied volatility as a decimal (0.25 = 25%). Missing, 0 or absurd values are re-solved from the mid. */
  iv?: number | null;
  /** Per 1.00 of the underlying. */
  delta?: number | null;
  /** Per 1.00 of the underlying. */
  gamma?: number | null;
  /** Per calendar day, per share (broker convention). */
  theta?: number | null;
  /** Per 1 volatility point (1%), per share (broker convention). */
  vega?: number | null;
  volume: number;
  openInterest: number;
  /** ISO instant of the quote; missing means "as fresh as the chain". */
  quoteTime?: string | null;
}

export interface ChainExpiration {
  /** 'YYYY-MM-DD' */
  expirationDate: string;
  legs: readonly ChainLeg[];
}

export interface OptionChain {
  /** Underlying ticker, e.g. 'AAPL'. */
  underlying: string;
  /** Underlying price. */
  spot: number;
  /** ISO instant the chain was observed. */
  asOf: string;
  expirations: readonly ChainExpiration[];
}

export type MarketEventKind = "FOMC" | "CPI" | "NFP" | "EARNINGS" | "EX_DIVIDEND" | "OTHER";

export interface MarketEvent {
  /** 'YYYY-MM-DD' (New York date) */
  date: string;
  kind: MarketEventKind;
  title?: string;
}

export interface MarketContext {
  /** Risk-free rate, continuous, decimal (0.043). */
  riskFreeRate: number;
  /** Continuous dividend yield, decimal. Default 0. */
  dividendYield?: number;
  /** ISO instant; defaults to the chain's asOf. */
  asOf?: string;
  /** Today's New York date 'YYYY-MM-DD'; defaults to the New York date of asOf. */
  today?: string;
  /** Next earnings date 'YYYY-MM-DD', if known. */
  earningsDate?: string | null;
  /** Next ex-dividend date 'YYYY-MM-DD', if known. */
  exDividendDate?: string | null;
  /** Macro events (FOMC, CPI, ...). */
  events?: readonly MarketEvent[];
}

/** A leg that passed hygiene, with IV and greeks always present. */
export interface CleanLeg {
  occSymbol: string;
  type: OptionType;
  strike: number;
  bid: number;
  ask: number;
  /** (bid + ask) / 2 */
  mid: number;
  last: number | null;
  iv: number;
  /** Per 1.00 of the underlying. */
  delta: number;
  gamma: number;
  /** Per calendar day, per share. */
  theta: number;
  /** Per 1 volatility point, per share. */
  vega: number;
  volume: number;
  openInterest: number;
  quoteTime: string | null;
  /** 0-5, see liquidity.ts. */
  liquidityPoint: number;
  /** True when the IV was solved from the mid price (provider IV missing or absurd). */
  ivFromMid: boolean;
  /** True when the greeks were computed by the engine rather than taken from the provider. */
  greeksFromModel: boolean;
}

export interface CleanExpiration {
  expirationDate: string;
  /** Calendar days from today (New York) to expiration. */
  dte: number;
  /** Years to 16:00 New York on expiration day. */
  T: number;
  factors: ExpiryFactors;
  /** S e^{(r-q)T} */
  forward: number;
  /** IV at the money (strike nearest the forward); the density used for probabilities and EV. */
  atmIv: number;
  /** Ascending strike. */
  puts: CleanLeg[];
  /** Ascending strike. */
  calls: CleanLeg[];
}

export type RejectReason =
  | "INVALID"
  | "NO_BID"
  | "NO_ASK"
  | "CROSSED"
  | "LOCKED"
  | "WIDE_SPREAD"
  | "STALE"
  | "NO_IV"
  | "EXPIRED"
  | "DUPLICATE";

export interface CleanChain {
  underlying: string;
  spot: number;
  asOf: string;
  asOfMs: number;
  today: string;
  riskFreeRate: number;
  dividendYield: number;
  earningsDate: string | null;
  exDividendDate: string | null;
  events: readonly MarketEvent[];
  expirations: CleanExpiration[];
  /** Number of legs rejected, per reason. */
  rejected: Record<RejectReason, number>;
  /** Individual rejections, only when HygieneOptions.collectRejections is set. */
  rejections: { occSymbol: string; reason: RejectReason }[];
}
