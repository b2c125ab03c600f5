import type { Route } from "./+types/api.notifications.test";
import { NOTIFICATION_MESSAGES } from "../lib/notifications";
import { apiJson } from "../server/http/api.server";
import { methodNotAllowed, notificationApiUser, notificationError } from "../server/notifications/api.server";
import { sendTestNotification } from "../server/notifications/test-email.server";
import { cloudflareContext } from "../server/request-context.server";

export async function loader() {
  return methodNotAllowed("POST");
}

/** POST /api/notifications/test: sends a test email through the outbox and records it in the history. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const env = context.get(cloudflareContext).env;
  const auth = await notificationApiUser(env, request);
  if (auth instanceof Response) return auth;
  try {
    const result = await sendTestNotification(env, auth.user, new URL(request.url).origin);
    if (!result.ok) return notificationError(429, result.error);
    return apiJson({
      success: true,
      data: { status: result.status, message: NOTIFICATION_MESSAGES.testSent },
    });
  } catch (error) {
    console.error("test notification failed", error);
    return notificationError(500, NOTIFICATION_MESSAGES.testFailed);
  }
}
