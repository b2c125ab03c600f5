import type { Route } from "./+types/api.wheel.positions";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { refusalResponse } from "../server/entitlements.server";
import {
  firstIssue,
  jsonError,
  NO_STORE,
  positionsSchema,
  readJsonBody,
  wheelSession,
} from "../server/wheel/api.server";
import { listPositions, positionLimitOf, savePositions } from "../server/wheel/positions.server";
import { cloudflareContext } from "../server/request-context.server";

/** GET /api/wheel/positions -> { positions, limit }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
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
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const parsed = positionsSchema.safeParse(await readJsonBody(request, 65_536));
  if (!parsed.success) return jsonError(400, firstIssue(parsed.error));
  try {
    const result = await savePositions(env, session.user, parsed.data.positions);
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
