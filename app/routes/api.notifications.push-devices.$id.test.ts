import type { Route } from "./+types/api.notifications.push-devices.$id.test";
import { PUSH_MESSAGES, pushDeviceIdSchema } from "#app/lib/push.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import {
  notificationCall,
  notificationError,
  notificationMethodNotAllowed,
} from "#app/server/notifications/api.server.ts";
import { sendTestPush } from "#app/server/notifications/push-devices.server.ts";

export async function loader() {
  return notificationMethodNotAllowed("POST");
}

/**
 * POST /api/notifications/push-devices/:id/test -> { success, message }: one push to that device, recorded in the
 * history; 410 when the push service says the subscription is gone (the device is removed), 429 past 5 in 10 min.
 */
export function action(args: Route.ActionArgs) {
  return notificationCall(
    args,
    async ({ env, user }) => {
      const parsed = pushDeviceIdSchema.safeParse({ id: args.params.id });
      if (!parsed.success) return notificationError(404, PUSH_MESSAGES.notFound);
      const result = await sendTestPush(env, user, parsed.data.id);
      if (!result.ok) return notificationError(result.status, result.error);
      return apiJson({ success: true, message: PUSH_MESSAGES.testSent });
    },
    { method: "POST", allow: "POST" },
  );
}
