// WOFF 1.0 -> sfnt (TrueType/OpenType) once per isolate. A WOFF file is the font's tables, each
// zlib-compressed unless compression would not help; unpacking them here with the platform's native zlib
// (node:zlib) means satori's font parser reads plain tables instead of inflating them in
// JavaScript on the first render. Layout of both formats: the WOFF 1.0 and OpenType specifications.
import { inflateSync } from "node:zlib";

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER_SIZE = 44;
const WOFF_ENTRY_SIZE = 20;
const SFNT_HEADER_SIZE = 12;
const SFNT_ENTRY_SIZE = 16;

const pad4 = (n: number) => (n + 3) & ~3;

const tagOf = (name: string) => [...name].reduce((tag, c) => (tag << 8) | c.charCodeAt(0), 0) >>> 0;

/**
 * `omit` drops tables by tag (e.g. "GPOS"): the sfnt directory lists only the tables kept. A font without
 * a table it does not need is still a valid font.
 */
export function woffToSfnt(woff: Uint8Array, { omit = [] }: { omit?: readonly string[] } = {}): ArrayBuffer {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== WOFF_SIGNATURE) throw new Error("not a WOFF 1.0 font");
  const flavor = view.getUint32(4);
  const omitted = new Set(omit.map(tagOf));
  const entries = Array.from(
    { length: view.getUint16(12) },
    (_, i) => WOFF_HEADER_SIZE + i * WOFF_ENTRY_SIZE,
  );
  const tables = entries
    .filter((entry) => !omitted.has(view.getUint32(entry)))
    .map((entry) => {
      const offset = view.getUint32(entry + 4);
      const compLength = view.getUint32(entry + 8);
      const origLength = view.getUint32(entry + 12);
      const stored = woff.subarray(offset, offset + compLength);
      const data = compLength < origLength ? new Uint8Array(inflateSync(stored)) : stored;
      if (data.length !== origLength) throw new Error("WOFF table length mismatch");
      return { tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data };
    });
  const numTables = tables.length;
  let size = SFNT_HEADER_SIZE + SFNT_ENTRY_SIZE * numTables;
  for (const t of tables) size += pad4(t.data.length);
  const out = new Uint8Array(size);
  const outView = new DataView(out.buffer);
  // Binary-search hints of the sfnt table directory.
  let log2 = 0;
  while (2 ** (log2 + 1) <= numTables) log2++;
  outView.setUint32(0, flavor);
  outView.setUint16(4, numTables);
  outView.setUint16(6, 2 ** log2 * 16);
  outView.setUint16(8, log2);
  outView.setUint16(10, numTables * 16 - 2 ** log2 * 16);
  let offset = SFNT_HEADER_SIZE + SFNT_ENTRY_SIZE * numTables;
  tables.forEach((t, i) => {
    const entry = SFNT_HEADER_SIZE + i * SFNT_ENTRY_SIZE;
    outView.setUint32(entry, t.tag);
    outView.setUint32(entry + 4, t.checksum);
    outView.setUint32(entry + 8, offset);
    outView.setUint32(entry + 12, t.data.length);
    out.set(t.data, offset);
    offset += pad4(t.data.length);
  });
  return out.buffer;
}
