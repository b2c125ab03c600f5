// Simulated headlines: a few a day from templates, their tone leaning with the day's price move.
import {
  addDays,
  isTradingDay,
  newYorkDateOf,
  newYorkInstant,
  previousTradingDay,
} from "#app/lib/market-calendar/index.ts";
import type { Headline, NewsFeed, Sentiment } from "#app/server/market/types.server.ts";
import type { UniverseEntry } from "#app/server/market/universe.server.ts";
import { closeOn } from "#app/server/market/providers/demo/prices.server.ts";
import { uniform } from "#app/server/market/providers/demo/random.server.ts";

const TEMPLATES: Record<Sentiment, string[]> = {
  positive: [
    "{name} shares climb as analysts raise price targets",
    "{name} beats expectations on strong demand",
    "Investors pile into {symbol} after upbeat guidance",
    "{name} wins new contract, shares gain",
  ],
  neutral: [
    "{name} to present at industry conference next week",
    "What to watch for in {symbol} options this week",
    "{name} holds annual shareholder meeting",
    "{symbol} trades flat as market awaits macro data",
  ],
  negative: [
    "{name} slips after downgrade on valuation concerns",
    "{symbol} falls as sector sells off",
    "{name} faces regulatory scrutiny, shares drop",
    "Analysts cut estimates for {name} on softer outlook",
  ],
};

/** Headlines of the last `days` New York days up to `ms`, newest first. */
export function demoNews(entry: UniverseEntry, symbol: string, days: number, ms: number): NewsFeed {
  const today = newYorkDateOf(ms);
  const headlines: Headline[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(today, -i);
    const count = Math.floor(uniform(`${symbol}:${date}:news`) * (entry.tier === 1 ? 5 : 3));
    // Tone leans with the day's move: news follows price.
    const move = isTradingDay(date)
      ? Math.log(closeOn(entry, date) / closeOn(entry, previousTradingDay(date))) /
        (entry.vol / Math.sqrt(252))
      : 0;
    for (let n = 0; n < count; n++) {
      const published = newYorkInstant(
        date,
        7 + Math.floor(uniform(`${symbol}:${date}:${n}:h`) * 12),
        Math.floor(uniform(`${symbol}:${date}:${n}:m`) * 60),
      );
      if (published > ms) continue;
      const u = uniform(`${symbol}:${date}:${n}:tone`) + 0.15 * Math.tanh(move);
      const sentiment: Sentiment = u > 0.62 ? "positive" : u < 0.3 ? "negative" : "neutral";
      const pool = TEMPLATES[sentiment];
      const template = pool[Math.floor(uniform(`${symbol}:${date}:${n}:t`) * pool.length)]!;
      headlines.push({
        symbol,
        title: template.replaceAll("{name}", entry.name).replaceAll("{symbol}", symbol),
        publishedAt: new Date(published).toISOString(),
        sentiment,
        sentimentMethod: "simulated",
        url: null,
      });
    }
  }
  headlines.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return { symbol, headlines, source: "demo", asOf: new Date(ms).toISOString() };
}
