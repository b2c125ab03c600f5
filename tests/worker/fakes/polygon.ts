// The Polygon (Massive) fake, mounted at /polygon/ (./market.ts): the vendor's documented paths and fields, and each
// documented absence, so every case a real plan can answer has a symbol here.
//  /polygon/v3/snapshot/options/{SYM}: pages of `limit` contracts (10 when absent, at most 250: the live API's page
//     size). Each page's next_url is absolute and names the vendor's host, never ours: api.massive.com, then
//     api.polygon.io, then that host with a doubled port, as past answers did; its cursor is opaque.
//  /polygon/v2/snapshot/locale/us/markets/stocks/tickers/{SYM}, /polygon/v2/aggs/ticker/{SYM}/range/1/day/{from}/{to},
//  /polygon/v3/reference/dividends?ticker=SYM
// Authorization "Bearer test-key", else 401. Symbols:
//  CLX   84 contracts (one page), priced around the Cboe samples' close; the dividends sample
//  SPY   846 contracts (four pages of 250 or fewer); quarterly dividends
//  KO    a dividend payer whose list holds a special dividend (SC) beside the regular ones (CD)
//  NOQT  an options plan without quotes: no contract carries last_quote
//  NOSPT no underlying_asset.price (it comes with a stocks plan); the stock snapshot answers
//  NOSTK no stocks plan: no underlying price, and every stocks endpoint answers 403 NOT_AUTHORIZED
//  BARE  every field the vendor's OpenAPI marks optional left out, on every endpoint
//  THROTTLED 429 always; BROKE the chain's second page is malformed; anything else 404 (unknown).
// A movable chain (the browser journeys' fixed test chain): POST /__polygon/chain {symbol, spot, iv, expirations[],
// strikes: {from, to, step}, quoteTimeMs?} makes every endpoint above answer for that symbol with contracts priced
// by Black-Scholes-Merton at a flat `iv` (r 4.3%, no dividend), quoted at quoteTimeMs (else the time of each call);
// the answer lists the contracts' quotes. It takes precedence over a fixed symbol of the same name until set again.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ServerResponse } from "node:http";
import { z } from "zod";
import { bsmGreeks, bsmPrice } from "#app/engine/bsm.ts";
import type { FakeHandler } from "./servers";

const NOW_MS = Date.parse("2026-07-24T20:00:00Z");
export const POLYGON_FAKE_MAX_LIMIT = 250;
const DEFAULT_LIMIT = 10;
/** The hosts past answers named in next_url, in turn (the last with the doubled port once seen). */
export const POLYGON_NEXT_URL_HOSTS = [
  "https://api.massive.com",
  "https://api.polygon.io",
  "https://api.polygon.io:443:443",
];

interface Underlying {
  spot: number;
  expirations: string[];
  strikes: { from: number; to: number };
}

const CLX: Underlying = {
  spot: 95.55,
  expirations: ["2026-08-21", "2026-09-18"],
  strikes: { from: 70, to: 120 },
};
const UNDERLYINGS: Record<string, Underlying> = {
  CLX,
  // 141 strikes x 3 expirations x put and call = 846 contracts.
  SPY: {
    spot: 630.2,
    expirations: ["2026-08-07", "2026-08-21", "2026-09-18"],
    strikes: { from: 450, to: 800 },
  },
  KO: { spot: 70.4, expirations: ["2026-08-21", "2026-09-18"], strikes: { from: 55, to: 85 } },
  NOQT: CLX,
  NOSPT: CLX,
  NOSTK: CLX,
  BARE: CLX,
  BROKE: { ...CLX, strikes: { from: 450, to: 800 } },
};

const dividendRow = (ticker: string, exDate: string, amount: number, type = "CD") => ({
  cash_amount: amount,
  currency: "USD",
  dividend_type: type,
  ex_dividend_date: exDate,
  frequency: type === "CD" ? 4 : 0,
  id: `fake-${ticker}-${exDate}`,
  ticker,
});

const DIVIDENDS: Record<string, unknown> = {
  KO: {
    status: "OK",
    request_id: "fake-dividends",
    results: [
      dividendRow("KO", "2026-09-15", 0.53),
      dividendRow("KO", "2026-06-12", 0.51),
      dividendRow("KO", "2026-04-01", 1.0, "SC"),
      dividendRow("KO", "2026-03-13", 0.51),
      dividendRow("KO", "2025-11-28", 0.51),
      dividendRow("KO", "2025-09-15", 0.51),
    ],
  },
  SPY: {
    status: "OK",
    request_id: "fake-dividends",
    results: ["2026-06-19", "2026-03-20", "2025-12-19", "2025-09-19"].map((d) => dividendRow("SPY", d, 1.8)),
  },
  // Both optional in the OpenAPI: a ticker without dividends may get neither.
  BARE: { request_id: "fake-dividends" },
};

