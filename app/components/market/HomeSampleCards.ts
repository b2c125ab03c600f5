import type { TickerCardData } from "#app/components/market/TickerCard.tsx";

/**
 * The home page's sample cards (static AAPL, COIN, SPY, TSLA; not fetched:
 * docs/product/public-pages.md#home). Illustrative values that show what a card holds; the page labels them
 * as samples, never as quotes.
 */
export const HOME_SAMPLE_CARDS: TickerCardData[] = [
  {
    symbol: "AAPL",
    current_price: 228.4,
    change_percentage: 1.12,
    ex_dividend_date: null,
    next_earnings_date: null,
    positive_5days: 9,
    neutral_5days: 6,
    negative_5days: 2,
    last_rsi_value: 61.4,
    rsi_value_trend: "up",
  },
  {
    symbol: "COIN",
    current_price: 264.75,
    change_percentage: -3.48,
    ex_dividend_date: null,
    next_earnings_date: null,
    positive_5days: 4,
    neutral_5days: 5,
    negative_5days: 7,
    last_rsi_value: 27.8,
    rsi_value_trend: "down",
  },
  {
    symbol: "SPY",
    current_price: 588.2,
    change_percentage: 0.36,
    ex_dividend_date: null,
    next_earnings_date: null,
    positive_5days: 7,
    neutral_5days: 10,
    negative_5days: 3,
    last_rsi_value: 55.2,
    rsi_value_trend: "up",
  },
  {
    symbol: "TSLA",
    current_price: 341.9,
    change_percentage: 4.21,
    ex_dividend_date: null,
    next_earnings_date: null,
    positive_5days: 11,
    neutral_5days: 4,
    negative_5days: 5,
    last_rsi_value: 73.6,
    rsi_value_trend: "up",
  },
];
