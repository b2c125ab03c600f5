// Per-account sign-in throttle (decision 211, superseded by 299): password guesses against one account are
// counted whatever address they come from. Past MAX_FAILED_SIGN_INS in the window a password sign-in is
// refused with 429 until the window passes, but the owner still gets in (decision 299): by an emailed one-time
// sign-in link (sign-in-link.server.ts), which this budget does not hold, and, where Turnstile is configured,
// by the password after a passed challenge (`signInAttempt` with `challengePassed`). A successful sign-in, a
// link sign-in or a password reset clears the count. The counter lives in D1 (the Workers Rate Limiting
// binding only has 10 s and 60 s periods; KV is eventually consistent).
import { AsyncLocalStorage } from "node:async_hooks";
import { clearRateLimit, RATE_LIMITS, rateLimiter } from "#app/server/rate-limit.server.ts";

export const MAX_FAILED_SIGN_INS = RATE_LIMITS.signInAccount.max;
export const SIGN_IN_THROTTLE_WINDOW_MS = RATE_LIMITS.signInAccount.windowMs;

/**
 * Sign-in links mailed per account in the window, whoever asks (the per-address limit is better-auth's, in
 * AUTH_RATE_LIMITS). Counted in D1 under the account budget's rule with a "link:" key, a counter of its own.
 */
export const MAX_SIGN_IN_LINKS = RATE_LIMITS.signInAccount.max;

type Env = { DB: D1Database };

function keyOf(email: string): string {
  return email.trim().toLowerCase();
}

/** One password attempt made by the sign-in screen, visible to the guard that counts it. */
interface SignInAttempt {
  key: string;
  /** A Turnstile token for this attempt was verified server-side (it is single use at siteverify). */
  challengePassed: boolean;
  /** The account budget refused the attempt. */
  budgetSpent: boolean;
}

const attempts = new AsyncLocalStorage<SignInAttempt>();

/**
 * Runs one password sign-in for `email` (the screen's call to better-auth) and says whether the account's
 * budget refused it. With `challengePassed`, a spent budget lets this one attempt through: it is still counted,
 * so each guess past the budget costs a solved challenge.
 */
export async function signInAttempt<T>(
  email: string,
  opts: { challengePassed: boolean },
  run: () => Promise<T>,
): Promise<{ result: T; budgetSpent: boolean }> {
  const attempt: SignInAttempt = {
    key: keyOf(email),
    challengePassed: opts.challengePassed,
    budgetSpent: false,
  };
  const result = await attempts.run(attempt, run);
  return { result, budgetSpent: attempt.budgetSpent };
}

/**
 * Counts one attempt for the account (atomically, so parallel guesses cannot all slip under the limit) and
 * says whether it may go ahead. A success clears the count, so only failures accumulate.
 */
export async function admitSignInAttempt(env: Env, email: string, now = Date.now()): Promise<boolean> {
  // The attempt that makes the count MAX + 1 is the first refused: MAX failures are allowed.
  const { success } = await rateLimiter(env, "signInAccount", () => now).limit({ key: keyOf(email) });
  if (success) return true;
  const attempt = attempts.getStore();
  if (attempt?.key !== keyOf(email)) return false;
  if (attempt.challengePassed) {
    attempt.challengePassed = false;
    return true;
  }
  attempt.budgetSpent = true;
  return false;
}

export async function clearSignInFailures(env: Env, email: string): Promise<void> {
  await clearRateLimit(env, "signInAccount", keyOf(email));
}

/** Counts one sign-in link request for the account (any address asks); false past MAX_SIGN_IN_LINKS. */
export async function admitSignInLinkRequest(env: Env, email: string, now = Date.now()): Promise<boolean> {
  const { success } = await rateLimiter(env, "signInAccount", () => now).limit({
    key: `link:${keyOf(email)}`,
  });
  return success;
}
