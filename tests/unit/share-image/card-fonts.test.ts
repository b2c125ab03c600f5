import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { cardFontsUnpackedAtBuild } from "../../../scripts/card-fonts-plugin";
import { CARD_FONT_FILES, CARD_FONT_TABLES_OMITTED } from "#app/server/share-image/card-fonts.server.ts";
import { woffToSfnt } from "#app/server/share-image/woff.server.ts";

// The share cards' fonts are unpacked when the Worker is built (issue 28): the virtual module holds sfnt, not WOFF.
const require = createRequire(import.meta.url);

function virtualModule(): Record<string, string> {
  const plugin = cardFontsUnpackedAtBuild();
  const resolveId = plugin.resolveId as (source: string) => string | null;
  const load = plugin.load as (this: { addWatchFile(f: string): void }, id: string) => string | null;
  const id = resolveId("virtual:card-fonts");
  expect(id).not.toBeNull();
  const code = load.call({ addWatchFile: () => {} }, id!)!;
  return Object.fromEntries(
    [...code.matchAll(/export const (\w+) = ("[^"]*");/g)].map((m) => [m[1]!, JSON.parse(m[2]!) as string]),
  );
}

function tableTags(sfnt: Uint8Array): string[] {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  return Array.from({ length: view.getUint16(4) }, (_, i) =>
    String.fromCharCode(...sfnt.subarray(12 + i * 16, 16 + i * 16)),
  );
}

describe("virtual:card-fonts", () => {
  const fonts = virtualModule();

  it("holds both weights as sfnt without the omitted tables, byte for byte the unpacked WOFF", () => {
    for (const weight of ["regular", "bold"] as const) {
      const sfnt = new Uint8Array(Buffer.from(fonts[weight]!, "base64"));
      // TrueType outlines (0x00010000), not a WOFF ("wOFF") the Worker would have to inflate.
      expect(new DataView(sfnt.buffer).getUint32(0)).toBe(0x00010000);
      const woff = new Uint8Array(readFileSync(require.resolve(CARD_FONT_FILES[weight])));
      expect(sfnt).toEqual(new Uint8Array(woffToSfnt(woff, { omit: CARD_FONT_TABLES_OMITTED })));
      const tags = tableTags(sfnt);
      expect(tags).toContain("glyf");
      for (const omitted of CARD_FONT_TABLES_OMITTED) expect(tags).not.toContain(omitted);
    }
  });

  it("answers only its own id", () => {
    const resolveId = cardFontsUnpackedAtBuild().resolveId as (source: string) => string | null;
    expect(resolveId("./fonts.server")).toBeNull();
  });
});
