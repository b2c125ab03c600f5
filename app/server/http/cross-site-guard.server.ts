// The cross-site write guard (decision 215): every request that may change state (any method but GET, HEAD
// and OPTIONS) must come from our own origin, unless its path is on the allowlist below. The Worker's fetch
// runs it before React Router sees the request, so a new route or action is covered without doing anything.
// SameSite=Lax alone lets a sibling subdomain (same site, other origin) post with the session cookie.
import { NO_STORE } from "#app/server/http/cache-control.server.ts";

/** Methods that never change state here; everything else is a write. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths that accept cross-site POSTs because a token or a signature authenticates them, not a cookie.
 * Exact patterns on the pathname: a trailing slash, a `.data` suffix or any other spelling is guarded.
 */
export const CROSS_SITE_ALLOWLIST = [
  {
    name: "RFC 8058 one-click unsubscribe (signed token in the URL)",
    pattern: /^\/api\/notifications\/unsubscribe$/,
  },
  { name: "Stripe webhook (Stripe-Signature)", pattern: /^\/api\/stripe\/webhook$/ },
  { name: "Email provider webhook (Svix signature)", pattern: /^\/api\/email\/events$/ },
  {
    name: "OAuth callbacks (state cookie and code; Apple's form_post arrives cross-site)",
    pattern: /^\/api\/auth\/callback\/[A-Za-z0-9_-]+$/,
  },
] as const;

export const CROSS_SITE_MESSAGE = "Cross-site request refused.";

/** True when the pathname is one the allowlist lets through from another site. */
export function acceptsCrossSite(pathname: string): boolean {
  return CROSS_SITE_ALLOWLIST.some((entry) => entry.pattern.test(pathname));
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The 403 that refuses a cross-site write, or null to let the request through. Same origin is the
 * request URL's origin or APP_URL's. A request carrying neither Origin nor Sec-Fetch-Site is not a browser's
 * cross-site request (browsers send Origin on every cross-origin POST): curl and server-to-server calls pass,
 * and the routes' own checks (session, JSON content type) still apply to them.
 */
export function crossSiteRefusal(request: Request, appUrl?: string): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const url = new URL(request.url);
  if (acceptsCrossSite(url.pathname)) return null;

  const fetchSite = request.headers.get("sec-fetch-site");
  // "none" is a request the user started (address bar, bookmark): no other site was involved.
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") return refuse();

  const origin = request.headers.get("origin");
  if (origin !== null) {
    const own = new Set([url.origin, originOf(appUrl)].filter((o): o is string => o !== null));
    // An opaque origin ("null": sandboxed frames, data: URLs, some redirects) is never ours.
    if (!own.has(origin)) return refuse();
  }
  return null;
}

function refuse(): Response {
  return Response.json(
    { error: CROSS_SITE_MESSAGE },
    { status: 403, headers: { ...NO_STORE, Vary: "Origin, Sec-Fetch-Site" } },
  );
}
