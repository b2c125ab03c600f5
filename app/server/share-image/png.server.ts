// PNG encoding of the rendered card: resvg's pixels wrapped in a PNG by us, the pixel data compressed by
// the platform's native zlib (node:zlib, native code in workerd and Node). resvg's own asPng() runs its
// PNG encoder and deflate in WebAssembly, which costs more on an isolate's first image (decision 190).
// Scanlines use filter 0 (none) and deflate runs at level 1: the cards are large flat areas, which the
// fastest level already shrinks to ~70 KB in a third of level 6's time (bench/share-image.bench.ts).
//
// resvg's pixels are premultiplied RGBA; every card paints an opaque background over the whole canvas, so
// premultiplied and straight alpha are the same bytes.
import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** One chunk: length, type, data, CRC of type + data. */
function writeChunk(out: Uint8Array, at: number, type: string, data: Uint8Array): number {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setUint32(at, data.length);
  for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
  out.set(data, at + 8);
  view.setUint32(at + 8 + data.length, crc32(out.subarray(at + 4, at + 8 + data.length)));
  return at + 12 + data.length;
}

// The filtered scanlines of the last size, reused: a fresh 3 MB buffer per image costs page faults.
let scanlines: Uint8Array | null = null;

/** RGBA 8-bit pixels (row-major, width * height * 4 bytes) -> PNG file bytes. */
export function encodeRgbaPng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error("pixel buffer does not match the size");
  // Each scanline is prefixed with its filter type byte (0 = none).
  const length = (stride + 1) * height;
  if (scanlines?.length !== length) scanlines = new Uint8Array(length);
  const raw = scanlines;
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  const idat = deflateSync(raw, { level: 1 });
  const ihdr = new Uint8Array(13);
  const ihdrView = new DataView(ihdr.buffer);
  ihdrView.setUint32(0, width);
  ihdrView.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  // compression 0, filter method 0, no interlace: bytes 10-12 stay 0.
  const out = new Uint8Array(SIGNATURE.length + (12 + 13) + (12 + idat.length) + 12);
  out.set(SIGNATURE, 0);
  let at = writeChunk(out, SIGNATURE.length, "IHDR", ihdr);
  at = writeChunk(out, at, "IDAT", idat);
  writeChunk(out, at, "IEND", new Uint8Array(0));
  return out;
}
