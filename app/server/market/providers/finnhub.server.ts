// Finnhub (key required): earnings calendar (with before-open / after-close) and company news.
// Free tier: 60 calls a minute; /news-sentiment and the economic calendar are premium (not used).
// Shapes: tests/worker/fakes/market-samples/finnhub_*.
import { z } from "zod";
import {
  fetchText,
  malformedPayload,
  MinuteBudget,
  parseJsonBody,
  Semaphore,
  type FetchPolicy,
} from "#app/server/market/providers/http.server.ts";
import type {
  EarningsCalendar,
  EarningsDate,
  Headline,
  NewsFeed,
  Sentiment,
} from "#app/server/market/types.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";

const FINNHUB_DEFAULT_BASE = "https://finnhub.io/api/v1";
const PROVIDER = "finnhub";

const errorBody = z.object({ error: z.string() });
const earningsPayload = z.object({
  earningsCalendar: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      symbol: z.string().min(1),
      hour: z.string().nullish(),
    }),
  ),
});
const newsPayload = z.array(
  z.object({
    datetime: z.number().int().positive(),
    headline: z.string(),
    url: z.string().nullish(),
  }),
);

function reject(what: string, body: unknown, error?: z.ZodError): ProviderError {
  const apiError = errorBody.safeParse(body);
  if (apiError.success) return new ProviderError(PROVIDER, `${what}: ${apiError.data.error}`, "http");
  return malformedPayload(PROVIDER, what, error);
}

export function parseFinnhubEarnings(body: unknown, asOf: string): EarningsCalendar {
  const parsed = earningsPayload.safeParse(body);
  if (!parsed.success) throw reject("earnings calendar", body, parsed.error);
  const dates: EarningsDate[] = parsed.data.earningsCalendar.map((e) => ({
    symbol: e.symbol.toUpperCase(),
    date: e.date,
    time: e.hour === "bmo" ? "bmo" : e.hour === "amc" ? "amc" : null,
  }));
  dates.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
  return { dates, source: "finnhub", asOf };
}

// A small keyword scorer for headlines: Finnhub's free news has no sentiment. It is labelled as such
// (sentimentMethod 'keywords') and only used when Alpha Vantage's per-ticker labels are not available.
const POSITIVE =
  /\b(beat|beats|surge|surges|soar|soars|jump|jumps|rall(y|ies)|gain|gains|rise|rises|record|upgrade|upgraded|raises|strong|bullish|outperform|tops|growth)\b/i;
const NEGATIVE =
  /\b(miss|misses|plunge|plunges|fall|falls|drop|drops|slump|slumps|cut|cuts|downgrade|downgraded|weak|bearish|lawsuit|probe|recall|loss|losses|decline|declines|warns|layoffs)\b/i;

export function headlineSentiment(title: string): Sentiment {
  const pos = POSITIVE.test(title);
  const neg = NEGATIVE.test(title);
  return pos && !neg ? "positive" : neg && !pos ? "negative" : "neutral";
}

export function parseFinnhubNews(symbol: string, body: unknown, asOf: string): NewsFeed {
  const parsed = newsPayload.safeParse(body);
  if (!parsed.success) throw reject(`${symbol} news`, body, parsed.error);
  const headlines: Headline[] = parsed.data.map((n) => ({
    symbol,
    title: n.headline,
    publishedAt: new Date(n.datetime * 1000).toISOString(),
    sentiment: headlineSentiment(n.headline),
    sentimentMethod: "keywords",
    url: n.url ?? null,
  }));
  headlines.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  return { symbol, headlines, source: "finnhub", asOf };
}

export interface FinnhubClient {
  earnings(fromDate: string, toDate: string, symbol?: string): Promise<EarningsCalendar>;
  news(symbol: string, fromDate: string, toDate: string): Promise<NewsFeed>;
}

export function createFinnhubClient(
  apiKey: string,
  base: string | undefined,
  policy: Partial<FetchPolicy> = {},
): FinnhubClient {
  const root = (base ?? FINNHUB_DEFAULT_BASE).replace(/\/$/, "");
  const shared: FetchPolicy = {
    provider: PROVIDER,
    semaphore: new Semaphore(2),
    budget: new MinuteBudget(50),
    headers: { "X-Finnhub-Token": apiKey },
    ...policy,
  };
  const get = async (path: string, params: Record<string, string>) => {
    const url = `${root}${path}?${new URLSearchParams(params)}`;
    try {
      const res = await fetchText(url, shared);
      return parseJsonBody(PROVIDER, url, res.text);
    } catch (error) {
      // Finnhub's error bodies are {"error": "..."}: surface the message, not the raw HTTP line.
      if (error instanceof ProviderError && error.kind === "http") {
        const m = /HTTP (\d+) (.*)$/s.exec(error.message);
        const body = m ? safeJson(m[2]!) : null;
        const parsed = errorBody.safeParse(body);
        if (parsed.success)
          throw new ProviderError(PROVIDER, `${path}: ${parsed.data.error} (HTTP ${m![1]})`, "http");
      }
      throw error;
    }
  };
  return {
    earnings: async (fromDate, toDate, symbol) =>
      parseFinnhubEarnings(
        await get("/calendar/earnings", { from: fromDate, to: toDate, ...(symbol ? { symbol } : {}) }),
        new Date().toISOString(),
      ),
    news: async (symbol, fromDate, toDate) =>
      parseFinnhubNews(
        symbol,
        await get("/company-news", { symbol, from: fromDate, to: toDate }),
        new Date().toISOString(),
      ),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
