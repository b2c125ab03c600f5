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
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ServerResponse } from "node:http";
import { bsmGreeks, bsmPrice } from "#app/engine/bsm.ts";
import type { FakeHandler } from "./servers";

const NOW_MS = Date.parse("2026-07-24T20:00:00Z");
const NOW_NS = NOW_MS * 1e6;
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

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const round = (x: number) => Math.round(x * 100) / 100;

/** A symbol's contracts in the snapshot's layout, priced on a smile; the absences take out what their plan lacks. */
function contracts(symbol: string): Record<string, unknown>[] {
  const u = UNDERLYINGS[symbol]!;
  const out: Record<string, unknown>[] = [];
  for (const expiration of u.expirations) {
    const T = (Date.parse(`${expiration}T20:00:00Z`) - NOW_MS) / (365 * 86_400_000);
    const ymd = expiration.slice(2).replaceAll("-", "");
    for (let K = u.strikes.from; K <= u.strikes.to; K += 2.5) {
      for (const type of ["put", "call"] as const) {
        const m = Math.log(K / u.spot);
        const sigma = 0.24 - 0.25 * m + 0.6 * m * m;
        const input = { type, S: u.spot, K, T, r: 0.043, q: 0.03, sigma };
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
            last_updated: NOW_NS,
          },
          details: {
            contract_type: type,
            exercise_style: "american",
            expiration_date: expiration,
            shares_per_contract: 100,
            strike_price: K,
            ticker: `O:${symbol}${ymd}${type === "call" ? "C" : "P"}${String(K * 1000).padStart(8, "0")}`,
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
            last_updated: NOW_NS,
            timeframe: "DELAYED",
          },
          underlying_asset: {
            change_to_break_even: breakEven - u.spot,
            price: u.spot,
            ticker: symbol,
            timeframe: "DELAYED",
          },
        };
        // "Only returned if your current plan includes quotes."
        if (symbol === "NOQT") delete contract.last_quote;
        if (symbol === "NOSPT" || symbol === "NOSTK") contract.underlying_asset = { ticker: symbol };
        if (symbol === "BARE") {
          delete contract.greeks;
          delete contract.implied_volatility;
          delete (contract.day as Record<string, unknown>).last_updated;
          contract.last_quote = { ask, ask_size: 10, bid, bid_size: 10, midpoint: (bid + ask) / 2 };
          contract.underlying_asset = { change_to_break_even: breakEven - u.spot, ticker: symbol };
        }
        out.push(contract);
      }
    }
  }
  return out;
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

function stockSnapshot(symbol: string, spot: number) {
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
      updated: NOW_NS,
      day: { o: prev, h: spot + 0.5, l: prev - 0.5, c: spot, v: 1_438_610, vw: spot },
      lastTrade: { p: spot, s: 100, t: NOW_NS, x: 4 },
      min: { o: spot, h: spot, l: spot, c: spot, v: 20_000, vw: spot, t: NOW_MS },
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

function chainPage(symbol: string, url: URL) {
  const all = contracts(symbol);
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
  const u = UNDERLYINGS[symbol];
  if (!u) return send(res, 404, { status: "NOT_FOUND", request_id: "fake", message: "Ticker not found." });
  if (path.startsWith("/v3/snapshot/options/")) return send(res, 200, chainPage(symbol, url));
  // A plan without stocks data: the vendor's refusal (its status NOT_AUTHORIZED; the body is not in the OpenAPI).
  if (symbol === "NOSTK")
    return send(res, 403, {
      status: "NOT_AUTHORIZED",
      request_id: "fake",
      message: "You are not entitled to this data. Please upgrade your plan at https://massive.com/pricing",
    });
  if (path.startsWith("/v2/snapshot/locale/us/markets/stocks/tickers/"))
    return send(res, 200, stockSnapshot(symbol, u.spot));
  if (path.startsWith("/v2/aggs/ticker/"))
    return send(res, 200, {
      ticker: symbol,
      adjusted: true,
      queryCount: 320,
      resultsCount: 320,
      ...(symbol === "BARE" ? {} : { status: "OK" }),
      request_id: "fake-aggs",
      results: bars(u.spot),
    });
  if (path === "/v3/reference/dividends")
    return send(res, 200, DIVIDENDS[symbol] ?? sample("polygon_dividends_CLX.docs.json"));
  send(res, 404, { status: "NOT_FOUND" });
};

function sample(name: string) {
  return readFileSync(fileURLToPath(new URL(`./market-samples/${name}`, import.meta.url)), "utf8");
}
