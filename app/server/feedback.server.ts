// Feedback and feature requests on the server: the only place entries, requests and votes are written.
// Like the watchlist, each limit is checked inside the INSERT that would break it, and votes are rows whose
// total is recomputed in the same batch, so concurrent requests can never exceed a limit or skew a count.
import { and, asc, desc, eq, inArray, or } from "drizzle-orm";
import { adminEmails } from "#app/server/auth/admin-role.server.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";
import { effectivePlan } from "#app/lib/plans.ts";
import {
  FEATURE_MESSAGES,
  PUBLIC_FEATURE_STATUSES,
  type FeatureFilter,
  type FeedbackCategory,
  type VoteDirection,
  type VoteState,
} from "#app/lib/feedback.ts";
import { sendEmail } from "#app/server/email/mail.server.ts";
import {
  teamFeatureRequestEmail,
  teamFeedbackEmail,
  type TeamNotice,
} from "#app/server/email/templates.server.ts";
import {
  checkEntitlement,
  entitlementOf,
  refusalOf,
  type EntitledUser,
} from "#app/server/entitlements.server.ts";
import { refused, type Refused } from "#app/lib/refusal.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import type { FeatureRequestView } from "#app/lib/feedback.ts";
import { featureRequestColumns } from "#app/server/db/feature-request-columns.server.ts";

type Env = { DB: D1Database };

export interface BoardUser extends EntitledUser {
  email: string;
  name?: string | null;
}

function teamNotice(user: BoardUser): TeamNotice {
  return { userEmail: user.email, userName: user.name || user.email, userTier: effectivePlan(user) };
}

/**
 * The team is every address in the admins table; failures are only logged
 * (docs/product/feedback-board.md#general-feedback).
 */
async function notifyTeam(env: WorkerEnv, build: (to: string) => Parameters<typeof sendEmail>[1]) {
  try {
    for (const email of await adminEmails(env)) await sendEmail(env, build(email));
  } catch (error) {
    console.error("team notification failed", error);
  }
}

// ---------------------------------------------------------------- general feedback

export async function submitFeedback(
  env: WorkerEnv,
  user: BoardUser,
  input: { category: FeedbackCategory; text: string },
  now = Date.now(),
): Promise<{ ok: true; id: string } | Refused> {
  const notOnPlan = checkEntitlement(user, "feedback");
  if (notOnPlan) return { ok: false, ...notOnPlan };
  const { limit } = entitlementOf(user, "feedback");
  const id = crypto.randomUUID();
  // raw SQL: the plan's limit is checked inside the INSERT (INSERT ... SELECT ... WHERE count < limit).
  const inserted = await env.DB.prepare(
    `INSERT INTO feedback (id, category, text, created_by_user_id, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5
     WHERE (SELECT COUNT(*) FROM feedback WHERE created_by_user_id = ?4) < ?6`,
  )
    .bind(id, input.category, input.text, user.id, now, limit)
    .run();
  if (changes(inserted) !== 1) return { ok: false, ...refusalOf(user, "feedback") };
  await notifyTeam(env, (to) =>
    teamFeedbackEmail(to, { ...teamNotice(user), category: input.category, feedback: input.text }),
  );
  return { ok: true, id };
}

// ---------------------------------------------------------------- feature requests

/**
 * Requests a viewer may see, newest first. Non-admins see planned, in-progress and completed, plus their own
 * requests still under review (decision 256: the 'Under Review' filter is otherwise always empty for them);
 * never another user's under-review or any rejected request, whatever the filter asks for.
 */
export async function listFeatureRequests(
  env: Env,
  viewer: { id: string; isAdmin: boolean },
  filter: FeatureFilter = "all",
): Promise<FeatureRequestView[]> {
  const wanted = filter === "all" ? null : filter;
  const r = schema.featureRequests;
  const v = schema.featureVotes;
  const visible = viewer.isAdmin
    ? undefined
    : or(
        inArray(r.status, [...PUBLIC_FEATURE_STATUSES]),
        and(eq(r.status, "under-review"), eq(r.createdByUserId, viewer.id)),
      );
  const rows = await getDb(env)
    .select({ ...featureRequestColumns(), myVote: v.direction })
    .from(r)
    .leftJoin(v, and(eq(v.requestId, r.id), eq(v.userId, viewer.id)))
    .where(and(visible, wanted ? eq(r.status, wanted) : undefined))
    .orderBy(desc(r.createdAt), asc(r.id))
    .limit(500);
  return rows.map(({ myVote, createdAt, ...rest }) => ({
    ...rest,
    createdAt: createdAt.getTime(),
    userVoted: myVote === 1 ? true : myVote === -1 ? false : null,
  }));
}

