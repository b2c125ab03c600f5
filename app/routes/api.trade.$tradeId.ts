import { z } from "zod";
import type { Route } from "./+types/api.trade.$tradeId";
import { getTradeById, marketCacheControl } from "../server/market/market.server";
import { cloudflareContext } from "../server/request-context.server";
import { NO_STORE } from "../server/http/cache-control.server";

/** Public ids are SYMBOL-<24 hex> (a keyed hash; see ideas.server.ts). */
const tradeIdParam = z.string().regex(/^[A-Z.]{1,6}-[0-9a-f]{24}$/);

/** GET /api/trade/:tradeId -> { trade, current } for the public share page; one idea, never the list. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = tradeIdParam.safeParse(params.tradeId);
  if (!parsed.success)
    return Response.json({ error: "Invalid trade ID" }, { status: 400, headers: NO_STORE });
  try {
    const found = await getTradeById(context.get(cloudflareContext).env, parsed.data);
    if (!found)
      return Response.json(
        { error: "Trade not found" },
        { status: 404, headers: { "Cache-Control": marketCacheControl("public", "ideas", true) } },
      );
    return Response.json(
      { trade: found.idea, current: found.current },
      { headers: { "Cache-Control": marketCacheControl("public", "ideas") } },
    );
  } catch (error) {
    console.error("trade by id failed", error);
    return Response.json({ error: "Failed to load trade data" }, { status: 503, headers: NO_STORE });
  }
}
