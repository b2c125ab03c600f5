// Ticker info (spec 000 §3): price, change, ex-dividend, next earnings, 5-day sentiment counts and RSI.
// `computeTickerInfo` is pure; `getTickerInfos` reads the caches and refreshes a missing symbol inline
// within a time budget (the only place a request may reach a provider).
import { rsiTrend, rsiWilder } from "../../engine";
import {
  addDays,
  daysBetween,
  latestStartedSession,
  marketStatus,
  newYorkDateOf,
} from "../../lib/market-calendar";
import { KV_KEYS, kvGetJson, readLastGood, type MarketCacheEnv } from "./cache.server";
import type { DailyHistory, Dividends, EarningsDate, NewsFeed, Quote, Sourced } from "./types.server";
import { normaliseSymbol } from "./universe.server";

/** The spec's fields, then ours (extra fields do not disturb consumers of the spec's shape). */
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
  /** True when the date was projected from the reporting cadence (spec: "approximations"). */
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
  const since = nowMs - 5 * 86_400_000;
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
  const trend = rsiTrend(rsi);
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
    rsi_value_trend: trend === null ? null : trend === "down" ? "down" : "up",
    next_earnings_time: earningsNext?.time ?? null,
    next_earnings_estimated: earningsNext?.estimated ?? false,
    ex_dividend_estimated: exDiv?.estimated ?? false,
    stale: false,
    source: quote.source,
    asOf: quote.asOf,
  };
}

export interface TickerInfoResult {
  infos: TickerInfo[];
  /** Symbols that are malformed or that no provider knows. */
  unknown: string[];
  /** Known symbols whose data could not be produced in time (try again shortly). */
  pending: string[];
}

/** Refreshes missing symbols inline; injected by the refresh module to keep the import graph acyclic. */
export type SymbolRefresher = (symbols: string[], deadlineMs: number) => Promise<Map<string, TickerInfo>>;
export type SymbolChecker = (symbol: string) => Promise<boolean>;

/** How long one request may spend producing ticker info for symbols nobody has cached yet. */
export const INLINE_REFRESH_BUDGET_MS = 2500;
export const INLINE_REFRESH_MAX_SYMBOLS = 5;

export async function readTickerInfos(
  env: MarketCacheEnv,
  rawSymbols: readonly string[],
  deps: { refresh: SymbolRefresher; isKnown: SymbolChecker; nowMs: number },
): Promise<TickerInfoResult> {
  const unknown: string[] = [];
  const symbols: string[] = [];
  for (const raw of rawSymbols) {
    const s = normaliseSymbol(raw);
    if (!s) unknown.push(raw.trim().toUpperCase());
    else if (!symbols.includes(s)) symbols.push(s);
  }
  const found = new Map<string, TickerInfo>();
  const hot = await Promise.all(symbols.map((s) => kvGetJson<TickerInfo>(env, KV_KEYS.tickerInfo(s))));
  symbols.forEach((s, i) => hot[i] && found.set(s, hot[i]!));
  let missing = symbols.filter((s) => !found.has(s));
  if (missing.length) {
    // The hot copy expired: the last good one is stale only while the market is open (when the cron
    // should be keeping it warm); after the close it is simply the closing snapshot.
    const open = marketStatus(deps.nowMs).isOpen;
    try {
      const cold = await readLastGood<TickerInfo>(env, missing.map(KV_KEYS.tickerInfo));
      for (const s of missing) {
        const row = cold.get(KV_KEYS.tickerInfo(s));
        if (row) found.set(s, { ...row.payload, stale: row.payload.stale || open });
      }
    } catch (error) {
      console.error("ticker info: D1 last-good read failed", error);
    }
    missing = symbols.filter((s) => !found.has(s));
  }
  const pending: string[] = [];
  if (missing.length) {
    // One budget for checking and loading everything missing: a slow provider makes symbols pending,
    // never a slow page.
    const deadline = Date.now() + INLINE_REFRESH_BUDGET_MS;
    const checks = await Promise.all(
      missing.map((s) =>
        beforeDeadline(deps.isKnown(s), deadline).then(
          (ok) => ({ s, ok }),
          (error) => {
            console.error(
              `ticker info: could not check ${s}`,
              error instanceof Error ? error.message : error,
            );
            return { s, ok: null };
          },
        ),
      ),
    );
    const known: string[] = [];
    for (const { s, ok } of checks) {
      if (ok === null) pending.push(s);
      else (ok ? known : unknown).push(s);
    }
    const toRefresh = known.slice(0, INLINE_REFRESH_MAX_SYMBOLS);
    pending.push(...known.slice(INLINE_REFRESH_MAX_SYMBOLS));
    if (toRefresh.length) {
      const refreshed = await beforeDeadline(deps.refresh(toRefresh, deadline), deadline + 250).catch(
        (error) => {
          console.error("ticker info: inline refresh failed", error instanceof Error ? error.message : error);
          return new Map<string, TickerInfo>();
        },
      );
      for (const s of toRefresh) {
        const info = refreshed.get(s);
        if (info) found.set(s, info);
        else pending.push(s);
      }
    }
  }
  return { infos: symbols.filter((s) => found.has(s)).map((s) => found.get(s)!), unknown, pending };
}

function beforeDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("out of time")), Math.max(0, deadlineMs - Date.now()));
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
