// One symbol's refresh: quote, history, dividends, news and earnings -> ticker info; with the chain,
// the spread ideas screened from it.
import { betaOf } from "#app/engine/buckets.ts";
import {
  creditedForecast,
  forecastClassOf,
  forecastFromWindows,
  realisedWindows,
  type RealisedWindows,
} from "#app/engine/forecast.ts";
import { EQUITY_RISK_PREMIUM } from "#app/engine/quality.ts";
import { volatilityForecast, type SpreadIdea } from "#app/engine/index.ts";
import { DAY_MS } from "#app/engine/time.ts";
import type { RiskFreeRate } from "#app/lib/risk-free-rate.ts";
import {
  addDays,
  latestStartedSession,
  newYorkDateOf,
  nextTradingDay,
  sessionProgress,
} from "#app/lib/market-calendar/index.ts";
import { KV_KEYS, kvPutJson, TTL, type MarketCacheEnv } from "#app/server/market/cache.server.ts";
import { withDeadline } from "#app/server/market/deadline.server.ts";
import { engineEvents, screenChain } from "#app/server/market/ideas.server.ts";
import { computeTickerInfo, type TickerInfo } from "#app/server/market/ticker-info.server.ts";
import type {
  ChainSnapshot,
  DailyHistory,
  Dividends,
  EarningsCalendar,
  EarningsDate,
  EconomicEvents,
  MarketDataProvider,
  NewsFeed,
} from "#app/server/market/types.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";
import { trailingDividendYield } from "#app/server/market/dividend-yield.server.ts";
import { cachedInput } from "#app/server/market/refresh/inputs.server.ts";
import { REFRESH_LIMITS } from "#app/server/market/refresh/limits.server.ts";
import { universeEntry } from "#app/server/market/universe.server.ts";

export interface SymbolResult {
  info: TickerInfo;
  ideas: SpreadIdea[];
  chainAsOf: string | null;
  /** This run's chain (null: none fetched); the closing run records the track record's marks from it. */
  chain: ChainSnapshot | null;
  /** The dividend yield the chain was priced with (null: unknown or no chain): held positions are marked with it. */
  dividendYield: number | null;
  /** The dividend paid at the next ex-date (info.ex_dividend_date), per share; null when none is known. */
  nextDividend: number | null;
  history: DailyHistory | null;
  errors: string[];
  /**
   * A part the provider refused because the operator's plan lacks a feature (e.g. option quotes): the run counts
   * it as a failure, not a partial read.
   */
  notConfigured: string[];
}

export interface SharedInputs {
  earnings: EarningsCalendar | null;
  economic: EconomicEvents | null;
  nowMs: number;
  marketOpen: boolean;
  rate: RiskFreeRate;
  withChain: boolean;
  /** Keep provider inputs (history, dividends, news, earnings) in KV between runs: live providers only. */
  cacheInputs: boolean;
  /** Write the chain to KV for readers (the track record's backfill screens past instants and must not). */
  storeChain?: boolean;
}

