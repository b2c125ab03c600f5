import { z } from "zod";
import type { Route } from "./+types/api.notifications.toggle";
import { NOTIFICATION_MESSAGES } from "../lib/notifications";
import { apiJson } from "../server/http/api.server";
import {
  notificationMethodNotAllowed,
  notificationCall,
  notificationError,
  readJson,
} from "../server/notifications/api.server";
import { setNotificationsEnabled } from "../server/notifications/preferences.server";

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
