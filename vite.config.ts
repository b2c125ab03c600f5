import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { cardFontsUnpackedAtBuild } from "./scripts/card-fonts-plugin.ts";
import { CLIENT_PREBUNDLED, WORKER_PREBUNDLED } from "./scripts/prebundled-deps.ts";

// E2E_PORT lets several checkouts run their browser tests side by side.
const previewPort = Number(process.env.E2E_PORT ?? 4173);
// A dev server of its own (the cold-start test, `npm run test:dev-server`): another local D1/KV state and another
// dependency cache, so it neither reads nor disturbs the usual `.wrangler/state` and `node_modules/.vite`.
const localStateDir = process.env.WHEELHOUSE_LOCAL_STATE_DIR;
const viteCacheDir = process.env.WHEELHOUSE_VITE_CACHE_DIR;

const APP_CSS = fileURLToPath(new URL("./app/app.css", import.meta.url));
const NO_STYLESHEET = "\0wheelhouse:no-stylesheet";

/**
 * Production documents carry the stylesheet inline (app/entry.server.tsx, decision 185), so the client build
 * must not emit and link it a second time: there, root.tsx's `import "./app.css"` resolves to an empty module.
 * Dev is untouched (Vite links app.css and hot-reloads it).
 */
function stylesheetInlinedInDocuments(): Plugin {
  return {
    name: "wheelhouse:stylesheet-inlined-in-documents",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!source.endsWith("app.css")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === APP_CSS ? NO_STYLESHEET : null;
    },
    load: (id) => (id === NO_STYLESHEET ? "" : null),
  };
}

export default defineConfig({
  plugins: [
    stylesheetInlinedInDocuments(),
    cardFontsUnpackedAtBuild(),
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: localStateDir ? { path: localStateDir } : true,
    }),
    tailwindcss(),
    reactRouter(),
  ],
  // The app's lazy chunks import only chunks their page has already loaded (React, the JSX runtime, its route),
  // so their dependency lists would preload nothing (Vite still wraps each import() in its helper: vitejs/vite#13952).
  build: {
    modulePreload: false,
    rolldownOptions: {
      output: {
        // React Router 8 ships its DOM layer as a separate module that Rolldown would split into a shared chunk
        // imported by routes; one framework chunk (React, React DOM, React Router) keeps it with the entry's imports,
        // where it is cached once for every page and `npm run size` counts it as framework (decision 230).
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  environments: {
    // Dev pre-bundles at its start what pages import late, in the browser and in the Worker (workerd has its own
    // dependency optimizer): a dependency found later re-bundles and reloads with two copies of React (decision 306).
    client: { optimizeDeps: { include: CLIENT_PREBUNDLED } },
    // The Worker's upload is minified as well: the server build is ~3.6 MB of source otherwise (decision 231).
    ssr: { optimizeDeps: { include: WORKER_PREBUNDLED }, build: { minify: true } },
  },
  ...(viteCacheDir ? { cacheDir: viteCacheDir } : {}),
  server: { port: 5173, strictPort: true },
  preview: { port: previewPort, strictPort: true },
});
