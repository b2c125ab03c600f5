// The back office's user tools: find a user by email, promotional trials (enable / cancel), invitations,
// and the lookup card. Callers have already checked the admin; every change is written to the audit log.
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { ADMIN_MESSAGES, AUDIT_ACTIONS, type TrialUnit } from "#app/lib/admin.ts";
import { cancelPromoTrial, grantPromoTrial } from "#app/server/auth/trial.server.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { d1Statement } from "#app/server/db/sql.server.ts";
import { sendEmail } from "#app/server/email/mail.server.ts";
import { invitationEmail, promoTrialEmail } from "#app/server/email/templates.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { displayNameFromEmail } from "#app/lib/profile.ts";
import { auditStatement, type AdminActor } from "#app/server/admin/audit.server.ts";
import type { AdminUserCard, UserLookup, InviteRow } from "#app/lib/admin.ts";

type Env = { DB: D1Database };

const SEARCH_AUDIT_WINDOW_MS = 5 * 60_000;

export async function findUserByEmail(env: Env, email: string): Promise<AdminUserCard | null> {
  const u = schema.user;
  const row = await getDb(env)
    .select({
      id: u.id,
      email: u.email,
      subscriptionTier: u.subscriptionTier,
      subscriptionStatus: u.subscriptionStatus,
      trialEnd: u.trialEnd,
      subscriptionId: u.subscriptionId,
      createdAt: u.createdAt,
    })
    .from(u)
    .where(eq(u.email, email.trim().toLowerCase()))
    .get();
  return row
    ? { ...row, trialEnd: row.trialEnd?.getTime() ?? null, createdAt: row.createdAt.getTime() }
    : null;
}

/**
 * A paid subscription: active, or a trial that belongs to a subscription (no subscriptionId = promo,
 * docs/product/plans-and-billing.md#trials).
 */
export function hasPaidSubscription(user: Pick<AdminUserCard, "subscriptionStatus" | "subscriptionId">) {
  return (
    user.subscriptionStatus === "active" ||
    (user.subscriptionStatus === "trialing" && Boolean(user.subscriptionId))
  );
}

export type TrialOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

export async function enablePromoTrial(
  env: WorkerEnv,
  actor: AdminActor,
  input: { email: string; length: number; unit: TrialUnit },
  appUrl: string,
  now = Date.now(),
): Promise<TrialOutcome> {
  const user = await findUserByEmail(env, input.email);
  if (!user) return { ok: false, message: ADMIN_MESSAGES.noUser, status: 404 };
  // A promo trial must never replace a paid subscription.
  if (hasPaidSubscription(user)) return { ok: false, message: ADMIN_MESSAGES.paidSubscription, status: 409 };
  const granted = await grantPromoTrial(
    env,
    user.id,
    input.unit === "minutes" ? { minutes: input.length } : { days: input.length },
    now,
  );
  if (!granted.ok) return { ok: false, message: ADMIN_MESSAGES.enableTrialFailed, status: 409 };
  await auditStatement(
    env,
    actor,
    AUDIT_ACTIONS.trialEnable,
    user.email,
    {
      length: input.length,
      unit: input.unit,
      trialEnd: granted.trialEnd.toISOString(),
    },
    { now },
  ).run();
  const lengthText = `${input.length} ${input.unit === "minutes" ? (input.length === 1 ? "minute" : "minutes") : input.length === 1 ? "day" : "days"}`;
  const enabled = ADMIN_MESSAGES.trialEnabled(input.length, input.unit);
  try {
    // Best effort (docs/product/admin.md#trial-tool): the trial stands even if the email cannot be sent; the
    // admin is told why (the outbox retries it).
    const sent = await sendEmail(env, promoTrialEmail(user.email, appUrl, lengthText), now);
    if (sent.failure)
      return {
        ok: false,
        status: 502,
        message: `${enabled}. ${ADMIN_MESSAGES.promoEmailFailed(sent.failure.status, sent.failure.text)}`,
      };
  } catch (error) {
    console.error("promo trial email failed", error);
    return {
      ok: false,
      status: 502,
      message: `${enabled}. ${ADMIN_MESSAGES.promoEmailFailed(null, error instanceof Error ? error.message : String(error))}`,
    };
  }
  return { ok: true, message: enabled };
}

export async function cancelTrial(
  env: Env,
  actor: AdminActor,
  email: string,
  now = Date.now(),
): Promise<TrialOutcome> {
  const user = await findUserByEmail(env, email);
  if (!user) return { ok: false, message: ADMIN_MESSAGES.noUser, status: 404 };
  const result = await cancelPromoTrial(env, user.id, now);
  if (!result.ok) return { ok: false, message: ADMIN_MESSAGES.notOnPromoTrial, status: 409 };
  await auditStatement(env, actor, AUDIT_ACTIONS.trialCancel, user.email, null, { now }).run();
  return { ok: true, message: ADMIN_MESSAGES.trialCanceled };
}

export type InviteOutcome =
  { ok: true; message: string; inviteId: string } | { ok: false; message: string; status: number };

