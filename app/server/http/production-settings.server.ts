// Settings a production Worker cannot run without (decision 214). Without BETTER_AUTH_SECRET no session can be
// signed; without APP_URL the links in emails (password resets, alerts, List-Unsubscribe) would point at whatever
// host a request named. The Worker answers every request with what is missing instead of a 500 on each route.
import { NO_STORE } from "#app/server/http/cache-control.server.ts";

/**
 * What the check requires, and how the operator sets each: a secret (`wrangler secret put NAME --env production`,
 * and named in wrangler.toml's `[env.production]` secrets.required, decision 297) or a var (APP_URL is not secret:
 * the `[env.production]` vars or the dashboard).
 */
export const REQUIRED_PRODUCTION_SETTINGS = [
  { name: "BETTER_AUTH_SECRET", kind: "secret" },
  { name: "APP_URL", kind: "var" },
] as const;

type RequiredSetting = (typeof REQUIRED_PRODUCTION_SETTINGS)[number]["name"];

/** The required settings a production env lacks (names only), or [] outside production. */
export function missingProductionSettings(
  env: { APP_ENV?: string } & { [K in RequiredSetting]?: string },
): string[] {
  if (env.APP_ENV !== "production") return [];
  return REQUIRED_PRODUCTION_SETTINGS.filter((s) => !env[s.name]?.trim()).map((s) => s.name);
}

/** How to set each missing setting, for the log line. */
function howToSet(missing: readonly string[]): string {
  return missing
    .map((name) =>
      REQUIRED_PRODUCTION_SETTINGS.some((s) => s.name === name && s.kind === "var")
        ? `${name} (a var: [env.production] vars in wrangler.toml)`
        : `${name} (wrangler secret put ${name} --env production)`,
    )
    .join(", ");
}

/**
 * The answer of a production Worker that lacks required settings: /api/health says which (names only, never
 * values), every other request gets a 503 naming them; the log says how to set them.
 */
export function misconfiguredResponse(request: Request, missing: readonly string[]): Response {
  console.error(`Wheelhouse is not configured: set ${howToSet(missing)}`);
  const headers = NO_STORE;
  if (new URL(request.url).pathname === "/api/health")
    return Response.json({ ok: false, appEnv: "production", missing }, { status: 503, headers });
  return new Response(`Service unavailable: this server is missing ${missing.join(", ")}.`, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}
