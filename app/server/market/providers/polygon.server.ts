// Polygon.io, now Massive (key required; the licensed production source, decision 279): option chain snapshots
// with greeks, implied volatility, open interest and the last quote; stock snapshots; daily aggregates; dividends.
// Endpoints and fields from the vendor's public REST documentation (massive.com/docs/rest: options "Option Chain
// Snapshot", stocks "Single Ticker Snapshot", "Custom Bars (OHLC)" and corporate actions "Dividends"); the key goes
// in the Authorization header, so it never appears in a URL or a log line. A field the vendor's OpenAPI marks
// optional is optional here too (tests/worker/polygon-schemas.test.ts holds us to it): several depend on the
// operator's plan (`last_quote` on options quotes, `underlying_asset.price` on a stocks plan).
import { z } from "zod";
import { parseOccSymbol } from "#app/engine/index.ts";
import type { ChainExpiration, ChainLeg } from "#app/engine/index.ts";
import { addDays, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import {
  fetchText,
  malformedPayload,
  MinuteBudget,
  parseJsonBody,
  Semaphore,
  type FetchPolicy,
} from "#app/server/market/providers/http.server.ts";
import type {
  ChainSnapshot,
  DailyHistory,
  DividendEvent,
  Dividends,
  Quote,
} from "#app/server/market/types.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";

const POLYGON_DEFAULT_BASE = "https://api.massive.com";
const PROVIDER = "polygon";
/** Contracts a chain page holds at most (the snapshot's documented maximum, and what the live API serves). */
export const POLYGON_PAGE_LIMIT = 250;
/**
 * Pages one chain may take: 20 x 250 = 5,000 contracts, enough for most stocks' 75 days; a symbol with daily
 * expirations (SPY, QQQ) can list more, and the read then stops and says so (`stoppedAtPageCap`).
 */
export const POLYGON_MAX_PAGES = 20;
/** Calls per minute per isolate when the operator states none (paid plans are unmetered; this stays polite). */
export const POLYGON_DEFAULT_CALLS_PER_MINUTE = 600;
/** Words in every message of a call that failed for want of a plan feature (/api/health shows the latest). */
export const POLYGON_PLAN_LACKS = "the Massive subscription lacks";
const STOCKS_PLAN = "a stocks plan";
const OPTIONS_PLAN = "an options plan";

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
  // Returned only when the plan includes quotes (the vendor's words).
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
  status: z.string().optional(),
  results: z.array(z.unknown()).optional(),
  // Not `.url()`: past answers carried a doubled port, which no URL parser accepts; only its path is kept.
  next_url: z.string().nullish(),
});

const stockSnapshot = z.object({
  status: z.string().optional(),
  ticker: z
    .object({
      todaysChangePerc: num.nullish(),
      updated: epoch.nullish(),
      day: z.object({ c: num.nonnegative() }).partial().nullish(),
      prevDay: z.object({ c: num.positive() }).partial().nullish(),
      lastTrade: z.object({ p: num.positive(), t: epoch.nullish() }).partial().nullish(),
      min: z.object({ c: num.nonnegative(), t: epoch.nullish() }).partial().nullish(),
    })
    .optional(),
});

const aggregates = z.object({
  status: z.string().optional(),
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
  status: z.string().optional(),
  results: z
    .array(
      z.object({
        ex_dividend_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        cash_amount: num.nonnegative().nullish(),
        dividend_type: z.string().nullish(),
      }),
    )
    .optional(),
});

/** Our schemas, by the vendor's response they read (the chain's contracts are its `results[]`). */
export const POLYGON_SCHEMAS = {
  optionsChainPage: chainPage,
  optionsChainContract: optionResult,
  stockSnapshot,
  aggregates,
  dividends: dividendsPayload,
};

/** Epoch in ns (19 digits), µs or ms to an ISO instant. */
export function epochToIso(value: number): string {
  const ms = value > 1e17 ? value / 1e6 : value > 1e14 ? value / 1e3 : value;
  return new Date(Math.round(ms)).toISOString();
}

/**
 * The vendor's `next_url` on our configured root. It is absolute and names the vendor's own host (api.massive.com,
 * in past answers api.polygon.io, once with a doubled port); like the vendor's client, only its path and query are
 * kept, so the key in the header only ever goes to the configured host.
 */
export function rebaseNextUrl(root: string, nextUrl: string): string {
  const rest = nextUrl.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "").replace(/#.*$/, "");
  return `${root}${rest.startsWith("/") ? "" : "/"}${rest}`;
}

