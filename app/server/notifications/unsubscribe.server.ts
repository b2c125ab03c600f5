// Unsubscribe by signed link: the one-click POST of RFC 8058 and the confirm page share this.
import type { WorkerEnv } from "#app/server/env.server.ts";
import { unsubscribeUser } from "#app/server/notifications/preferences.server.ts";
import {
  verifyUnsubscribeToken,
  type TokenCheck,
} from "#app/server/notifications/unsubscribe-token.server.ts";

export async function checkUnsubscribeToken(
  env: WorkerEnv,
  token: string | null,
  nowMs = Date.now(),
): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: "malformed" };
  return verifyUnsubscribeToken(env, token, nowMs);
}

/** Switches the token's user's notifications off. Idempotent; false when the token is not valid. */
export async function unsubscribeWithToken(
  env: WorkerEnv,
  token: string | null,
  nowMs = Date.now(),
): Promise<boolean> {
  const check = await checkUnsubscribeToken(env, token, nowMs);
  if (!check.ok) return false;
  return unsubscribeUser(env, check.userId, nowMs);
}
