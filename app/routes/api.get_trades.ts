import type { Route } from "./+types/api.get_trades";
import { getSession } from "#app/server/auth/session.server.ts";
import { apiError, refusalResponse, methodNotAllowed } from "#app/server/http/api.server.ts";
import { acceptsGzip, gzippedResponse } from "#app/server/http/compression.server.ts";
import { privateMarketCacheControl } from "#app/server/market/market.server.ts";
import { tradeSuggestionsBody } from "#app/server/trade-ideas.server.ts";
import { isSpreadProfile } from "#app/engine/index.ts";
import { UNKNOWN_PROFILE_MESSAGE } from "#app/lib/trade-ideas.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/**
 * GET /api/get_trades -> { trade_suggestions, plan, limit, total, source, asOf, stale, marketStatus,
 * dataFreshness }. Signed-in only; the session user's plan caps the list (Free 403, Pro 30 with their
 * watchlist symbols first, Elite all). Unlike the original brief, share pages do not read this list:
 * they use /api/trade/:tradeId. The body is assembled from per-snapshot JSON text (decision 181), gzipped
 * once per snapshot for clients that accept it (decision 200).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await getSession(env, request);
  if (!session) return apiError(401, "User not authenticated");
  // An optional `profile` overrides the user's saved one for this request (decision 237).
  const profile = new URL(request.url).searchParams.get("profile");
  if (profile !== null && !isSpreadProfile(profile)) return apiError(400, UNKNOWN_PROFILE_MESSAGE);
  try {
    const result = await tradeSuggestionsBody(env, session.user, Date.now(), profile);
    if (!result.ok) return refusalResponse(result.refusal, {}, { trade_suggestions: [] });
    // Trade suggestions cached 5 minutes (docs/product/limits-and-timings.md#cache-times); per user (plan and
    // watchlist shape the list), and per Accept-Encoding: a client that takes gzip gets the copy compressed
    // once per snapshot (decision 200).
    const headers = {
      "Content-Type": "application/json",
      "Cache-Control": privateMarketCacheControl("ideas", result.stale),
      Vary: "Cookie, Accept-Encoding",
    };
    const gzipped = acceptsGzip(request.headers.get("Accept-Encoding")) ? result.gzipped() : null;
    return gzipped ? gzippedResponse(gzipped, headers) : new Response(result.json, { headers });
  } catch (error) {
    console.error("get_trades failed", error);
    return apiError(503, "Failed to fetch trades");
  }
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return methodNotAllowed("GET");
}
