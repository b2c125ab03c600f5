import type { Route } from "./+types/api.csp-image.$id";
import { wheelImageResponse } from "../server/wheel/share-image.server";
import { cloudflareContext } from "../server/request-context.server";

/** GET /api/csp-image/:id -> 1200x630 PNG of the shared CSP (Open Graph / Twitter image). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return wheelImageResponse(context.get(cloudflareContext).env, request, "CSP", params.id, (p) =>
    context.get(cloudflareContext).ctx.waitUntil(p),
  );
}
