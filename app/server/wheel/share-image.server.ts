// GET /api/csp-image/:id and /api/cc-image/:id: the share record's card as a PNG (same machinery, KV cache
// and per-address render limit as the trade image). Unknown, expired or invalid share -> 404 before any
// rendering.
import type { WheelType } from "#app/lib/wheel/wheel.ts";
import {
  shareImageNotFound,
  shareImageResponse,
  shareImageUnavailable,
} from "#app/server/share-image/index.server.ts";
import { wheelCard, wheelCardContent } from "#app/server/share-image/wheel-card.server.ts";
import { readShare } from "#app/server/wheel/shares.server.ts";

export async function wheelImageResponse(
  env: { DB: D1Database; SHARE_KV: KVNamespace },
  request: Request,
  type: WheelType,
  id: string | undefined,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<Response> {
  if (!id) return shareImageNotFound();
  let found;
  try {
    found = await readShare(env, type, id);
  } catch (error) {
    console.error("share image: share lookup failed", error);
    return shareImageUnavailable();
  }
  if (found.status !== "ok") return shareImageNotFound();
  return shareImageResponse(
    env,
    request,
    type.toLowerCase(),
    wheelCardContent(found.payload),
    wheelCard,
    waitUntil,
  );
}
