/**
 * Input and output types of the engine. The market-data module builds `OptionChain`
 * and `MarketContext` from a provider; the engine never fetches anything.
 */
import type { ExpiryFactors, OptionType } from "#app/engine/bsm.ts";

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
  /** Contracts traded today so far (intraday: near zero at the open). */
  volume: number;
  /** Open contracts as of the previous close (OCC reports it overnight). */
  openInterest: number;
  /** Contracts traded in the previous session, when the provider publishes it. */
  prevDayVolume?: number | null;
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
  /** Where the rate comes from, e.g. 'simulated-market T-bill series' (default 'not stated'). */
  riskFreeRateSource?: string;
  /** Date of the rate's observation 'YYYY-MM-DD' (default null). */
  riskFreeRateAsOf?: string | null;
  /**
   * Continuous dividend yield, decimal. null or missing means unknown: computed as 0 but flagged
   * (assumptions.q = null, q_source 'unknown'), never a silent 0.
   */
  dividendYield?: number | null;
  /** Where the yield comes from (default 'provided' when a number is given). */
  dividendYieldSource?: string;
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
  prevDayVolume: number | null;
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

/** The model inputs shipped with every idea and strategy (decision 050). */
export interface Assumptions {
  /** Risk-free rate used, continuous, decimal. */
  r: number;
  r_source: string;
  /** 'YYYY-MM-DD' of the rate's observation, or null when the source gives none. */
  r_as_of: string | null;
  /** Dividend yield used, decimal; null when unknown (0 is then used and q_source says 'unknown'). */
  q: number | null;
  q_source: string;
}

/**
 * The engine's version as the track record logs it beside every idea (decision 265): change it with any change
 * that alters a published number (tests/unit/engine/screen-pinned.test.ts's digests change with those).
 */
export const ENGINE_VERSION = "2026.11.26";

export interface CleanChain {
  underlying: string;
  spot: number;
  asOf: string;
  asOfMs: number;
  today: string;
  riskFreeRate: number;
  /** The yield computed with (0 when unknown; see assumptions.q). */
  dividendYield: number;
  assumptions: Assumptions;
  earningsDate: string | null;
  exDividendDate: string | null;
  events: readonly MarketEvent[];
  expirations: CleanExpiration[];
  /** Number of legs rejected, per reason. */
  rejected: Record<RejectReason, number>;
  /** Individual rejections, only when HygieneOptions.collectRejections is set. */
  rejections: { occSymbol: string; reason: RejectReason }[];
}
