// Settings a production Worker cannot run without (decision 214). Without BETTER_AUTH_SECRET no session can be
// signed; without APP_URL the links in emails (password resets, alerts, List-Unsubscribe) would point at whatever
// host a request named. The Worker answers every request with what is missing instead of a 500 on each route.
import { NO_STORE } from "./cache-control.server";

/** The required settings a production env lacks (names only), or [] outside production. */
export function missingProductionSettings(env: {
  APP_ENV?: string;
  BETTER_AUTH_SECRET?: string;
  APP_URL?: string;
}): string[] {
  if (env.APP_ENV !== "production") return [];
  const missing: string[] = [];
  if (!env.BETTER_AUTH_SECRET?.trim()) missing.push("BETTER_AUTH_SECRET");
  if (!env.APP_URL?.trim()) missing.push("APP_URL");
  return missing;
}

/**
 * The answer of a production Worker that lacks required settings: /api/health says which (names only, never
 * values), every other request gets a 503 naming them; the log says how to set them.
 */
export function misconfiguredResponse(request: Request, missing: readonly string[]): Response {
  console.error(
    `Wheelhouse is not configured: set ${missing.join(", ")} (wrangler secret put NAME --env production)`,
  );
  const headers = NO_STORE;
  if (new URL(request.url).pathname === "/api/health")
    return Response.json({ ok: false, appEnv: "production", missing }, { status: 503, headers });
  return new Response(`Service unavailable: this server is missing ${missing.join(", ")}.`, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}
