// The answer of every preview-image route (/api/trade-image, /api/csp-image, /api/cc-image): the card of a
// record the route found, from KV or rendered, with renders limited per address; nothing is rendered for
// an id that names no record (decision 220).
import { clientAddress, RATE_LIMITS, rateLimiter } from "#app/server/rate-limit.server.ts";
import { cachedShareImage, pngResponse, type ShareImageEnv } from "#app/server/share-image/cache.server.ts";
import type { CardNode } from "#app/server/share-image/engine.server.ts";
import { NO_STORE } from "#app/server/http/cache-control.server.ts";

/** Renders (KV misses) one address may cause per window; past it the address still gets every image already rendered. */
export const SHARE_IMAGE_RENDERS_PER_WINDOW = RATE_LIMITS.shareImageRender.max;
export const SHARE_IMAGE_RENDER_WINDOW_MS = RATE_LIMITS.shareImageRender.windowMs;

export type ShareImageRouteEnv = ShareImageEnv & { DB: D1Database };

/** The card `build(content)` as a PNG response, or 429 when this address has rendered enough for now. */
export async function shareImageResponse<T>(
  env: ShareImageRouteEnv,
  request: Request,
  kind: string,
  content: T,
  build: (content: T) => CardNode,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<Response> {
  const mayRender = async () => {
    try {
      const limit = await rateLimiter(env, "shareImageRender").limit({ key: clientAddress(request) });
      return limit.success;
    } catch (error) {
      // The counter's store failing must not take every preview down with it: the render goes ahead.
      console.error("share image: render limit unavailable", error);
      return true;
    }
  };
  const result = await cachedShareImage(env, kind, content, build, { mayRender, waitUntil });
  if (!result)
    return new Response("Too many new preview images from this address. Please try again later.", {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        ...NO_STORE,
        "Retry-After": String(SHARE_IMAGE_RENDER_WINDOW_MS / 1000),
      },
    });
  return pngResponse(result);
}

/** An id that names no current record: 404 before any rendering (a crawler shows no image for a 404). */
export function shareImageNotFound(): Response {
  return new Response("Preview image not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
  });
}

/** The record could not be read (a storage failure): nothing is rendered and nothing is cached. */
export function shareImageUnavailable(): Response {
  return new Response("Preview image unavailable. Please try again later.", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...NO_STORE,
      "Retry-After": "60",
    },
  });
}
