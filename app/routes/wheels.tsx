import type { Route } from "./+types/wheels";
import { WheelsPage } from "#app/components/wheel/WheelsPage.tsx";
import { FALLBACK_TICKERS } from "#app/lib/wheel.ts";
import { requireSession } from "#app/server/auth/session.server.ts";
import { entitlementOf } from "#app/server/entitlements.server.ts";
import { getMarketBanner } from "#app/server/market/market.server.ts";
import { listFavorites } from "#app/server/wheel/favorites.server.ts";
import { getPreferences } from "#app/server/wheel/positions.server.ts";
import { wheelsFirstView } from "#app/server/wheel/batches.server.ts";
import { watchlistOf } from "#app/server/auth/watchlist-copy.server.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Wheels · Wheelhouse",
    description: "Cash-secured puts and covered calls ranked for your watchlist and stock positions.",
    path: "/wheels",
    origin: originFromMatches(matches),
  });

/**
 * Preferences, positions, favorite ids, the CSP tickers, the banner and both screens' first strategies (decision
 * 287): the document carries the first view; a later change of filters, cash or positions asks the API.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const { plan, limit: cspTickers } = entitlementOf(user, "cspTickersPerBatch");
  const nowMs = Date.now();
  const [prefs, watchlist, favorites, banner] = await Promise.all([
    getPreferences(env, user),
    // A missing, empty or unreadable watchlist uses the fallback tickers (docs/product/wheel.md#strategies).
    watchlistOf(env, user).catch(() => [] as string[]),
    listFavorites(env, user.id).catch(() => []),
    getMarketBanner(env, nowMs),
  ]);
  const usingFallback = watchlist.length === 0;
  const tickers = usingFallback ? [...FALLBACK_TICKERS] : watchlist.slice(0, cspTickers);
  const positions = Object.values(prefs.positions);
  const firstView = await wheelsFirstView(env, user, {
    tickers,
    cashAvailable: prefs.cashAvailable,
    cspRiskLevel: prefs.cspRiskLevel,
    ccRiskLevel: prefs.ccRiskLevel,
    positions,
    ledgerLots: prefs.ledgerPositions,
  });
  return {
    plan,
    positionLimit: prefs.positionLimit,
    cashAvailable: prefs.cashAvailable,
    cspRiskLevel: prefs.cspRiskLevel,
    ccRiskLevel: prefs.ccRiskLevel,
    positions,
    positionsVersion: prefs.positionsVersion,
    ledgerPositions: prefs.ledgerPositions,
    ccCostBasis: prefs.ccCostBasis,
    tickers,
    usingFallback,
    favoriteIds: favorites.map((f) => String(f.trade.id)),
    banner,
    nowMs,
    firstView,
  };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <WheelsPage data={loaderData} />;
}