export async function refreshSymbol(
  env: MarketCacheEnv,
  provider: MarketDataProvider,
  symbol: string,
  shared: SharedInputs,
  deadlineMs: number,
): Promise<SymbolResult> {
  const errors: string[] = [];
  const notConfigured: string[] = [];
  const note = (what: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    errors.push(`${what}: ${message}`);
    if (error instanceof ProviderError && error.kind === "not_configured") notConfigured.push(message);
    console.warn(`market refresh ${symbol} ${what}: ${message}`);
  };
  const quote = await withDeadline(provider.getQuote(symbol), deadlineMs, `${symbol} quote`);
  const needBarsThrough = lastCompletedBarDate(shared.nowMs);
  const history = await cachedInput<DailyHistory>(
    env,
    KV_KEYS.history(symbol),
    TTL.history,
    (h) => (h.bars.at(-1)?.date ?? "") >= needBarsThrough,
    () =>
      withDeadline(
        provider.getDailyHistory(symbol, REFRESH_LIMITS.historyDays),
        deadlineMs,
        `${symbol} history`,
      ),
    shared.cacheInputs,
  );
  if (history.error) note("history", history.error);
  const dividends = await cachedInput<Dividends>(
    env,
    KV_KEYS.dividends(symbol),
    TTL.dividends,
    (d) => shared.nowMs - Date.parse(d.asOf) < DAY_MS,
    () => withDeadline(provider.getDividends(symbol), deadlineMs, `${symbol} dividends`),
    shared.cacheInputs,
  );
  if (dividends.error) note("dividends", dividends.error);
  const news = await cachedInput<NewsFeed>(
    env,
    KV_KEYS.news(symbol),
    TTL.news,
    (n) => shared.nowMs - Date.parse(n.asOf) < 3600_000,
    () => withDeadline(provider.getNews(symbol, REFRESH_LIMITS.newsDays), deadlineMs, `${symbol} news`),
    shared.cacheInputs,
  );
  if (news.error) note("news", news.error);
  let earnings = (shared.earnings?.dates ?? []).filter((d) => d.symbol === symbol);
  if (!shared.earnings?.symbols?.includes(symbol)) {
    // Not in the shared calendar (a symbol outside the last run's universe): ask for it alone.
    try {
      const today = newYorkDateOf(shared.nowMs);
      const own = await withDeadline(
        provider.getEarnings([symbol], addDays(today, -120), addDays(today, 120)),
        deadlineMs,
        `${symbol} earnings`,
      );
      earnings = own?.dates.filter((d) => d.symbol === symbol) ?? [];
    } catch (error) {
      note("earnings", error);
    }
  }
  const info = computeTickerInfo({
    quote,
    history: history.value,
    earnings,
    dividends: dividends.value,
    news: news.value,
    nowMs: shared.nowMs,
  });
  let ideas: SpreadIdea[] = [];
  let chainAsOf: string | null = null;
  let fetchedChain: ChainSnapshot | null = null;
  let dividendYield: number | null = null;
  const nextDividend = dividendAt(dividends.value, info.ex_dividend_date);
  if (shared.withChain) {
    try {
      const chain = await withDeadline(provider.getOptionChain(symbol), deadlineMs, `${symbol} chain`);
      chainAsOf = chain.asOf;
      fetchedChain = chain;
      const q = trailingDividendYield(dividends.value, quote.price, newYorkDateOf(shared.nowMs));
      dividendYield = q.value;
      const forecastVol = volatilityForecast(history.value?.bars.map((b) => b.close) ?? [])?.forecast ?? null;
      if (shared.storeChain !== false)
        await kvPutJson(
          env,
          KV_KEYS.chain(symbol),
          { ...chain, dividendYield: q.value, dividendYieldSource: q.source, forecastVol },
          TTL.chain,
        );
      const context = {
        today: newYorkDateOf(shared.nowMs),
        rate: shared.rate,
        dividendYield: q.value,
        dividendYieldSource: q.source,
        earningsDate: info.next_earnings_date,
        exDividendDate: info.ex_dividend_date,
        events: engineEvents(shared.economic?.events ?? []),
        marketOpen: shared.marketOpen,
        forecastVol,
        forecastVolFor: horizonForecast(symbol, history.value, earnings),
        // The physical model's drift (decision 329): the equity premium in proportion to the name's beta to SPY.
        equityPremium: EQUITY_RISK_PREMIUM * betaOf(symbol),
        nextDividend,
      };
      ideas = screenChain(chain, context);
    } catch (error) {
      note("chain", error);
    }
  }
  return {
    info,
    ideas,
    chainAsOf,
    chain: fetchedChain,
    dividendYield,
    nextDividend,
    history: history.value,
    errors,
    notConfigured,
  };
}

/**
 * The per-expiration forecast (engine forecast.ts): the expiration's ATM IV with the realised windows, the
 * sessions after the symbol's reports left out of them. The screen asks it once per expiration.
 */
export function horizonForecast(
  symbol: string,
  history: DailyHistory | null,
  earnings: readonly EarningsDate[],
): (dte: number, atmIv: number) => number | null {
  const closes = history?.bars.map((b) => b.close) ?? [];
  const dates = history?.bars.map((b) => b.date) ?? [];
  // A report after the close moves the next session; before the open (or at an unknown time), its own.
  const reactionDays = new Set(earnings.map((e) => (e.time === "amc" ? nextTradingDay(e.date) : e.date)));
  const cls = forecastClassOf(symbol, universeEntry(symbol)?.kind ?? "stock");
  // Measured once, the first time an expiration asks (a symbol whose chain is not screened never pays for it).
  let windows: RealisedWindows | null | undefined;
  // The edge is priced at the credited forecast: each class claims the share of its gap that it has earned.
  return (dte, atmIv) => {
    if (windows === undefined) windows = realisedWindows(closes, dates, reactionDays);
    const f = forecastFromWindows(cls, windows, atmIv, dte);
    return f === null ? null : creditedForecast(f, atmIv, cls);
  };
}

/** The dividend paid at an ex-date: the announced amount, else the latest amount paid (a regular payer's). */
function dividendAt(dividends: Dividends | null, exDate: string | null): number | null {
  if (!dividends || exDate === null) return null;
  const announced = dividends.events.find((e) => e.exDate === exDate)?.amount;
  if (typeof announced === "number" && announced > 0) return announced;
  const paid = dividends.events.filter((e) => e.exDate < exDate && typeof e.amount === "number").at(-1);
  return paid?.amount ?? null;
}

function lastCompletedBarDate(ms: number): string {
  const { session, fraction } = sessionProgress(ms);
  if (fraction >= 1) return session.date;
  return latestStartedSession(session.openMs - 1).date;
}
