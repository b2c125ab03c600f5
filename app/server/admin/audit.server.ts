// The admin audit log: one row per back-office action, written in the same D1 batch as the change it
// records, so a change without its audit row (or the reverse) cannot happen.
import { desc } from "drizzle-orm";
import type { AuditAction } from "#app/lib/admin.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { AuditEntry } from "#app/lib/admin.ts";

type Env = { DB: D1Database };

/** The signed-in admin doing something (from the admin session, never from the request body). */
export interface AdminActor {
  id: string;
  email: string;
}

/**
 * The audit INSERT for a batch. With `onlyIf`, the row is written only when that SQL condition holds at
 * that point of the batch (for example, "the update just before changed a row").
 */
export function auditStatement(
  env: Env,
  actor: AdminActor,
  action: AuditAction,
  target: string,
  detail: Record<string, unknown> | null = null,
  opts: { now?: number; onlyIf?: string } = {},
): D1PreparedStatement {
  // raw SQL: a conditional INSERT ... SELECT ... WHERE <onlyIf>, read at its point of the batch (changes(), NOT EXISTS).
  return env.DB.prepare(
    `INSERT INTO admin_audit_log (id, admin_user_id, admin_email, action, target, detail, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ${opts.onlyIf ?? "1"}`,
  ).bind(
    crypto.randomUUID(),
    actor.id,
    actor.email,
    action,
    target,
    detail ? JSON.stringify(detail) : null,
    opts.now ?? Date.now(),
  );
}

export async function recentAudit(env: Env, limit = 25): Promise<AuditEntry[]> {
  const rows = await getDb(env)
    .select({
      id: schema.adminAuditLog.id,
      adminEmail: schema.adminAuditLog.adminEmail,
      action: schema.adminAuditLog.action,
      target: schema.adminAuditLog.target,
      detail: schema.adminAuditLog.detail,
      createdAt: schema.adminAuditLog.createdAt,
    })
    .from(schema.adminAuditLog)
    .orderBy(desc(schema.adminAuditLog.createdAt))
    .limit(limit)
    .all();
  return rows.map((r) => ({ ...r, detail: r.detail ?? null, createdAt: r.createdAt.getTime() }));
}
