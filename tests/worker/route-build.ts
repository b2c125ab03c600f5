// A server build of the root and one route, as the Vite plugin builds it for the Worker, and the Worker's answer to a
// page request through it (React Router, then the security headers, then the cache policy, as workers/app.ts orders
// them). Shared by the tests that need React Router's real request handler.
import { createRequestHandler, type EntryContext, type ServerBuild } from "react-router";
import * as root from "#app/root.tsx";
import { withCachePolicy } from "#app/server/http/cache-control.server.ts";
import { withSecurityHeaders } from "#app/server/security-headers.server.ts";
import { makeContext } from "./helpers";

/** React Router's document entry, answering what it was handed: the status, the headers, the loader data. */
const loaderDataEntry = {
  default: (_request: Request, status: number, headers: Headers, context: EntryContext) =>
    new Response(JSON.stringify(context.staticHandlerContext.loaderData), { status, headers }),
};

/**
 * `path` "" is the index route. `entry` renders documents: by default the loader data as JSON, so a test reads what
 * the page was handed.
 */
export function buildOf(path: string, module: unknown, entry: unknown = loaderDataEntry): ServerBuild {
  const index = path === "";
  return {
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: root },
      page: { id: "page", parentId: "root", path: index ? undefined : path, index, module },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The Worker's answer to a page request: React Router, then the security headers, then the cache policy. */
export async function page(routePath: string, module: unknown, request: Request): Promise<Response> {
  const handler = createRequestHandler(buildOf(routePath, module), "production");
  const response = await handler(request, makeContext());
  return withCachePolicy(
    request,
    withSecurityHeaders(response, { nonce: "n", production: false, dev: false }),
  );
}
