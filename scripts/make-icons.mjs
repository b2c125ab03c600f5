// Renders the app icons (PNG) from one SVG mark with resvg (already a dependency for share images).
// Run after changing the mark: `node scripts/make-icons.mjs`; the PNGs are committed in public/icons.
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const require = createRequire(import.meta.url);
await initWasm(await readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));

const INK = "#070b14";
const GREEN = "#34d399";

// The wheel mark on a square of `size`; `scale` < 1 keeps it inside a maskable icon's safe zone.
function mark({ rounded, scale }) {
  const s = 32;
  const t = (s * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${rounded ? 7 : 0}" fill="${INK}"/>
  <g transform="translate(${t} ${t}) scale(${scale})">
    <circle cx="16" cy="16" r="9.5" fill="none" stroke="${GREEN}" stroke-width="2.5"/>
    <path d="M16 6.5v19M6.5 16h19M9.3 9.3l13.4 13.4M22.7 9.3 9.3 22.7" stroke="${GREEN}" stroke-width="1.6" stroke-linecap="round"/>
    <circle cx="16" cy="16" r="3" fill="${GREEN}"/>
  </g>
</svg>`;
}

function png(svg, width) {
  return new Resvg(svg, { fitTo: { mode: "width", value: width } }).render().asPng();
}

const outputs = [
  ["icon-192.png", mark({ rounded: true, scale: 1 }), 192],
  ["icon-512.png", mark({ rounded: true, scale: 1 }), 512],
  ["icon-maskable-512.png", mark({ rounded: false, scale: 0.72 }), 512],
  ["apple-touch-icon.png", mark({ rounded: false, scale: 0.86 }), 180],
];
for (const [name, svg, width] of outputs) {
  await writeFile(new URL(`../public/icons/${name}`, import.meta.url), png(svg, width));
}

// Default link-preview image (1200x630) for pages without their own.
const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${INK}"/>
  <g transform="translate(520 140) scale(5)">${mark({ rounded: true, scale: 1 }).replace(/<\/?svg[^>]*>/g, "")}</g>
  <rect x="0" y="560" width="1200" height="70" fill="${GREEN}" opacity="0.15"/>
</svg>`;
await writeFile(new URL("../public/icons/og-default.png", import.meta.url), png(og, 1200));
console.log(`wrote ${outputs.length + 1} icons to public/icons`);
