// The Worker's share-image assets: the wasm modules (compiled modules via the Cloudflare Vite plugin) and
// the bundled fonts. Importing this module provides them to the engine.
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import yogaWasm from "satori/yoga.wasm";
import { provideShareImageAssets } from "#app/server/share-image/engine.server.ts";
import { loadFonts } from "#app/server/share-image/fonts.server.ts";

provideShareImageAssets({ yoga: yogaWasm, resvg: resvgWasm, fonts: loadFonts });
