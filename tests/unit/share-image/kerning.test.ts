// Satori places each word by the sum of its characters' advance widths but draws the word through the
// font's kerning: with Inter's GPOS table the pair "7." pulled "547.5" left of its box and left a gap
// before the next word on the share cards. The card fonts drop those tables (CARD_FONT_TABLES_OMITTED).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import satori from "satori";
import { describe, expect, it } from "vitest";
import { CARD_FONT_TABLES_OMITTED } from "#app/server/share-image/card-fonts.server.ts";
import { woffToSfnt } from "#app/server/share-image/woff.server.ts";

const require = createRequire(import.meta.url);
const woff = new Uint8Array(
  readFileSync(require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff")),
);

/** The right edge of everything drawn: the largest x of the glyph outlines' points. */
function drawnRightEdge(svg: string): number {
  let max = -Infinity;
  for (const [, d] of svg.matchAll(/<path[^>]* d="([^"]+)"/g))
    for (const [, args] of d!.matchAll(/[MLQCZ]([^MLQCZ]*)/g)) {
      const numbers = args!
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      for (let i = 0; i < numbers.length; i += 2) max = Math.max(max, numbers[i]!);
    }
  return max;
}

/** Inter's units per em: at this size every advance is a whole pixel, so the layout rounds nothing. */
const FONT_SIZE = 2048;

async function rightEdges(font: ArrayBuffer, text: string) {
  const render = (children: unknown) =>
    satori(
      // Satori takes plain element objects as React elements.
      {
        type: "div",
        props: { style: { display: "flex", fontSize: FONT_SIZE, fontFamily: "Inter" }, children },
      } as unknown as Parameters<typeof satori>[0],
      {
        width: FONT_SIZE * 8,
        height: FONT_SIZE * 2,
        fonts: [{ name: "Inter", data: font, weight: 400, style: "normal" }],
      },
    );
  // One word as satori draws it, and the same characters each in a box of its own advance width.
  const word = await render(text);
  const separate = await render([...text].map((c) => ({ type: "div", props: { children: c } })));
  return { word: drawnRightEdge(word), separate: drawnRightEdge(separate) };
}

describe("card fonts", () => {
  it("draw a word exactly where satori's layout puts its characters", async () => {
    const font = woffToSfnt(woff, { omit: CARD_FONT_TABLES_OMITTED });
    for (const text of ["547.5", "$47.50", "7.1", "Ty"]) {
      const { word, separate } = await rightEdges(font, text);
      expect(Math.abs(word - separate), text).toBeLessThan(0.5);
    }
  });

  it("the font as shipped kerns '7.' and would draw the word short of its box (what the omission fixes)", async () => {
    const { word, separate } = await rightEdges(woffToSfnt(woff), "547.5");
    // 40 px cards: a 1.4 px gap; here, at 2048 px, far over a pixel.
    expect(separate - word).toBeGreaterThan(20);
  });

  it("an omitted table is gone from the sfnt directory and every other table is kept", () => {
    const tags = (buffer: ArrayBuffer) => {
      const view = new DataView(buffer);
      return Array.from({ length: view.getUint16(4) }, (_, i) =>
        String.fromCharCode(...new Uint8Array(buffer, 12 + i * 16, 4)),
      );
    };
    const all = tags(woffToSfnt(woff));
    const kept = tags(woffToSfnt(woff, { omit: CARD_FONT_TABLES_OMITTED }));
    expect(all).toContain("GPOS");
    expect(kept).toEqual(all.filter((t) => !(CARD_FONT_TABLES_OMITTED as readonly string[]).includes(t)));
  });
});
