import type { Route } from "./+types/api.wheel.preferences";
import { WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";
import { jsonError, preferencesSchema, wheelGet, wheelPost } from "#app/server/wheel/api.server.ts";
import { getPreferences, savePreferences } from "#app/server/wheel/positions.server.ts";
import { apiJson } from "#app/server/http/api.server.ts";

/** GET /api/wheel/preferences -> { cashAvailable, cspRiskLevel, ccRiskLevel, positions, positionLimit }. */
export function loader(args: Route.LoaderArgs) {
  return wheelGet(args, async ({ env, user }) => {
    try {
      return apiJson(await getPreferences(env, user));
    } catch (error) {
      console.error("wheel preferences failed", error);
      return jsonError(503, WHEEL_MESSAGES.fetchPreferencesFailed);
    }
  });
}

/** POST /api/wheel/preferences {cashAvailable?, cspRiskLevel?, ccRiskLevel?, ccCostBasis?}: the screen's saves. */
export function action(args: Route.ActionArgs) {
  return wheelPost(
    args,
    preferencesSchema,
    2048,
    async ({ env, user, input }) => {
      await savePreferences(env, user.id, input);
      return apiJson(await getPreferences(env, user));
    },
    "GET, POST",
  );
}
