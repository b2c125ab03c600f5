// The entry for routes: the Worker's assets are provided on import, then the generic cached renderer.
import "#app/server/share-image/assets.server.ts";

export { cachedShareImage, contentHash, pngResponse } from "#app/server/share-image/cache.server.ts";
export {
  CARD_SIZE,
  h,
  renderCardPng,
  type CardNode,
  type RenderSize,
} from "#app/server/share-image/engine.server.ts";
export {
  shareImageNotFound,
  shareImageResponse,
  shareImageUnavailable,
} from "#app/server/share-image/response.server.ts";