const movableSchema = z.object({
  symbol: z.string().regex(/^[A-Z]{1,6}$/),
  spot: z.number().positive(),
  iv: z.number().positive().max(5),
  expirations: z
    .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/))
    .min(1)
    .max(6),
  strikes: z
    .object({ from: z.number().positive(), to: z.number().positive(), step: z.number().positive() })
    .refine((s) => s.from <= s.to && (s.to - s.from) / s.step <= 400, "from <= to, at most 400 strikes"),
  quoteTimeMs: z.number().int().positive().optional(),
});
type Movable = z.infer<typeof movableSchema>;
const MOVABLE = new Map<string, Movable>();
const MOVABLE_RATE = 0.043;

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const round = (x: number) => Math.round(x * 100) / 100;

interface Pricing {
  spot: number;
  expirations: string[];
  strikes: { from: number; to: number; step: number };
  /** The volatility at a strike (its log-moneyness). */
  sigma: (m: number) => number;
  r: number;
  q: number;
  quoteMs: number;
}

/** The fixed symbols' pricing: on a smile, at the samples' time. */
const fixedPricing = (u: Underlying): Pricing => ({
  spot: u.spot,
  expirations: u.expirations,
  strikes: { ...u.strikes, step: 2.5 },
  sigma: (m) => 0.24 - 0.25 * m + 0.6 * m * m,
  r: 0.043,
  q: 0.03,
  quoteMs: NOW_MS,
});

const movablePricing = (m: Movable): Pricing => ({
  spot: m.spot,
  expirations: m.expirations,
  strikes: m.strikes,
  sigma: () => m.iv,
  r: MOVABLE_RATE,
  q: 0,
  quoteMs: m.quoteTimeMs ?? Date.now(),
});

/** A symbol's contracts in the snapshot's layout, priced by BSM; the absences take out what their plan lacks. */
function contracts(symbol: string, p: Pricing): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const nowNs = p.quoteMs * 1e6;
  for (const expiration of p.expirations) {
    const T = Math.max(1e-6, (Date.parse(`${expiration}T20:00:00Z`) - p.quoteMs) / (365 * 86_400_000));
    const ymd = expiration.slice(2).replaceAll("-", "");
    // Integer steps (cents) so a step like 0.5 or 2.5 never drifts.
    for (
      let cents = Math.round(p.strikes.from * 100);
      cents <= Math.round(p.strikes.to * 100);
      cents += Math.round(p.strikes.step * 100)
    ) {
      const K = cents / 100;
      for (const type of ["put", "call"] as const) {
        const sigma = p.sigma(Math.log(K / p.spot));
        const input = { type, S: p.spot, K, T, r: p.r, q: p.q, sigma };
        const price = bsmPrice(input);
        const g = bsmGreeks(input);
        const half = Math.max(0.025, price * 0.03);
        const bid = Math.max(0, round(price - half));
        const ask = round(price + half);
        const breakEven = type === "call" ? K + price : K - price;
        const contract: Record<string, unknown> = {
          break_even_price: breakEven,
          day: {
            change: 0,
            change_percent: 0,
            close: round(price),
            high: round(price),
            low: round(price),
            open: round(price),
            previous_close: round(price),
            volume: 40,
            vwap: round(price),
            last_updated: nowNs,
          },
          details: {
            contract_type: type,
            exercise_style: "american",
            expiration_date: expiration,
            shares_per_contract: 100,
            strike_price: K,
            ticker: `O:${symbol}${ymd}${type === "call" ? "C" : "P"}${String(Math.round(K * 1000)).padStart(8, "0")}`,
          },
          greeks: { delta: g.delta, gamma: g.gamma, theta: g.theta / 365, vega: g.vega / 100 },
          implied_volatility: sigma,
          open_interest: 800,
          last_quote: {
            ask,
            ask_size: 10,
            bid,
            bid_size: 10,
            midpoint: (bid + ask) / 2,
            last_updated: nowNs,
            timeframe: "DELAYED",
          },
          underlying_asset: {
            change_to_break_even: breakEven - p.spot,
            price: p.spot,
            ticker: symbol,
            timeframe: "DELAYED",
          },
        };
        if (!MOVABLE.has(symbol)) withoutPlanFields(symbol, contract, { bid, ask, breakEven, spot: p.spot });
        out.push(contract);
      }
    }
  }
  return out;
}

