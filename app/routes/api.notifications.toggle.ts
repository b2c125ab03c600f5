import { z } from "zod";
import type { Route } from "./+types/api.notifications.toggle";
import { apiJson, readApiBody } from "#app/server/http/api.server.ts";
import {
  NOTIFICATION_BODY,
  notificationMethodNotAllowed,
  notificationCall,
} from "#app/server/notifications/api.server.ts";
import { setNotificationsEnabled } from "#app/server/notifications/preferences.server.ts";

const body = z.object({ enabled: z.boolean() }).strict();

export async function loader() {
  return notificationMethodNotAllowed("POST");
}

/** POST /api/notifications/toggle {enabled} -> { success, data: preferences } (the master switch). */
export function action(args: Route.ActionArgs) {
  return notificationCall(
    args,
    async ({ env, user, plan }) => {
      const input = await readApiBody(args.request, body, NOTIFICATION_BODY);
      if (input instanceof Response) return input;
      const data = await setNotificationsEnabled(env, user.id, input.enabled, plan);
      return apiJson({ success: true, data });
    },
    { method: "POST", allow: "POST" },
  );
}
