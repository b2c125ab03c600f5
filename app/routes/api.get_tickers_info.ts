import { z } from "zod";
import { MAX_WATCHLIST_SYMBOLS } from "#app/lib/entitlements.ts";
import type { Route } from "./+types/api.get_tickers_info";
import { getCachedTickerInfos, sharedMarketHeaders } from "#app/server/market/market.server.ts";
import { clientAddress, rateLimiter } from "#app/server/rate-limit.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { apiError, apiJson, methodNotAllowed } from "#app/server/http/api.server.ts";

/** The largest plan's watchlist; one request never asks for more. */
const MAX_SYMBOLS = MAX_WATCHLIST_SYMBOLS;

const query = z.object({
  symbols: z
    .string()
    .max(MAX_SYMBOLS * 12, "Too many symbols")
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(12, "Symbol too long"))
        .max(MAX_SYMBOLS, `At most ${MAX_SYMBOLS} symbols per request`),
    ),
});

/** A header carries printable ASCII only: anything else a visitor typed is percent-encoded. */
function headerSafe(symbol: string): string {
  return /^[\x21-\x7e]+$/.test(symbol) ? symbol : encodeURIComponent(symbol);
}

/**
 * GET /api/get_tickers_info?symbols=AAPL,TSLA -> array of ticker info (docs/product/api.md#market-apis).
 * Unknown symbols are reported in the X-Unknown-Symbols header and symbols still loading in
 * X-Pending-Symbols, so the body stays the product's plain array
 * (docs/decisions/040-market-data-pipeline.md). Public and rate limited; it reads the caches only, so no
 * request here reaches a provider (decision 150).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const limit = await rateLimiter(env, "tickersInfo").limit({ key: clientAddress(request) });
  if (!limit.success)
    return apiError(429, "Too many requests. Please try again in a minute.", {}, {}, { "Retry-After": "60" });
  const url = new URL(request.url);
  const parsed = query.safeParse({ symbols: url.searchParams.get("symbols") ?? undefined });
  if (!parsed.success) {
    return apiError(400, parsed.error.issues[0]?.message ?? "Invalid symbols");
  }
  try {
    const { infos, unknown, pending } = await getCachedTickerInfos(env, parsed.data.symbols);
    // Ticker info is cached 5 minutes per symbol (docs/product/limits-and-timings.md#cache-times); stale or
    // partial answers only briefly. The same for every visitor, so the edge shares it (decision 282).
    const headers = new Headers(
      sharedMarketHeaders("tickerInfo", infos.some((i) => i.stale) || pending.length > 0),
    );
    if (unknown.length) headers.set("X-Unknown-Symbols", unknown.map(headerSafe).join(","));
    if (pending.length) headers.set("X-Pending-Symbols", pending.join(","));
    return apiJson(infos, 200, headers);
  } catch (error) {
    console.error("get_tickers_info failed", error);
    return apiError(503, "Market data is temporarily unavailable", {}, {}, { "Retry-After": "30" });
  }
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return methodNotAllowed("GET");
}
