// Retention of the email outbox (decision 216). Its rows hold whole emails, password reset and invitation
// links among them; once delivered (or given up on) they are needed only for a while, to answer "did my email
// go out?". A notification history item reads its delivery status from its email's row, so that status is
// copied onto the item in the same batch as the row is deleted.
import { DAY_MS } from "#app/engine/units.ts";
import { deleteInBatches, type BatchedDelete } from "#app/server/db/batched-delete.server.ts";
import { changes } from "#app/server/db/sql.server.ts";

/** Finished emails (sent, failed, captured) are kept this long after they were queued. */
export const OUTBOX_RETENTION_DAYS = 7;

/**
 * The oldest finished rows, on email_outbox_created_idx. The same deterministic selection in each statement
 * of one batch selects the same rows: the first statement does not change the outbox.
 */
const EXPIRED_ROWS = `SELECT id, status, sent_at, created_at FROM email_outbox
  WHERE created_at < ?1 AND status != 'queued' ORDER BY created_at, id LIMIT ?2`;

/**
 * Deletes finished outbox rows older than the retention, in bounded batches. A queued row stays whatever its
 * age: it is still to be delivered (the sender marks it failed after its last attempt).
 */
export async function deleteExpiredOutboxRows(
  env: { DB: D1Database },
  nowMs: number,
  bounds?: Partial<BatchedDelete>,
): Promise<{ deleted: number; complete: boolean }> {
  const cutoff = nowMs - OUTBOX_RETENTION_DAYS * DAY_MS;
  return deleteInBatches(async (limit) => {
    const [, deleted] = await env.DB.batch([
      // The history keeps what it showed: sent or captured -> sent (at its time), failed -> failed.
      // raw SQL: UPDATE ... FROM an ordered, limited selection that the DELETE below repeats word for word.
      env.DB.prepare(
        `UPDATE notification_history SET
           status = CASE WHEN o.status IN ('sent', 'captured') THEN 'sent' ELSE 'failed' END,
           sent_at = CASE o.status WHEN 'sent' THEN o.sent_at WHEN 'captured' THEN o.created_at
                     ELSE notification_history.sent_at END,
           outbox_id = NULL
         FROM (${EXPIRED_ROWS}) AS o
         WHERE notification_history.outbox_id = o.id`,
      ).bind(cutoff, limit),
      // raw SQL: the same selection as the UPDATE above, so both statements touch the same rows.
      env.DB.prepare(`DELETE FROM email_outbox WHERE id IN (SELECT id FROM (${EXPIRED_ROWS}))`).bind(
        cutoff,
        limit,
      ),
    ]);
    return changes(deleted);
  }, bounds);
}
