// Admin access for pages and actions: the admin's session, or a redirect to /admin/login.
import { redirect } from "react-router";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { isAdminUser } from "#app/server/auth/admin-role.server.ts";
import { getSession } from "#app/server/auth/session.server.ts";

/** The admin's session, or null (signed out, or signed in as someone who is not an admin). */
export async function getAdminSession(env: WorkerEnv, request: Request) {
  const session = await getSession(env, request);
  if (!session || !(await isAdminUser(env, session.user))) return null;
  return session;
}

/** Guard for admin pages and actions: without an admin session, go to /admin/login. */
export async function requireAdmin(env: WorkerEnv, request: Request) {
  const session = await getAdminSession(env, request);
  if (!session) throw redirect("/admin/login");
  return session;
}
