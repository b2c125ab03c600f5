import type { Route } from "./+types/api.notifications.preferences";
import { apiJson } from "../server/http/api.server";
import {
  methodNotAllowed,
  notificationApiUser,
  notificationRefusalResponse,
  readJson,
} from "../server/notifications/api.server";
import { readPreferences, updatePreferences } from "../server/notifications/preferences.server";
import { cloudflareContext } from "../server/request-context.server";

/** GET /api/notifications/preferences -> { success, data: preferences } (spec 001 §7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const auth = await notificationApiUser(env, request);
  if (auth instanceof Response) return auth;
  return apiJson({ success: true, data: await readPreferences(env, auth.user.id), currentTier: auth.plan });
}

/** PUT /api/notifications/preferences with a partial document -> { success, data: full preferences }. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const env = context.get(cloudflareContext).env;
  const auth = await notificationApiUser(env, request);
  if (auth instanceof Response) return auth;
  const body = await readJson(request);
  if (body instanceof Response) return body;
  const result = await updatePreferences(env, auth.user, body.value);
  if (!result.ok) return notificationRefusalResponse(result.refusal);
  return apiJson({ success: true, data: result.preferences });
}
