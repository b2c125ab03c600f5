import { z } from "zod";
import type { Route } from "./+types/api.notifications.toggle";
import { NOTIFICATION_MESSAGES } from "../lib/notifications";
import { apiJson } from "../server/http/api.server";
import {
  methodNotAllowed,
  notificationApiUser,
  notificationError,
  readJson,
} from "../server/notifications/api.server";
import { setNotificationsEnabled } from "../server/notifications/preferences.server";
import { cloudflareContext } from "../server/request-context.server";

const body = z.object({ enabled: z.boolean() }).strict();

export async function loader() {
  return methodNotAllowed("POST");
}

/** POST /api/notifications/toggle {enabled} -> { success, data: preferences } (the master switch). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const env = context.get(cloudflareContext).env;
  const auth = await notificationApiUser(env, request);
  if (auth instanceof Response) return auth;
  const input = await readJson(request);
  if (input instanceof Response) return input;
  const parsed = body.safeParse(input.value);
  if (!parsed.success) return notificationError(400, NOTIFICATION_MESSAGES.updateFailed);
  const data = await setNotificationsEnabled(env, auth.user.id, parsed.data.enabled, auth.plan);
  return apiJson({ success: true, data });
}