/** The fixed absences: what each symbol's plan (or the OpenAPI's optional fields) leaves out. */
function withoutPlanFields(
  symbol: string,
  contract: Record<string, unknown>,
  q: { bid: number; ask: number; breakEven: number; spot: number },
) {
  // "Only returned if your current plan includes quotes."
  if (symbol === "NOQT") delete contract.last_quote;
  if (symbol === "NOSPT" || symbol === "NOSTK") contract.underlying_asset = { ticker: symbol };
  if (symbol === "BARE") {
    delete contract.greeks;
    delete contract.implied_volatility;
    delete (contract.day as Record<string, unknown>).last_updated;
    contract.last_quote = {
      ask: q.ask,
      ask_size: 10,
      bid: q.bid,
      bid_size: 10,
      midpoint: (q.bid + q.ask) / 2,
    };
    contract.underlying_asset = { change_to_break_even: q.breakEven - q.spot, ticker: symbol };
  }
}

/** 320 weekday closes ending at the Cboe samples' last two for CLX (93.80, 95.55); other symbols scaled to their spot. */
function bars(spot: number) {
  const scale = spot / CLX.spot;
  const out: { t: number; o: number; h: number; l: number; c: number; v: number }[] = [];
  let day = Date.parse("2026-07-24T04:00:00Z");
  for (; out.length < 320; day -= 86_400_000) {
    const wd = new Date(day).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    const n = out.length;
    const clx = n === 0 ? 95.55 : n === 1 ? 93.8 : round(92 + 6 * Math.sin(n / 9) + 2 * Math.cos(n / 3.7));
    const c = round(clx * scale);
    out.push({ t: day, o: c - 0.4, h: c + 0.9, l: c - 1.1, c, v: 1_200_000 });
  }
  return out.reverse();
}

function stockSnapshot(symbol: string, spot: number, stampMs = NOW_MS) {
  const stampNs = stampMs * 1e6;
  if (symbol === "BARE")
    return {
      status: "OK",
      request_id: "fake-snapshot",
      ticker: {
        day: { o: spot - 1, h: spot + 0.5, l: spot - 1.5, c: spot, v: 1_000_000, vw: spot },
        prevDay: { o: 93.5, h: 94.2, l: 93, c: 93.8, v: 1_100_000, vw: 93.7 },
      },
    };
  const prev = symbol === "CLX" ? 93.8 : round(spot / 1.01);
  return {
    status: "OK",
    request_id: "fake-snapshot",
    ticker: {
      ticker: symbol,
      todaysChange: round(spot - prev),
      todaysChangePerc: symbol === "CLX" ? 1.8657 : (spot / prev - 1) * 100,
      updated: stampNs,
      day: { o: prev, h: spot + 0.5, l: prev - 0.5, c: spot, v: 1_438_610, vw: spot },
      lastTrade: { p: spot, s: 100, t: stampNs, x: 4 },
      min: { o: spot, h: spot, l: spot, c: spot, v: 20_000, vw: spot, t: stampMs },
      prevDay: { o: prev, h: prev + 0.4, l: prev - 0.8, c: prev, v: 1_100_000, vw: prev },
    },
  };
}

/** The opaque cursor: where the next page starts and the limit the first call asked for. */
const cursorOf = (offset: number, limit: number) =>
  Buffer.from(`o=${offset}&l=${limit}`).toString("base64url");
function readCursor(cursor: string) {
  const p = new URLSearchParams(Buffer.from(cursor, "base64url").toString());
  return { offset: Number(p.get("o")), limit: Number(p.get("l")) };
}

function chainPage(symbol: string, url: URL, pricing: Pricing) {
  // The vendor's filter the client sends (expiration_date.lte): a movable chain honours it.
  const lte = url.searchParams.get("expiration_date.lte");
  const all = contracts(symbol, pricing).filter(
    (c) => !lte || !MOVABLE.has(symbol) || (c.details as { expiration_date: string }).expiration_date <= lte,
  );
  const cursor = url.searchParams.get("cursor");
  const asked = Number(url.searchParams.get("limit") ?? DEFAULT_LIMIT);
  const { offset, limit } = cursor
    ? readCursor(cursor)
    : { offset: 0, limit: Math.min(POLYGON_FAKE_MAX_LIMIT, asked) };
  if (symbol === "BROKE" && offset > 0) return { status: "OK", results: "not a list", next_url: null };
  const next = offset + limit < all.length ? offset + limit : null;
  const host = POLYGON_NEXT_URL_HOSTS[(offset / limit) % POLYGON_NEXT_URL_HOSTS.length];
  return {
    ...(symbol === "BARE" ? {} : { status: "OK" }),
    request_id: "fake-chain",
    results: all.slice(offset, offset + limit),
    ...(next === null
      ? {}
      : { next_url: `${host}/v3/snapshot/options/${symbol}?cursor=${cursorOf(next, limit)}` }),
  };
}

