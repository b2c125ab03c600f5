import { SERVICE_WORKER_SOURCE } from "#app/server/push/service-worker.server.ts";
import { methodNotAllowed } from "#app/server/http/api.server.ts";

/**
 * GET /push-sw.js: the push-only service worker (decision 336). `no-cache` on top of the app's private, no-store:
 * the browser checks the script on every registration and update, so a deploy is never served stale. Its
 * policy is security-headers' SERVICE_WORKER_CSP.
 */
export function loader() {
  return new Response(SERVICE_WORKER_SOURCE, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    },
  });
}

export function action() {
  return methodNotAllowed("GET");
}
