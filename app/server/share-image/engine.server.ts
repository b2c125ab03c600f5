// satori (layout -> SVG) and resvg (SVG -> PNG), both WebAssembly. Each is initialised once per isolate;
// the init promise is kept so concurrent first requests share it, and a rejected init is forgotten so the
// next request retries. "Already initialized" (seen after HMR in dev) counts as success. The wasm modules
// and fonts are provided by the caller (assets.server.ts in the Worker; files in the Node bench), so this
// module has no bundler-only imports.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { init as initSatori } from "satori/standalone";

export interface CardFont {
  name: string;
  data: ArrayBuffer;
  weight: 400 | 700;
  style: "normal";
}

export interface ShareImageAssets {
  yoga: WebAssembly.Module;
  resvg: WebAssembly.Module;
  fonts: () => CardFont[];
}

let assets: ShareImageAssets | null = null;
let ready: Promise<void> | null = null;

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

/** Card -> SVG (satori) -> PNG (resvg). */
export async function renderCardPng(card: CardNode, size: RenderSize = CARD_SIZE): Promise<Uint8Array> {
  await initShareImageEngine();
  const svg = await satori(card as unknown as React.ReactNode, {
    width: size.width,
    height: size.height,
    fonts: assets!.fonts(),
  });
  const resvg = new Resvg(svg, { fitTo: { mode: "width", value: size.width } });
  try {
    const rendered = resvg.render();
    try {
      return rendered.asPng();
    } finally {
      rendered.free();
    }
  } finally {
    resvg.free();
  }
}

/** Tiny element helper so cards read like markup. */
export function h(type: string, style: Record<string, string | number>, ...children: CardChild[]): CardNode {
  const kids = children.filter((c) => c !== null && c !== undefined && c !== false);
  return { type, props: { style, children: kids.length === 1 ? kids[0] : kids } };
}
