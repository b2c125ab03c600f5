// The Cloudflare Vite plugin (and the workers test pool) turn .wasm imports into compiled modules.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

// The share cards' fonts as sfnt, base64 (scripts/card-fonts-plugin.ts).
declare module "virtual:card-fonts" {
  export const regular: string;
  export const bold: string;
}
