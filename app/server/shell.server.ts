// What the app shell (header, badges, trial banner) needs to know about the visitor, on every page.
import { effectivePlan, PLAN_BADGE } from "#app/lib/plans.ts";
import {
  publicConfig,
  publicOrigin,
  serverConfig,
  type PublicConfig,
  type WorkerEnv,
} from "#app/server/env.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";
import { isAdminUser } from "#app/server/auth/admin-role.server.ts";
import type { SessionUser } from "#app/server/auth/auth.server.ts";
import type { ShellUser } from "#app/lib/shell-user.ts";

export type { ShellUser };

export interface ShellData {
  user: ShellUser | null;
  config: PublicConfig;
  /** Public origin for canonical links and share URLs (APP_URL in production, else the request's). */
  origin: string;
}

export function toShellUser(user: SessionUser, isAdmin: boolean): ShellUser {
  const plan = effectivePlan(user);
  const trialEnd = user.trialEnd ? new Date(user.trialEnd).toISOString() : null;
  return {
    id: user.id,
    email: user.email,
    plan,
    planBadge: isAdmin ? "Admin" : PLAN_BADGE[plan],
    isAdmin,
    subscriptionTier: user.subscriptionTier ?? "Free Plan",
    subscriptionStatus: user.subscriptionStatus ?? "inactive",
    trialEnd,
    hasSubscriptionId: Boolean(user.subscriptionId),
  };
}

export async function loadShell(env: WorkerEnv, request: Request): Promise<ShellData> {
  const config = publicConfig(serverConfig(env));
  const origin = publicOrigin(env, request);
  const session = await getSession(env, request);
  if (!session) return { user: null, config, origin };
  const admin = await isAdminUser(env, session.user);
  return { user: toShellUser(session.user, admin), config, origin };
}
