import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/wheels";
import { WheelsPage } from "#app/components/wheel/WheelsPage.tsx";
import { FALLBACK_TICKERS, WHEEL_MESSAGES, type WheelStrategy } from "#app/lib/wheel/wheel.ts";
import { sameStrategies, WHEEL_PARAMS, wheelScreenFromQuery } from "#app/lib/wheel/screen.ts";
import type { FavoriteRecord } from "#app/lib/wheel/client.ts";
import { requireSession } from "#app/server/auth/session.server.ts";
import { entitlementOf } from "#app/server/entitlements.server.ts";
import { getMarketBanner } from "#app/server/market/market.server.ts";
import { listFavorites } from "#app/server/wheel/favorites.server.ts";
import { getPreferences, savePreferences } from "#app/server/wheel/positions.server.ts";
import { preferencesSchema } from "#app/server/wheel/api.server.ts";
import { wheelsFirstView } from "#app/server/wheel/batches.server.ts";
import { watchlistOf } from "#app/server/auth/watchlist-copy.server.ts";
import { pageUrl } from "#app/server/http/route-url.server.ts";
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
 * The screen from its address and the saved preferences (decisions 287, 317): the tab, risk levels, days to
 * expiration and the below-basis switch come from the query (a missing risk level is the saved one; cash is the
 * saved one unless the query names it), and both tabs' strategies, the positions, the favorites and the banner are
 * read here. A change of filters is a navigation: this loader answers it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const { plan, limit: cspTickers } = entitlementOf(user, "cspTickersPerBatch");
  const query = wheelScreenFromQuery(new URL(request.url).searchParams);
  const nowMs = Date.now();
  const [prefs, watchlist, favorites, banner] = await Promise.all([
    getPreferences(env, user),
    // A missing, empty or unreadable watchlist uses the fallback tickers (docs/product/wheel.md#strategies).
    watchlistOf(env, user).catch(() => [] as string[]),
    listFavorites(env, user.id).catch((error: unknown) => {
      console.error("wheels: favorites unreadable", error);
      return null;
    }),
    getMarketBanner(env, nowMs),
  ]);
  const usingFallback = watchlist.length === 0;
  const tickers = usingFallback ? [...FALLBACK_TICKERS] : watchlist.slice(0, cspTickers);
  const positions = Object.values(prefs.positions);
  const cash = query.cash ?? prefs.cashAvailable;
  const screen = {
    tab: query.tab,
    cspRisk: query.cspRisk ?? prefs.cspRiskLevel,
    ccRisk: query.ccRisk ?? prefs.ccRiskLevel,
    dte: query.dte,
    below: query.below,
  };
  const firstView = await wheelsFirstView(env, user, {
    tickers,
    cashAvailable: cash,
    cspRiskLevel: screen.cspRisk,
    ccRiskLevel: screen.ccRisk,
    positions,
    ledgerLots: prefs.ledgerPositions,
    maxDaysToExpiration: screen.dte,
    includeBelowCostBasis: screen.below,
  });
  return {
    plan,
    positionLimit: prefs.positionLimit,
    cashAvailable: cash,
    cashFromUrl: query.cash !== null,
    screen,
    positions,
    positionsVersion: prefs.positionsVersion,
    ledgerPositions: prefs.ledgerPositions,
    ccCostBasis: prefs.ccCostBasis,
    tickers,
    usingFallback,
    // Every saved trade, both types: the panel and the hearts read this one list (no request of their own).
    favorites: favorites?.map((f): FavoriteRecord => ({ ...f, trade: f.trade as WheelStrategy })) ?? null,
    banner,
    nowMs,
    firstView,
  };
}

/**
 * POST /wheels: the screen's preferences (decision 317). `cash` saves the cash and sends the browser back to the
 * address without any `cash` of its own, so the saved value is the one shown (a plain form, before hydration
 * too); `risk` saves the risk levels the address already shows; `basis` the ledger lots' cost basis.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const text = (name: string) => {
    const v = form?.get(name);
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  const number = (name: string) => (text(name) === undefined ? undefined : Number(text(name)));
  const fields =
    intent === "cash"
      ? { cashAvailable: number(WHEEL_PARAMS.cash) }
      : intent === "risk"
        ? { cspRiskLevel: text(WHEEL_PARAMS.cspRisk), ccRiskLevel: text(WHEEL_PARAMS.ccRisk) }
        : intent === "basis"
          ? { ccCostBasis: text("ccCostBasis") }
          : null;
  const parsed = fields ? preferencesSchema.safeParse(fields) : null;
  if (!parsed?.success)
    return data(
      { ok: false as const, error: intent === "cash" ? WHEEL_MESSAGES.cashHint : "Nothing to update" },
      { status: 400 },
    );
  await savePreferences(env, user.id, parsed.data);
  if (intent === "cash") {
    const back = pageUrl(request);
    back.searchParams.delete(WHEEL_PARAMS.cash);
    back.searchParams.delete("index");
    return redirect(`${back.pathname}${back.search}`);
  }
  return { ok: true as const, intent: intent === "risk" ? ("risk" as const) : ("basis" as const) };
}

/**
 * A tab switch shows strategies the loader already sent, and a saved risk level is the one the address shows:
 * neither runs the loader again. Everything else (filters, cash, positions, Back) does.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() === "POST") {
    if (formData?.get("intent") === "risk") return false;
    return defaultShouldRevalidate;
  }
  if (
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    sameStrategies(currentUrl.searchParams, nextUrl.searchParams)
  )
    return false;
  return defaultShouldRevalidate;
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <WheelsPage data={loaderData} />;
}
