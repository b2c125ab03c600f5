import type { Route } from "./+types/api.trade-image.$tradeId";
import { getTradeById } from "../server/market/market.server";
import { cachedShareImage, pngResponse } from "../server/share-image/index.server";
import {
  FALLBACK_CARD_SIZE,
  fallbackCard,
  tradeCard,
  tradeCardContent,
} from "../server/share-image/trade-card.server";
import { tradeIdParam } from "../server/share-image/trade-id.server";
import type { IdeaPayload } from "../lib/idea-view";
import { cloudflareContext } from "../server/request-context.server";

/**
 * GET /api/trade-image/:tradeId -> 1200x630 PNG of the shared idea (Open Graph / Twitter image), cached
 * in KV by a hash of the card's content. Unknown or malformed id -> 404 with a small fallback image.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const waitUntil = (p: Promise<unknown>) => context.get(cloudflareContext).ctx.waitUntil(p);
  const parsed = tradeIdParam.safeParse(params.tradeId);
  const found = parsed.success ? await getTradeById(env, parsed.data).catch(() => null) : null;
  if (!found) {
    const fallback = await cachedShareImage(
      env,
      "trade-fallback",
      {},
      fallbackCard,
      FALLBACK_CARD_SIZE,
      waitUntil,
    );
    return pngResponse(fallback, 404);
  }
  const content = tradeCardContent(found.idea as unknown as IdeaPayload);
  return pngResponse(await cachedShareImage(env, "trade", content, tradeCard, undefined, waitUntil));
}