export const polygonFake: FakeHandler = (req, res) => {
  if (req.headers["authorization"] !== "Bearer test-key")
    return send(res, 401, { status: "ERROR", request_id: "fake", error: "Unknown API Key" });
  const url = new URL(req.url, "http://fake");
  const path = url.pathname.replace(/^\/polygon/, "");
  const symbol =
    /\/v3\/snapshot\/options\/([A-Z]+)$/.exec(path)?.[1] ??
    /\/stocks\/tickers\/([A-Z]+)$/.exec(path)?.[1] ??
    /\/v2\/aggs\/ticker\/([A-Z]+)\//.exec(path)?.[1] ??
    url.searchParams.get("ticker") ??
    "";
  if (symbol === "THROTTLED")
    return send(res, 429, { status: "ERROR", error: "You've exceeded the maximum requests per minute" });
  const movable = MOVABLE.get(symbol);
  const u = UNDERLYINGS[symbol];
  const pricing = movable ? movablePricing(movable) : u ? fixedPricing(u) : null;
  if (!pricing)
    return send(res, 404, { status: "NOT_FOUND", request_id: "fake", message: "Ticker not found." });
  if (path.startsWith("/v3/snapshot/options/")) return send(res, 200, chainPage(symbol, url, pricing));
  // A plan without stocks data: the vendor's refusal (its status NOT_AUTHORIZED; the body is not in the OpenAPI).
  if (symbol === "NOSTK" && !movable)
    return send(res, 403, {
      status: "NOT_AUTHORIZED",
      request_id: "fake",
      message: "You are not entitled to this data. Please upgrade your plan at https://massive.com/pricing",
    });
  if (path.startsWith("/v2/snapshot/locale/us/markets/stocks/tickers/"))
    return send(res, 200, stockSnapshot(symbol, pricing.spot, pricing.quoteMs));
  if (path.startsWith("/v2/aggs/ticker/"))
    return send(res, 200, {
      ticker: symbol,
      adjusted: true,
      queryCount: 320,
      resultsCount: 320,
      ...(symbol === "BARE" ? {} : { status: "OK" }),
      request_id: "fake-aggs",
      results: bars(pricing.spot),
    });
  if (path === "/v3/reference/dividends")
    return send(
      res,
      200,
      movable
        ? { status: "OK", request_id: "fake-dividends", results: [] }
        : (DIVIDENDS[symbol] ?? sample("polygon_dividends_CLX.docs.json")),
    );
  send(res, 404, { status: "NOT_FOUND" });
};

/**
 * POST /__polygon/chain: sets (or moves) a symbol's chain; the answer is every contract's quote as the endpoints
 * will serve it (a test computes its expected marks from them).
 */
export const polygonChainControl: FakeHandler = (req, res) => {
  if (req.method !== "POST" || new URL(req.url, "http://fake").pathname !== "/__polygon/chain")
    return send(res, 404, { error: "POST /__polygon/chain" });
  let body: unknown;
  try {
    body = JSON.parse(req.body);
  } catch {
    return send(res, 400, { error: "the body is not JSON" });
  }
  const parsed = movableSchema.safeParse(body);
  if (!parsed.success) return send(res, 400, { error: parsed.error.issues[0]?.message ?? "invalid" });
  MOVABLE.set(parsed.data.symbol, parsed.data);
  const quotes = contracts(parsed.data.symbol, movablePricing(parsed.data)).map((c) => {
    const d = c.details as { contract_type: string; strike_price: number; expiration_date: string };
    const q = c.last_quote as { bid: number; ask: number; last_updated: number };
    const greeks = c.greeks as { delta: number };
    return {
      type: d.contract_type,
      strike: d.strike_price,
      expiration: d.expiration_date,
      bid: q.bid,
      ask: q.ask,
      delta: greeks.delta,
      quoteTimeMs: q.last_updated / 1e6,
    };
  });
  send(res, 200, { symbol: parsed.data.symbol, quotes });
};

function sample(name: string) {
  return readFileSync(fileURLToPath(new URL(`./market-samples/${name}`, import.meta.url)), "utf8");
}
