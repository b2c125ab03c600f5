import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { cachedShareImage, contentHash } from "../../app/server/share-image/index.server";
import { h, renderCardPng } from "../../app/server/share-image/index.server";
import { fallbackCard, FALLBACK_CARD_SIZE } from "../../app/server/share-image/trade-card.server";
import type { WorkerEnv } from "../../app/server/env.server";
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

  it("caches by content hash: the second call is a KV hit with the same bytes; new content renders anew", async () => {
    const first = await cachedShareImage(testEnv, "test", { text: "A" }, (c) => card(c.text));
    expect(first.cached).toBe(false);
    const second = await cachedShareImage(testEnv, "test", { text: "A" }, (c) => card(c.text));
    expect(second.cached).toBe(true);
    expect(second.hash).toBe(first.hash);
    expect(second.png).toEqual(first.png);
    const other = await cachedShareImage(testEnv, "test", { text: "B" }, (c) => card(c.text));
    expect(other.cached).toBe(false);
    expect(other.hash).not.toBe(first.hash);
  });

  it("hashes content, kind and nothing else", async () => {
    expect(await contentHash("a", { x: 1 })).toBe(await contentHash("a", { x: 1 }));
    expect(await contentHash("a", { x: 1 })).not.toBe(await contentHash("b", { x: 1 }));
    expect(await contentHash("a", { x: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the fallback card is small", async () => {
    const png = await renderCardPng(fallbackCard(), FALLBACK_CARD_SIZE);
    expect(pngSize(png)).toEqual(FALLBACK_CARD_SIZE);
  });
});
