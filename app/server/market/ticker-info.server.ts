// Ticker info (docs/product/watchlist-and-tickers.md#ticker-card): price, change, ex-dividend, next earnings,
// 5-day sentiment counts and RSI, computed from provider inputs. Pure: the refresh calls it;
// ticker-reader.server.ts serves the result.
import { rsiWilder } from "#app/engine/index.ts";
import { DAY_MS } from "#app/engine/time.ts";
import { addDays, daysBetween, latestStartedSession, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import type {
  DailyHistory,
  Dividends,
  EarningsDate,
  NewsFeed,
  Quote,
  Sourced,
} from "#app/server/market/types.server.ts";

/** The product's fields, then ours (extra fields do not disturb consumers of the product's shape). */
export interface TickerInfo extends Sourced {
  symbol: string;
  current_price: number;
  change_percentage: number;
  ex_dividend_date: string | null;
  next_earnings_date: string | null;
  positive_5days: number | null;
  neutral_5days: number | null;
  negative_5days: number | null;
  last_rsi_value: number | null;
  rsi_value_trend: "up" | "down" | null;
  /** bmo / amc when the provider says. */
  next_earnings_time: "bmo" | "amc" | null;
  /**
   * True when the date was projected from the reporting cadence
   * (docs/product/watchlist-and-tickers.md#ticker-card).
   */
  next_earnings_estimated: boolean;
  ex_dividend_estimated: boolean;
  /** True when served from the last good snapshot after the hot cache expired or a refresh failed. */
  stale: boolean;
}

const QUARTER_DAYS = 91;

/** Next report on or after today; else the last known report rolled forward by quarters (estimate). */
export function nextEarnings(
  dates: readonly EarningsDate[],
  today: string,
): { date: string; time: EarningsDate["time"]; estimated: boolean } | null {
  const sorted = [...dates].sort((a, b) => a.date.localeCompare(b.date));
  const upcoming = sorted.find((d) => d.date >= today);
  if (upcoming) return { date: upcoming.date, time: upcoming.time, estimated: false };
  const last = sorted.at(-1);
  if (!last) return null;
  let date = last.date;
  while (date < today) date = addDays(date, QUARTER_DAYS);
  return { date, time: last.time, estimated: true };
}

/** Next ex-dividend date; projected from the typical gap between past ex-dates when none is announced. */
export function nextExDividend(
  dividends: Dividends | null,
  today: string,
): { date: string; estimated: boolean } | null {
  const dates = (dividends?.events ?? []).map((e) => e.exDate).sort();
  const upcoming = dates.find((d) => d >= today);
  if (upcoming) return { date: upcoming, estimated: false };
  if (dates.length < 2) return null;
  const gaps = dates
    .slice(1)
    .map((d, i) => daysBetween(dates[i]!, d))
    .sort((a, b) => a - b);
  const gap = gaps[Math.floor(gaps.length / 2)]!;
  if (gap < 20 || gap > 200) return null;
  let date = dates.at(-1)!;
  // Stop projecting when the cadence is clearly broken (no dividend for over two periods).
  if (daysBetween(date, today) > 2.5 * gap) return null;
  while (date < today) date = addDays(date, gap);
  return { date, estimated: true };
}

export function sentimentCounts(news: NewsFeed | null, nowMs: number) {
  if (!news) return { positive: null, neutral: null, negative: null };
  const since = nowMs - 5 * DAY_MS;
  const counts = { positive: 0, neutral: 0, negative: 0 };
  for (const h of news.headlines)
    if (Date.parse(h.publishedAt) >= since && Date.parse(h.publishedAt) <= nowMs) counts[h.sentiment]++;
  return counts;
}

export interface TickerInputs {
  quote: Quote;
  history: DailyHistory | null;
  earnings: readonly EarningsDate[];
  dividends: Dividends | null;
  news: NewsFeed | null;
  nowMs: number;
}

/**
 * The card's RSI arrow: the direction of the latest change in the RSI series. A flat last step keeps the
 * direction before it (an unchanged RSI is not a rise); null when the series never moved.
 */
export function rsiDirection(rsi: readonly number[]): "up" | "down" | null {
  let later = NaN;
  for (let i = rsi.length - 1; i >= 0; i--) {
    const v = rsi[i]!;
    if (!Number.isFinite(v)) continue;
    if (Number.isFinite(later) && later !== v) return later > v ? "up" : "down";
    later = v;
  }
  return null;
}

export function computeTickerInfo({
  quote,
  history,
  earnings,
  dividends,
  news,
  nowMs,
}: TickerInputs): TickerInfo {
  const today = newYorkDateOf(nowMs);
  const closes = (history?.bars ?? []).map((b) => b.close);
  // Today's price is the provisional close of a session that has started and is not in the history yet.
  const session = latestStartedSession(nowMs);
  const lastBar = history?.bars.at(-1)?.date;
  if (closes.length > 0 && lastBar !== undefined && lastBar < session.date) closes.push(quote.price);
  const rsi = closes.length > 15 ? rsiWilder(closes, 14) : [];
  const lastRsi = rsi.length ? rsi[rsi.length - 1]! : NaN;
  const trend = rsiDirection(rsi);
  const earningsNext = nextEarnings(earnings, today);
  const exDiv = nextExDividend(dividends, today);
  const counts = sentimentCounts(news, nowMs);
  return {
    symbol: quote.symbol,
    current_price: Math.round(quote.price * 100) / 100,
    change_percentage: Math.round(quote.changePercent * 100) / 100,
    ex_dividend_date: exDiv?.date ?? null,
    next_earnings_date: earningsNext?.date ?? null,
    positive_5days: counts.positive,
    neutral_5days: counts.neutral,
    negative_5days: counts.negative,
    last_rsi_value: Number.isFinite(lastRsi) ? Math.round(lastRsi * 100) / 100 : null,
    rsi_value_trend: trend,
    next_earnings_time: earningsNext?.time ?? null,
    next_earnings_estimated: earningsNext?.estimated ?? false,
    ex_dividend_estimated: exDiv?.estimated ?? false,
    stale: false,
    source: quote.source,
    asOf: quote.asOf,
  };
}
