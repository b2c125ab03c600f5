// The back office's view of the board: feature requests (pending, all by status chips), status changes,
// and all feedback by category chips. Callers have already checked the admin (requireAdmin / getAdminSession).
import { AUDIT_ACTIONS } from "../../lib/admin";
import type { FeatureStatus, FeedbackCategory } from "../../lib/feedback";
import { changes } from "../db/sql.server";
import type { WorkerEnv } from "../env.server";
import { auditStatement, type AdminActor } from "./audit.server";

type Env = { DB: D1Database };

const LIST_LIMIT = 500;

export interface AdminFeatureRequest {
  id: string;
  title: string;
  description: string;
  status: FeatureStatus;
  votes: number;
  createdAt: number;
  /** The author's tier when they wrote it (Elite requests sort first and wear the crown). */
  userSubscriptionTier: string;
  authorEmail: string | null;
  /** The author's tier now. */
  authorTier: string | null;
}

/**
 * Elite authors first, then newest first (docs/product/admin.md#feature-request-tabs). `statuses` empty =
 * every status.
 */
export async function listFeaturesForAdmin(
  env: Env,
  statuses: readonly FeatureStatus[],
): Promise<AdminFeatureRequest[]> {
  const where = statuses.length
    ? `WHERE r.status IN (${statuses.map((_, i) => `?${i + 1}`).join(", ")})`
    : "";
  const { results } = await env.DB.prepare(
    `SELECT r.id, r.title, r.description, r.status, r.votes, r.created_at AS createdAt,
            r.user_subscription_tier AS userSubscriptionTier, u.email AS authorEmail,
            u.subscription_tier AS authorTier
       FROM feature_requests r LEFT JOIN user u ON u.id = r.created_by_user_id
       ${where}
      ORDER BY CASE WHEN r.user_subscription_tier = 'Elite Plan' THEN 0 ELSE 1 END, r.created_at DESC, r.id
      LIMIT ${LIST_LIMIT}`,
  )
    .bind(...statuses)
    .all<AdminFeatureRequest>();
  return results;
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
  const title = await env.DB.prepare("SELECT title FROM feature_requests WHERE id = ?1")
    .bind(requestId)
    .first<string>("title");
  if (title == null) return false;
  const [update] = await env.DB.batch([
    env.DB.prepare("UPDATE feature_requests SET status = ?2 WHERE id = ?1").bind(requestId, status),
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

export interface AdminFeedbackEntry {
  id: string;
  category: FeedbackCategory;
  text: string;
  createdAt: number;
  authorEmail: string | null;
  authorTier: string | null;
}

/** Newest first; `categories` empty = every category. */
export async function listFeedbackForAdmin(
  env: Env,
  categories: readonly FeedbackCategory[],
): Promise<AdminFeedbackEntry[]> {
  const where = categories.length
    ? `WHERE f.category IN (${categories.map((_, i) => `?${i + 1}`).join(", ")})`
    : "";
  const { results } = await env.DB.prepare(
    `SELECT f.id, f.category, f.text, f.created_at AS createdAt, u.email AS authorEmail,
            u.subscription_tier AS authorTier
       FROM feedback f LEFT JOIN user u ON u.id = f.created_by_user_id
       ${where}
      ORDER BY f.created_at DESC, f.id
      LIMIT ${LIST_LIMIT}`,
  )
    .bind(...categories)
    .all<AdminFeedbackEntry>();
  return results;
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
