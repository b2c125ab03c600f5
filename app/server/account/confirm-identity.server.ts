// Before a destructive account action (deletion), the person at the keyboard proves they own the account:
// the current password, or for an account with only Google / Apple sign-in, a sign-in within the last few
// minutes. A session alone (a borrowed laptop, a stolen cookie) is not enough. Wrong passwords count towards
// the same per-account throttle as sign-in, so this form is no way around it.
import { getAuth } from "#app/server/auth/auth.server.ts";
import type { SessionData } from "#app/server/auth/auth.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { admitSignInAttempt, clearSignInFailures } from "#app/server/auth/sign-in-throttle.server.ts";
import { AUTH_MESSAGES, FORM_MESSAGES } from "#app/lib/auth-errors.ts";

/** How recent a social-only account's sign-in must be to confirm a deletion. */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

export const IDENTITY_MESSAGES = {
  passwordRequired: "Enter your password to confirm.",
  wrongPassword: FORM_MESSAGES.currentPasswordIncorrect,
  signInAgain: "For your security, sign out and sign in again, then delete your account within 10 minutes.",
} as const;

export type IdentityCheck = { ok: true } | { ok: false; status: number; message: string };

export async function confirmIdentity(
  env: WorkerEnv,
  request: Request,
  session: SessionData,
  password: unknown,
  now = Date.now(),
): Promise<IdentityCheck> {
  const ctx = await getAuth(env, request).$context;
  const accounts = await ctx.internalAdapter.findAccounts(session.user.id);
  const hash = accounts.find((a) => a.providerId === "credential")?.password;
  if (!hash) {
    const signedInAt = new Date(session.session.createdAt).getTime();
    return now - signedInAt <= FRESH_SIGN_IN_MS
      ? { ok: true }
      : { ok: false, status: 403, message: IDENTITY_MESSAGES.signInAgain };
  }
  if (typeof password !== "string" || password === "")
    return { ok: false, status: 400, message: IDENTITY_MESSAGES.passwordRequired };
  if (!(await admitSignInAttempt(env, session.user.email, now)))
    return { ok: false, status: 429, message: AUTH_MESSAGES["too-many-requests"] };
  if (!(await ctx.password.verify({ hash, password })))
    return { ok: false, status: 400, message: IDENTITY_MESSAGES.wrongPassword };
  await clearSignInFailures(env, session.user.email);
  return { ok: true };
}

/** Whether the account has a password (the delete form then asks for it). */
export async function accountHasPassword(env: WorkerEnv, request: Request, userId: string): Promise<boolean> {
  const ctx = await getAuth(env, request).$context;
  return (await ctx.internalAdapter.findAccounts(userId)).some((a) => a.providerId === "credential");
}
