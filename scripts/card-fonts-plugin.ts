// Vite plugin: `virtual:card-fonts` holds the share cards' fonts already unpacked to sfnt (base64), so the Worker
// decodes a string instead of inflating WOFF tables in every isolate (issue 28; recipe in card-fonts.server.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { CARD_FONT_FILES, CARD_FONT_TABLES_OMITTED } from "#app/server/share-image/card-fonts.server.ts";
import { woffToSfnt } from "#app/server/share-image/woff.server.ts";

const ID = "virtual:card-fonts";
const RESOLVED = `\0${ID}`;

export function cardFontsUnpackedAtBuild(): Plugin {
  const require = createRequire(import.meta.url);
  const sfntBase64 = (spec: string) =>
    Buffer.from(
      woffToSfnt(new Uint8Array(readFileSync(require.resolve(spec))), { omit: CARD_FONT_TABLES_OMITTED }),
    ).toString("base64");
  return {
    name: "wheelhouse:card-fonts-unpacked-at-build",
    resolveId: (source) => (source === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      for (const spec of Object.values(CARD_FONT_FILES)) this.addWatchFile(require.resolve(spec));
      return [
        `export const regular = ${JSON.stringify(sfntBase64(CARD_FONT_FILES.regular))};`,
        `export const bold = ${JSON.stringify(sfntBase64(CARD_FONT_FILES.bold))};`,
      ].join("\n");
    },
  };
}
