// Sign-in by an emailed one-time link (decision 299): past the per-account password budget the owner still
// gets in, through a link mailed to the account's address. A small better-auth plugin, not better-auth's
// `magicLink`: that plugin mails a link for any address and, for an account whose email is not verified (every
// account here: sign-up does not verify), deletes the account's password and social links when the link is
// followed (`revokeUnprovenAccountAccess`), and it signs in on a GET that mail scanners prefetch.
//
// - POST /sign-in-link/request {email, returnTo?}: answers `{ status: true }` for any address. Only an existing,
//   not banned account within its per-account budget gets an email (through the outbox). Per address:
//   AUTH_RATE_LIMITS in auth.server.ts.
// - POST /sign-in-link/verify {token}: consumes the token atomically (better-auth's
//   `consumeVerificationValue`: single use, an expired row is deleted and refused), creates a session and sets
//   its cookie. The password lockout does not apply, and a link sign-in clears the failed-password count.
//
// The token is 32 random bytes; D1's `verification` table keeps only its SHA-256 (a database read does not
// give a working link). The mailed link opens /signin?link=..., which asks for one click (a POST) to sign in.
import * as z from "zod";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { BetterAuthPlugin } from "better-auth/types";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { sendEmail } from "#app/server/email/mail.server.ts";
import { signInLinkEmail } from "#app/server/email/templates.server.ts";
import { AUTH_MESSAGES } from "#app/lib/auth-errors.ts";
import { RETURN_PARAM, safeReturnPath } from "#app/lib/return-address.ts";
import { isBannedNow } from "#app/server/auth/ban.server.ts";
import { admitSignInLinkRequest, clearSignInFailures } from "#app/server/auth/sign-in-throttle.server.ts";

/** How long a mailed sign-in link works (docs/product/accounts-and-auth.md#throttles-and-bans). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;

export const SIGN_IN_LINK_PATHS = {
  request: "/sign-in-link/request",
  verify: "/sign-in-link/verify",
} as const;

/** The query parameter of /signin that carries a mailed link's token. */
export const SIGN_IN_LINK_PARAM = "link";

/** better-auth error code of a link that is unknown, used or expired. */
export const SIGN_IN_LINK_INVALID = "SIGN_IN_LINK_INVALID";

const IDENTIFIER_PREFIX = "sign-in-link:";

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function newToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

async function identifierOf(token: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return IDENTIFIER_PREFIX + base64Url(new Uint8Array(hash));
}

const requestBody = z.object({ email: z.string().max(320), returnTo: z.string().max(2000).optional() });
const verifyBody = z.object({ token: z.string().min(1).max(200) });

export function signInLinks(env: WorkerEnv) {
  return {
    id: "sign-in-link",
    endpoints: {
      requestSignInLink: createAuthEndpoint(
        SIGN_IN_LINK_PATHS.request,
        { method: "POST", body: requestBody },
        async (ctx) => {
          const email = ctx.body.email.trim().toLowerCase();
          // Counted for every address, existing or not, and past the budget the answer is the same: nothing
          // tells which addresses have accounts (decision 023).
          if (email !== "" && (await admitSignInLinkRequest(env, email))) {
            const user = (await ctx.context.internalAdapter.findUserByEmail(email))?.user;
            if (user && !isBannedNow(user as { banned?: boolean | null; banExpires?: Date | null })) {
              const token = newToken();
              await ctx.context.internalAdapter.createVerificationValue({
                identifier: await identifierOf(token),
                value: user.id,
                expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MS),
              });
              const url = new URL("/signin", ctx.context.baseURL);
              url.searchParams.set(SIGN_IN_LINK_PARAM, token);
              const returnTo = safeReturnPath(ctx.body.returnTo);
              if (returnTo) url.searchParams.set(RETURN_PARAM, returnTo);
              await sendEmail(env, signInLinkEmail(user.email, url.toString()));
            }
          }
          return ctx.json({ status: true });
        },
      ),
      verifySignInLink: createAuthEndpoint(
        SIGN_IN_LINK_PATHS.verify,
        { method: "POST", body: verifyBody },
        async (ctx) => {
          const invalid = () =>
            new APIError("BAD_REQUEST", { code: SIGN_IN_LINK_INVALID, message: SIGN_IN_LINK_INVALID });
          // Atomic: of two clicks on one link only one gets the row; an expired row is deleted and null.
          const row = await ctx.context.internalAdapter.consumeVerificationValue(
            await identifierOf(ctx.body.token),
          );
          if (!row || new Date(row.expiresAt).getTime() <= Date.now()) throw invalid();
          const user = await ctx.context.internalAdapter.findUserById(row.value);
          if (!user) throw invalid();
          if (isBannedNow(user as { banned?: boolean | null; banExpires?: Date | null }))
            throw new APIError("FORBIDDEN", { code: "BANNED_USER", message: AUTH_MESSAGES["user-disabled"] });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR");
          await setSessionCookie(ctx, { session, user });
          // The owner proved the mailbox: the failed-password count ends, as after a password reset.
          await clearSignInFailures(env, user.email);
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
