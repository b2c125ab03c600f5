import type { Route } from "./+types/api.notifications.push-devices.$id";
import { PUSH_MESSAGES, pushDeviceIdSchema } from "#app/lib/push.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import {
  notificationCall,
  notificationError,
  notificationMethodNotAllowed,
} from "#app/server/notifications/api.server.ts";
import { removePushDevice } from "#app/server/notifications/push-devices.server.ts";

export async function loader() {
  return notificationMethodNotAllowed("DELETE");
}

/** DELETE /api/notifications/push-devices/:id -> { success, message }; 404 for a device that is not the user's. */
export function action(args: Route.ActionArgs) {
  return notificationCall(
    args,
    async ({ env, user }) => {
      const parsed = pushDeviceIdSchema.safeParse({ id: args.params.id });
      if (!parsed.success || !(await removePushDevice(env, user.id, parsed.data.id)))
        return notificationError(404, PUSH_MESSAGES.notFound);
      return apiJson({ success: true, message: PUSH_MESSAGES.removed });
    },
    { method: "DELETE", allow: "DELETE" },
  );
}
