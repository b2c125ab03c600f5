// Reading the signed-in user in loaders and actions, and the sign-in guard with its return address.
import { redirect } from "react-router";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getAuth, type SessionData } from "#app/server/auth/auth.server.ts";
import { reconcileTrial } from "#app/server/auth/trial.server.ts";
import { isBannedNow } from "#app/server/auth/ban.server.ts";
import { pageUrl } from "#app/server/http/route-url.server.ts";
import { DEFAULT_AFTER_SIGN_IN, landingPath, returnPathFrom, withReturnTo } from "#app/lib/return-address.ts";

/**
 * One lookup per page request: the root loader, the signed-in layout and the route all ask, and React
 * Router hands each the same Request. Only reads (GET, HEAD) share it; a mutation may change the session,
 * and the loaders that run after an action get a request of their own.
 */
const perRequest = new WeakMap<Request, Promise<SessionData | null>>();

/** The session with its trial state brought up to date (automatic grant, expiry on read). */
export function getSession(env: WorkerEnv, request: Request): Promise<SessionData | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookupSession(env, request);
  let session = perRequest.get(request);
  if (!session) {
    session = lookupSession(env, request);
    perRequest.set(request, session);
  }
  return session;
}

async function lookupSession(env: WorkerEnv, request: Request): Promise<SessionData | null> {
  let session: SessionData | null;
  try {
    session = await getAuth(env, request).api.getSession({ headers: request.headers });
  } catch (error) {
    // A broken cookie or a transient D1 error must not 500 a public page: treat as signed out.
    console.error("getSession failed", error);
    return null;
  }
  if (!session) return null;
  // A ban ends access at once: a session created before the ban counts for nothing.
  if (isBannedNow(session.user)) return null;
  try {
    return { ...session, user: await reconcileTrial(env, session.user) };
  } catch (error) {
    console.error("trial reconcile failed", error);
    return session;
  }
}

/** Sends a visitor to /signin, remembering the path and query as the return address. */
export async function requireSession(env: WorkerEnv, request: Request): Promise<SessionData> {
  const session = await getSession(env, request);
  if (!session) {
    const url = pageUrl(request);
    throw redirect(withReturnTo("/signin", url.pathname + url.search));
  }
  return session;
}

/** /signin and /signup: a signed-in user goes straight to the return address (or the trade ideas). */
export async function redirectIfSignedIn(env: WorkerEnv, request: Request): Promise<void> {
  const session = await getSession(env, request);
  // Straight to the screen (not via an alias that redirects again): one hop from the home page's buttons.
  if (session) throw redirect(landingPath(returnPathFrom(new URL(request.url)) ?? DEFAULT_AFTER_SIGN_IN));
}
