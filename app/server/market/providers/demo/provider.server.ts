// The simulated market (provider "demo"): deterministic in (symbol, instant), no keys, no network.
// Prices (prices.server.ts), corporate events, headlines and chains each live in their own module here.
import { addDays, economicEventsBetween, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import type {
  DailyHistory,
  Dividends,
  EarningsCalendar,
  EarningsDate,
  EconomicEvents,
  MarketDataProvider,
  NewsFeed,
  Quote,
} from "#app/server/market/types.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";
import { universeEntry, type UniverseEntry } from "#app/server/market/universe.server.ts";
import { buildChain, demoIv30 } from "#app/server/market/providers/demo/chain.server.ts";
import {
  DEMO_CONFIRMED_EARNINGS_DAYS,
  earningsDatesOfYear,
} from "#app/server/market/providers/demo/corporate-events.server.ts";
import { demoDividends } from "#app/server/market/providers/demo/dividends.server.ts";
import { demoNews } from "#app/server/market/providers/demo/headlines.server.ts";
import { dailyHistory, spotAt } from "#app/server/market/providers/demo/prices.server.ts";
import { round2 } from "#app/server/market/providers/demo/random.server.ts";

function entryOrThrow(symbol: string): UniverseEntry {
  const entry = universeEntry(symbol);
  if (!entry) throw new ProviderError("demo", `unknown symbol ${symbol}`, "unknown_symbol");
  return entry;
}

/** The simulated market at a fixed clock (`now` is read on each call so a long job sees time pass). */
export function createDemoProvider(now: () => number = Date.now): MarketDataProvider {
  return {
    name: "demo",
    async isKnownSymbol(symbol) {
      return universeEntry(symbol) !== undefined;
    },
    async getQuote(symbol): Promise<Quote> {
      const entry = entryOrThrow(symbol);
      const ms = now();
      const { price, previousClose, observedMs } = spotAt(entry, ms);
      return {
        symbol,
        price: round2(price),
        previousClose: round2(previousClose),
        changePercent: Math.round((price / previousClose - 1) * 1e6) / 1e4,
        iv30: Math.round(demoIv30(entry, ms) * 1000) / 10,
        source: "demo",
        asOf: new Date(observedMs).toISOString(),
      };
    },
    async getDailyHistory(symbol, days): Promise<DailyHistory> {
      return dailyHistory(entryOrThrow(symbol), symbol, days, now());
    },
    async getOptionChain(symbol) {
      return buildChain(entryOrThrow(symbol), now());
    },
    async getEarnings(symbols, fromDate, toDate): Promise<EarningsCalendar> {
      const ms = now();
      const known = addDays(newYorkDateOf(ms), DEMO_CONFIRMED_EARNINGS_DAYS);
      const last = toDate < known ? toDate : known;
      const dates: EarningsDate[] = [];
      for (const symbol of symbols) {
        const entry = universeEntry(symbol);
        if (!entry) continue;
        for (let y = Number(fromDate.slice(0, 4)); y <= Number(last.slice(0, 4)); y++)
          for (const d of earningsDatesOfYear(entry, y))
            if (d.date >= fromDate && d.date <= last) dates.push(d);
      }
      dates.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
      return { dates, source: "demo", asOf: new Date(ms).toISOString() };
    },
    async getDividends(symbol): Promise<Dividends> {
      return demoDividends(entryOrThrow(symbol), symbol, now());
    },
    async getNews(symbol, days): Promise<NewsFeed> {
      return demoNews(entryOrThrow(symbol), symbol, days, now());
    },
    async getEconomicEvents(fromDate, days): Promise<EconomicEvents> {
      return {
        events: economicEventsBetween(fromDate, days),
        source: "calendar",
        asOf: new Date(now()).toISOString(),
      };
    },
  };
}