export async function createFeatureRequest(
  env: WorkerEnv,
  user: BoardUser,
  input: { title: string; description: string },
  now = Date.now(),
): Promise<{ ok: true; id: string } | Refused> {
  const notOnPlan = checkEntitlement(user, "featureRequests");
  if (notOnPlan) return { ok: false, ...notOnPlan };
  const { plan, limit } = entitlementOf(user, "featureRequests");
  const id = crypto.randomUUID();
  // raw SQL: the plan's limit is checked inside the INSERT (INSERT ... SELECT ... WHERE count < limit).
  const inserted = await env.DB.prepare(
    `INSERT INTO feature_requests
       (id, title, description, status, votes, created_by_user_id, user_subscription_tier, created_at)
     SELECT ?1, ?2, ?3, 'under-review', 0, ?4, ?5, ?6
     WHERE (SELECT COUNT(*) FROM feature_requests WHERE created_by_user_id = ?4) < ?7`,
  )
    .bind(id, input.title, input.description, user.id, plan, now, limit)
    .run();
  if (changes(inserted) !== 1) return { ok: false, ...refusalOf(user, "featureRequests") };
  await notifyTeam(env, (to) =>
    teamFeatureRequestEmail(to, { ...teamNotice(user), title: input.title, description: input.description }),
  );
  return { ok: true, id };
}

/** The vote batch's last statement: the request's total and the voter's direction after the vote. */
interface VoteTotalRow {
  votes: number;
  direction: number | null;
}

/**
 * One vote, per the product's table (same direction again removes it, the other direction flips it). The
 * toggle is a single upsert, and the request's total is recomputed from the vote rows in the same batch.
 */
export async function voteOnFeature(
  env: Env,
  user: BoardUser,
  requestId: string,
  direction: VoteDirection,
  now = Date.now(),
): Promise<{ ok: true; votes: number; userVote: VoteState } | Refused> {
  const notOnPlan = checkEntitlement(user, "votes");
  if (notOnPlan) return { ok: false, ...notOnPlan };
  const visible = PUBLIC_FEATURE_STATUSES.map((s) => `'${s}'`).join(", ");
  const votable = `EXISTS (SELECT 1 FROM feature_requests WHERE id = ?1 AND status IN (${visible}))`;
  // raw SQL: an upsert that toggles the stored direction (a computed DO UPDATE), guarded by EXISTS; the batch
  // holds it, so the batch is D1's own (drizzle's cannot carry a raw statement with parameters).
  const [upsert, , , after] = await env.DB.batch<VoteTotalRow>([
    env.DB.prepare(
      `INSERT INTO feature_votes (request_id, user_id, direction, created_at)
       SELECT ?1, ?2, ?3, ?4 WHERE ${votable}
       ON CONFLICT (request_id, user_id)
       DO UPDATE SET direction = CASE WHEN direction = excluded.direction THEN 0 ELSE excluded.direction END,
                     created_at = excluded.created_at`,
    ).bind(requestId, user.id, direction, now),
    // raw SQL: in the vote's D1 batch (it holds the raw upsert): a vote toggled off leaves no row.
    env.DB.prepare("DELETE FROM feature_votes WHERE request_id = ?1 AND user_id = ?2 AND direction = 0").bind(
      requestId,
      user.id,
    ),
    // raw SQL: in the vote's D1 batch: the total recomputed from the vote rows.
    env.DB.prepare(
      `UPDATE feature_requests
          SET votes = (SELECT COALESCE(SUM(direction), 0) FROM feature_votes WHERE request_id = ?1)
        WHERE id = ?1`,
    ).bind(requestId),
    // raw SQL: in the vote's D1 batch: the total and the voter's direction, typed by VoteTotalRow.
    env.DB.prepare(
      `SELECT r.votes AS votes, v.direction AS direction
         FROM feature_requests r
         LEFT JOIN feature_votes v ON v.request_id = r.id AND v.user_id = ?2
        WHERE r.id = ?1`,
    ).bind(requestId, user.id),
  ]);
  const row = after.results[0];
  if (changes(upsert) !== 1 || !row) return refused(404, FEATURE_MESSAGES.notFound);
  const userVote: VoteState = row.direction === 1 ? 1 : row.direction === -1 ? -1 : 0;
  return { ok: true, votes: row.votes, userVote };
}
