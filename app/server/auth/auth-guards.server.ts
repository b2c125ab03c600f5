// Rules better-auth cannot express itself, enforced in its before-hook so they hold for every caller:
// the screens' actions, a direct POST to /api/auth/*, and server code calling auth.api.*.
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { AUTH_MESSAGES, FORM_MESSAGES, GUARD_CODES } from "../../lib/auth-errors";
import { hasPolicyConsent } from "../../lib/auth-validation";
import { isAdminUser } from "./admin-role.server";
import { isBannedNow } from "./ban.server";

type Env = { DB: D1Database };

/** Endpoints a banned account's old session may still reach: reading it (answered as signed out by the
 * app's session reader) and ending it. */
const OPEN_TO_BANNED = new Set(["/get-session", "/sign-out"]);

/** Endpoints of better-auth's admin plugin the product never offers, for anyone. */
const CLOSED_ADMIN_ENDPOINTS = new Set(["/admin/impersonate-user", "/admin/stop-impersonating"]);

export function authGuards(env: Env) {
  return createAuthMiddleware(async (ctx) => {
    const path = ctx.path ?? "";
    const body = (ctx.body ?? {}) as Record<string, unknown>;

    // Spec 000 §5: no account without both policy boxes. Email sign-up sends the consent in the body;
    // social sign-up (requestSignUp) carries it in additionalData, checked before the provider redirect.
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

    // The admin plugin's own endpoints check the role only; the product's admin is role AND admins row.
    if (path.startsWith("/admin/")) {
      if (CLOSED_ADMIN_ENDPOINTS.has(path))
        throw new APIError("FORBIDDEN", { code: GUARD_CODES.adminOnly, message: "Not available" });
      const session = await getSessionFromCtx(ctx);
      if (!session || !(await isAdminUser(env, session.user as { email: string; role?: string | null })))
        throw new APIError("FORBIDDEN", {
          code: GUARD_CODES.adminOnly,
          message: FORM_MESSAGES.adminNotAuthorized,
        });
    }

    // A session created before a ban must not change the account (update-user, change-password, ...).
    if (!OPEN_TO_BANNED.has(path) && ctx.headers?.get("cookie")?.includes("session_token")) {
      const session = await getSessionFromCtx(ctx);
      if (session && isBannedNow(session.user as { banned?: boolean | null; banExpires?: Date | null }))
        throw new APIError("FORBIDDEN", { code: "BANNED_USER", message: AUTH_MESSAGES["user-disabled"] });
    }
  });
}
