import type { Route } from "./+types/api.csp-image.$id";
import { wheelImageResponse } from "#app/server/wheel/share-image.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { methodNotAllowed } from "#app/server/http/api.server.ts";

/** GET /api/csp-image/:id -> 1200x630 PNG of the shared CSP (Open Graph / Twitter image). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return wheelImageResponse(context.get(cloudflareContext).env, request, "CSP", params.id, (p) =>
    context.get(cloudflareContext).ctx.waitUntil(p),
  );
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return methodNotAllowed("GET");
}
