// What the /api/notifications/* routes share: the signed-in check ('User not authenticated', 401), the
// plan check (403 with requiresUpgrade, upgradeFeatures, currentTier) and JSON answers.
import { NOTIFICATION_MESSAGES } from "../../lib/notifications";
import { effectivePlan, type PlanTier } from "../../lib/plans";
import { getSession } from "../auth/session.server";
import { readJsonBody } from "../http/json-body.server";
import type { WorkerEnv } from "../env.server";
import { notificationRefusal, type NotificationUser, type Refusal } from "./preferences.server";
import { NO_STORE } from "../http/cache-control.server";

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export function refusalResponse(refusal: Refusal): Response {
  return json({ success: false, ...refusal.body }, refusal.status);
}

export type ApiUser = { user: NotificationUser; plan: PlanTier };

/** The signed-in, paid user, or the Response that refuses the call. */
export async function notificationApiUser(env: WorkerEnv, request: Request): Promise<ApiUser | Response> {
  const session = await getSession(env, request);
  if (!session) return json({ success: false, error: NOTIFICATION_MESSAGES.notAuthenticated }, 401);
  const user = session.user as unknown as NotificationUser;
  const refusal = notificationRefusal(user);
  if (refusal) return refusalResponse(refusal);
  return { user, plan: effectivePlan(user) };
}

/**
 * The request body as JSON ({ value }; an empty body is {}), or the refusal: 415 when it is not sent as
 * JSON, 400 (the spec's update failure) when it is unreadable, too large or malformed. Never a 500.
 */
export async function readJson(request: Request): Promise<{ value: unknown } | Response> {
  const body = await readJsonBody(request, { maxBytes: 20_000, empty: {} });
  if (body.ok) return { value: body.value };
  const error = body.status === 415 ? body.message : NOTIFICATION_MESSAGES.updateFailed;
  return json({ success: false, error }, body.status === 415 ? 415 : 400);
}

export function methodNotAllowed(allow: string): Response {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: allow, ...NO_STORE } });
}
