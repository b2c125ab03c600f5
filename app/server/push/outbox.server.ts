// The push outbox (decision 337): every push is a row first, one per device, and the outbox owns delivery as the
// email outbox does (decision 289): each attempt claims its row, the first attempt is made at once by whoever wrote
// the row, and the cron's drain retries what the push service may take later (429, 5xx, no answer) with the email
// outbox's backoff, or after the service's Retry-After when that is longer. 404 and 410 delete the device (its rows
// go with it), so it is never sent to again; any other 4xx (400, 413) fails the row for good.
import { and, asc, eq, inArray, isNull, lt, lte, ne, or } from "drizzle-orm";
import { DAY_MS } from "#app/engine/units.ts";
import type { PushPayload } from "#app/lib/push.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { backoffMs, MAX_ATTEMPTS } from "#app/server/email/mail.server.ts";
import { vapidKeysOf } from "#app/server/push/vapid-keys.server.ts";
import { sendPush, type PushOptions, type PushOutcome } from "#app/server/push/web-push.server.ts";

type PushRow = typeof schema.pushOutbox.$inferSelect;
export type PushStatus = PushRow["status"];

/** Rows the drain attempts per run. */
const DRAIN_BATCH = 100;
/** Finished pushes are kept as long as finished emails (the history keeps its own status). */
export const PUSH_OUTBOX_RETENTION_DAYS = 7;

/**
 * The outbox rows of one push to each of a user's devices, as statements for the caller's batch (the push is
 * written with the history and state it belongs to), and their ids to deliver once the batch is in.
 */
export async function pushRowsFor(
  env: WorkerEnv,
  userId: string,
  payload: PushPayload,
  options: PushOptions,
  historyIds: readonly string[],
  nowMs: number,
  /** Only this device of the user's (a test push). */
  deviceId?: string,
) {
  const db = getDb(env);
  const devices = await db
    .select({ id: schema.pushDevices.id })
    .from(schema.pushDevices)
    .where(
      and(eq(schema.pushDevices.userId, userId), deviceId ? eq(schema.pushDevices.id, deviceId) : undefined),
    );
  const rows = devices.map((d) => ({
    id: crypto.randomUUID(),
    userId,
    deviceId: d.id,
    historyIds: [...historyIds],
    payload: payload as unknown as Record<string, unknown>,
    urgency: options.urgency,
    ttlSeconds: options.ttlSeconds,
    status: "queued" as const,
    attempts: 0,
    nextAttemptAt: new Date(nowMs),
    createdAt: new Date(nowMs),
  }));
  return {
    ids: rows.map((r) => r.id),
    statements: rows.length ? [db.insert(schema.pushOutbox).values(rows)] : [],
  };
}

