// Alpha Vantage (key required): news with per-ticker sentiment labels, and dividends. The free tier allows
// 25 requests a DAY and signals throttling with HTTP 200 and a JSON `Note` / `Information` body, so every
// call first takes a unit from a daily budget kept in D1 (dailyBudget in live.server.ts).
// Shapes: tests/worker/fakes/market-samples/alphavantage_*.
import { z } from "zod";
import {
  fetchText,
  malformedPayload,
  parseJsonBody,
  Semaphore,
  type FetchPolicy,
} from "#app/server/market/providers/http.server.ts";
import type { Dividends, Headline, NewsFeed, Sentiment } from "#app/server/market/types.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";

const ALPHAVANTAGE_DEFAULT_BASE = "https://www.alphavantage.co";
const PROVIDER = "alphavantage";
/** Leave a few of the 25 daily calls for manual checks. */
export const ALPHAVANTAGE_DAILY_BUDGET = 22;

const notice = z.union([
  z.object({ Note: z.string() }),
  z.object({ Information: z.string() }),
  z.object({ "Error Message": z.string() }),
]);

const newsPayload = z.object({
  feed: z.array(
    z.object({
      title: z.string(),
      url: z.string().nullish(),
      time_published: z.string().regex(/^\d{8}T\d{4,6}$/, "time_published 'YYYYMMDDTHHMMSS'"),
      ticker_sentiment: z
        .array(z.object({ ticker: z.string(), ticker_sentiment_label: z.string() }))
        .default([]),
    }),
  ),
});

const dividendsPayload = z.object({
  symbol: z.string(),
  data: z.array(z.object({ ex_dividend_date: z.string(), amount: z.string().nullish() })),
});

/** Throttling notes and error messages come back as HTTP 200: turn them into errors first. */
function checkNotice(what: string, body: unknown): void {
  const n = notice.safeParse(body);
  if (!n.success) return;
  const data = n.data as Record<string, string>;
  if ("Error Message" in data) throw new ProviderError(PROVIDER, `${what}: ${data["Error Message"]}`, "http");
  const text = data.Note ?? data.Information ?? "";
  const err = new ProviderError(PROVIDER, `${what}: throttled (${text.slice(0, 120)})`, "throttled");
  console.warn(err.message);
  throw err;
}

function malformed(what: string, error: z.ZodError): ProviderError {
  return malformedPayload(PROVIDER, what, error);
}

export function sentimentFromLabel(label: string): Sentiment {
  const l = label.toLowerCase();
  if (l.includes("bullish")) return "positive";
  if (l.includes("bearish")) return "negative";
  return "neutral";
}

/** '20240504T151558' -> ISO. Alpha Vantage publishes these in UTC. */
function publishedToIso(t: string): string {
  const s = t.padEnd(15, "0");
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.000Z`;
}

export function parseAlphaVantageNews(symbol: string, body: unknown, asOf: string): NewsFeed {
  checkNotice(`${symbol} news`, body);
  const parsed = newsPayload.safeParse(body);
  if (!parsed.success) throw malformed(`${symbol} news`, parsed.error);
  const headlines: Headline[] = [];
  for (const item of parsed.data.feed) {
    const mine = item.ticker_sentiment.find((t) => t.ticker.toUpperCase() === symbol);
    if (!mine) continue; // the article does not score this ticker
    headlines.push({
      symbol,
      title: item.title,
      publishedAt: publishedToIso(item.time_published),
      sentiment: sentimentFromLabel(mine.ticker_sentiment_label),
      sentimentMethod: "provider",
      url: item.url ?? null,
    });
  }
  headlines.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return { symbol, headlines, source: "alphavantage", asOf };
}

export function parseAlphaVantageDividends(symbol: string, body: unknown, asOf: string): Dividends {
  checkNotice(`${symbol} dividends`, body);
  const parsed = dividendsPayload.safeParse(body);
  if (!parsed.success) throw malformed(`${symbol} dividends`, parsed.error);
  const events = parsed.data.data
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.ex_dividend_date))
    .map((d) => {
      const amount = d.amount && d.amount !== "None" ? Number(d.amount) : NaN;
      return { exDate: d.ex_dividend_date, amount: Number.isFinite(amount) ? amount : null };
    })
    .sort((a, b) => a.exDate.localeCompare(b.exDate));
  return { symbol, events, source: "alphavantage", asOf };
}

export interface AlphaVantageClient {
  news(symbol: string, fromDate: string): Promise<NewsFeed>;
  dividends(symbol: string): Promise<Dividends>;
}

export function createAlphaVantageClient(
  apiKey: string,
  base: string | undefined,
  takeDailyUnit: () => Promise<boolean>,
  policy: Partial<FetchPolicy> = {},
): AlphaVantageClient {
  const root = (base ?? ALPHAVANTAGE_DEFAULT_BASE).replace(/\/$/, "");
  // Throttling is a daily quota, not a blip: no retries on it.
  const shared: FetchPolicy = { provider: PROVIDER, semaphore: new Semaphore(1), retries: 1, ...policy };
  const get = async (params: Record<string, string>) => {
    if (!(await takeDailyUnit()))
      throw new ProviderError(PROVIDER, "daily request budget used up", "throttled");
    const url = `${root}/query?${new URLSearchParams({ ...params, apikey: apiKey })}`;
    const res = await fetchText(url, shared);
    return parseJsonBody(PROVIDER, url, res.text);
  };
  return {
    news: async (symbol, fromDate) =>
      parseAlphaVantageNews(
        symbol,
        await get({
          function: "NEWS_SENTIMENT",
          tickers: symbol,
          time_from: `${fromDate.replaceAll("-", "")}T0000`,
          limit: "50",
        }),
        new Date().toISOString(),
      ),
    dividends: async (symbol) =>
      parseAlphaVantageDividends(
        symbol,
        await get({ function: "DIVIDENDS", symbol }),
        new Date().toISOString(),
      ),
  };
}
