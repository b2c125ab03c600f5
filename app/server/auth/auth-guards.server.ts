// Rules better-auth cannot express itself, enforced in its before-hook so they hold for every caller:
// the screens' actions, a direct POST to /api/auth/*, and server code calling auth.api.*.
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { AUTH_MESSAGES, FORM_MESSAGES, GUARD_CODES } from "#app/lib/auth-errors.ts";
import { hasPolicyConsent } from "#app/lib/auth-validation.ts";
import { isAdminUser } from "#app/server/auth/admin-role.server.ts";
import { carriesSessionCookie } from "#app/server/http/session-cookie.server.ts";
import { isBannedNow } from "#app/server/auth/ban.server.ts";
import { checkProfileInput } from "#app/server/auth/profile-fields.server.ts";
import { admitSignInAttempt, clearSignInFailures } from "#app/server/auth/sign-in-throttle.server.ts";

type Env = { DB: D1Database };

/** Endpoints a banned account's old session may still reach: reading it (answered as signed out by the
 * app's session reader) and ending it. */
const OPEN_TO_BANNED = new Set(["/get-session", "/sign-out"]);

export function authGuards(env: Env) {
  return createAuthMiddleware(async (ctx) => {
    const path = ctx.path ?? "";
    const body = (ctx.body ?? {}) as Record<string, unknown>;

    // No account without both policy boxes (docs/product/accounts-and-auth.md#sign-up). Email sign-up sends
    // the consent in the body; social sign-up (requestSignUp) carries it in additionalData, checked before
    // the provider redirect.
    const createsAccount =
      path === "/sign-up/email" || (path === "/sign-in/social" && body.requestSignUp === true);
    if (createsAccount) {
      const consent = path === "/sign-up/email" ? body : body.additionalData;
      if (!hasPolicyConsent(consent))
        throw new APIError("BAD_REQUEST", {
          code: GUARD_CODES.policiesNotAccepted,
          message: FORM_MESSAGES.signUpPoliciesRequired,
        });
    }

    // The admin plugin's HTTP endpoints are closed (disabledPaths, decision 213); a server-side call that
    // forwards a user's headers still needs the product's admin: role AND admins row.
    if (path.startsWith("/admin/")) {
      const session = await getSessionFromCtx(ctx);
      if (!session || !(await isAdminUser(env, session.user as { email: string; role?: string | null })))
        throw new APIError("FORBIDDEN", {
          code: GUARD_CODES.adminOnly,
          message: FORM_MESSAGES.adminNotAuthorized,
        });
    }

    // A session created before a ban must not change the account (update-user, change-password, ...).
    // Whether to look at all is asked of the one session-cookie reader (decision 302).
    if (!OPEN_TO_BANNED.has(path) && carriesSessionCookie(ctx.headers)) {
      const session = await getSessionFromCtx(ctx);
      if (session && isBannedNow(session.user as { banned?: boolean | null; banExpires?: Date | null }))
        throw new APIError("FORBIDDEN", { code: "BANNED_USER", message: AUTH_MESSAGES["user-disabled"] });
    }

    // Name and image are checked before they can reach D1 (a non-text value breaks every session read).
    checkProfileInput(path, ctx.body);

    // Per-account throttle on password guesses, from any number of addresses (decision 211). Changing the
    // password checks the current one, so it counts against the same account budget: a stolen session is no
    // way to guess it.
    const guessedFor =
      path === "/sign-in/email" && typeof body.email === "string"
        ? body.email
        : path === "/change-password"
          ? (await getSessionFromCtx(ctx))?.user.email
          : undefined;
    if (guessedFor !== undefined && !(await admitSignInAttempt(env, guessedFor)))
      throw new APIError("TOO_MANY_REQUESTS", {
        code: "TOO_MANY_REQUESTS",
        message: AUTH_MESSAGES["too-many-requests"],
      });
  });
}

/** After the endpoint: a successful password sign-in or password change clears the account's failed attempts. */
export function authAfterHooks(env: Env) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/sign-in/email" && ctx.context.newSession) {
      await clearSignInFailures(env, ctx.context.newSession.user.email);
      return;
    }
    const session = (ctx.context as { session?: { user?: { email?: string } } | null }).session;
    if (
      ctx.path === "/change-password" &&
      !(ctx.context.returned instanceof APIError) &&
      session?.user?.email
    )
      await clearSignInFailures(env, session.user.email);
  });
}
