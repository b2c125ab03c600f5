import type { Route } from "./+types/api.notifications.push-devices";
import { addPushDeviceSchema, PUSH_MESSAGES } from "#app/lib/push.ts";
import { apiJson, readApiBody } from "#app/server/http/api.server.ts";
import {
  NOTIFICATION_BODY,
  notificationCall,
  notificationError,
} from "#app/server/notifications/api.server.ts";
import { addPushDevice, pushDevicesView } from "#app/server/notifications/push-devices.server.ts";

/**
 * GET /api/notifications/push-devices -> { success, data: { configured, publicKey, devices } }: the key a browser
 * subscribes with (the VAPID public key) and the user's devices (decision 336).
 */
export function loader(args: Route.LoaderArgs) {
  return notificationCall(args, async ({ env, user }) =>
    apiJson({ success: true, data: await pushDevicesView(env, user.id) }),
  );
}

/** POST /api/notifications/push-devices { subscription } -> 201 { success, data: device }. */
export function action(args: Route.ActionArgs) {
  return notificationCall(
    args,
    async ({ env, user }) => {
      const body = await readApiBody(args.request, addPushDeviceSchema, {
        ...NOTIFICATION_BODY,
        invalid: () => PUSH_MESSAGES.invalidSubscription,
      });
      if (body instanceof Response) return body;
      const result = await addPushDevice(env, user, body, args.request.headers.get("User-Agent"));
      if (!result.ok) return notificationError(result.status, result.error);
      return apiJson({ success: true, data: result.device, message: PUSH_MESSAGES.added }, 201);
    },
    { method: "POST", allow: "GET, POST" },
  );
}
