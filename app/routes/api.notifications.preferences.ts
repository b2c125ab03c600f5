import { z } from "zod";
import type { Route } from "./+types/api.notifications.preferences";
import { apiJson, readApiBody } from "#app/server/http/api.server.ts";
import {
  NOTIFICATION_BODY,
  notificationCall,
  notificationRefusalResponse,
} from "#app/server/notifications/api.server.ts";
import { readPreferences, updatePreferences } from "#app/server/notifications/preferences.server.ts";

/**
 * GET /api/notifications/preferences -> { success, data: preferences } (docs/product/api.md#notifications).
 */
export function loader(args: Route.LoaderArgs) {
  return notificationCall(args, async ({ env, user, plan }) =>
    apiJson({ success: true, data: await readPreferences(env, user.id), currentTier: plan }),
  );
}

/** PUT /api/notifications/preferences with a partial document -> { success, data: full preferences }. */
export function action(args: Route.ActionArgs) {
  return notificationCall(
    args,
    async ({ env, user }) => {
      const body = await readApiBody(args.request, z.unknown(), NOTIFICATION_BODY);
      if (body instanceof Response) return body;
      const result = await updatePreferences(env, user, body);
      if (!result.ok) return notificationRefusalResponse(result.refusal);
      return apiJson({ success: true, data: result.preferences });
    },
    { method: "PUT", allow: "GET, PUT" },
  );
}
