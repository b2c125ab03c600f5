// Cboe delayed quotes (no key): quotes, full option chains (all expirations in one call) and daily
// history. Shapes: tests/worker/fakes/market-samples/cboe_*. Terms: Cboe asks for a licence for use of its data,
// so we cache hard and poll rarely (see REFRESH_LIMITS.liveMaxSymbols).
import { z } from "zod";
import { parseOccSymbol } from "#app/engine/index.ts";
import type { ChainExpiration, ChainLeg } from "#app/engine/index.ts";
import { newYorkInstant } from "#app/lib/market-calendar/index.ts";
import {
  fetchText,
  malformedPayload,
  parseJsonBody,
  Semaphore,
  type FetchPolicy,
} from "#app/server/market/providers/http.server.ts";
import type { ChainSnapshot, DailyHistory, Quote } from "#app/server/market/types.server.ts";
import { ProviderError } from "#app/server/market/types.server.ts";

const CBOE_DEFAULT_BASE = "https://cdn.cboe.com";
const PROVIDER = "cboe";

const num = z.number().finite();
const numLike = z
  .union([z.number(), z.string().trim().min(1)])
  .transform((v) => Number(v))
  .pipe(z.number().finite());

const quoteBlock = z.object({
  symbol: z.string().min(1),
  current_price: num.positive(),
  price_change_percent: num,
  prev_day_close: num.nonnegative().nullish(),
  iv30: num.nullish(),
  last_trade_time: z.string().nullish(),
});

const optionRow = z.object({
  option: z.string().min(10),
  bid: num.nonnegative(),
  ask: num.nonnegative(),
  iv: num.nonnegative().nullish(),
  delta: num.nullish(),
  gamma: num.nullish(),
  theta: num.nullish(),
  vega: num.nullish(),
  volume: num.nonnegative().nullish(),
  open_interest: num.nonnegative().nullish(),
  last_trade_price: num.nullish(),
  last_trade_time: z.string().nullish(),
});

const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/, "timestamp 'YYYY-MM-DD HH:MM:SS'");

const quotesPayload = z.object({ timestamp, data: quoteBlock });
const optionsPayload = z.object({ timestamp, data: quoteBlock.extend({ options: z.array(optionRow) }) });
const historyPayload = z.object({
  symbol: z.string(),
  data: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      open: numLike.nullish(),
      high: numLike.nullish(),
      low: numLike.nullish(),
      close: numLike.pipe(z.number().positive()),
      stock_volume: numLike.nullish(),
    }),
  ),
});

/** Index symbols are requested with a leading underscore (SPX -> _SPX). */
export function cboePathSymbol(symbol: string): string {
  return ["SPX", "XSP", "VIX", "NDX", "RUT", "DJX"].includes(symbol) ? `_${symbol}` : symbol;
}

function malformed(what: string, error: z.ZodError): ProviderError {
  return malformedPayload(PROVIDER, what, error);
}

/** Cboe's top-level timestamp is UTC ('2026-07-25 00:43:14'). */
function timestampToIso(ts: string): string {
  return new Date(`${ts.replace(" ", "T")}Z`).toISOString();
}

/** Trade times are New York wall time without a zone ('2026-07-24T15:59:59'). */
export function easternToIso(local: string | null | undefined): string | null {
  if (!local) return null;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  return new Date(newYorkInstant(m[1]!, Number(m[2]), Number(m[3])) + Number(m[4]) * 1000).toISOString();
}

export function parseCboeQuote(symbol: string, body: unknown): Quote {
  const parsed = quotesPayload.safeParse(body);
  if (!parsed.success) throw malformed(`${symbol} quote`, parsed.error);
  const d = parsed.data.data;
  return quoteFrom(symbol, d, timestampToIso(parsed.data.timestamp));
}

