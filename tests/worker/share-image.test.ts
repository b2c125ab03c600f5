import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { cachedShareImage, contentHash } from "#app/server/share-image/index.server.ts";
import { h, renderCardPng } from "#app/server/share-image/index.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { pngSize } from "./png";

const testEnv = env as unknown as WorkerEnv;

const card = (text: string) =>
  h(
    "div",
    { display: "flex", width: "100%", height: "100%", background: "#000", color: "#fff", fontSize: 40 },
    text,
  );

describe("share image machinery", () => {
  it("renders a card to a PNG of the requested size with the bundled fonts", async () => {
    const png = await renderCardPng(card("Hello 123"));
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.length).toBeGreaterThan(1000);
  });

  it("writes a well-formed PNG: chunk CRCs hold and the pixels decode to the card's colours", async () => {
    const png = await renderCardPng(card("Hello 123"));
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    const chunks: string[] = [];
    const idat: Uint8Array[] = [];
    for (let at = 8; at < png.length;) {
      const length = view.getUint32(at);
      const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
      expect(view.getUint32(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      if (type === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
      chunks.push(type);
      at += 12 + length;
    }
    expect(chunks).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(png[24]).toBe(8); // bit depth
    expect(png[25]).toBe(6); // RGBA
    const scanlines = new Uint8Array(inflateSync(idat[0]!));
    const stride = 1200 * 4 + 1;
    expect(scanlines.length).toBe(stride * 630);
    // Filter byte, then the top-left pixel: the card's black background, opaque.
    expect([...scanlines.subarray(0, 5)]).toEqual([0, 0, 0, 0, 255]);
    // Somewhere on the first text line there is white-ish ink.
    const row = scanlines.subarray(30 * stride + 1, 31 * stride);
    expect(row.some((v, i) => i % 4 === 0 && v > 200)).toBe(true);
  });

  it("caches by content hash: the second call is a KV hit with the same bytes; new content renders anew", async () => {
    const render = { mayRender: async () => true };
    const first = (await cachedShareImage(testEnv, "test", { text: "A" }, (c) => card(c.text), render))!;
    expect(first.cached).toBe(false);
    const second = (await cachedShareImage(testEnv, "test", { text: "A" }, (c) => card(c.text), render))!;
    expect(second.cached).toBe(true);
    expect(second.hash).toBe(first.hash);
    expect(second.png).toEqual(first.png);
    const other = (await cachedShareImage(testEnv, "test", { text: "B" }, (c) => card(c.text), render))!;
    expect(other.cached).toBe(false);
    expect(other.hash).not.toBe(first.hash);
  });

  it("hashes content, kind and nothing else", async () => {
    expect(await contentHash("a", { x: 1 })).toBe(await contentHash("a", { x: 1 }));
    expect(await contentHash("a", { x: 1 })).not.toBe(await contentHash("b", { x: 1 }));
    expect(await contentHash("a", { x: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("asks before rendering a miss: a refusal renders and stores nothing, a hit is served without asking", async () => {
    let asked = 0;
    const refuse = { mayRender: async () => (asked++, false) };
    expect(await cachedShareImage(testEnv, "asked", { text: "refused" }, (c) => card(c.text), refuse)).toBe(
      null,
    );
    expect(asked).toBe(1);
    expect((await testEnv.SHARE_KV.list({ prefix: "img:asked:" })).keys).toHaveLength(0);
    const allow = { mayRender: async () => true };
    await cachedShareImage(testEnv, "asked", { text: "kept" }, (c) => card(c.text), allow);
    const hit = await cachedShareImage(testEnv, "asked", { text: "kept" }, (c) => card(c.text), refuse);
    expect(hit?.cached).toBe(true);
    expect(asked).toBe(1);
  });
});
