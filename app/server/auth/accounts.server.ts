// What kind of sign-in an account has: a password (better-auth's "credential" account) or only Google /
// Apple. Change password needs the first; a social-only account sets one through the reset email.
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";

export async function hasPassword(env: { DB: D1Database }, userId: string): Promise<boolean> {
  const row = await getDb(env)
    .select({ id: schema.account.id })
    .from(schema.account)
    .where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, "credential")))
    .get();
  return Boolean(row);
}