function planError(what: string, feature: string, evidence: string): ProviderError {
  const error = new ProviderError(
    PROVIDER,
    `${what}: ${POLYGON_PLAN_LACKS} ${feature} (${evidence})`,
    "not_configured",
  );
  console.error(error.message);
  return error;
}

/** One chain page's contracts as legs by expiration, the underlying price and the newest quote time seen. */
export function parsePolygonChainPage(symbol: string, body: unknown) {
  const page = chainPage.safeParse(body);
  if (!page.success) throw malformedPayload(PROVIDER, `${symbol} options page`, page.error);
  const rows = page.data.results ?? [];
  const legs: { expirationDate: string; leg: ChainLeg }[] = [];
  let spot: number | null = null;
  let newest = 0;
  let unquoted = 0;
  for (const raw of rows) {
    const row = optionResult.safeParse(raw);
    const occ = row.success ? parseOccSymbol(row.data.details.ticker) : null;
    // An unreadable row is skipped, like Cboe rows without a readable symbol.
    if (!row.success || !occ) continue;
    const r = row.data;
    if (r.underlying_asset?.price) spot = r.underlying_asset.price;
    // A contract without a quote cannot be priced.
    if (!r.last_quote) {
      unquoted++;
      continue;
    }
    const quoteMs = r.last_quote.last_updated ? Date.parse(epochToIso(r.last_quote.last_updated)) : 0;
    newest = Math.max(newest, quoteMs);
    legs.push({
      expirationDate: r.details.expiration_date,
      leg: {
        occSymbol: r.details.ticker,
        type: r.details.contract_type,
        strike: r.details.strike_price,
        bid: r.last_quote.bid,
        ask: r.last_quote.ask,
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
  return {
    legs,
    spot,
    newestQuoteMs: newest,
    contracts: rows.length,
    unquoted,
    nextUrl: page.data.next_url ?? null,
  };
}

/** `asOf` stands in when the snapshot carries no time (`updated` is optional in the vendor's OpenAPI). */
export function parsePolygonQuote(symbol: string, body: unknown, asOf: string): Quote {
  const parsed = stockSnapshot.safeParse(body);
  if (!parsed.success) throw malformedPayload(PROVIDER, `${symbol} snapshot`, parsed.error);
  const t = parsed.data.ticker;
  // The last trade, else the minute bar, else the day's close (before the open the day bar is empty).
  const price = t?.lastTrade?.p ?? (t?.min?.c || undefined) ?? (t?.day?.c || undefined) ?? t?.prevDay?.c;
  if (!t || !price) throw new ProviderError(PROVIDER, `${symbol} snapshot: no price`, "malformed");
  const changePerc = t.todaysChangePerc ?? null;
  const previousClose = t.prevDay?.c ?? (changePerc === null ? null : price / (1 + changePerc / 100));
  if (!previousClose) throw new ProviderError(PROVIDER, `${symbol} snapshot: no previous close`, "malformed");
  const stamp = t.updated || t.lastTrade?.t || t.min?.t;
  return {
    symbol,
    price,
    previousClose,
    // Optional in the vendor's OpenAPI: then the change from the previous day's close.
    changePercent: changePerc ?? (price / previousClose - 1) * 100,
    iv30: null,
    source: "polygon",
    asOf: stamp ? epochToIso(stamp) : asOf,
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

export interface PolygonDividends extends Dividends {
  /** Special dividends read and left out of `events` (so out of the yield and the ex-date cadence). */
  specialExcluded: (DividendEvent & { type: string })[];
}

export function parsePolygonDividends(symbol: string, body: unknown, asOf: string): PolygonDividends {
  const parsed = dividendsPayload.safeParse(body);
  if (!parsed.success) throw malformedPayload(PROVIDER, `${symbol} dividends`, parsed.error);
  const rows = (parsed.data.results ?? [])
    .map((d) => ({
      exDate: d.ex_dividend_date,
      amount: d.cash_amount ?? null,
      // Required by the vendor's OpenAPI; a row without it is read as the regular kind.
      type: d.dividend_type ?? "CD",
    }))
    .sort((a, b) => a.exDate.localeCompare(b.exDate));
  // CD is the regular cash dividend; SC (special) and LT/ST (capital gains) are one-offs, not a carry.
  const events = rows.filter((d) => d.type === "CD").map(({ exDate, amount }) => ({ exDate, amount }));
  return { symbol, events, source: "polygon", asOf, specialExcluded: rows.filter((d) => d.type !== "CD") };
}

/** What a chain read took: the smoke test (scripts/polygon-smoke.ts) prints it. */
export interface PolygonChainRead {
  contracts: number;
  quoted: number;
  pages: number;
  spotSource: "chain" | "stock snapshot";
  stoppedAtPageCap: boolean;
}

export interface PolygonClient {
  quote(symbol: string): Promise<Quote>;
  chain(symbol: string): Promise<{ chain: ChainSnapshot; quote: Quote | null; read: PolygonChainRead }>;
  history(symbol: string, days: number): Promise<DailyHistory>;
  dividends(symbol: string): Promise<PolygonDividends>;
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
  /** `what` names the call in errors; `plan` is what the operator's subscription needs for it. */
  const getUrl = async (url: string, symbol: string, what: string, plan: string) => {
    try {
      const res = await fetchText(url, shared);
      return parseJsonBody(PROVIDER, url, res.text);
    } catch (error) {
      if (error instanceof ProviderError && /HTTP 404/.test(error.message))
        throw new ProviderError(PROVIDER, `unknown symbol ${symbol}`, "unknown_symbol");
      // The vendor refuses data outside the subscription with a 403 (its status NOT_AUTHORIZED).
      if (error instanceof ProviderError && /HTTP 403/.test(error.message))
        throw planError(`${symbol} ${what}`, plan, error.message.replace(`${PROVIDER}: `, ""));
      throw error;
    }
  };
  const path = (p: string) => `${root}${p}`;
  const enc = encodeURIComponent;
  const now = () => new Date(clock()).toISOString();
  const quote = async (symbol: string) =>
    parsePolygonQuote(
      symbol,
      await getUrl(
        path(`/v2/snapshot/locale/us/markets/stocks/tickers/${enc(symbol)}`),
        symbol,
        "snapshot",
        STOCKS_PLAN,
      ),
      now(),
    );
  return {
    quote,
    async chain(symbol) {
      const today = newYorkDateOf(clock());
      // The engine screens 60 days at most; 75 leave room for a week of cached chains.
      let url: string | null = path(
        `/v3/snapshot/options/${enc(symbol)}?expiration_date.lte=${addDays(today, 75)}&limit=${POLYGON_PAGE_LIMIT}`,
      );
      const byExpiration = new Map<string, ChainLeg[]>();
      const read: PolygonChainRead = {
        contracts: 0,
        quoted: 0,
        pages: 0,
        spotSource: "chain",
        stoppedAtPageCap: false,
      };
      let spot: number | null = null;
      let newest = 0;
      let unquoted = 0;
      while (url) {
        if (read.pages === POLYGON_MAX_PAGES) {
          console.warn(`polygon ${symbol} options: stopped after ${POLYGON_MAX_PAGES} pages`);
          read.stoppedAtPageCap = true;
          break;
        }
        const page = parsePolygonChainPage(symbol, await getUrl(url, symbol, "options", OPTIONS_PLAN));
        for (const { expirationDate, leg } of page.legs) {
          const legs = byExpiration.get(expirationDate) ?? [];
          legs.push(leg);
          byExpiration.set(expirationDate, legs);
        }
        read.pages++;
        read.contracts += page.contracts;
        read.quoted += page.legs.length;
        unquoted += page.unquoted;
        spot = page.spot ?? spot;
        newest = Math.max(newest, page.newestQuoteMs);
        url = page.nextUrl === null ? null : rebaseNextUrl(root, page.nextUrl);
      }
      if (read.quoted === 0 && unquoted > 0)
        throw planError(
          `${symbol} options`,
          "options quotes",
          `none of ${unquoted} contracts carries last_quote; the options plan must include quotes`,
        );
      if (read.contracts > read.quoted)
        console.warn(
          `polygon ${symbol} options: skipped ${read.contracts - read.quoted} contracts (no quote, or unreadable)`,
        );
      // underlying_asset.price comes with a stocks plan; without it the stock snapshot gives the spot.
      let snapshot: Quote | null = null;
      if (spot === null) {
        snapshot = await quote(symbol);
        spot = snapshot.price;
        read.spotSource = "stock snapshot";
      }
      const expirations: ChainExpiration[] = [...byExpiration.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([expirationDate, legs]) => ({
          expirationDate,
          legs: legs.sort((a, b) => a.strike - b.strike || a.type.localeCompare(b.type)),
        }));
      const asOf = new Date(newest || clock()).toISOString();
      return {
        chain: { underlying: symbol, spot, asOf, expirations, source: "polygon" },
        quote: snapshot,
        read,
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
          "daily bars",
          STOCKS_PLAN,
        ),
        now(),
        days,
      );
    },
    dividends: async (symbol) =>
      parsePolygonDividends(
        symbol,
        await getUrl(
          path(`/v3/reference/dividends?ticker=${enc(symbol)}&order=desc&limit=50`),
          symbol,
          "dividends",
          STOCKS_PLAN,
        ),
        now(),
      ),
  };
}
