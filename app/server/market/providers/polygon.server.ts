// Polygon.io, now Massive (key required; the licensed production source, decision 279): option chain snapshots
// with greeks, implied volatility, open interest and the last quote; stock snapshots; daily aggregates; dividends.
// Endpoints and fields from the vendor's public REST documentation (massive.com/docs/rest: options "Option Chain
// Snapshot", stocks "Single Ticker Snapshot", "Custom Bars (OHLC)" and corporate actions "Dividends"); the key goes
// in the Authorization header, so it never appears in a URL or a log line.
import { z } from "zod";
import { parseOccSymbol } from "../../../engine";
import type { ChainExpiration, ChainLeg } from "../../../engine";
import { addDays, newYorkDateOf } from "../../../lib/market-calendar";
import {
  fetchText,
  malformedPayload,
  MinuteBudget,
  parseJsonBody,
  Semaphore,
  type FetchPolicy,
} from "./http.server";
import type { ChainSnapshot, DailyHistory, Dividends, Quote } from "../types.server";
import { ProviderError } from "../types.server";

const POLYGON_DEFAULT_BASE = "https://api.massive.com";
const PROVIDER = "polygon";
/** Contracts a chain page holds at most (the snapshot's documented maximum). */
export const POLYGON_PAGE_LIMIT = 250;
/** Pages one chain may take: 20 x 250 = 5,000 contracts, more than any optionable US stock lists in 60 days. */
export const POLYGON_MAX_PAGES = 20;
/** Calls per minute per isolate when the operator states none (paid plans are unmetered; this stays polite). */
export const POLYGON_DEFAULT_CALLS_PER_MINUTE = 600;

const num = z.number().finite();
/** Nanosecond or millisecond epoch timestamps, as the vendor sends them per endpoint. */
const epoch = z.number().finite().nonnegative();

const optionResult = z.object({
  details: z.object({
    contract_type: z.enum(["call", "put"]),
    expiration_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    strike_price: num.positive(),
    ticker: z.string().min(10),
    shares_per_contract: num.optional(),
  }),
  greeks: z
    .object({ delta: num.nullish(), gamma: num.nullish(), theta: num.nullish(), vega: num.nullish() })
    .partial()
    .nullish(),
  implied_volatility: num.nonnegative().nullish(),
  open_interest: num.nonnegative().nullish(),
  day: z
    .object({ close: num.nullish(), volume: num.nonnegative().nullish(), last_updated: epoch.nullish() })
    .partial()
    .nullish(),
  last_quote: z
    .object({
      bid: num.nonnegative(),
      ask: num.nonnegative(),
      last_updated: epoch.nullish(),
      timeframe: z.string().nullish(),
    })
    .nullish(),
  underlying_asset: z.object({ price: num.positive().nullish(), ticker: z.string() }).partial().nullish(),
});

const chainPage = z.object({
  status: z.string(),
  results: z.array(z.unknown()),
  next_url: z.string().url().nullish(),
});

const stockSnapshot = z.object({
  status: z.string(),
  ticker: z.object({
    ticker: z.string(),
    todaysChangePerc: num,
    updated: epoch,
    day: z.object({ c: num.nonnegative() }).partial().nullish(),
    prevDay: z.object({ c: num.positive() }).partial().nullish(),
    lastTrade: z.object({ p: num.positive(), t: epoch.nullish() }).partial().nullish(),
    min: z.object({ c: num.nonnegative() }).partial().nullish(),
  }),
});

const aggregates = z.object({
  status: z.string(),
  results: z
    .array(
      z.object({
        t: epoch,
        o: num.nullish(),
        h: num.nullish(),
        l: num.nullish(),
        c: num.positive(),
        v: num.nonnegative().nullish(),
      }),
    )
    .nullish(),
});

const dividendsPayload = z.object({
  status: z.string(),
  results: z.array(
    z.object({
      ex_dividend_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      cash_amount: num.nonnegative().nullish(),
      dividend_type: z.string().nullish(),
    }),
  ),
});

/** Epoch in ns (19 digits), µs or ms to an ISO instant. */
export function epochToIso(value: number): string {
  const ms = value > 1e17 ? value / 1e6 : value > 1e14 ? value / 1e3 : value;
  return new Date(Math.round(ms)).toISOString();
}

