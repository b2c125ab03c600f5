// Admin access: a user with the admin role (better-auth admin plugin) AND a row in the admins table.
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb, schema } from "../db/client.server";
import type { WorkerEnv } from "../env.server";
import { isAdminUser } from "../shell.server";
import { getSession } from "./session.server";

export async function adminRecordExists(env: { DB: D1Database }, email: string): Promise<boolean> {
  const row = await getDb(env)
    .select({ email: schema.admins.email })
    .from(schema.admins)
    .where(eq(schema.admins.email, email.toLowerCase()))
    .get();
  return Boolean(row);
}

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
