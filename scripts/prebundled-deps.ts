// What the dev server pre-bundles at its start (vite.config.ts, decision 306), beyond the React and React Router
// entries @react-router/dev adds itself. Vite otherwise finds a dependency only when a page first imports it (the
// deferred extras' web-vitals, the CSV export's papaparse), re-bundles, and the page reloads holding two copies of
// React for a moment ("Invalid hook call", "Application Error"). The Worker (the `ssr` environment, in workerd) has
// its own dependency optimizer: the same holds there. tests/unit/prebundled-deps.test.ts fails when a package the
// app imports is missing here; tests/e2e/dev-server (`npm run test:dev-server`) opens every page on a cold start.

/** Packages the browser-safe layers (app/lib, app/components, app/engine, app/root.tsx) import. */
export const CLIENT_PREBUNDLED = ["papaparse", "web-vitals", "zod"];

/** Every package the Worker's code imports at run time (its .wasm modules are the Cloudflare plugin's, not these). */
export const WORKER_PREBUNDLED = [
  ...CLIENT_PREBUNDLED,
  "@resvg/resvg-wasm",
  "better-auth/adapters/drizzle",
  "better-auth/api",
  "better-auth/cookies",
  "better-auth/minimal",
  "better-auth/plugins/admin",
  "drizzle-orm",
  "drizzle-orm/d1",
  "drizzle-orm/sqlite-core",
  "react-dom/server",
  "satori/standalone",
  "stripe",
];
