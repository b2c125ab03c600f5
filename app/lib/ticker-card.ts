// What a ticker card shows: the product's ticker info fields plus provenance. Server and client share it.
/** The product's ticker info fields plus provenance (source, as-of time, estimates). */
export interface TickerCardData {
  symbol: string;
  current_price: number | null;
  change_percentage: number | null;
  ex_dividend_date: string | null;
  next_earnings_date: string | null;
  /** True when the next earnings date is projected from the company's cadence, not announced. */
  next_earnings_estimated?: boolean;
  /** True when the ex-dividend date is projected from the payment schedule, not declared. */
  ex_dividend_estimated?: boolean;
  positive_5days: number | null;
  neutral_5days: number | null;
  negative_5days: number | null;
  last_rsi_value: number | null;
  rsi_value_trend: "up" | "down" | null;
  source?: string;
  asOf?: string | null;
  stale?: boolean;
}
