// The market data alerts are built from, read from the caches the market cron keeps warm (KV, then
// D1's last-good copy). Nothing here calls a paid provider: with the live market, news and dividends
// come only from their caches; the simulated market's are computed (deterministic, no network).
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { KV_KEYS, kvGetJson, readCached } from "#app/server/market/cache.server.ts";
import { dividendPayments, structuralActionsBetween } from "#app/server/market/corporate-actions.server.ts";
import { getEconomicCalendar } from "#app/server/market/market.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";
import type { Dividends, NewsFeed } from "#app/server/market/types.server.ts";
import { addDays } from "#app/lib/market-calendar/index.ts";
import type { AlertInputs, SymbolMarketData } from "#app/server/notifications/triggers.server.ts";

/** The furthest ahead any user's window reaches (14-day timing): corporate actions are read that far. */
const LOOKAHEAD_DAYS = 15;
const NEWS_DAYS = 2;

export async function readSymbolMarketData(
  env: WorkerEnv,
  symbols: readonly string[],
  nowMs: number,
): Promise<Map<string, SymbolMarketData>> {
  const out = new Map<string, SymbolMarketData>();
  if (symbols.length === 0) return out;
  const demo = serverConfig(env).MARKET_DATA_PROVIDER === "demo";
  const provider = demo ? createDemoProvider(() => nowMs) : null;
  const today = newYorkDateOf(nowMs);
  // Alerts read ticker info as stored (no stale mark): KV, then D1's last good copy.
  const infos = await readCached<TickerInfo>(env, symbols.map(KV_KEYS.tickerInfo), (info) => info);

  await Promise.all(
    symbols.map(async (symbol) => {
      const info = infos.get(KV_KEYS.tickerInfo(symbol)) ?? null;
      let news: NewsFeed | null = null;
      let dividends: Dividends | null = null;
      try {
        if (provider) {
          [news, dividends] = await Promise.all([
            provider.getNews(symbol, NEWS_DAYS),
            provider.getDividends(symbol),
          ]);
        } else {
          [news, dividends] = await Promise.all([
            kvGetJson<NewsFeed>(env, KV_KEYS.news(symbol)),
            kvGetJson<Dividends>(env, KV_KEYS.dividends(symbol)),
          ]);
        }
      } catch (error) {
        // Unknown to the simulated market (a symbol added under the live provider): no events, no alerts.
        console.warn(
          `notifications: no news/dividends for ${symbol}`,
          error instanceof Error ? error.message : error,
        );
      }
      // Payment dates, splits and spin-offs exist only in the simulated market: the live adapters carry
      // ex-dates alone, and a payment date guessed from them would not be data.
      const actions = demo
        ? [
            ...dividendPayments(dividends),
            ...structuralActionsBetween(symbol, today, addDays(today, -1), addDays(today, LOOKAHEAD_DAYS)),
          ]
        : [];
      out.set(symbol, {
        symbol,
        info,
        news: news ? { source: news.source, asOf: news.asOf, headlines: news.headlines } : null,
        corporateActions:
          dividends || actions.length
            ? {
                source: demo ? "demo" : (dividends?.source ?? "demo"),
                asOf: dividends?.asOf ?? new Date(nowMs).toISOString(),
                actions,
              }
            : null,
      });
    }),
  );
  return out;
}

export async function readEconomicInputs(env: WorkerEnv, nowMs: number): Promise<AlertInputs["economic"]> {
  try {
    const view = await getEconomicCalendar(env, nowMs);
    return { source: view.source, asOf: view.asOf, events: view.events };
  } catch (error) {
    console.error("notifications: economic calendar read failed", error);
    return null;
  }
}
