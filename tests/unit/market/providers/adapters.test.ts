// Provider adapters on the recorded sample payloads (tests/worker/fakes/market-samples), including
// error bodies, throttling notes and malformed data.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import {
  easternToIso,
  parseCboeChain,
  parseCboeHistory,
  parseCboeQuote,
  cboePathSymbol,
} from "#app/server/market/providers/cboe.server.ts";
import {
  createFinnhubClient,
  headlineSentiment,
  parseFinnhubEarnings,
  parseFinnhubNews,
} from "#app/server/market/providers/finnhub.server.ts";
import {
  createAlphaVantageClient,
  parseAlphaVantageDividends,
  parseAlphaVantageNews,
  sentimentFromLabel,
} from "#app/server/market/providers/alphavantage.server.ts";
import { fetchText, MinuteBudget, redactUrl, Semaphore } from "#app/server/market/providers/http.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";

const sample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../worker/fakes/market-samples/${name}`, import.meta.url), "utf8"));
const ASOF = "2026-07-25T01:00:00.000Z";

describe("Cboe delayed quotes", () => {
  it("parses the options excerpt into the engine's chain (OCC symbols, IV 0 -> missing, ET trade times)", () => {
    const { chain, quote } = parseCboeChain("CLX", sample("cboe_delayed_options_CLX.excerpt.json"));
    expect(chain).toMatchObject({
      underlying: "CLX",
      spot: 95.55,
      source: "cboe",
      asOf: "2026-07-25T00:43:14.000Z",
    });
    expect(chain.expirations.map((e) => e.expirationDate)).toEqual(["2026-08-21"]);
    const legs = chain.expirations[0]!.legs;
    const deepCall = legs.find((l) => l.occSymbol === "CLX260821C00055000")!;
    expect(deepCall).toMatchObject({
      type: "call",
      strike: 55,
      bid: 39,
      ask: 42.1,
      iv: null,
      openInterest: 6,
      volume: 0,
    });
    expect(deepCall.quoteTime).toBe("2026-07-23T13:30:32.000Z"); // 09:30:32 EDT
    const atm = legs.find((l) => l.occSymbol === "CLX260821C00095000")!;
    expect(atm).toMatchObject({ iv: 0.3642, delta: 0.5438, openInterest: 2834, volume: 327 });
    expect(legs.find((l) => l.occSymbol === "CLX260821P00115000")!.quoteTime).toBeNull();
    expect(quote).toMatchObject({
      symbol: "CLX",
      price: 95.55,
      previousClose: 93.8,
      changePercent: 1.8657,
      iv30: 38.981,
    });
  });

  it("parses quotes, including index quotes", () => {
    expect(parseCboeQuote("CLX", sample("cboe_delayed_quotes_CLX.reconstructed.json"))).toMatchObject({
      price: 95.55,
      changePercent: 1.8657,
      source: "cboe",
    });
    expect(parseCboeQuote("SPX", sample("cboe_delayed_quotes__SPX.reconstructed.json"))).toMatchObject({
      price: 6300.12,
      previousClose: 6289.62,
    });
    expect(cboePathSymbol("SPX")).toBe("_SPX");
    expect(cboePathSymbol("AAPL")).toBe("AAPL");
  });

  it("parses history with string values", () => {
    const h = parseCboeHistory("CLX", sample("cboe_charts_historical_CLX.reconstructed.json"), ASOF, 300);
    expect(h.bars).toEqual([
      { date: "2026-07-22", open: 92.1, high: 93.9, low: 91.8, close: 93.5, volume: 1200000 },
      { date: "2026-07-23", open: 93.5, high: 94.2, low: 93, close: 93.8, volume: 1100000 },
    ]);
  });

  it("rejects malformed payloads with a clear, logged reason", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = sample("cboe_delayed_options_CLX.excerpt.json");
    broken.data.options[2].bid = "3.40";
    expect(() => parseCboeChain("CLX", broken)).toThrow(
      /CLX options: malformed payload \(data\.options\.2\.bid: /,
    );
    expect(() => parseCboeQuote("CLX", { timestamp: "yesterday", data: {} })).toThrow(ProviderError);
    expect(() =>
      parseCboeHistory("CLX", { symbol: "CLX", data: [{ date: "2026-07-22", close: "n/a" }] }, ASOF, 10),
    ).toThrow(/malformed/);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("reads Eastern wall times across DST", () => {
    expect(easternToIso("2026-01-15T16:00:00")).toBe("2026-01-15T21:00:00.000Z");
    expect(easternToIso("2026-07-15T16:00:00")).toBe("2026-07-15T20:00:00.000Z");
    expect(easternToIso(null)).toBeNull();
  });
});

describe("Finnhub", () => {
  it("parses the earnings calendar with before-open / after-close", () => {
    const cal = parseFinnhubEarnings(sample("finnhub_calendar_earnings.docs.json"), ASOF);
    expect(cal.dates).toEqual([{ symbol: "AAPL", date: "2020-01-28", time: "amc" }]);
    expect(
      parseFinnhubEarnings({ earningsCalendar: [{ date: "2026-08-01", symbol: "x", hour: "dmh" }] }, ASOF)
        .dates[0],
    ).toEqual({ symbol: "X", date: "2026-08-01", time: null });
  });

  it("parses company news and scores headlines by keywords (labelled as such)", () => {
    const feed = parseFinnhubNews("AAPL", sample("finnhub_company_news.reconstructed.json"), ASOF);
    expect(feed.headlines).toHaveLength(1);
    expect(feed.headlines[0]).toMatchObject({
      title: "Example headline",
      sentiment: "neutral",
      sentimentMethod: "keywords",
      publishedAt: new Date(1786024200 * 1000).toISOString(),
    });
    expect(headlineSentiment("Apple beats estimates, shares surge")).toBe("positive");
    expect(headlineSentiment("Tesla shares fall after downgrade")).toBe("negative");
  });

  it("surfaces the error body of an invalid key and rejects malformed news", async () => {
    expect(() => parseFinnhubEarnings(sample("finnhub_error_invalid_key.json"), ASOF)).toThrow(
      "finnhub: earnings calendar: Invalid API key.",
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(() => parseFinnhubNews("AAPL", [{ datetime: "today", headline: 1 }], ASOF)).toThrow(
      /malformed payload/,
    );
    warn.mockRestore();
    const fetchImpl = vi.fn(
      async () => new Response(JSON.stringify(sample("finnhub_error_invalid_key.json")), { status: 401 }),
    );
    const client = createFinnhubClient("bad", "http://finnhub.test", {
      fetchImpl: fetchImpl as unknown as typeof fetch,
      sleep: async () => {},
    });
    await expect(client.earnings("2026-07-01", "2026-08-01")).rejects.toThrow("Invalid API key. (HTTP 401)");
    expect(fetchImpl).toHaveBeenCalledTimes(1); // a 401 is not retried
  });
});

describe("Alpha Vantage", () => {
  it("keeps the per-ticker sentiment label of each article", () => {
    const feed = parseAlphaVantageNews(
      "AAPL",
      sample("alphavantage_news_sentiment.recorded_excerpt.json"),
      ASOF,
    );
    expect(feed.headlines).toEqual([
      {
        symbol: "AAPL",
        title: "Berkshire Hathaway Trims Its Apple Investment and Has $189 Billion in Cash",
        publishedAt: "2024-05-04T15:15:58.000Z",
        sentiment: "positive",
        sentimentMethod: "provider",
        url: "https://www.fool.com/investing/2024/05/04/berkshire-hathaway-trims-its-apple-investment-and/",
      },
    ]);
    expect(
      parseAlphaVantageNews("MSFT", sample("alphavantage_news_sentiment.recorded_excerpt.json"), ASOF)
        .headlines,
    ).toEqual([]);
    expect(
      ["Bullish", "Somewhat-Bullish", "Neutral", "Somewhat-Bearish", "Bearish"].map(sentimentFromLabel),
    ).toEqual(["positive", "positive", "neutral", "negative", "negative"]);
  });

  it("parses dividends, treating 'None' as missing", () => {
    const d = parseAlphaVantageDividends("IBM", sample("alphavantage_dividends.docs.json"), ASOF);
    expect(d.events).toEqual([
      { exDate: "1999-02-08", amount: 0.22 },
      { exDate: "2026-08-10", amount: 1.69 },
    ]);
  });

  it("turns the HTTP 200 throttling note into a 'throttled' error", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      parseAlphaVantageNews("AAPL", sample("alphavantage_rate_limit_note.reconstructed.json"), ASOF);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).kind).toBe("throttled");
      expect((error as Error).message).toMatch(/25 requests per day/);
    }
    expect(() => parseAlphaVantageDividends("IBM", { "Error Message": "Invalid API call." }, ASOF)).toThrow(
      "Invalid API call.",
    );
    expect(() =>
      parseAlphaVantageNews("AAPL", { feed: [{ title: "x", time_published: "2024-05-04" }] }, ASOF),
    ).toThrow(/time_published/);
    warn.mockRestore();
  });

  it("spends a unit of the daily budget per call and stops when it is used up", async () => {
    let units = 1;
    const fetchImpl = vi.fn(
      async () => new Response(JSON.stringify(sample("alphavantage_dividends.docs.json"))),
    );
    const client = createAlphaVantageClient("key", "http://av.test", async () => units-- > 0, {
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    await expect(client.dividends("IBM")).resolves.toMatchObject({ source: "alphavantage" });
    await expect(client.dividends("IBM")).rejects.toMatchObject({ kind: "throttled" });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe("HTTP helper", () => {
  const noSleep = async () => {};

  it("retries 429 and 5xx with backoff, then succeeds", async () => {
    const statuses = [503, 429, 200];
    const fetchImpl = vi.fn(async () => new Response("ok", { status: statuses.shift()! }));
    const sleeps: number[] = [];
    const res = await fetchText("http://x.test/a", {
      provider: "t",
      fetchImpl: fetchImpl as unknown as typeof fetch,
      sleep: async (ms) => void sleeps.push(ms),
      backoffMs: 100,
    });
    expect(res).toEqual({ status: 200, text: "ok" });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!); // exponential
  });

  it("gives up after the retries with a throttled error on repeated 429", async () => {
    const fetchImpl = vi.fn(async () => new Response("slow down", { status: 429 }));
    await expect(
      fetchText("http://x.test/a", {
        provider: "t",
        fetchImpl: fetchImpl as unknown as typeof fetch,
        sleep: noSleep,
        retries: 2,
      }),
    ).rejects.toMatchObject({ kind: "throttled" });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it("times out a hanging request", async () => {
    const fetchImpl = (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init.signal!.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    await expect(
      fetchText("http://x.test/a", {
        provider: "t",
        fetchImpl: fetchImpl as unknown as typeof fetch,
        sleep: noSleep,
        timeoutMs: 20,
        retries: 0,
      }),
    ).rejects.toThrow(/timed out after 20 ms/);
  });

  it("caps concurrency and spends a per-minute budget", async () => {
    const sem = new Semaphore(2);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        sem.run(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
        }),
      ),
    );
    expect(peak).toBe(2);
    const budget = new MinuteBudget(2);
    expect([budget.take(0), budget.take(1), budget.take(2), budget.take(60_001)]).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });

  it("never logs API keys", () => {
    expect(redactUrl("https://x.test/q?function=NEWS&apikey=SECRET&token=abc")).toBe(
      "https://x.test/q?function=NEWS&apikey=***&token=***",
    );
  });
});
