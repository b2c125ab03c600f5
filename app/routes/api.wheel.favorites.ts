import type { Route } from "./+types/api.wheel.favorites";
import { WHEEL_MESSAGES } from "../lib/wheel";
import {
  favoriteSchema,
  jsonError,
  readWheelInput,
  wheelSession,
  wheelTypeSchema,
} from "../server/wheel/api.server";
import { addFavorite, FAVORITES_PER_USER, listFavorites } from "../server/wheel/favorites.server";
import { cloudflareContext } from "../server/request-context.server";
import { apiJson } from "../server/http/api.server";

/** GET /api/wheel/favorites[?type=CSP|CC] -> { favorites }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const typeParam = new URL(request.url).searchParams.get("type");
  const type = typeParam ? wheelTypeSchema.safeParse(typeParam.toUpperCase()) : null;
  if (type && !type.success) return jsonError(400, "Invalid type");
  try {
    return apiJson({ favorites: await listFavorites(env, session.user.id, type?.data) });
  } catch (error) {
    console.error("favorites load failed", error);
    return jsonError(503, WHEEL_MESSAGES.favoritesLoadFailed);
  }
}

/** POST /api/wheel/favorites {trade, type}: 201 saved, 409 already saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const input = await readWheelInput(request, favoriteSchema, 16_384);
  if (input instanceof Response) return input;
  const result = await addFavorite(env, session.user.id, input.type, input.trade);
  if (result.ok) return apiJson({ status: "success", favorite: result.favorite }, 201);
  if (result.reason === "duplicate") return jsonError(409, "Trade already saved", { id: result.id });
  return jsonError(403, `You can save up to ${FAVORITES_PER_USER} favorite trades`);
}
