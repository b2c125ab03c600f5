// The simulated market (provider "demo"): deterministic in (symbol, instant), no keys, no network.
// Prices (prices.server.ts), corporate events, headlines and chains each live in their own module here.
import { addDays, economicEventsBetween, newYorkDateOf } from "../../../../lib/market-calendar";
import type {
  DailyHistory,
  Dividends,
  EarningsCalendar,
  EarningsDate,
  EconomicEvents,
  MarketDataProvider,
  NewsFeed,
  Quote,
} from "../../types.server";
import { ProviderError } from "../../types.server";
import { universeEntry, type UniverseEntry } from "../../universe.server";
import { buildChain, demoIv30 } from "./chain.server";
import { DEMO_CONFIRMED_EARNINGS_DAYS, earningsDatesOfYear } from "./corporate-events.server";
import { demoDividends } from "./dividends.server";
import { demoNews } from "./headlines.server";
import { dailyHistory, spotAt } from "./prices.server";
import { round2 } from "./random.server";

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
