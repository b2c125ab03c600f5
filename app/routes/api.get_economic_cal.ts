import type { Route } from "./+types/api.get_economic_cal";
import { getEconomicCalendar, sharedMarketHeaders } from "#app/server/market/market.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { apiError, apiJson, methodNotAllowed } from "#app/server/http/api.server.ts";

/** GET /api/get_economic_cal -> { events: [{ date, title, impact, time, estimated, ... }], source, asOf }. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const calendar = await getEconomicCalendar(context.get(cloudflareContext).env);
    // Economic calendar cached 6 hours by the browser (docs/product/limits-and-timings.md#cache-times); the
    // edge's copy goes with each refresh.
    return apiJson(calendar, 200, sharedMarketHeaders("economicCalendar"));
  } catch (error) {
    console.error("get_economic_cal failed", error);
    return apiError(503, "Failed to load economic calendar", {}, { events: [] });
  }
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return methodNotAllowed("GET");
}
