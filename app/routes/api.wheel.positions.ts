import type { Route } from "./+types/api.wheel.positions";
import { effectivePlan } from "../lib/plans";
import { positionLimit, WHEEL_MESSAGES } from "../lib/wheel";
import {
  firstIssue,
  jsonError,
  NO_STORE,
  positionsSchema,
  readJsonBody,
  wheelSession,
} from "../server/wheel/api.server";
import { listPositions, savePositions } from "../server/wheel/positions.server";

/** GET /api/wheel/positions -> { positions, limit }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.cloudflare.env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  return Response.json(
    {
      positions: await listPositions(env, session.user.id),
      limit: positionLimit(effectivePlan(session.user)),
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
  const parsed = positionsSchema.safeParse(await readJsonBody(request, 65_536));
  if (!parsed.success) return jsonError(400, firstIssue(parsed.error));
  try {
    const result = await savePositions(env, session.user, parsed.data.positions);
    if (!result.ok) {
      const plan = effectivePlan(session.user);
      return jsonError(result.reason === "limit" ? 403 : 409, result.message, {
        reason: result.reason,
        limit: result.limit,
        currentTier: plan,
        requiresUpgrade: result.reason === "limit" && plan !== "Elite Plan",
      });
    }
    return Response.json(
      { status: "success", positions: result.positions, limit: positionLimit(effectivePlan(session.user)) },
      { headers: NO_STORE },
    );
  } catch (error) {
    console.error("positions save failed", error);
    return jsonError(503, WHEEL_MESSAGES.updatePositionsFailed);
  }
}
