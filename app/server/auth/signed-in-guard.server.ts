// The guard in front of every sign-in-required page (the signed-in layout), with the account messages
// (docs/product/accounts-and-auth.md#user-data-messages): a session that ended under the user, and a failure
// to read the user at all.
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { NOTICE_SESSION_ENDED, USER_DATA_MESSAGES } from "#app/lib/auth-errors.ts";
import { withReturnTo } from "#app/lib/return-address.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import type { SessionData } from "#app/server/auth/auth.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { pageUrl } from "#app/server/http/route-url.server.ts";
import { sessionCookieValue } from "#app/server/http/session-cookie.server.ts";

/**
 * getSession answers null for an ended session, for a refused one (a banned account) and for a lookup
 * that failed (it must never break a public page). Here they need different words, so the token is looked
 * up once more: a failing query means the user could not be fetched; no live row means the session ended.
 */
async function sessionState(env: WorkerEnv, cookieValue: string): Promise<"failed" | "ended" | "refused"> {
  // The value is already unquoted and %-decoded as better-auth reads it (decision 302): "token.signature".
  const dot = cookieValue.lastIndexOf(".");
  if (dot < 1) return "ended"; // a mangled cookie is no session at all
  const token = cookieValue.slice(0, dot);
  try {
    const row = await getDb(env)
      .select({ expiresAt: schema.session.expiresAt })
      .from(schema.session)
      .where(eq(schema.session.token, token))
      .get();
    return row && row.expiresAt.getTime() > Date.now() ? "refused" : "ended";
  } catch (error) {
    console.error("signed-in guard: session lookup failed", error);
    return "failed";
  }
}

/**
 * The session, or a redirect to /signin with the return address. A browser whose session cookie no longer
 * names a live session was signed out under its feet (expired, revoked, signed out elsewhere): /signin says
 * 'Error loading user data. Please try again.'. An unexpected failure answers 503 with 'Failed to fetch
 * user data. Please try again.' instead of the generic error page.
 */
export async function guardSignedIn(env: WorkerEnv, request: Request): Promise<SessionData> {
  let session: SessionData | null;
  try {
    session = await getSession(env, request);
  } catch (error) {
    console.error("signed-in guard: could not read the user", error);
    throw data(USER_DATA_MESSAGES.fetchFailed, { status: 503 });
  }
  if (session) return session;
  const url = pageUrl(request);
  const cookie = sessionCookieValue(request);
  const state = cookie ? await sessionState(env, cookie) : null;
  if (state === "failed") throw data(USER_DATA_MESSAGES.fetchFailed, { status: 503 });
  // A refused session (a banned account) is sent on like a visitor, without the message.
  throw redirect(
    withReturnTo(
      "/signin",
      url.pathname + url.search,
      state === "ended" ? { notice: NOTICE_SESSION_ENDED } : {},
    ),
  );
}
