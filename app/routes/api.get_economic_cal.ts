import type { Route } from "./+types/api.get_economic_cal";
import { getEconomicCalendar, marketCacheControl } from "../server/market/market.server";
import { cloudflareContext } from "../server/request-context.server";
import { NO_STORE } from "../server/http/cache-control.server";

/** GET /api/get_economic_cal -> { events: [{ date, title, impact, time, estimated, ... }], source, asOf }. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const calendar = await getEconomicCalendar(context.get(cloudflareContext).env);
    // Spec 000 §9: economic calendar cached 6 hours.
    return Response.json(calendar, {
      headers: { "Cache-Control": marketCacheControl("public", "economicCalendar") },
    });
  } catch (error) {
    console.error("get_economic_cal failed", error);
    return Response.json(
      { error: "Failed to load economic calendar", events: [] },
      { status: 503, headers: NO_STORE },
    );
  }
}
