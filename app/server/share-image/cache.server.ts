// Preview images cached in KV by a hash of the card's content: the same content never renders twice,
// and any change (a new price, a new status) is a new key. Long browser/CDN caching on the response.
import { edgeCached } from "#app/server/http/cache-control.server.ts";
import {
  CARD_SIZE,
  renderCardPng,
  type CardNode,
  type RenderSize,
} from "#app/server/share-image/engine.server.ts";

export interface ShareImageEnv {
  SHARE_KV: KVNamespace;
}

/** Bump when the card layout changes, so old renders are not served for the new design. */
export const SHARE_IMAGE_VERSION = 2;
/** KV keeps a rendered image 30 days (a shared link's social previews are fetched in its first days). */
export const SHARE_IMAGE_TTL_SECONDS = 30 * 86_400;
/** A browser keeps a preview image a day (the edge, under the `share` tag, as long: decision 282). */
const SHARE_IMAGE_BROWSER_MAX_AGE = 86_400;

export async function contentHash(kind: string, content: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(`${kind}:v${SHARE_IMAGE_VERSION}:${JSON.stringify(content)}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let hex = "";
  for (const b of digest) hex += b.toString(16).padStart(2, "0");
  return hex;
}

export interface ShareImageResult {
  png: Uint8Array;
  hash: string;
  /** True when the PNG came from KV. */
  cached: boolean;
}

export interface CachedImageOptions {
  /**
   * Asked on a cache miss, before any rendering: false refuses the render (the caller answers 429).
   * Required, so no caller can render on demand without deciding who may make it render.
   */
  mayRender: () => Promise<boolean>;
  size?: RenderSize;
  waitUntil?: (p: Promise<unknown>) => void;
}

/**
 * The PNG for `content` under `kind` ("trade", "csp", "cc", ...): KV first, else, when `mayRender` allows,
 * `build(content)` is rendered and stored; null when it refuses. A KV failure never fails the image: it
 * only costs a render.
 */
export async function cachedShareImage<T>(
  env: ShareImageEnv,
  kind: string,
  content: T,
  build: (content: T) => CardNode,
  { mayRender, size = CARD_SIZE, waitUntil }: CachedImageOptions,
): Promise<ShareImageResult | null> {
  const hash = await contentHash(kind, { content, size });
  const key = `img:${kind}:${hash}`;
  const hit = await env.SHARE_KV.get(key, "arrayBuffer").catch(() => null);
  if (hit) return { png: new Uint8Array(hit), hash, cached: true };
  if (!(await mayRender())) return null;
  const png = await renderCardPng(build(content), size);
  const put = env.SHARE_KV.put(key, png, { expirationTtl: SHARE_IMAGE_TTL_SECONDS }).catch((error: unknown) =>
    console.error("share image: KV write failed", error),
  );
  if (waitUntil) waitUntil(put);
  else await put;
  return { png, hash, cached: false };
}

export function pngResponse(result: ShareImageResult): Response {
  return new Response(result.png as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "image/png",
      ...edgeCached(["share"], { browserMaxAge: SHARE_IMAGE_BROWSER_MAX_AGE }),
      ETag: `"${result.hash}"`,
      "X-Image-Cache": result.cached ? "hit" : "miss",
    },
  });
}
