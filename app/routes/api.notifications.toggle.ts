import { z } from "zod";
import type { Route } from "./+types/api.notifications.toggle";
import { NOTIFICATION_MESSAGES } from "#app/lib/notifications.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import {
  notificationMethodNotAllowed,
  notificationCall,
  notificationError,
  readJson,
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
      const input = await readJson(args.request);
      if (input instanceof Response) return input;
      const parsed = body.safeParse(input.value);
      if (!parsed.success) return notificationError(400, NOTIFICATION_MESSAGES.updateFailed);
      const data = await setNotificationsEnabled(env, user.id, parsed.data.enabled, plan);
      return apiJson({ success: true, data });
    },
    { method: "POST", allow: "POST" },
  );
}