/** Whether the user has a device to push to (an alert whose only channel is push falls back to email without). */
export async function hasPushDevice(env: WorkerEnv, userId: string): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ id: schema.pushDevices.id })
    .from(schema.pushDevices)
    .where(eq(schema.pushDevices.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The attempt is this caller's: the row is still queued at the attempts it was read with. */
async function claim(env: WorkerEnv, row: PushRow): Promise<boolean> {
  const claimed = await getDb(env)
    .update(schema.pushOutbox)
    .set({ attempts: row.attempts + 1 })
    .where(
      and(
        eq(schema.pushOutbox.id, row.id),
        eq(schema.pushOutbox.status, "queued"),
        eq(schema.pushOutbox.attempts, row.attempts),
      ),
    )
    .returning({ id: schema.pushOutbox.id });
  return claimed.length === 1;
}

async function attempt(env: WorkerEnv, row: PushRow, nowMs: number): Promise<PushStatus | "not-claimed"> {
  const db = getDb(env);
  const [device] = await db.select().from(schema.pushDevices).where(eq(schema.pushDevices.id, row.deviceId));
  if (!device) return "gone";
  const keys = await vapidKeysOf(env);
  // Not configured: the row waits (the operator may set the keys); the drain tries again later.
  if (!keys) return "queued";
  if (!(await claim(env, row))) return "not-claimed";
  const attempts = row.attempts + 1;
  const outcome: PushOutcome = await sendPush(
    (request) => fetch(request),
    { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
    JSON.stringify(row.payload),
    { ttlSeconds: row.ttlSeconds, urgency: row.urgency },
    keys,
    // The push service checks the JWT's expiry against its own clock: sign by the wall clock, not the run's.
    Date.now(),
  );
  if (outcome.kind === "gone") {
    // Its rows (this one included) go with it.
    await db.delete(schema.pushDevices).where(eq(schema.pushDevices.id, device.id));
    await settleHistory(env, row, "failed", nowMs);
    return "gone";
  }
  if (outcome.kind === "delivered") {
    await db.batch([
      db
        .update(schema.pushOutbox)
        .set({ status: "sent", lastStatus: outcome.status, sentAt: new Date(nowMs), nextAttemptAt: null })
        .where(eq(schema.pushOutbox.id, row.id)),
      db
        .update(schema.pushDevices)
        .set({ lastSuccessAt: new Date(nowMs) })
        .where(eq(schema.pushDevices.id, device.id)),
    ]);
    await settleHistory(env, row, "sent", nowMs);
    return "sent";
  }
  const giveUp = outcome.kind === "rejected" || attempts >= MAX_ATTEMPTS;
  const waitMs =
    outcome.kind === "retry"
      ? Math.max(backoffMs(attempts), (outcome.retryAfterSeconds ?? 0) * 1000)
      : backoffMs(attempts);
  await db
    .update(schema.pushOutbox)
    .set({
      status: giveUp ? "failed" : "queued",
      lastStatus: outcome.status,
      nextAttemptAt: giveUp ? null : new Date(nowMs + waitMs),
    })
    .where(eq(schema.pushOutbox.id, row.id));
  if (giveUp) await settleHistory(env, row, "failed", nowMs);
  console.error(`push ${row.id} attempt ${attempts}: the push service answered ${outcome.status}`);
  return giveUp ? "failed" : "queued";
}

/**
 * The history rows a push delivers, when no email carries them: they say how it went (sent once any device took
 * it; failed only while nothing was sent).
 */
async function settleHistory(env: WorkerEnv, row: PushRow, status: "sent" | "failed", nowMs: number) {
  if (row.historyIds.length === 0) return;
  const h = schema.notificationHistory;
  await getDb(env)
    .update(h)
    .set(status === "sent" ? { status, sentAt: new Date(nowMs) } : { status })
    .where(
      and(
        inArray(h.id, row.historyIds),
        isNull(h.outboxId),
        status === "sent" ? or(eq(h.status, "pending"), eq(h.status, "failed")) : eq(h.status, "pending"),
      ),
    );
}

/** One attempt at each of these rows (the writer's first attempt, right after its batch). */
export async function deliverPushRows(
  env: WorkerEnv,
  ids: readonly string[],
  nowMs = Date.now(),
): Promise<{ status: PushStatus | "not-claimed"; lastStatus: number | null }[]> {
  const out: { status: PushStatus | "not-claimed"; lastStatus: number | null }[] = [];
  const db = getDb(env);
  for (const id of ids) {
    const [row] = await db.select().from(schema.pushOutbox).where(eq(schema.pushOutbox.id, id));
    if (!row) {
      out.push({ status: "gone", lastStatus: null });
      continue;
    }
    const status = await attempt(env, row, nowMs);
    const [after] = await db
      .select({ lastStatus: schema.pushOutbox.lastStatus })
      .from(schema.pushOutbox)
      .where(eq(schema.pushOutbox.id, id));
    out.push({ status, lastStatus: after?.lastStatus ?? null });
  }
  return out;
}

/** The cron's drain: every queued push whose next attempt is due. */
export async function deliverQueuedPushes(env: WorkerEnv, now: Date) {
  const due = await getDb(env)
    .select()
    .from(schema.pushOutbox)
    .where(
      and(
        eq(schema.pushOutbox.status, "queued"),
        or(isNull(schema.pushOutbox.nextAttemptAt), lte(schema.pushOutbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(schema.pushOutbox.createdAt))
    .limit(DRAIN_BATCH);
  let sent = 0;
  let failures = 0;
  for (const row of due) {
    const status = await attempt(env, row, now.getTime());
    if (status === "sent") sent++;
    else if (status === "failed" || status === "gone") failures++;
  }
  return { itemsProcessed: sent, failures, detail: { due: due.length, sent } };
}

/** Housekeeping: finished pushes older than the retention (a queued one stays until its last attempt). */
export function expiredPushRowsStatement(env: { DB: D1Database }, nowMs: number) {
  return getDb(env)
    .delete(schema.pushOutbox)
    .where(
      and(
        lt(schema.pushOutbox.createdAt, new Date(nowMs - PUSH_OUTBOX_RETENTION_DAYS * DAY_MS)),
        ne(schema.pushOutbox.status, "queued"),
      ),
    );
}
