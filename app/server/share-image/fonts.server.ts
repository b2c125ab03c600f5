// Fonts for the preview images, bundled with the Worker (satori reads ttf/otf/woff, not woff2). Inter
// from @fontsource, imported inline (a data URL string) and decoded once per isolate.
import interBold from "@fontsource/inter/files/inter-latin-700-normal.woff?inline";
import interRegular from "@fontsource/inter/files/inter-latin-400-normal.woff?inline";

import type { CardFont } from "./engine.server";

function decodeDataUrl(dataUrl: string): ArrayBuffer {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

let fonts: CardFont[] | null = null;

export function loadFonts(): CardFont[] {
  fonts ??= [
    { name: "Inter", data: decodeDataUrl(interRegular), weight: 400, style: "normal" },
    { name: "Inter", data: decodeDataUrl(interBold), weight: 700, style: "normal" },
  ];
  return fonts;
}
