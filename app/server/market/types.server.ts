// The market-data provider interface and the payloads that flow through the caches. Every payload
// carries `source` (which provider produced it) and `asOf` (ISO instant it describes).
import type { OptionChain } from "#app/engine/types.ts";
import type { EconomicEvent } from "#app/lib/market-calendar/index.ts";
import type { LabelledSpreadIdea } from "#app/lib/model-labels.ts";

export type MarketSource = "demo" | "cboe" | "polygon" | "finnhub" | "alphavantage" | "calendar";

export interface Sourced {
  source: MarketSource;
  /** ISO instant the data describes. */
  asOf: string;
}

/**
 * The one idea type (decision 292): the engine's idea (the API's field names), the words the server attaches to it
 * (decision 323) and where its quotes came from. Here, below both the ideas' pipeline and their record's parser.
 */
export type TradeIdea = LabelledSpreadIdea & Sourced;

export interface Quote extends Sourced {
  symbol: string;
  price: number;
  previousClose: number;
  /** Percent units (1.25 = +1.25%). */
  changePercent: number;
  /** Annualised 30-day implied volatility in percent, when the provider gives it. */
  iv30: number | null;
}

export interface DailyBar {
  /** 'YYYY-MM-DD' New York trading day. */
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
}

export interface DailyHistory extends Sourced {
  symbol: string;
  /** Ascending by date; completed sessions only (today's session is not included while open). */
  bars: DailyBar[];
}

/** The engine's chain plus where it came from. */
export type ChainSnapshot = OptionChain &
  Sourced & {
    /**
     * The dividend yield the refresh priced this chain with (null: unknown) and its source, stored with the
     * chain so the wheel screens price with the same q without another provider read (decision 160).
     */
    dividendYield?: number | null;
    dividendYieldSource?: string;
    /**
     * The realised-volatility forecast (engine quality.ts) from the daily history the same refresh loaded, so
     * the wheel screens score by the same edge as the spread ideas; null or missing: no edge claimed.
     */
    forecastVol?: number | null;
  };

export interface EarningsDate {
  symbol: string;
  date: string;
  /** bmo = before the open, amc = after the close, null = not known. */
  time: "bmo" | "amc" | null;
}

export interface EarningsCalendar extends Sourced {
  /** Reported and scheduled dates in the requested window, ascending. */
  dates: EarningsDate[];
  /** The symbols that were asked for (a symbol with no dates in the window is still covered). */
  symbols?: string[];
}

export interface DividendEvent {
  exDate: string;
  amount: number | null;
}

export interface Dividends extends Sourced {
  symbol: string;
  /** Ascending by ex-date; past and (when announced) upcoming. */
  events: DividendEvent[];
}

export type Sentiment = "positive" | "neutral" | "negative";

export interface Headline {
  symbol: string;
  title: string;
  /** ISO instant. */
  publishedAt: string;
  sentiment: Sentiment;
  /** How the sentiment was decided: the provider's per-ticker label, or our keyword scorer. */
  sentimentMethod: "provider" | "keywords" | "simulated";
  url: string | null;
}

export interface NewsFeed extends Sourced {
  symbol: string;
  headlines: Headline[];
}

export interface EconomicEvents extends Sourced {
  events: EconomicEvent[];
}

/**
 * A market-data provider. Each method may throw (network, throttling, malformed payload);
 * the caller keeps the last good snapshot. `null` means "this provider has no such data".
 */
export interface MarketDataProvider {
  readonly name: string;
  /** True when the symbol exists at this provider (cheap for demo; one quote call for live). */
  isKnownSymbol(symbol: string): Promise<boolean>;
  getQuote(symbol: string): Promise<Quote>;
  getDailyHistory(symbol: string, days: number): Promise<DailyHistory>;
  /** All listed expirations. */
  getOptionChain(symbol: string): Promise<ChainSnapshot>;
  /** Earnings between two New York dates, for the given symbols (null: provider has no earnings data). */
  getEarnings(symbols: readonly string[], fromDate: string, toDate: string): Promise<EarningsCalendar | null>;
  getDividends(symbol: string): Promise<Dividends | null>;
  /** Headlines of the last `days` days with sentiment (null: no news source configured). */
  getNews(symbol: string, days: number): Promise<NewsFeed | null>;
  getEconomicEvents(fromDate: string, days: number): Promise<EconomicEvents>;
}

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly kind:
      "network" | "http" | "throttled" | "malformed" | "unknown_symbol" | "not_configured" = "http",
  ) {
    super(`${provider}: ${message}`);
    this.name = "ProviderError";
  }
}
