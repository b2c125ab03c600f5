// Fakes of the market-data providers, serving the recorded samples in ./market-samples.
//  /cboe/api/global/delayed_quotes/{quotes|options|charts/historical}/{SYM}.json
//     CLX -> samples; BROKE -> a payload missing fields; DOWN -> 503; anything else -> 404 (unknown).
//  /cboe-down/...                      -> 503 always (a provider outage)
//  /cboe-slow/...                      -> answers 503 after 4 s (a hanging provider)
//  /finnhub/calendar/earnings, /finnhub/company-news   (X-Finnhub-Token "bad" -> 401 error body)
//  /alphavantage/query?function=NEWS_SENTIMENT|DIVIDENDS (apikey "throttled" -> the 200 rate-limit note)
//  /polygon/...  Polygon (Massive): see ./polygon.ts (its endpoints, and a symbol per documented absence);
//  /__polygon/chain  sets a movable chain there (./polygon.ts).
//  /treasury/resource-center/.../daily-treasury-rates.csv/all/YYYYMM  July 2026 -> the sample, other
//     months -> the header alone (no rows yet); /treasury-down/... -> 503 always
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { polygonChainControl, polygonFake } from "./polygon";
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

export const marketFakeRoutes: Record<string, FakeHandler> = {
  "/polygon/": polygonFake,
  "/__polygon/": polygonChainControl,
  "/treasury/": treasury,
  "/treasury-down/": (_req, res) => send(res, 503, "Service Unavailable"),
  "/cboe/": cboe,
  "/cboe-down/": (_req, res) => send(res, 503, "Service Unavailable"),
  "/cboe-slow/": (_req, res) =>
    new Promise<void>((resolve) => setTimeout(() => resolve(send(res, 503, "Service Unavailable")), 4000)),
  "/finnhub/": finnhub,
  "/alphavantage/": alphavantage,
};
