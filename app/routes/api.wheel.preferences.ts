import type { Route } from "./+types/api.wheel.preferences";
import { WHEEL_MESSAGES } from "../lib/wheel";
import { jsonError, preferencesSchema, readWheelInput, wheelSession } from "../server/wheel/api.server";
import { getPreferences, savePreferences } from "../server/wheel/positions.server";
import { cloudflareContext } from "../server/request-context.server";
import { apiJson } from "../server/http/api.server";

/** GET /api/wheel/preferences -> { cashAvailable, cspRiskLevel, ccRiskLevel, positions, positionLimit }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  try {
    return apiJson(await getPreferences(env, session.user));
  } catch (error) {
    console.error("wheel preferences failed", error);
    return jsonError(503, WHEEL_MESSAGES.fetchPreferencesFailed);
  }
}

/** POST /api/wheel/preferences {cashAvailable?, cspRiskLevel?, ccRiskLevel?, ccCostBasis?}: the screen's saves. */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const input = await readWheelInput(request, preferencesSchema, 2048);
  if (input instanceof Response) return input;
  await savePreferences(env, session.user.id, input);
  return apiJson(await getPreferences(env, session.user));
}
