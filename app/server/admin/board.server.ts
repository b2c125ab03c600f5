// The back office's view of the board: feature requests (pending, all by status chips), status changes,
// and all feedback by category chips. Callers have already checked the admin (requireAdmin / getAdminSession).
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { AUDIT_ACTIONS } from "#app/lib/admin.ts";
import type { FeatureStatus, FeedbackCategory } from "#app/lib/feedback.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { featureRequestColumns } from "#app/server/db/feature-request-columns.server.ts";
import { changes, d1Statement } from "#app/server/db/sql.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { auditStatement, type AdminActor } from "#app/server/admin/audit.server.ts";
import type { AdminFeatureRequest, AdminFeedbackEntry } from "#app/lib/admin.ts";

type Env = { DB: D1Database };

const LIST_LIMIT = 500;

/**
 * Elite authors first, then newest first (docs/product/admin.md#feature-request-tabs). `statuses` empty =
 * every status.
 */
export async function listFeaturesForAdmin(
  env: Env,
  statuses: readonly FeatureStatus[],
): Promise<AdminFeatureRequest[]> {
  const r = schema.featureRequests;
  const u = schema.user;
  const rows = await getDb(env)
    .select({ ...featureRequestColumns(), authorEmail: u.email, authorTier: u.subscriptionTier })
    .from(r)
    .leftJoin(u, eq(u.id, r.createdByUserId))
    .where(statuses.length ? inArray(r.status, [...statuses]) : undefined)
    .orderBy(
      sql`CASE WHEN ${r.userSubscriptionTier} = 'Elite Plan' THEN 0 ELSE 1 END`,
      desc(r.createdAt),
      asc(r.id),
    )
    .limit(LIST_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
}

/** Any status to any status (docs/product/admin.md#feature-request-tabs); audited in the same batch. */
export async function setFeatureStatus(
  env: Env,
  actor: AdminActor,
  requestId: string,
  status: FeatureStatus,
  now = Date.now(),
): Promise<boolean> {
  // The title goes into the audit row so the log reads well (titles never change after creation).
  const db = getDb(env);
  const r = schema.featureRequests;
  const found = await db.select({ title: r.title }).from(r).where(eq(r.id, requestId)).get();
  if (!found) return false;
  const { title } = found;
  // D1's batch: the audit row is a raw conditional statement (audit.server.ts).
  const [update] = await env.DB.batch([
    d1Statement(env.DB, db.update(r).set({ status }).where(eq(r.id, requestId))),
    auditStatement(
      env,
      actor,
      AUDIT_ACTIONS.featureStatus,
      requestId,
      { status, title },
      { now, onlyIf: "changes() = 1" },
    ),
  ]);
  return changes(update) === 1;
}

/** Newest first; `categories` empty = every category. */
export async function listFeedbackForAdmin(
  env: Env,
  categories: readonly FeedbackCategory[],
): Promise<AdminFeedbackEntry[]> {
  const f = schema.feedback;
  const u = schema.user;
  const rows = await getDb(env)
    .select({
      id: f.id,
      category: f.category,
      text: f.text,
      createdAt: f.createdAt,
      authorEmail: u.email,
      authorTier: u.subscriptionTier,
    })
    .from(f)
    .leftJoin(u, eq(u.id, f.createdByUserId))
    .where(categories.length ? inArray(f.category, [...categories]) : undefined)
    .orderBy(desc(f.createdAt), asc(f.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
}

/** A feature tab's list, or the tab's load error (the page shows it instead of the list). */
export async function featureListOrError(
  env: WorkerEnv,
  statuses: FeatureStatus[],
  failure: string,
): Promise<{ features: AdminFeatureRequest[] | null; error: string | null }> {
  try {
    return { features: await listFeaturesForAdmin(env, statuses), error: null };
  } catch (error) {
    console.error("admin feature list failed", error);
    return { features: null, error: failure };
  }
}
