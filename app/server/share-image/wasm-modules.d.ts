// The Cloudflare Vite plugin (and the workers test pool) turn .wasm imports into compiled modules.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
