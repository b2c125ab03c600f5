// Fonts for the preview images, bundled with the Worker already unpacked to sfnt at build time
// (scripts/card-fonts-plugin.ts, recipe in card-fonts.server.ts): an isolate only decodes the base64.
import { bold, regular } from "virtual:card-fonts";
import type { CardFont } from "#app/server/share-image/engine.server.ts";

function decodeBase64(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function loadFonts(): CardFont[] {
  return [
    { name: "Inter", data: decodeBase64(regular), weight: 400, style: "normal" },
    { name: "Inter", data: decodeBase64(bold), weight: 700, style: "normal" },
  ];
}
