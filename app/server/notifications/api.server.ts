// What the /api/notifications/* routes share: the signed-in check ('User not authenticated', 401), the
// plan check (403 with requiresUpgrade, upgradeFeatures, currentTier) and the product's `success: false`
// envelope on every error, through the API kit.
import type { RouterContextProvider } from "react-router";
import { NOTIFICATION_MESSAGES } from "#app/lib/notifications.ts";
import { effectivePlan, type PlanTier } from "#app/lib/plans.ts";
import type { Refusal } from "#app/lib/refusal.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import {
  apiError,
  methodNotAllowed,
  refusalResponse,
  type ApiBodyOptions,
} from "#app/server/http/api.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { notificationRefusal, type NotificationUser } from "#app/server/notifications/preferences.server.ts";

/** The notification APIs' error envelope (docs/product/api.md#error-envelopes). */
const ENVELOPE = { success: false } as const;

/** The kit's 405 in the notification envelope. */
export function notificationMethodNotAllowed(allow: string): Response {
  return methodNotAllowed(allow, ENVELOPE);
}

export function notificationError(status: number, error: string): Response {
  return apiError(status, error, ENVELOPE);
}

export function notificationRefusalResponse(refusal: Refusal): Response {
  return refusalResponse(refusal, ENVELOPE);
}

export type ApiUser = { user: NotificationUser; plan: PlanTier };

/** The signed-in, paid user, or the Response that refuses the call. */
async function notificationApiUser(env: WorkerEnv, request: Request): Promise<ApiUser | Response> {
  const session = await getSession(env, request);
  if (!session) return notificationError(401, NOTIFICATION_MESSAGES.notAuthenticated);
  const user = session.user as unknown as NotificationUser;
  const refusal = notificationRefusal(user);
  if (refusal) return notificationRefusalResponse(refusal);
  return { user, plan: effectivePlan(user) };
}

export interface NotificationCall extends ApiUser {
  env: WorkerEnv;
}

/**
 * One notifications API call, the same way in every route: for an action, its one `method` or a 405 naming
 * `allow`; then the signed-in paid user (or the refusal); then `handle` with the user the session gave.
 */
export async function notificationCall(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  handle: (call: NotificationCall) => Promise<Response>,
  action?: { method: "POST" | "PUT" | "DELETE"; allow: string },
): Promise<Response> {
  if (action && request.method !== action.method) return notificationMethodNotAllowed(action.allow);
  const env = context.get(cloudflareContext).env;
  const auth = await notificationApiUser(env, request);
  if (auth instanceof Response) return auth;
  return handle({ env, ...auth });
}

/**
 * How the kit's `readApiBody` reads a notifications body: an empty body is {}; 415 when it is not sent as JSON,
 * 413 when too large, 400 (the product's update failure) when it is unreadable or fails the schema, in the
 * family's envelope. Never a 500.
 */
export const NOTIFICATION_BODY = {
  maxBytes: 20_000,
  empty: {},
  invalid: () => NOTIFICATION_MESSAGES.updateFailed,
  envelope: ENVELOPE,
} satisfies ApiBodyOptions;
