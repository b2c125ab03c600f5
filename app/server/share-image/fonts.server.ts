// Fonts for the preview images, bundled with the Worker. Inter from @fontsource, latin subset, imported
// inline (a data URL string; satori reads ttf/otf/woff, not woff2), unpacked from WOFF to plain sfnt once
// per isolate (woff.server.ts) so satori's parser does not inflate them in JavaScript.
import interBold from "@fontsource/inter/files/inter-latin-700-normal.woff?inline";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff?inline";

import { cardFonts, type CardFont } from "./engine.server";

function decodeDataUrl(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function loadFonts(): CardFont[] {
  return cardFonts(decodeDataUrl(interRegular), decodeDataUrl(interBold));
}
