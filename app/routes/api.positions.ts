import type { Route } from "./+types/api.positions";
import { POSITION_MESSAGES, positionActionSchema } from "#app/lib/positions/input.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import {
  apiError,
  apiJson,
  methodNotAllowed,
  readApiBody,
  refusalResponse,
} from "#app/server/http/api.server.ts";
import { positionsOf, recordPositionAction } from "#app/server/positions/positions.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

/** A body holds one action: a condor's four legs and its settings fit well within this. */
const MAX_BODY_BYTES = 8192;

/** The session's user (routes pass it down), or the 401. */
async function sessionUser(env: WorkerEnv, request: Request) {
  const session = await getSession(env, request);
  return session?.user ?? apiError(401, POSITION_MESSAGES.signedOut);
}

/** GET /api/positions -> { positions, version, openCount, limit, alertsAllowed } (decision 333). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const user = await sessionUser(env, request);
  if (user instanceof Response) return user;
  return apiJson(await positionsOf(env, user));
}

/**
 * POST /api/positions { version, action, ... }: open, close, roll, expire, assign, settings or void. 201/200 with
 * the position and the new version; 400 with the first issue's words; 403 with the plan's refusal; 404 an unknown
 * position; 409 stale, with the stored list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const env = context.get(cloudflareContext).env;
  const user = await sessionUser(env, request);
  if (user instanceof Response) return user;
  const input = await readApiBody(request, positionActionSchema, {
    maxBytes: MAX_BODY_BYTES,
    invalid: (issue) => issue?.message ?? POSITION_MESSAGES.json,
  });
  if (input instanceof Response) return input;
  const result = await recordPositionAction(env, user, input);
  return result.ok ? apiJson(result.body, result.status) : refusalResponse(result);
}
