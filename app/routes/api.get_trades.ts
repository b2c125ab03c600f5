import type { Route } from "./+types/api.get_trades";
import { getSession } from "../server/auth/session.server";
import { getTradeSuggestions, marketCacheControl } from "../server/market/market.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /api/get_trades -> { trade_suggestions, plan, limit, total, source, asOf, stale, marketStatus,
 * dataFreshness }. Signed-in only; the plan cap is applied here (Free 403, Pro 30, Elite all). Unlike
 * the spec's original, share pages do not read this list: they use /api/trade/:tradeId.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const session = await getSession(env, request);
  if (!session) return Response.json({ error: "User not authenticated" }, { status: 401, headers: NO_STORE });
  try {
    const view = await getTradeSuggestions(env, session.user.id);
    if (view.limit === 0) {
      return Response.json(
        {
          error: "Trade ideas are available on the Pro and Elite plans",
          requiresUpgrade: true,
          currentTier: view.plan,
          trade_suggestions: [],
        },
        { status: 403, headers: NO_STORE },
      );
    }
    // Spec 000 §9: trade suggestions cached 5 minutes; per user (plan and watchlist shape the list).
    return Response.json(view, {
      headers: {
        "Cache-Control": marketCacheControl("private", "ideas", view.stale),
        Vary: "Cookie",
      },
    });
  } catch (error) {
    console.error("get_trades failed", error);
    return Response.json({ error: "Failed to fetch trades" }, { status: 503, headers: NO_STORE });
  }
}
