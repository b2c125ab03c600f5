// GET /api/csp-image/:id and /api/cc-image/:id: the share record's card as a PNG (same machinery and KV
// cache as the trade image). Unknown or expired share -> 404 with the small fallback image.
import type { WheelType } from "../../lib/wheel";
import { cachedShareImage, pngResponse } from "../share-image/index.server";
import { FALLBACK_CARD_SIZE } from "../share-image/card-layout.server";
import { wheelCard, wheelCardContent, wheelFallbackCard } from "../share-image/wheel-card.server";
import { readShare } from "./shares.server";

export async function wheelImageResponse(
  env: { DB: D1Database; SHARE_KV: KVNamespace },
  type: WheelType,
  id: string | undefined,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<Response> {
  const found = id ? await readShare(env, type, id).catch(() => null) : null;
  if (!found || found.status !== "ok") {
    const fallback = await cachedShareImage(
      env,
      "wheel-fallback",
      {},
      wheelFallbackCard,
      FALLBACK_CARD_SIZE,
      waitUntil,
    );
    return pngResponse(fallback, 404);
  }
  const kind = type.toLowerCase();
  return pngResponse(
    await cachedShareImage(env, kind, wheelCardContent(found.payload), wheelCard, undefined, waitUntil),
  );
}
