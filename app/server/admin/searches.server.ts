// The back office's two email searches (the User Trials tab and the User Lookup card): each search is audited,
// a malformed email finds nobody, and a failure reads as the product's search error.
import { ADMIN_MESSAGES } from "#app/lib/admin.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { adminEmailParam } from "#app/server/admin/actions.server.ts";
import type { AdminActor } from "#app/server/admin/audit.server.ts";
import { auditSearch, findUserByEmail, lookupUser } from "#app/server/admin/users.server.ts";
import type { AdminUserCard, LookupState } from "#app/lib/admin.ts";

export type TrialSearch = {
  email: string;
  user: AdminUserCard | null;
  searched: boolean;
  error: string | null;
};

/** The User Trials tab's search; `raw` is the `email` query parameter. */
export async function searchTrialUser(env: WorkerEnv, actor: AdminActor, raw: string): Promise<TrialSearch> {
  const text = raw.trim();
  if (!text) return { email: "", user: null, searched: false, error: null };
  const email = adminEmailParam.safeParse(text);
  try {
    const user = email.success ? await findUserByEmail(env, email.data) : null;
    await auditSearch(env, actor, text.slice(0, 254), "trials", Boolean(user));
    return { email: text, user, searched: true, error: null };
  } catch (error) {
    console.error("admin trial search failed", error);
    return { email: text, user: null, searched: true, error: ADMIN_MESSAGES.searchError };
  }
}

/** The User Lookup card's search; `raw` is the `lookup` query parameter (null when there is none). */
export async function lookUpUser(
  env: WorkerEnv,
  actor: AdminActor,
  raw: string,
): Promise<LookupState | null> {
  const text = raw.trim();
  if (!text) return null;
  const email = adminEmailParam.safeParse(text);
  try {
    const user = email.success ? await lookupUser(env, email.data) : null;
    await auditSearch(env, actor, text.slice(0, 254), "lookup", Boolean(user));
    return { email: text, user, error: null };
  } catch (error) {
    console.error("admin lookup failed", error);
    return { email: text, user: null, error: ADMIN_MESSAGES.searchError };
  }
}
