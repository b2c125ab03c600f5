import type { Route } from "./+types/api.wheel.positions";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { refusalResponse } from "../server/entitlements.server";
import {
  jsonError,
  NO_STORE,
  positionsSchema,
  readWheelInput,
  wheelSession,
} from "../server/wheel/api.server";
import { listPositions, positionLimitOf, savePositions } from "../server/wheel/positions.server";

/** GET /api/wheel/positions -> { positions, limit }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  return Response.json(
    {
      positions: await listPositions(env, session.user.id),
      limit: positionLimitOf(session.user),
    },
    { headers: NO_STORE },
  );
}

/**
 * POST /api/wheel/positions {positions}: replaces the user's positions (add, edit, bulk, CSV import and
 * removal all send the whole list). 403 past the plan's limit, 409 on a duplicate symbol.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.cloudflare.env;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const input = await readWheelInput(request, positionsSchema, 65_536);
  if (input instanceof Response) return input;
  try {
    const result = await savePositions(env, session.user, input.positions);
    if (!result.ok)
      return result.reason === "limit"
        ? refusalResponse(result.refusal, { status: "error", reason: "limit" })
        : jsonError(409, result.message, { reason: result.reason, limit: result.limit });
    return Response.json(
      { status: "success", positions: result.positions, limit: positionLimitOf(session.user) },
      { headers: NO_STORE },
    );
  } catch (error) {
    console.error("positions save failed", error);
    return jsonError(503, WHEEL_MESSAGES.updatePositionsFailed);
  }
}
