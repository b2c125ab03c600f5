import type { Route } from "./+types/api.positions.$id.rolls";
import { POSITION_MESSAGES } from "#app/lib/positions/input.ts";
import { ROLL_MESSAGES } from "#app/lib/positions/rolls.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { apiError, apiJson, methodNotAllowed, refusalResponse } from "#app/server/http/api.server.ts";
import { positionRolls, rollParamsSchema, rollQuerySchema } from "#app/server/positions/rolls.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** GET /api/positions/:id/rolls[?allowBelowBasis=1] -> the roll finder's candidates (RollsView); 404 not the user's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await getSession(env, request);
  if (!session?.user) return apiError(401, POSITION_MESSAGES.signedOut);
  const id = rollParamsSchema.safeParse(params);
  if (!id.success) return apiError(404, ROLL_MESSAGES.notFound);
  const query = rollQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, query.error.issues[0]?.message ?? ROLL_MESSAGES.query);
  const result = await positionRolls(env, session.user, id.data.id, {
    allowBelowBasis: query.data.allowBelowBasis === "1",
  });
  return result.ok ? apiJson(result.body) : refusalResponse(result);
}

export function action() {
  return methodNotAllowed("GET");
}
