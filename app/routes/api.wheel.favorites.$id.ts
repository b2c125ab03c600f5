import { z } from "zod";
import type { Route } from "./+types/api.wheel.favorites.$id";
import { jsonError, wheelSession, wheelMethodNotAllowed } from "#app/server/wheel/api.server.ts";
import { removeFavorite } from "#app/server/wheel/favorites.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { apiJson } from "#app/server/http/api.server.ts";

const idParam = z.string().uuid();

/** DELETE /api/wheel/favorites/:id -> 200, or 404 when the user has no such favorite. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  if (request.method !== "DELETE") return wheelMethodNotAllowed("DELETE");
  const session = await wheelSession(env, request);
  if (session instanceof Response) return session;
  const id = idParam.safeParse(params.id);
  if (!id.success) return jsonError(404, "Favorite not found");
  const removed = await removeFavorite(env, session.user.id, id.data);
  return removed ? apiJson({ status: "success" }) : jsonError(404, "Favorite not found");
}

export function loader() {
  return wheelMethodNotAllowed("DELETE");
}
