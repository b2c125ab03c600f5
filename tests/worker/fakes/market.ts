// Fakes of the market-data providers, serving the recorded samples in ./market-samples.
//  /cboe/api/global/delayed_quotes/{quotes|options|charts/historical}/{SYM}.json
//     CLX -> samples; BROKE -> a payload missing fields; DOWN -> 503; anything else -> 404 (unknown).
//  /cboe-down/...                      -> 503 always (a provider outage)
//  /cboe-slow/...                      -> answers 503 after 4 s (a hanging provider)
//  /finnhub/calendar/earnings, /finnhub/company-news   (X-Finnhub-Token "bad" -> 401 error body)
//  /alphavantage/query?function=NEWS_SENTIMENT|DIVIDENDS (apikey "throttled" -> the 200 rate-limit note)
//  /polygon/v3/snapshot/options/{SYM}, /polygon/v2/snapshot/locale/us/markets/stocks/tickers/{SYM},
//  /polygon/v2/aggs/ticker/{SYM}/range/1/day/{from}/{to}, /polygon/v3/reference/dividends?ticker=SYM
//     (Authorization "Bearer test-key", else 401). CLX -> a generated chain paged 50 at a time through next_url;
//     THROTTLED -> 429 always; BROKE -> the chain's second page is malformed; anything else -> 404.
//  /treasury/resource-center/.../daily-treasury-rates.csv/all/YYYYMM  July 2026 -> the sample, other
//     months -> the header alone (no rows yet); /treasury-down/... -> 503 always
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bsmGreeks, bsmPrice } from "../../../app/engine/bsm";
import type { FakeHandler } from "./servers";

