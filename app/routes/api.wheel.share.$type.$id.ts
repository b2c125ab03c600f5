import type { Route } from "./+types/api.wheel.share.$type.$id";
import { WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";
import { jsonError, wheelMethodNotAllowed } from "#app/server/wheel/api.server.ts";
import { readShare } from "#app/server/wheel/shares.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

/**
 * GET /api/wheel/share/csp|cc/:id -> { strategy } (CC: { strategy, position }). Public. 404 with the
 * product's 'Shared strategy not found or expired' and `reason` expired | not_found.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const type = params.type === "csp" ? "CSP" : params.type === "cc" ? "CC" : null;
  if (!type || !params.id) return jsonError(400, WHEEL_MESSAGES.invalidShareId);
  try {
    const found = await readShare(context.get(cloudflareContext).env, type, params.id);
    if (found.status !== "ok")
      return jsonError(404, WHEEL_MESSAGES.shareNotFoundOrExpired, { reason: found.status });
    const { payload } = found;
    return apiJson(
      type === "CC"
        ? {
            strategy: payload,
            position: { symbol: payload.symbol, shares: payload.shares, costBasis: payload.costBasis },
          }
        : { strategy: payload },
      200,
      edgeCached(["share"], { browserMaxAge: 300 }),
    );
  } catch (error) {
    console.error("share read failed", error);
    return jsonError(503, WHEEL_MESSAGES.shareFetchFailed);
  }
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return wheelMethodNotAllowed("GET");
}
