import type { Route } from "./+types/api.wheel.favorites";
import { WHEEL_MESSAGES } from "#app/lib/wheel/wheel.ts";
import {
  favoriteSchema,
  jsonError,
  wheelGet,
  wheelPost,
  wheelTypeSchema,
} from "#app/server/wheel/api.server.ts";
import { addFavorite, FAVORITES_PER_USER, listFavorites } from "#app/server/wheel/favorites.server.ts";
import { apiJson } from "#app/server/http/api.server.ts";

/** GET /api/wheel/favorites[?type=CSP|CC] -> { favorites }. */
export function loader(args: Route.LoaderArgs) {
  return wheelGet(args, async ({ env, user }) => {
    const typeParam = new URL(args.request.url).searchParams.get("type");
    const type = typeParam ? wheelTypeSchema.safeParse(typeParam.toUpperCase()) : null;
    if (type && !type.success) return jsonError(400, "Invalid type");
    try {
      return apiJson({ favorites: await listFavorites(env, user.id, type?.data) });
    } catch (error) {
      console.error("favorites load failed", error);
      return jsonError(503, WHEEL_MESSAGES.favoritesLoadFailed);
    }
  });
}

/** POST /api/wheel/favorites {trade, type}: 201 saved, 409 already saved. */
export function action(args: Route.ActionArgs) {
  return wheelPost(
    args,
    favoriteSchema,
    16_384,
    async ({ env, user, input }) => {
      const result = await addFavorite(env, user.id, input.type, input.trade);
      if (result.ok) return apiJson({ status: "success", favorite: result.favorite }, 201);
      if (result.reason === "duplicate") return jsonError(409, "Trade already saved", { id: result.id });
      return jsonError(403, `You can save up to ${FAVORITES_PER_USER} favorite trades`);
    },
    "GET, POST",
  );
}