/** One chain page's contracts as legs by expiration, the underlying price and the newest quote time seen. */
export function parsePolygonChainPage(symbol: string, body: unknown) {
  const page = chainPage.safeParse(body);
  if (!page.success) throw malformedPayload(PROVIDER, `${symbol} options page`, page.error);
  const legs: { expirationDate: string; leg: ChainLeg }[] = [];
  let spot: number | null = null;
  let newest = 0;
  let skipped = 0;
  for (const raw of page.data.results) {
    const row = optionResult.safeParse(raw);
    // A contract without a quote cannot be priced: skipped, like Cboe rows without a readable symbol.
    if (!row.success || !row.data.last_quote) {
      skipped++;
      continue;
    }
    const r = row.data;
    const occ = parseOccSymbol(r.details.ticker);
    if (!occ) {
      skipped++;
      continue;
    }
    const quoteMs = r.last_quote!.last_updated ? Date.parse(epochToIso(r.last_quote!.last_updated)) : 0;
    newest = Math.max(newest, quoteMs);
    if (r.underlying_asset?.price) spot = r.underlying_asset.price;
    legs.push({
      expirationDate: r.details.expiration_date,
      leg: {
        occSymbol: r.details.ticker,
        type: r.details.contract_type,
        strike: r.details.strike_price,
        bid: r.last_quote!.bid,
        ask: r.last_quote!.ask,
        last: r.day?.close ?? null,
        iv: r.implied_volatility && r.implied_volatility > 0 ? r.implied_volatility : null,
        delta: r.greeks?.delta ?? null,
        gamma: r.greeks?.gamma ?? null,
        theta: r.greeks?.theta ?? null,
        vega: r.greeks?.vega ?? null,
        volume: Math.round(r.day?.volume ?? 0),
        openInterest: Math.round(r.open_interest ?? 0),
        quoteTime: quoteMs ? new Date(quoteMs).toISOString() : null,
      },
    });
  }
  return { legs, spot, newestQuoteMs: newest, skipped, nextUrl: page.data.next_url ?? null };
}

export function parsePolygonQuote(symbol: string, body: unknown): Quote {
  const parsed = stockSnapshot.safeParse(body);
  if (!parsed.success) throw malformedPayload(PROVIDER, `${symbol} snapshot`, parsed.error);
  const t = parsed.data.ticker;
  // The last trade, else the minute bar, else the day's close (before the open the day bar is empty).
  const price = t.lastTrade?.p ?? (t.min?.c || undefined) ?? (t.day?.c || undefined) ?? t.prevDay?.c;
  if (!price) throw new ProviderError(PROVIDER, `${symbol} snapshot: no price`, "malformed");
  const previousClose = t.prevDay?.c ?? price / (1 + t.todaysChangePerc / 100);
  return {
    symbol,
    price,
    previousClose,
    changePercent: t.todaysChangePerc,
    iv30: null,
    source: "polygon",
    asOf: epochToIso(t.updated),
  };
}

export function parsePolygonHistory(symbol: string, body: unknown, asOf: string, days: number): DailyHistory {
  const parsed = aggregates.safeParse(body);
  if (!parsed.success) throw malformedPayload(PROVIDER, `${symbol} daily bars`, parsed.error);
  const bars = (parsed.data.results ?? [])
    .map((b) => ({
      // A daily bar's timestamp is the start of its New York day.
      date: newYorkDateOf(Date.parse(epochToIso(b.t)) + 12 * 3_600_000),
      open: b.o ?? null,
      high: b.h ?? null,
      low: b.l ?? null,
      close: b.c,
      volume: b.v ?? null,
    }))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(-days);
  return { symbol, bars, source: "polygon", asOf };
}

export function parsePolygonDividends(symbol: string, body: unknown, asOf: string): Dividends {
  const parsed = dividendsPayload.safeParse(body);
  if (!parsed.success) throw malformedPayload(PROVIDER, `${symbol} dividends`, parsed.error);
  const events = parsed.data.results
    .map((d) => ({ exDate: d.ex_dividend_date, amount: d.cash_amount ?? null }))
    .sort((a, b) => a.exDate.localeCompare(b.exDate));
  return { symbol, events, source: "polygon", asOf };
}

export interface PolygonClient {
  quote(symbol: string): Promise<Quote>;
  chain(symbol: string): Promise<{ chain: ChainSnapshot; quote: Quote | null }>;
  history(symbol: string, days: number): Promise<DailyHistory>;
  dividends(symbol: string): Promise<Dividends>;
}

