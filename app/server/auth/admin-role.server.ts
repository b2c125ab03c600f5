// Who is an admin (docs/product/admin.md#who-is-an-admin): a user with the admin role (better-auth admin
// plugin) AND a row in the admins table. Both halves are checked everywhere: pages, the admin sign-in and the
// auth API itself.
import { asc, eq } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";

type Env = { DB: D1Database };

export interface AdminCandidate {
  email: string;
  role?: string | null;
}

export async function adminRecordExists(env: Env, email: string): Promise<boolean> {
  const row = await getDb(env)
    .select({ email: schema.admins.email })
    .from(schema.admins)
    .where(eq(schema.admins.email, email.toLowerCase()))
    .get();
  return Boolean(row);
}

export async function isAdminUser(env: Env, user: AdminCandidate): Promise<boolean> {
  if (user.role !== "admin") return false;
  return adminRecordExists(env, user.email);
}

/** Whether the account with this email is an admin (after a password sign-in on /admin/login). */
export async function isAdminEmail(env: Env, email: string): Promise<boolean> {
  const user = await getDb(env)
    .select({ email: schema.user.email, role: schema.user.role })
    .from(schema.user)
    .where(eq(schema.user.email, email.toLowerCase()))
    .get();
  return user ? isAdminUser(env, user) : false;
}

/** Every address in the admins table, in order: the team that feedback and contact notices go to. */
export async function adminEmails(env: Env): Promise<string[]> {
  const rows = await getDb(env)
    .select({ email: schema.admins.email })
    .from(schema.admins)
    .orderBy(asc(schema.admins.email));
  return rows.map((r) => r.email);
}
