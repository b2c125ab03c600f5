import type { Route } from "./+types/api.wheel.positions";
import { WHEEL_MESSAGES } from "../lib/wheel";
import {
  jsonError,
  positionsSchema,
  readWheelInput,
  wheelRefusal,
  wheelSession,
} from "../server/wheel/api.server";
import { positionLimitOf, readPositions, savePositions } from "../server/wheel/positions.server";
import { cloudflareContext } from "../server/request-context.server";
import { apiJson } from "../server/http/api.server";

/** GET /api/wheel/positions -> { positions, version, limit }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  return apiJson({
    ...(await readPositions(env, session.user.id)),
    limit: positionLimitOf(session.user),
  });
}

/**
 * POST /api/wheel/positions {positions, version?}: replaces the user's positions (add, edit, bulk, CSV import
 * and removal all send the whole list). 403 past the plan's limit, 409 on a duplicate symbol, and 409
 * (reason "stale", with the stored list and its version) when the list changed since `version` (decision 225).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const input = await readWheelInput(request, positionsSchema, 65_536);
  if (input instanceof Response) return input;
  const { positions, version } = input;
  try {
    const result = await savePositions(env, session.user, positions, version ?? null);
    const limit = positionLimitOf(session.user);
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
}