export function parseCboeChain(symbol: string, body: unknown): { chain: ChainSnapshot; quote: Quote } {
  const parsed = optionsPayload.safeParse(body);
  if (!parsed.success) throw malformed(`${symbol} options`, parsed.error);
  const d = parsed.data.data;
  const asOf = timestampToIso(parsed.data.timestamp);
  const byExpiration = new Map<string, ChainLeg[]>();
  let skipped = 0;
  for (const row of d.options) {
    const occ = parseOccSymbol(row.option);
    if (!occ) {
      skipped++;
      continue;
    }
    const legs = byExpiration.get(occ.expirationDate) ?? [];
    legs.push({
      occSymbol: row.option,
      type: occ.type,
      strike: occ.strike,
      bid: row.bid,
      ask: row.ask,
      last: row.last_trade_price ?? null,
      // 0.0 appears on deep in-the-money rows: treat as missing so the engine re-solves it.
      iv: row.iv && row.iv > 0 ? row.iv : null,
      delta: row.delta ?? null,
      gamma: row.gamma ?? null,
      theta: row.theta ?? null,
      vega: row.vega ?? null,
      volume: Math.round(row.volume ?? 0),
      openInterest: Math.round(row.open_interest ?? 0),
      quoteTime: easternToIso(row.last_trade_time),
    });
    byExpiration.set(occ.expirationDate, legs);
  }
  if (skipped) console.warn(`cboe ${symbol} options: skipped ${skipped} rows with unreadable option symbols`);
  const expirations: ChainExpiration[] = [...byExpiration.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([expirationDate, legs]) => ({ expirationDate, legs }));
  const quote = quoteFrom(symbol, d, asOf);
  return { chain: { underlying: symbol, spot: d.current_price, asOf, expirations, source: "cboe" }, quote };
}

export function parseCboeHistory(symbol: string, body: unknown, asOf: string, days: number): DailyHistory {
  const parsed = historyPayload.safeParse(body);
  if (!parsed.success) throw malformed(`${symbol} history`, parsed.error);
  const bars = parsed.data.data
    .map((b) => ({
      date: b.date,
      open: b.open ?? null,
      high: b.high ?? null,
      low: b.low ?? null,
      close: b.close,
      volume: b.stock_volume ?? null,
    }))
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(-days);
  return { symbol, bars, source: "cboe", asOf };
}

export interface CboeClient {
  quote(symbol: string): Promise<Quote>;
  chain(symbol: string): Promise<{ chain: ChainSnapshot; quote: Quote }>;
  history(symbol: string, days: number): Promise<DailyHistory>;
}

export function createCboeClient(base: string | undefined, policy: Partial<FetchPolicy> = {}): CboeClient {
  const root = (base ?? CBOE_DEFAULT_BASE).replace(/\/$/, "");
  const shared: FetchPolicy = {
    provider: PROVIDER,
    semaphore: new Semaphore(4),
    timeoutMs: 10_000,
    ...policy,
  };
  const get = async (path: string, symbol: string) => {
    const url = `${root}/api/global/delayed_quotes/${path}/${cboePathSymbol(symbol)}.json`;
    try {
      const res = await fetchText(url, shared);
      return parseJsonBody(PROVIDER, url, res.text);
    } catch (error) {
      // Cboe answers 403/404 for symbols it does not list.
      if (error instanceof ProviderError && /HTTP (403|404)/.test(error.message))
        throw new ProviderError(PROVIDER, `unknown symbol ${symbol}`, "unknown_symbol");
      throw error;
    }
  };
  return {
    quote: async (symbol) => parseCboeQuote(symbol, await get("quotes", symbol)),
    chain: async (symbol) => parseCboeChain(symbol, await get("options", symbol)),
    history: async (symbol, days) =>
      parseCboeHistory(symbol, await get("charts/historical", symbol), new Date().toISOString(), days),
  };
}

/** Cboe's `data` block as our quote (previous close derived from the change when Cboe omits it). */
function quoteFrom(
  symbol: string,
  d: {
    current_price: number;
    prev_day_close?: number | null;
    price_change_percent: number;
    iv30?: number | null;
  },
  asOf: string,
): Quote {
  return {
    symbol,
    price: d.current_price,
    previousClose: d.prev_day_close ?? d.current_price / (1 + d.price_change_percent / 100),
    changePercent: d.price_change_percent,
    iv30: d.iv30 ?? null,
    source: "cboe",
    asOf,
  };
}
