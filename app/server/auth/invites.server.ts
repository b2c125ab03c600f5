// Sign-up invitations (/signup?invite=<id>, docs/product/admin.md#invites): a pending invite pre-fills the
// email and is marked accepted once the account exists.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, schema } from "#app/server/db/client.server.ts";

type Env = { DB: D1Database };

const inviteId = z.string().trim().min(1).max(64);

export interface PendingInvite {
  id: string;
  email: string;
}

export async function findPendingInvite(env: Env, id: unknown): Promise<PendingInvite | null> {
  const parsed = inviteId.safeParse(id);
  if (!parsed.success) return null;
  const row = await getDb(env)
    .select({ id: schema.invites.id, email: schema.invites.email })
    .from(schema.invites)
    .where(and(eq(schema.invites.id, parsed.data), eq(schema.invites.status, "pending")))
    .get();
  return row ?? null;
}

/** Marks a pending invite accepted (a no-op for an unknown or already used id). */
export async function acceptInvite(env: Env, id: unknown): Promise<void> {
  const parsed = inviteId.safeParse(id);
  if (!parsed.success) return;
  await getDb(env)
    .update(schema.invites)
    .set({ status: "accepted" })
    .where(and(eq(schema.invites.id, parsed.data), eq(schema.invites.status, "pending")));
}