const sample = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./market-samples/${name}`, import.meta.url)), "utf8");

function send(res: Parameters<FakeHandler>[1], status: number, body: string) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(body);
}

const cboe: FakeHandler = (req, res) => {
  const m = /\/delayed_quotes\/(quotes|options|charts\/historical)\/([A-Z_]+)\.json$/.exec(
    req.url.split("?")[0]!,
  );
  if (!m) return send(res, 404, JSON.stringify({ error: "not found" }));
  const [, kind, symbol] = m;
  if (symbol === "DOWN") return send(res, 503, "Service Unavailable");
  if (symbol === "BROKE")
    return send(
      res,
      200,
      JSON.stringify({ timestamp: "2026-07-25 00:43:14", data: { symbol: "BROKE", current_price: "n/a" } }),
    );
  if (symbol !== "CLX") return send(res, 403, "<Error>AccessDenied</Error>");
  const file =
    kind === "quotes"
      ? "cboe_delayed_quotes_CLX.reconstructed.json"
      : kind === "options"
        ? "cboe_delayed_options_CLX.excerpt.json"
        : "cboe_charts_historical_CLX.reconstructed.json";
  send(res, 200, sample(file));
};

const finnhub: FakeHandler = (req, res) => {
  if (req.headers["x-finnhub-token"] === "bad")
    return send(res, 401, sample("finnhub_error_invalid_key.json"));
  const url = new URL(req.url, "http://fake");
  if (url.pathname.endsWith("/calendar/earnings")) {
    return send(
      res,
      200,
      JSON.stringify({
        earningsCalendar: [
          {
            date: "2026-05-01",
            epsActual: 1.45,
            epsEstimate: 1.5,
            hour: "bmo",
            quarter: 3,
            revenueActual: 1.7e9,
            revenueEstimate: 1.7e9,
            symbol: "CLX",
            year: 2026,
          },
          {
            date: "2026-07-31",
            epsActual: null,
            epsEstimate: 1.9,
            hour: "amc",
            quarter: 4,
            revenueActual: null,
            revenueEstimate: 1.9e9,
            symbol: "CLX",
            year: 2026,
          },
        ],
      }),
    );
  }
  if (url.pathname.endsWith("/company-news"))
    return send(res, 200, sample("finnhub_company_news.reconstructed.json"));
  send(res, 404, JSON.stringify({ error: "not found" }));
};

const alphavantage: FakeHandler = (req, res) => {
  const url = new URL(req.url, "http://fake");
  if (url.searchParams.get("apikey") === "throttled")
    return send(res, 200, sample("alphavantage_rate_limit_note.reconstructed.json"));
  const fn = url.searchParams.get("function");
  if (fn === "NEWS_SENTIMENT")
    return send(res, 200, sample("alphavantage_news_sentiment.recorded_excerpt.json"));
  if (fn === "DIVIDENDS")
    return send(
      res,
      200,
      sample("alphavantage_dividends.docs.json").replaceAll("IBM", url.searchParams.get("symbol") ?? "IBM"),
    );
  send(res, 200, JSON.stringify({ "Error Message": "Invalid API call." }));
};

const treasury: FakeHandler = (req, res) => {
  const url = new URL(req.url, "http://fake");
  const month = url.searchParams.get("field_tdr_date_value_month");
  const csv = sample("treasury_daily_bill_rates_202607.reconstructed.csv");
  res.statusCode = 200;
  res.setHeader("content-type", "text/csv");
  res.end(month === "202607" ? csv : csv.split("\n")[0] + "\n");
};

// ---------------------------------------------------------------- Polygon (Massive)
const CLX_SPOT = 95.55;
const POLYGON_NOW_NS = Date.parse("2026-07-24T20:00:00Z") * 1e6;
const POLYGON_PAGE = 50;

/** CLX's contracts in the snapshot's layout: two monthly expirations, strikes 70-120, priced on a smile. */
function polygonClxContracts(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const asOf = Date.parse("2026-07-24T20:00:00Z");
  for (const expiration of ["2026-08-21", "2026-09-18"]) {
    const T = (Date.parse(`${expiration}T20:00:00Z`) - asOf) / (365 * 86_400_000);
    for (let K = 70; K <= 120; K += 2.5) {
      for (const type of ["put", "call"] as const) {
        const m = Math.log(K / CLX_SPOT);
        const sigma = 0.24 - 0.25 * m + 0.6 * m * m;
        const input = { type, S: CLX_SPOT, K, T, r: 0.043, q: 0.03, sigma };
        const price = bsmPrice(input);
        const g = bsmGreeks(input);
        const half = Math.max(0.025, price * 0.03);
        const bid = Math.max(0, Math.round((price - half) * 100) / 100);
        const ask = Math.round((price + half) * 100) / 100;
        const occ = `O:CLX${expiration.slice(2, 4)}${expiration.slice(5, 7)}${expiration.slice(8, 10)}${type === "call" ? "C" : "P"}${String(K * 1000).padStart(8, "0")}`;
        out.push({
          break_even_price: type === "call" ? K + price : K - price,
          day: { close: Math.round(price * 100) / 100, volume: 40, last_updated: POLYGON_NOW_NS },
          details: {
            contract_type: type,
            exercise_style: "american",
            expiration_date: expiration,
            shares_per_contract: 100,
            strike_price: K,
            ticker: occ,
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
            last_updated: POLYGON_NOW_NS,
            timeframe: "DELAYED",
          },
          underlying_asset: { price: CLX_SPOT, ticker: "CLX", timeframe: "DELAYED" },
        });
      }
    }
  }
  return out;
}

/** 320 weekday closes ending at the Cboe samples' last two (93.80 on 2026-07-23, 95.55 on 2026-07-24). */
function polygonClxBars() {
  const bars: { t: number; o: number; h: number; l: number; c: number; v: number }[] = [];
  let day = Date.parse("2026-07-24T04:00:00Z");
  for (; bars.length < 320; day -= 86_400_000) {
    const wd = new Date(day).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    const n = bars.length;
    const c =
      n === 0
        ? 95.55
        : n === 1
          ? 93.8
          : Math.round((92 + 6 * Math.sin(n / 9) + 2 * Math.cos(n / 3.7)) * 100) / 100;
    bars.push({ t: day, o: c - 0.4, h: c + 0.9, l: c - 1.1, c, v: 1_200_000 });
  }
  return bars.reverse();
}

const polygon: FakeHandler = (req, res) => {
  if (req.headers["authorization"] !== "Bearer test-key")
    return send(res, 401, JSON.stringify({ status: "ERROR", request_id: "fake", error: "Unknown API Key" }));
  const url = new URL(req.url, "http://fake");
  const path = url.pathname.replace(/^\/polygon/, "");
  const symbol =
    /\/v3\/snapshot\/options\/([A-Z]+)$/.exec(path)?.[1] ??
    /\/stocks\/tickers\/([A-Z]+)$/.exec(path)?.[1] ??
    /\/v2\/aggs\/ticker\/([A-Z]+)\//.exec(path)?.[1] ??
    url.searchParams.get("ticker");
  if (symbol === "THROTTLED")
    return send(
      res,
      429,
      JSON.stringify({ status: "ERROR", error: "You've exceeded the maximum requests per minute" }),
    );
  if (symbol !== "CLX" && symbol !== "BROKE")
    return send(
      res,
      404,
      JSON.stringify({ status: "NOT_FOUND", request_id: "fake", message: "Ticker not found." }),
    );
  if (path.startsWith("/v3/snapshot/options/")) {
    const all = polygonClxContracts();
    const cursor = Number(url.searchParams.get("cursor") ?? 0);
    if (symbol === "BROKE" && cursor > 0)
      return send(res, 200, JSON.stringify({ status: "OK", results: "not a list", next_url: null }));
    const results = all.slice(cursor, cursor + POLYGON_PAGE);
    const next = cursor + POLYGON_PAGE < all.length ? cursor + POLYGON_PAGE : null;
    const origin = `http://${req.headers.host}`;
    return send(
      res,
      200,
      JSON.stringify({
        status: "OK",
        request_id: "fake-chain",
        results,
        next_url: next === null ? null : `${origin}/polygon/v3/snapshot/options/${symbol}?cursor=${next}`,
      }),
    );
  }
  if (path.startsWith("/v2/snapshot/locale/us/markets/stocks/tickers/"))
    return send(
      res,
      200,
      JSON.stringify({
        status: "OK",
        request_id: "fake-snapshot",
        ticker: {
          ticker: symbol,
          todaysChange: 1.75,
          todaysChangePerc: 1.8657,
          updated: POLYGON_NOW_NS,
          day: { o: 94.14, h: 96.03, l: 93.45, c: 95.55, v: 1438610, vw: 95.1 },
          lastTrade: { p: 95.55, s: 100, t: POLYGON_NOW_NS, x: 4 },
          min: { o: 95.5, h: 95.6, l: 95.5, c: 95.55, v: 20000, vw: 95.55, t: POLYGON_NOW_NS / 1e6 },
          prevDay: { o: 93.5, h: 94.2, l: 93, c: 93.8, v: 1100000, vw: 93.7 },
        },
      }),
    );
  if (path.startsWith("/v2/aggs/ticker/"))
    return send(
      res,
      200,
      JSON.stringify({
        ticker: symbol,
        adjusted: true,
        status: "OK",
        request_id: "fake-aggs",
        results: polygonClxBars(),
      }),
    );
  if (path === "/v3/reference/dividends") return send(res, 200, sample("polygon_dividends_CLX.docs.json"));
  send(res, 404, JSON.stringify({ status: "NOT_FOUND" }));
};

export const marketFakeRoutes: Record<string, FakeHandler> = {
  "/polygon/": polygon,
  "/treasury/": treasury,
  "/treasury-down/": (_req, res) => send(res, 503, "Service Unavailable"),
  "/cboe/": cboe,
  "/cboe-down/": (_req, res) => send(res, 503, "Service Unavailable"),
  "/cboe-slow/": (_req, res) =>
    new Promise<void>((resolve) => setTimeout(() => resolve(send(res, 503, "Service Unavailable")), 4000)),
  "/finnhub/": finnhub,
  "/alphavantage/": alphavantage,
};
