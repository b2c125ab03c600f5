// D1 read replication through the Sessions API (decision 285). Every request runs in one D1 session:
// - a read (GET/HEAD: page loaders, data requests, GET APIs) starts from the bookmark the user's last write left in
//   the `wh_d1b` cookie, or "first-unconstrained" without one, so its reads may come from the nearest replica yet
//   never from one older than the user's own last write (read-your-writes);
// - anything else (actions, POST APIs, webhooks) starts "first-primary", and a signed-in response carries the
//   session's bookmark back in the cookie for the next read.
// A visitor's response never gets the cookie, so the edge cache may store it.
import type { MiddlewareFunction } from "react-router";
import { runInD1Session } from "#app/server/db/d1-session.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { carriesSessionCookie, setsSessionCookie } from "#app/server/http/session-cookie.server.ts";

export const BOOKMARK_COOKIE = "wh_d1b";
/** A bookmark is only worth keeping until the replicas have caught up; a day is plenty and harmless when stale. */
const BOOKMARK_MAX_AGE_SECONDS = 86_400;
/** D1 bookmarks are opaque: hex groups and dashes. Anything else in the cookie is ignored, never passed on. */
const BOOKMARK = /^[0-9a-f-]{8,160}$/i;

export function bookmarkFrom(request: Request): string | null {
  const raw = new RegExp(`(?:^|;\\s*)${BOOKMARK_COOKIE}=([^;]*)`).exec(
    request.headers.get("cookie") ?? "",
  )?.[1];
  // Bookmarks need no escaping: a value that is not one (or is %-encoded) is ignored, never decoded.
  return raw && BOOKMARK.test(raw) ? raw : null;
}

function bookmarkCookie(bookmark: string, secure: boolean): string {
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Signed in before the request, or signed in by it (a sign-in or sign-up sets the session cookie). */
// The session cookie is read by its one reader (decision 302), in any spelling better-auth accepts and more.
function signedIn(request: Request, response: Response): boolean {
  return carriesSessionCookie(request) || setsSessionCookie(response);
}

const READS = new Set(["GET", "HEAD"]);

/** The root route's middleware: runs the whole request (loaders, action, render) in one D1 session. */
export const d1SessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = context.get(cloudflareContext);
  const reading = READS.has(request.method);
  const session = env.DB.withSession(
    reading ? (bookmarkFrom(request) ?? "first-unconstrained") : "first-primary",
  );
  const response = await runInD1Session(session, next);
  if (reading) return response;
  const bookmark = session.getBookmark();
  if (bookmark && BOOKMARK.test(bookmark) && signedIn(request, response)) {
    // A redirect or a framework response may be immutable: answer with a copy that carries the cookie.
    const out = new Response(response.body, response);
    out.headers.append("Set-Cookie", bookmarkCookie(bookmark, env.APP_ENV === "production"));
    return out;
  }
  return response;
};
