import type { Route } from "./+types/api.wheel.options.$campaignId.$optionKey.rolls";
import { ROLL_MESSAGES } from "#app/lib/positions/rolls.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import {
  wheelOptionRolls,
  wheelRollParamsSchema,
  wheelRollQuerySchema,
} from "#app/server/jobs/wheel-rolls.server.ts";
import { jsonError, wheelGet, wheelMethodNotAllowed } from "#app/server/wheel/api.server.ts";

/**
 * GET /api/wheel/options/:campaignId/:optionKey/rolls[?allowBelowBasis=1] -> the roll finder's candidates of an
 * open wheel option (RollsView, each with the campaign's new adjusted basis); 404 when it is not the user's.
 */
export const loader = (args: Route.LoaderArgs) =>
  wheelGet(args, async ({ env, user }) => {
    const params = wheelRollParamsSchema.safeParse(args.params);
    if (!params.success) return jsonError(404, ROLL_MESSAGES.wheelNotFound);
    const query = wheelRollQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
    if (!query.success) return jsonError(400, query.error.issues[0]?.message ?? ROLL_MESSAGES.query);
    const result = await wheelOptionRolls(env, user, params.data.campaignId, params.data.optionKey, {
      allowBelowBasis: query.data.allowBelowBasis === "1",
    });
    return result.ok ? apiJson(result.body) : jsonError(result.status, result.message);
  });

export function action() {
  return wheelMethodNotAllowed("GET");
}
