// The share image's two format helpers, on real bytes: WOFF -> sfnt for the bundled Inter, and the PNG writer.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeRgbaPng } from "#app/server/share-image/png.server.ts";
import { woffToSfnt } from "#app/server/share-image/woff.server.ts";

const require = createRequire(import.meta.url);
const woff = new Uint8Array(
  readFileSync(require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff")),
);

describe("woffToSfnt", () => {
  it("unpacks every table to its original length at 4-byte aligned offsets, keeping tags and checksums", () => {
    const sfnt = new DataView(woffToSfnt(woff));
    const w = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
    const numTables = w.getUint16(12);
    expect(sfnt.getUint32(0)).toBe(w.getUint32(4)); // flavour (TrueType outlines)
    expect(sfnt.getUint16(4)).toBe(numTables);
    expect(sfnt.getUint16(6)).toBe(16 * 2 ** Math.floor(Math.log2(numTables))); // searchRange
    for (let i = 0; i < numTables; i++) {
      const entry = 12 + i * 16;
      const woffEntry = 44 + i * 20;
      expect(sfnt.getUint32(entry)).toBe(w.getUint32(woffEntry)); // tag
      expect(sfnt.getUint32(entry + 4)).toBe(w.getUint32(woffEntry + 16)); // checksum
      expect(sfnt.getUint32(entry + 8) % 4).toBe(0);
      expect(sfnt.getUint32(entry + 12)).toBe(w.getUint32(woffEntry + 12)); // original length
    }
    // The 'head' table's magic number sits at offset 12 inside it.
    const head = [...Array(numTables).keys()]
      .map((i) => 12 + i * 16)
      .find((e) => sfnt.getUint32(e) === 0x68656164)!;
    expect(sfnt.getUint32(sfnt.getUint32(head + 8) + 12)).toBe(0x5f0f3cf5);
  });

  it("refuses bytes that are not WOFF 1.0", () => {
    expect(() => woffToSfnt(new Uint8Array(64))).toThrow("not a WOFF 1.0 font");
  });
});

describe("encodeRgbaPng", () => {
  it("writes signature, IHDR, IDAT and IEND with valid CRCs; the pixels round-trip", () => {
    const width = 3;
    const height = 2;
    const rgba = Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 37) % 256);
    const png = encodeRgbaPng(rgba, width, height);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    const chunks: { type: string; data: Uint8Array }[] = [];
    for (let at = 8; at < png.length;) {
      const length = view.getUint32(at);
      const data = png.subarray(at + 8, at + 8 + length);
      expect(view.getUint32(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      chunks.push({ type: new TextDecoder().decode(png.subarray(at + 4, at + 8)), data });
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect([...chunks[0]!.data]).toEqual([0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]);
    const scanlines = new Uint8Array(inflateSync(chunks[1]!.data));
    const rows = [0, 1].map((y) => scanlines.subarray(y * 13, (y + 1) * 13));
    for (const [y, row] of rows.entries()) {
      expect(row[0]).toBe(0); // filter: none
      expect([...row.subarray(1)]).toEqual([...rgba.subarray(y * 12, (y + 1) * 12)]);
    }
  });

  it("refuses a pixel buffer of the wrong size", () => {
    expect(() => encodeRgbaPng(new Uint8Array(10), 3, 2)).toThrow("pixel buffer does not match the size");
  });
});
