// Daily housekeeping: revert expired promotional trials, drop share links expired 90 days ago, ideas nobody can
// open any more, old job records and analytics events past their retention, the track record's live marks 30 days
// after their contracts expire (decision 278), open positions' closing marks past 400 days, expired rate-limit
// counters and finished emails past the outbox's retention (the last two in bounded batches, decision 216).
import { lt } from "drizzle-orm";
import { DAY_MS } from "#app/engine/time.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";
import { expireTrials } from "#app/server/auth/trial.server.ts";
import { deleteExpiredOutboxRows } from "#app/server/email/outbox-retention.server.ts";
import { deleteExpiredRateLimitRows } from "#app/server/rate-limit.server.ts";
import { SHARE_RETENTION_AFTER_EXPIRY_DAYS } from "#app/server/wheel/shares.server.ts";
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { expiredMarkStatements } from "#app/server/track/marks.server.ts";
import { expiredPositionMarksStatement } from "#app/server/positions/marks.server.ts";
import { expiredPushRowsStatement } from "#app/server/push/outbox.server.ts";
import type { JobOutcome } from "#app/server/db/job-runs.server.ts";

/** Spread ideas stay openable from share links for 90 days after they were last seen. */
export const TRADE_IDEA_RETENTION_DAYS = 90;
const JOB_RUN_RETENTION_DAYS = 30;
/**
 * Business analytics rows (sign-up, checkout, purchase; the client events live in Analytics Engine since decision
 * 284) are kept 13 months, enough to compare a month with the same month a year ago (decision 151). The delete is a
 * range on `analytics_events_created_idx` (migration 0024), not a scan.
 */
export const ANALYTICS_RETENTION_DAYS = 395;

export async function runHousekeeping(env: { DB: D1Database }, now: Date): Promise<JobOutcome> {
  const db = getDb(env);
  const t = now.getTime();
  const trialsExpired = await expireTrials(env, t);
  const [markRows, trackedRows] = expiredMarkStatements(env, newYorkDateOf(t));
  const [shares, ideas, runs, events, marks, tracked, positionMarks, pushes] = await db.batch([
    db
      .delete(schema.shares)
      .where(lt(schema.shares.expiresAt, new Date(t - SHARE_RETENTION_AFTER_EXPIRY_DAYS * DAY_MS))),
    db
      .delete(schema.tradeIdeas)
      .where(lt(schema.tradeIdeas.lastSeenAt, new Date(t - TRADE_IDEA_RETENTION_DAYS * DAY_MS))),
    db
      .delete(schema.jobRuns)
      .where(lt(schema.jobRuns.startedAt, new Date(t - JOB_RUN_RETENTION_DAYS * DAY_MS))),
    db
      .delete(schema.analyticsEvents)
      .where(lt(schema.analyticsEvents.createdAt, new Date(t - ANALYTICS_RETENTION_DAYS * DAY_MS))),
    // The track record's live marks (decision 278): marks first, while the tracked rows still name them.
    markRows,
    trackedRows,
    expiredPositionMarksStatement(env, t),
    expiredPushRowsStatement(env, t),
  ]);
  const rateLimits = await deleteExpiredRateLimitRows(env, t);
  const outbox = await deleteExpiredOutboxRows(env, t);
  return {
    itemsProcessed:
      trialsExpired +
      changes(shares) +
      changes(ideas) +
      changes(runs) +
      changes(events) +
      changes(marks) +
      changes(tracked) +
      changes(positionMarks) +
      changes(pushes) +
      rateLimits.deleted +
      outbox.deleted,
    failures: 0,
    detail: {
      trialsExpired,
      sharesDeleted: changes(shares),
      ideasDeleted: changes(ideas),
      jobRunsDeleted: changes(runs),
      analyticsEventsDeleted: changes(events),
      closingMarksDeleted: changes(marks),
      trackedContractsDeleted: changes(tracked),
      positionMarksDeleted: changes(positionMarks),
      pushesDeleted: changes(pushes),
      rateLimitRowsDeleted: rateLimits.deleted,
      outboxRowsDeleted: outbox.deleted,
      // False when a batch budget ran out: the rest goes on the next day's run.
      retentionComplete: rateLimits.complete && outbox.complete,
    },
  };
}
