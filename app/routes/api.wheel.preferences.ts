import type { Route } from "./+types/api.wheel.preferences";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { jsonError, preferencesSchema, wheelGet, wheelPost } from "../server/wheel/api.server";
import { getPreferences, savePreferences } from "../server/wheel/positions.server";
import { apiJson } from "../server/http/api.server";

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
