import type { Route } from "./+types/api.notifications.test";
import { NOTIFICATION_MESSAGES } from "#app/lib/notifications.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import {
  notificationMethodNotAllowed,
  notificationCall,
  notificationError,
} from "#app/server/notifications/api.server.ts";
import { sendTestNotification } from "#app/server/notifications/test-email.server.ts";

export async function loader() {
  return notificationMethodNotAllowed("POST");
}

/** POST /api/notifications/test: sends a test email through the outbox and records it in the history. */
export function action(args: Route.ActionArgs) {
  return notificationCall(
    args,
    async ({ env, user }) => {
      try {
        const result = await sendTestNotification(env, user, new URL(args.request.url).origin);
        if (!result.ok) return notificationError(429, result.error);
        return apiJson({
          success: true,
          data: { status: result.status, message: NOTIFICATION_MESSAGES.testSent },
        });
      } catch (error) {
        console.error("test notification failed", error);
        return notificationError(500, NOTIFICATION_MESSAGES.testFailed);
      }
    },
    { method: "POST", allow: "POST" },
  );
}
