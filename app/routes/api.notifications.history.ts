import { z } from "zod";
import type { Route } from "./+types/api.notifications.history";
import { HISTORY_LIMIT } from "#app/lib/notifications.ts";
import { apiJson } from "#app/server/http/api.server.ts";
import {
  notificationCall,
  notificationError,
  notificationMethodNotAllowed,
} from "#app/server/notifications/api.server.ts";
import { listHistory } from "#app/server/notifications/history.server.ts";

const query = z.object({
  limit: z.coerce.number().int().min(1).max(HISTORY_LIMIT.max).default(HISTORY_LIMIT.default),
});

/** GET /api/notifications/history?limit=n (default 50; the screen asks 20) -> { success, data: items }. */
export function loader(args: Route.LoaderArgs) {
  return notificationCall(args, async ({ env, user }) => {
    const limit = new URL(args.request.url).searchParams.get("limit") ?? undefined;
    const parsed = query.safeParse({ limit });
    if (!parsed.success)
      return notificationError(400, `limit must be a whole number from 1 to ${HISTORY_LIMIT.max}`);
    return apiJson({ success: true, data: await listHistory(env, user.id, parsed.data.limit) });
  });
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return notificationMethodNotAllowed("GET");
}
