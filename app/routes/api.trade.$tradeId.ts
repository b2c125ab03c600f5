import { z } from "zod";
import type { Route } from "./+types/api.trade.$tradeId";
import { getTradeById, sharedMarketHeaders } from "#app/server/market/market.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { apiError, apiJson, methodNotAllowed } from "#app/server/http/api.server.ts";
import { ideaForApi } from "#app/server/market/idea-record.server.ts";

/** Public ids are SYMBOL-<24 hex> (a keyed hash; see ideas.server.ts). */
const tradeIdParam = z.string().regex(/^[A-Z.]{1,6}-[0-9a-f]{24}$/);

/** GET /api/trade/:tradeId -> { trade, current } for the public share page; one idea, never the list. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = tradeIdParam.safeParse(params.tradeId);
  if (!parsed.success) return apiError(400, "Invalid trade ID");
  try {
    const found = await getTradeById(context.get(cloudflareContext).env, parsed.data);
    if (!found) return apiJson({ error: "Trade not found" }, 404);
    return apiJson(
      { trade: ideaForApi(found.idea), current: found.current },
      200,
      sharedMarketHeaders("ideas"),
    );
  } catch (error) {
    console.error("trade by id failed", error);
    return apiError(503, "Failed to load trade data");
  }
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return methodNotAllowed("GET");
}
