// Per-account sign-in throttle (decision 211): password guesses against one account are counted whatever
// address they come from. After MAX_FAILED_SIGN_INS in the window, attempts answer 429 until the window
// passes; a successful sign-in or a password reset clears the count, so a victim is never locked out for
// longer than the window and the reset link always works. The counter lives in D1 (the Workers Rate
// Limiting binding only has 10 s and 60 s periods; KV is eventually consistent).
import { clearRateLimit, RATE_LIMITS, rateLimiter } from "../rate-limit.server";

export const MAX_FAILED_SIGN_INS = RATE_LIMITS.signInAccount.max;
export const SIGN_IN_THROTTLE_WINDOW_MS = RATE_LIMITS.signInAccount.windowMs;

type Env = { DB: D1Database };

function keyOf(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Counts one attempt for the account (atomically, so parallel guesses cannot all slip under the limit) and
 * says whether it may go ahead. A success clears the count, so only failures accumulate.
 */
export async function admitSignInAttempt(env: Env, email: string, now = Date.now()): Promise<boolean> {
  // The attempt that makes the count MAX + 1 is the first refused: MAX failures are allowed.
  const { success } = await rateLimiter(env, "signInAccount", () => now).limit({ key: keyOf(email) });
  return success;
}

export async function clearSignInFailures(env: Env, email: string): Promise<void> {
  await clearRateLimit(env, "signInAccount", keyOf(email));
}
