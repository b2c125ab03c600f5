// Who may keep a copy of an answer: the one place the app's Cache-Control is decided (decision 282).
//
// Workers Caching (wrangler.toml `cache.enabled`) answers from the Worker's own cache before the Worker runs, keyed
// by path and query (not host, not cookies) and the Worker version. So the safe way is the default here: an answer
// is private unless its route opts in with `edgeCached(...)`, and `withCachePolicy` (workers/app.ts, on every
// response) takes the opt-in back whenever the request carries a session cookie or an Authorization header, the
// method is not GET/HEAD, the status is not 200, or the answer sets a cookie. Anything not opted in, including an
// answer with no Cache-Control at all (which the edge would otherwise keep for up to 2 hours by heuristic), leaves
// as `private, no-store`.
import { carriesSessionCookie } from "#app/server/http/session-cookie.server.ts";

/** The header of every answer that must not be cached anywhere: errors, refusals, per-user and one-off bodies. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** What every answer that is not opted in leaves with. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Purge groups (the `Cache-Tag` header): `market` for what the market refresh writes (purged when it stores a
 * new snapshot), `track` for the track record's figures (purged by the grading job), `content` for text that only
 * a deploy changes (a deploy starts a cold cache: each Worker version has its own), `share` for share pages and
 * their images (fixed once created).
 */
export const EDGE_CACHE_TAGS = ["market", "track", "content", "share"] as const;
export type EdgeCacheTag = (typeof EDGE_CACHE_TAGS)[number];

/**
 * Seconds the edge keeps a copy fresh, and may serve it stale while one request refreshes it. A response with
 * several tags takes the shortest. `market` is one refresh (the cron runs every 5 minutes), so even a purge
 * that does not happen (no Workers Caching, a failed call) leaves a copy at most one refresh old.
 */
const EDGE_FRESHNESS: Record<EdgeCacheTag, { fresh: number; stale: number }> = {
  market: { fresh: 300, stale: 60 },
  track: { fresh: 3600, stale: 300 },
  content: { fresh: 3600, stale: 86_400 },
  share: { fresh: 86_400, stale: 604_800 },
};

/** The edge's own Cache-Control: it wins over Cache-Control at the edge and is not passed on to browsers. */
const EDGE_CACHE_CONTROL = "Cloudflare-CDN-Cache-Control";

export interface EdgeCacheOptions {
  /** Seconds a browser may reuse its copy without asking (default 0: every page view asks the edge). */
  browserMaxAge?: number;
  /** Seconds the edge keeps it fresh, shorter than the tags' own (a stale or partial market answer). */
  edgeMaxAge?: number;
}

/**
 * The headers of an answer the edge may share between visitors: a route's `headers` export or a resource route's
 * response. Browsers get `public, max-age=0` (a page must change the moment its visitor signs in); the edge gets
 * its freshness in Cloudflare-CDN-Cache-Control, with `max-age` rather than `s-maxage` because s-maxage turns off
 * stale-while-revalidate at the edge. `Vary: Cookie` keeps any cookie-carrying request off a visitor's copy.
 */
export function edgeCached(
  tags: readonly [EdgeCacheTag, ...EdgeCacheTag[]],
  options: EdgeCacheOptions = {},
): Record<string, string> {
  const fresh = Math.min(options.edgeMaxAge ?? Infinity, ...tags.map((t) => EDGE_FRESHNESS[t].fresh));
  const stale = Math.min(...tags.map((t) => EDGE_FRESHNESS[t].stale));
  return {
    "Cache-Control": `public, max-age=${options.browserMaxAge ?? 0}`,
    [EDGE_CACHE_CONTROL]: `public, max-age=${fresh}, stale-while-revalidate=${stale}`,
    Vary: "Cookie",
    "Cache-Tag": tags.join(","),
  };
}

/** Did the route opt in? Only through `edgeCached`: a Cache-Tag naming nothing but known tags. */
function optedIn(headers: Headers): boolean {
  const tags = headers.get("Cache-Tag");
  if (!tags) return false;
  const known: readonly string[] = EDGE_CACHE_TAGS;
  return tags.split(",").every((t) => known.includes(t.trim()));
}

/**
 * Why an answer may not be shared by the edge, or null when it may. The request decides first: only GET and
 * HEAD, and never one carrying a session cookie or Authorization (a signed-in user's page, or any page that
 * read a session). Then the answer: a 200 that sets no cookie and opted in.
 */
export function edgeCacheRefusal(request: Request, status: number, headers: Headers): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return "not GET or HEAD";
  // The one reader, conservative: the session cookie's name in any spelling, not only the ones better-auth reads
  // (decision 302).
  if (carriesSessionCookie(request)) return "session cookie";
  if (request.headers.has("Authorization")) return "Authorization";
  if (status !== 200) return `status ${status}`;
  if (headers.has("Set-Cookie")) return "sets a cookie";
  if (!optedIn(headers)) return "not opted in";
  return null;
}

/** A Cache-Control that already keeps the answer out of shared caches (a bare private or no-store directive). */
const KEPT_PRIVATE = /(?:^|,)\s*(?:private|no-store)\s*(?:,|$)/i;

/**
 * The cache policy of every response the Worker sends (workers/app.ts). A shareable answer keeps its headers
 * (Vary gains Cookie if a route replaced it). Any other loses the shared-cache headers and, unless it already
 * says private or no-store (a per-user answer a browser may keep, like /api/get_trades), becomes private,
 * no-store.
 */
export function withCachePolicy(request: Request, response: Response): Response {
  let res = response;
  try {
    res.headers.set("X-Cache-Policy-Checked", "1");
    res.headers.delete("X-Cache-Policy-Checked");
  } catch {
    res = new Response(response.body, response); // immutable headers (a fetched or redirect response)
  }
  const h = res.headers;
  if (edgeCacheRefusal(request, res.status, h) === null) {
    const vary = h.get("Vary");
    if (!vary || !/(?:^|,)\s*cookie\s*(?:,|$)/i.test(vary))
      h.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
    return res;
  }
  for (const name of [EDGE_CACHE_CONTROL, "CDN-Cache-Control", "Cache-Tag", "Expires"]) h.delete(name);
  if (!KEPT_PRIVATE.test(h.get("Cache-Control") ?? "")) h.set("Cache-Control", PRIVATE_NO_STORE);
  return res;
}
