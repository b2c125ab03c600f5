// satori (layout -> SVG) and resvg (SVG -> pixels), both WebAssembly, then PNG encoding (png.server.ts).
// The one-time setup per isolate: instantiate both wasm modules, unpack and parse the fonts. Its promise
// is kept so concurrent first requests share it, and a rejected setup is forgotten so the next request
// retries. "Already initialized" (seen after HMR in dev) counts as success. The wasm modules and fonts are
// provided by the caller (assets.server.ts in the Worker; files in the Node bench), so this module has no
// bundler-only imports. Where each stage's CPU goes: bench/share-image.bench.ts and decision 190.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { init as initSatori } from "satori/standalone";
import { encodeRgbaPng } from "#app/server/share-image/png.server.ts";

export interface CardFont {
  name: string;
  data: ArrayBuffer;
  weight: 400 | 700;
  style: "normal";
}

export interface ShareImageAssets {
  yoga: WebAssembly.Module;
  resvg: WebAssembly.Module;
  /** The card fonts as sfnt (TrueType) data; called once per isolate. */
  fonts: () => CardFont[];
}

let assets: ShareImageAssets | null = null;
let ready: Promise<void> | null = null;
let fonts: CardFont[] = [];

export function provideShareImageAssets(a: ShareImageAssets): void {
  assets ??= a;
}

function alreadyInitialised(error: unknown): boolean {
  return error instanceof Error && /already initiali[sz]ed/i.test(error.message);
}

export function initShareImageEngine(): Promise<void> {
  const a = assets;
  if (!a) return Promise.reject(new Error("share image assets not provided"));
  ready ??= (async () => {
    await initSatori(a.yoga);
    await initWasm(a.resvg).catch((error: unknown) => {
      if (!alreadyInitialised(error)) throw error;
    });
    fonts = a.fonts();
    // satori parses a font the first time it sees its bytes and keeps the parsed font for the same array
    // of fonts; an empty layout does that parsing here, once, instead of inside the first card's render.
    await satori(emptyLayout as unknown as React.ReactNode, { width: 1, height: 1, fonts });
  })().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** A satori element: the React element shape without React (the server builds cards as plain objects). */
export interface CardNode {
  type: string;
  props: {
    style?: Record<string, string | number>;
    children?: CardChild | CardChild[];
    [key: string]: unknown;
  };
}
export type CardChild = CardNode | string | number | null | undefined | false;

export interface RenderSize {
  width: number;
  height: number;
}

/** The social-card size every preview image uses (Open Graph / Twitter summary_large_image). */
export const CARD_SIZE: RenderSize = { width: 1200, height: 630 };

const emptyLayout: CardNode = { type: "div", props: { style: { display: "flex" } } };

/** The stages of one render, in order; the bench times each through `onStage`. */
export type RenderStage = "layout" | "parse" | "rasterise" | "encode";

/**
 * Card -> SVG (satori) -> pixels (resvg) -> PNG. `onStage` is called as each stage ends (the bench's
 * clock); the card must paint an opaque background over the whole canvas (see png.server.ts).
 */
export async function renderCardPng(
  card: CardNode,
  size: RenderSize = CARD_SIZE,
  onStage?: (stage: RenderStage) => void,
): Promise<Uint8Array> {
  await initShareImageEngine();
  const svg = await satori(card as unknown as React.ReactNode, {
    width: size.width,
    height: size.height,
    fonts,
  });
  onStage?.("layout");
  // No system fonts: satori already turned every glyph into a path, so resvg needs no font database.
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false } });
  let pixels: Uint8Array;
  let width: number;
  let height: number;
  try {
    onStage?.("parse");
    const rendered = resvg.render();
    try {
      ({ pixels, width, height } = rendered);
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
  onStage?.("rasterise");
  const png = encodeRgbaPng(pixels, width, height);
  onStage?.("encode");
  return png;
}

/** Tiny element helper so cards read like markup. */
export function h(type: string, style: Record<string, string | number>, ...children: CardChild[]): CardNode {
  const kids = children.filter((c) => c !== null && c !== undefined && c !== false);
  return { type, props: { style, children: kids.length === 1 ? kids[0] : kids } };
}
