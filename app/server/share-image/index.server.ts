// The entry for routes: the Worker's assets are provided on import, then the generic cached renderer.
import "./assets.server";

export { cachedShareImage, contentHash, pngResponse } from "./cache.server";
export { CARD_SIZE, h, renderCardPng, type CardNode, type RenderSize } from "./engine.server";
export { shareImageNotFound, shareImageResponse, shareImageUnavailable } from "./response.server";