export function createPolygonClient(
  apiKey: string,
  base: string | undefined,
  options: { callsPerMinute?: number; clock?: () => number; policy?: Partial<FetchPolicy> } = {},
): PolygonClient {
  const root = (base ?? POLYGON_DEFAULT_BASE).replace(/\/$/, "");
  const clock = options.clock ?? Date.now;
  const shared: FetchPolicy = {
    provider: PROVIDER,
    semaphore: new Semaphore(4),
    budget: new MinuteBudget(options.callsPerMinute ?? POLYGON_DEFAULT_CALLS_PER_MINUTE),
    timeoutMs: 10_000,
    headers: { authorization: `Bearer ${apiKey}` },
    ...options.policy,
  };
  const getUrl = async (url: string, symbol: string) => {
    try {
      const res = await fetchText(url, shared);
      return parseJsonBody(PROVIDER, url, res.text);
    } catch (error) {
      if (error instanceof ProviderError && /HTTP 404/.test(error.message))
        throw new ProviderError(PROVIDER, `unknown symbol ${symbol}`, "unknown_symbol");
      throw error;
    }
  };
  const path = (p: string) => `${root}${p}`;
  const enc = encodeURIComponent;
  return {
    quote: async (symbol) =>
      parsePolygonQuote(
        symbol,
        await getUrl(path(`/v2/snapshot/locale/us/markets/stocks/tickers/${enc(symbol)}`), symbol),
      ),
    async chain(symbol) {
      const today = newYorkDateOf(clock());
      // The engine screens 60 days at most; 75 leave room for a week of cached chains.
      let url: string | null = path(
        `/v3/snapshot/options/${enc(symbol)}?expiration_date.lte=${addDays(today, 75)}&limit=${POLYGON_PAGE_LIMIT}`,
      );
      const byExpiration = new Map<string, ChainLeg[]>();
      let spot: number | null = null;
      let newest = 0;
      let skipped = 0;
      for (let pages = 0; url; pages++) {
        if (pages === POLYGON_MAX_PAGES) {
          console.warn(`polygon ${symbol} options: stopped after ${POLYGON_MAX_PAGES} pages`);
          break;
        }
        // next_url is the vendor's own cursor; only followed on the configured host (the key rides along).
        if (!url.startsWith(root))
          throw new ProviderError(PROVIDER, `${symbol} options: next_url off host`, "malformed");
        const page = parsePolygonChainPage(symbol, await getUrl(url, symbol));
        for (const { expirationDate, leg } of page.legs) {
          const legs = byExpiration.get(expirationDate) ?? [];
          legs.push(leg);
          byExpiration.set(expirationDate, legs);
        }
        spot = page.spot ?? spot;
        newest = Math.max(newest, page.newestQuoteMs);
        skipped += page.skipped;
        url = page.nextUrl;
      }
      if (skipped) console.warn(`polygon ${symbol} options: skipped ${skipped} contracts without a quote`);
      if (spot === null)
        throw new ProviderError(PROVIDER, `${symbol} options: no underlying price`, "malformed");
      const expirations: ChainExpiration[] = [...byExpiration.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([expirationDate, legs]) => ({
          expirationDate,
          legs: legs.sort((a, b) => a.strike - b.strike || a.type.localeCompare(b.type)),
        }));
      const asOf = new Date(newest || clock()).toISOString();
      return {
        chain: { underlying: symbol, spot, asOf, expirations, source: "polygon" },
        quote: null,
      };
    },
    async history(symbol, days) {
      const today = newYorkDateOf(clock());
      // Calendar days for `days` sessions, with room for holidays.
      const from = addDays(today, -Math.ceil(days * 1.5) - 10);
      return parsePolygonHistory(
        symbol,
        await getUrl(
          path(
            `/v2/aggs/ticker/${enc(symbol)}/range/1/day/${from}/${today}?adjusted=true&sort=asc&limit=50000`,
          ),
          symbol,
        ),
        new Date(clock()).toISOString(),
        days,
      );
    },
    dividends: async (symbol) =>
      parsePolygonDividends(
        symbol,
        await getUrl(path(`/v3/reference/dividends?ticker=${enc(symbol)}&order=desc&limit=50`), symbol),
        new Date(clock()).toISOString(),
      ),
  };
}