/** Records the invite (status pending) and its audit row together, then emails the signup link. */
export async function inviteUser(
  env: WorkerEnv,
  actor: AdminActor,
  email: string,
  appUrl: string,
  now = Date.now(),
): Promise<InviteOutcome> {
  const address = email.trim().toLowerCase();
  if (await findUserByEmail(env, address))
    return { ok: false, message: "An account with this email already exists", status: 409 };
  const inviteId = crypto.randomUUID();
  // D1's batch: the audit row is a raw conditional statement (audit.server.ts).
  await env.DB.batch([
    d1Statement(
      env.DB,
      getDb(env)
        .insert(schema.invites)
        .values({
          id: inviteId,
          email: address,
          status: "pending",
          invitedBy: actor.id,
          createdAt: new Date(now),
        }),
    ),
    auditStatement(env, actor, AUDIT_ACTIONS.invite, address, { inviteId }, { now }),
  ]);
  const link = new URL("/signup", appUrl);
  link.searchParams.set("invite", inviteId);
  try {
    await sendEmail(env, invitationEmail(address, link.toString()), now);
  } catch (error) {
    console.error("invitation email failed", error);
    return { ok: false, message: ADMIN_MESSAGES.sendInvitationEmailFailed, status: 502 };
  }
  return { ok: true, message: ADMIN_MESSAGES.invitationSent(address), inviteId };
}

/** `(SELECT COUNT(*) FROM table WHERE where)` as a column of a select. */
function countWhere(table: SQLiteTable, where: SQL) {
  return sql<number>`(SELECT COUNT(*) FROM ${table} WHERE ${where})`;
}

/** The lookup card: the user's plan and trial fields, sign-up date and what they have written. */
export async function lookupUser(env: Env, email: string): Promise<UserLookup | null> {
  const u = schema.user;
  // A name or image that is not text (a broken row) reads as null, with the stored type beside it.
  const row = await getDb(env)
    .select({
      id: u.id,
      email: u.email,
      role: u.role,
      name: sql<string | null>`CASE WHEN typeof(${u.name}) = 'text' THEN ${u.name} END`,
      nameType: sql<string>`typeof(${u.name})`,
      image: sql<string | null>`CASE WHEN typeof(${u.image}) = 'text' THEN ${u.image} END`,
      subscriptionTier: u.subscriptionTier,
      subscriptionStatus: u.subscriptionStatus,
      trialEnd: u.trialEnd,
      subscriptionId: u.subscriptionId,
      createdAt: u.createdAt,
      hasUsedTrial: u.hasUsedTrial,
      lastSubscriptionTier: u.lastSubscriptionTier,
      cancelAtPeriodEnd: u.cancelAtPeriodEnd,
      feedbackCount: countWhere(schema.feedback, eq(schema.feedback.createdByUserId, u.id)),
      requestCount: countWhere(schema.featureRequests, eq(schema.featureRequests.createdByUserId, u.id)),
      voteCount: countWhere(schema.featureVotes, eq(schema.featureVotes.userId, u.id)),
      symbolCount: countWhere(schema.watchlistSymbols, eq(schema.watchlistSymbols.userId, u.id)),
    })
    .from(u)
    .where(eq(u.email, email.trim().toLowerCase()))
    .get();
  if (!row) return null;
  const { feedbackCount, requestCount, voteCount, symbolCount, ...user } = row;
  return {
    ...user,
    trialEnd: user.trialEnd?.getTime() ?? null,
    createdAt: user.createdAt.getTime(),
    counts: {
      feedback: feedbackCount,
      featureRequests: requestCount,
      votes: voteCount,
      watchlistSymbols: symbolCount,
    },
  };
}

/**
 * Resets a user's display name to the part of the email before the @ and clears the picture, with its
 * audit row in the same batch: the repair for a row whose name cannot be read or shown.
 */
export async function resetProfile(env: Env, actor: AdminActor, email: string, now = Date.now()) {
  const user = await findUserByEmail(env, email);
  if (!user) return { ok: false as const, message: ADMIN_MESSAGES.noUser, status: 404 };
  // D1's batch: the audit row is a raw conditional statement (audit.server.ts).
  await env.DB.batch([
    d1Statement(
      env.DB,
      getDb(env)
        .update(schema.user)
        .set({ name: displayNameFromEmail(user.email), image: null, updatedAt: new Date(now) })
        .where(eq(schema.user.id, user.id)),
    ),
    auditStatement(env, actor, AUDIT_ACTIONS.profileReset, user.email, null, { now }),
  ]);
  return { ok: true as const, message: ADMIN_MESSAGES.profileReset };
}

/** Searches are audited too (who looked at whose data), once per admin and target per 5 minutes, so
 *  the page's revalidations after each action do not repeat the entry. */
export async function auditSearch(env: Env, actor: AdminActor, email: string, tab: string, found: boolean) {
  const target = email.trim().toLowerCase();
  const now = Date.now();
  await auditStatement(
    env,
    actor,
    AUDIT_ACTIONS.userSearch,
    target,
    { tab, found },
    {
      now,
      onlyIf: `NOT EXISTS (SELECT 1 FROM admin_audit_log WHERE admin_email = ?3 AND action = ?4 AND target = ?5
                 AND created_at > ?7 - ${SEARCH_AUDIT_WINDOW_MS})`,
    },
  ).run();
}

export async function recentInvites(env: Env, limit = 20): Promise<InviteRow[]> {
  const i = schema.invites;
  const rows = await getDb(env)
    .select({ id: i.id, email: i.email, status: i.status, createdAt: i.createdAt })
    .from(i)
    .orderBy(desc(i.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}
