import type { Route } from "./+types/api.wheel.positions";
import { WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";
import {
  jsonError,
  positionsSchema,
  wheelGet,
  wheelPost,
  wheelRefusal,
} from "#app/server/wheel/api.server.ts";
import { positionLimitOf, readPositions, savePositions } from "#app/server/wheel/positions.server.ts";
import { apiJson } from "#app/server/http/api.server.ts";

/** GET /api/wheel/positions -> { positions, version, limit }. */
export function loader(args: Route.LoaderArgs) {
  return wheelGet(args, async ({ env, user }) =>
    apiJson({ ...(await readPositions(env, user.id)), limit: positionLimitOf(user) }),
  );
}

/**
 * POST /api/wheel/positions {positions, version}: replaces the user's positions (add, edit, bulk, CSV import
 * and removal all send the whole list). 400 without `version` (decision 300), 403 past the plan's limit, 409 on
 * a duplicate symbol, and 409 (reason "stale", with the stored list and its version) when the list changed since
 * `version` (decision 225).
 */
export function action(args: Route.ActionArgs) {
  return wheelPost(
    args,
    positionsSchema,
    65_536,
    async ({ env, user, input }) => {
      const { positions, version } = input;
      try {
        const result = await savePositions(env, user, positions, version);
        const limit = positionLimitOf(user);
        if (result.ok)
          return apiJson({ status: "success", positions: result.positions, version: result.version, limit });
        if (result.reason === "limit") return wheelRefusal(result.refusal, { reason: "limit" });
        if (result.reason === "stale")
          return jsonError(409, result.message, {
            reason: "stale",
            positions: result.positions,
            version: result.version,
            limit,
          });
        return jsonError(409, result.message, { reason: result.reason, limit: result.limit });
      } catch (error) {
        console.error("positions save failed", error);
        return jsonError(503, WHEEL_MESSAGES.updatePositionsFailed);
      }
    },
    "GET, POST",
  );
}
