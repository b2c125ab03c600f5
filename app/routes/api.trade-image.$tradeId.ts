import type { Route } from "./+types/api.trade-image.$tradeId";
import { getTradeById } from "#app/server/market/market.server.ts";
import {
  shareImageNotFound,
  shareImageResponse,
  shareImageUnavailable,
} from "#app/server/share-image/index.server.ts";
import { tradeCard, tradeCardContent } from "#app/server/share-image/trade-card.server.ts";
import { tradeIdParam } from "#app/server/share-image/trade-id.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { methodNotAllowed } from "#app/server/http/api.server.ts";

/**
 * GET /api/trade-image/:tradeId -> 1200x630 PNG of the shared idea (Open Graph / Twitter image), cached
 * in KV by a hash of the card's content; renders limited per address (429). Malformed or unknown id ->
 * 404 before any rendering.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const parsed = tradeIdParam.safeParse(params.tradeId);
  if (!parsed.success) return shareImageNotFound();
  let found;
  try {
    found = await getTradeById(env, parsed.data);
  } catch (error) {
    console.error("trade image: idea lookup failed", error);
    return shareImageUnavailable();
  }
  if (!found) return shareImageNotFound();
  const content = tradeCardContent(found.idea);
  return shareImageResponse(env, request, "trade", content, tradeCard, (p) =>
    context.get(cloudflareContext).ctx.waitUntil(p),
  );
}

/** Every method but GET (and HEAD): the API's 405 with `Allow`, never the framework's text (decision 300). */
export function action() {
  return methodNotAllowed("GET");
}
