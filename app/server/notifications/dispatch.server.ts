// The alert dispatcher. The 15-minute cron finds the users whose alerts are due and puts them on the
// notifications queue, a batch of users per message (so 10,000 subscribers never have to fit in one
// invocation); the queue consumer claims each user's run, builds the alerts from cached market data,
// writes history, threshold state and the email in one D1 batch, and delivers through the outbox.
// The queue retries a message with backoff only when a user's run failed (its alerts could not be built or
// written; the run is given back first); a failed email delivery stays in the outbox, whose cron drain owns
// every retry (decision 289). A malformed message is acknowledged and logged so it never blocks the rest
// (decision 091).
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { nextRunAt } from "#app/lib/notification-schedule.ts";
import { deliversBy, effectivePreferences, type NotificationPreferences } from "#app/lib/notifications.ts";
import { alertPushes } from "#app/lib/push.ts";
import { hasCapability } from "#app/lib/entitlements.ts";
import { effectivePlan } from "#app/lib/plans.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { publicOrigin, type WorkerEnv } from "#app/server/env.server.ts";
import { alertEmail } from "#app/server/email/notification-templates.server.ts";
import { backoffMs, deliverOutboxRow, emailDeliveryConfigured } from "#app/server/email/mail.server.ts";
import { recordJobRun, type JobOutcome } from "#app/server/db/job-runs.server.ts";
import { deliverPushRows, hasPushDevice, pushRowsFor } from "#app/server/push/outbox.server.ts";
import { preferencesFromStored } from "#app/server/notifications/preferences.server.ts";
import { readEconomicInputs, readSymbolMarketData } from "#app/server/notifications/market-inputs.server.ts";
import { buildAlerts, type Alert, type AlertState } from "#app/server/notifications/triggers.server.ts";
import { createUnsubscribeToken } from "#app/server/notifications/unsubscribe-token.server.ts";

/** Users per queue message: one consumer invocation handles a message well inside its limits. */
export const USERS_PER_MESSAGE = 25;
/** Cloudflare Queues: at most 100 messages per sendBatch call. */
const SEND_BATCH_MAX = 100;
/** The due query pages through users this many at a time. */
const DUE_PAGE = 5000;

export const notificationMessageSchema = z.object({
  v: z.literal(1),
  /** The cron run's scheduled time (epoch ms): the instant the users were due at. */
  runAt: z.number().int().positive(),
  userIds: z.array(z.string().min(1).max(64)).min(1).max(USERS_PER_MESSAGE),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export interface NotificationQueueEnv {
  NOTIFICATIONS_QUEUE: Queue<NotificationMessage>;
}

/** Paid, not banned, not admin, notifications on, next run reached. Users without a row get defaults (on). */
export async function dueUserIds(env: { DB: D1Database }, nowMs: number): Promise<string[]> {
  const u = schema.user;
  const p = schema.notificationPreferences;
  const ids: string[] = [];
  let after = "";
  for (;;) {
    const page = await getDb(env)
      .select({ id: u.id })
      .from(u)
      .leftJoin(p, eq(p.userId, u.id))
      .where(
        and(
          gt(u.id, after),
          inArray(u.subscriptionStatus, ["active", "trialing"]),
          inArray(u.subscriptionTier, ["Pro Plan", "Elite Plan"]),
          sql`COALESCE(${u.banned}, 0) = 0`,
          sql`COALESCE(${u.role}, '') <> 'admin'`,
          sql`COALESCE(${p.enabled}, 1) = 1`,
          sql`COALESCE(${p.nextRunAt}, 0) <= ${nowMs}`,
        ),
      )
      .orderBy(asc(u.id))
      .limit(DUE_PAGE);
    for (const r of page) ids.push(r.id);
    if (page.length < DUE_PAGE) return ids;
    after = page.at(-1)!.id;
  }
}

export function toMessages(userIds: readonly string[], runAt: number): NotificationMessage[] {
  const out: NotificationMessage[] = [];
  for (let i = 0; i < userIds.length; i += USERS_PER_MESSAGE)
    out.push({ v: 1, runAt, userIds: userIds.slice(i, i + USERS_PER_MESSAGE) });
  return out;
}

/** Cron: enqueue every due user. */
export async function enqueueDueNotifications(
  env: { DB: D1Database } & NotificationQueueEnv,
  now: Date,
): Promise<JobOutcome> {
  const runAt = now.getTime();
  const ids = await dueUserIds(env, runAt);
  const messages = toMessages(ids, runAt);
  for (let i = 0; i < messages.length; i += SEND_BATCH_MAX)
    await env.NOTIFICATIONS_QUEUE.sendBatch(messages.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body })));
  return {
    itemsProcessed: ids.length,
    failures: 0,
    detail: { dueUsers: ids.length, messages: messages.length },
  };
}

// ---------------------------------------------------------------- consumer
export async function emailLinks(env: WorkerEnv, userId: string, origin: string, nowMs: number) {
  const token = await createUnsubscribeToken(env, userId, nowMs);
  const query = `token=${encodeURIComponent(token)}`;
  return {
    preferencesUrl: `${origin}/notifications`,
    /** For the List-Unsubscribe header (one-click POST). */
    oneClickUrl: `${origin}/api/notifications/unsubscribe?${query}`,
    /** For the link in the body: a confirm page (a GET never unsubscribes). */
    unsubscribeUrl: `${origin}/unsubscribe?${query}`,
  };
}

interface UserRow {
  id: string;
  email: string;
  subscriptionTier: string;
  subscriptionStatus: string;
  banned: boolean | null;
  role: string | null;
}

export interface UserRunResult {
  userId: string;
  outcome: "skipped" | "not-due" | "no-alerts" | "sent" | "captured" | "delivery-failed" | "error";
  alerts: number;
  /** Seconds until the queue should build a failed run again. */
  retryInSeconds?: number;
}

const DEFAULT_ROW_JSON = "{}";

/** Takes this run for the user (atomic): true when no other consumer has processed `runAt` already. */
async function claimRun(
  env: { DB: D1Database },
  userId: string,
  prefs: NotificationPreferences,
  plan: ReturnType<typeof effectivePlan>,
  runAt: number,
  nowMs: number,
) {
  const db = getDb(env);
  await db
    .insert(schema.notificationPreferences)
    .values({ userId, preferences: JSON.parse(DEFAULT_ROW_JSON), updatedAt: new Date(nowMs), nextRunAt: 0 })
    .onConflictDoNothing();
  const effective = effectivePreferences(prefs, plan);
  const next = nextRunAt(effective.frequency, prefs.timeZone, runAt);
  const res = await db
    .update(schema.notificationPreferences)
    .set({ nextRunAt: next, lastRunAt: runAt })
    .where(
      and(
        eq(schema.notificationPreferences.userId, userId),
        eq(schema.notificationPreferences.enabled, true),
        sql`${schema.notificationPreferences.nextRunAt} <= ${runAt}`,
      ),
    )
    .run();
  return (res.meta.changes ?? 0) === 1;
}

const HISTORY_ROWS_PER_STATEMENT = 8; // 11 bound parameters per row, D1 allows 100
const STATE_ROWS_PER_STATEMENT = 16; // 6 per row

/**
 * One consumer message: claims, builds and records every user's run, then delivers the emails.
 * Returns per-user results; the caller acks or retries the message from them.
 */
export async function processNotificationMessage(
  env: WorkerEnv,
  message: NotificationMessage,
  nowMs = Date.now(),
): Promise<UserRunResult[]> {
  const db = getDb(env);
  const users = (await db
    .select({
      id: schema.user.id,
      email: schema.user.email,
      subscriptionTier: schema.user.subscriptionTier,
      subscriptionStatus: schema.user.subscriptionStatus,
      banned: schema.user.banned,
      role: schema.user.role,
    })
    .from(schema.user)
    .where(inArray(schema.user.id, message.userIds))
    .all()) as UserRow[];
  const prefRows = await db
    .select()
    .from(schema.notificationPreferences)
    .where(inArray(schema.notificationPreferences.userId, message.userIds))
    .all();
  const prefsByUser = new Map(prefRows.map((r) => [r.userId, r]));
  const results: UserRunResult[] = [];

  // Claim first: only claimed users need market data.
  const claimed: { user: UserRow; prefs: NotificationPreferences; plan: ReturnType<typeof effectivePlan> }[] =
    [];
  for (const id of message.userIds) {
    const user = users.find((u) => u.id === id);
    if (
      !user ||
      user.banned ||
      user.role === "admin" ||
      !hasCapability(effectivePlan(user), "notifications")
    ) {
      results.push({ userId: id, outcome: "skipped", alerts: 0 });
      continue;
    }
    const row = prefsByUser.get(id);
    const prefs = row ? preferencesFromStored(row.preferences, row.timeZone) : preferencesFromStored({});
    if (row) prefs.enabled = row.enabled;
    if (!prefs.enabled) {
      results.push({ userId: id, outcome: "skipped", alerts: 0 });
      continue;
    }
    const plan = effectivePlan(user);
    if (await claimRun(env, id, prefs, plan, message.runAt, nowMs))
      claimed.push({ user, prefs: effectivePreferences(prefs, plan), plan });
    else results.push({ userId: id, outcome: "not-due", alerts: 0 });
  }

  // This run's emails, delivered once the run's batch is written; a failed one stays queued in the outbox,
  // whose cron drain owns every retry (decision 289).
  const pending: string[] = [];
  const pendingPushes: string[] = [];

  if (claimed.length) {
    const claimedIds = claimed.map((c) => c.user.id);
    const watchRows = await db
      .select({ userId: schema.watchlistSymbols.userId, symbol: schema.watchlistSymbols.symbol })
      .from(schema.watchlistSymbols)
      .where(inArray(schema.watchlistSymbols.userId, claimedIds))
      .orderBy(schema.watchlistSymbols.position)
      .all();
    const stateRows = await db
      .select()
      .from(schema.notificationAlertState)
      .where(inArray(schema.notificationAlertState.userId, claimedIds))
      .all();
    const symbols = [...new Set(watchRows.map((r) => r.symbol))];
    const [market, economic] = await Promise.all([
      readSymbolMarketData(env, symbols, nowMs),
      readEconomicInputs(env, nowMs),
    ]);
    const origin = publicOrigin(env);

    for (const { user, prefs } of claimed) {
      try {
        const watchlist = watchRows.filter((r) => r.userId === user.id).map((r) => r.symbol);
        const state = new Map<string, AlertState>(
          stateRows
            .filter((r) => r.userId === user.id)
            .map((r) => [r.key, { armed: r.armed, lastValue: r.lastValue, lastFiredAt: r.lastFiredAt }]),
        );
        const run = buildAlerts({ prefs, watchlist, market, economic, state, nowMs });
        const fresh = await withoutSent(env, user.id, run.alerts);
        // Each alert's channel (decision 337): push needs a device; without one, a push-only alert goes by email.
        const hasDevice = fresh.length > 0 && (await hasPushDevice(env, user.id));
        const routes = fresh.map((a) => deliversBy(prefs.delivery[a.eventType]));
        const byEmail = fresh.filter((_, i) => routes[i]!.email || !hasDevice);
        const byPush = hasDevice ? fresh.filter((_, i) => routes[i]!.push) : [];
        const historyIds = new Map(fresh.map((a) => [a, crypto.randomUUID()]));
        const outboxId = byEmail.length ? crypto.randomUUID() : null;
        const statements = [];
        if (outboxId) {
          const links = await emailLinks(env, user.id, origin, nowMs);
          const email = alertEmail(user.email, byEmail, prefs.frequency.type, links);
          const deliver = emailDeliveryConfigured(env);
          statements.push(
            db.insert(schema.emailOutbox).values({
              id: outboxId,
              to: email.to,
              subject: email.subject,
              text: email.text,
              html: email.html,
              kind: email.kind,
              headers: email.headers ?? null,
              status: deliver ? "queued" : "captured",
              attempts: 0,
              nextAttemptAt: deliver ? new Date(nowMs) : null,
              createdAt: new Date(nowMs),
            }),
          );
        }
        for (let i = 0; i < fresh.length; i += HISTORY_ROWS_PER_STATEMENT)
          statements.push(
            db
              .insert(schema.notificationHistory)
              .values(
                fresh.slice(i, i + HISTORY_ROWS_PER_STATEMENT).map((a) => ({
                  id: historyIds.get(a)!,
                  userId: user.id,
                  title: a.title,
                  message: `${a.message} ${a.why}`,
                  symbol: a.symbol,
                  eventType: a.eventType,
                  eventDate: a.eventDate,
                  alertType: a.alertType,
                  status: "pending",
                  dedupeKey: a.dedupeKey,
                  outboxId: byEmail.includes(a) ? outboxId : null,
                  createdAt: new Date(nowMs),
                })),
              )
              .onConflictDoNothing(),
          );
        const pushIds: string[] = [];
        for (const push of alertPushes(byPush, prefs.frequency.type)) {
          const carried = push.alerts.map((i) => byPush[i]!).filter((a) => !byEmail.includes(a));
          const rows = await pushRowsFor(
            env,
            user.id,
            push.payload,
            // A market event is news for the day: the push service may drop it after 12 hours.
            { ttlSeconds: 12 * 3600, urgency: "normal" },
            carried.map((a) => historyIds.get(a)!),
            nowMs,
          );
          statements.push(...rows.statements);
          pushIds.push(...rows.ids);
        }
        const stateValues = [...run.state].map(([key, s]) => ({
          userId: user.id,
          key,
          armed: s.armed,
          lastValue: s.lastValue,
          lastFiredAt: s.lastFiredAt,
          updatedAt: nowMs,
        }));
        for (let i = 0; i < stateValues.length; i += STATE_ROWS_PER_STATEMENT)
          statements.push(
            db
              .insert(schema.notificationAlertState)
              .values(stateValues.slice(i, i + STATE_ROWS_PER_STATEMENT))
              .onConflictDoUpdate({
                target: [schema.notificationAlertState.userId, schema.notificationAlertState.key],
                set: {
                  armed: sql`excluded.armed`,
                  lastValue: sql`excluded.last_value`,
                  lastFiredAt: sql`excluded.last_fired_at`,
                  updatedAt: sql`excluded.updated_at`,
                },
              }),
          );
        if (statements.length)
          await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
        if (outboxId) pending.push(outboxId);
        pendingPushes.push(...pushIds);
        results.push({ userId: user.id, outcome: fresh.length ? "sent" : "no-alerts", alerts: fresh.length });
      } catch (error) {
        console.error(`notifications: run for user ${user.id} failed`, error);
        // Give the run back so the queue's retry (or the next cron) builds it again.
        await db
          .update(schema.notificationPreferences)
          .set({ nextRunAt: message.runAt })
          .where(eq(schema.notificationPreferences.userId, user.id))
          .run()
          .catch(() => {});
        results.push({ userId: user.id, outcome: "error", alerts: 0, retryInSeconds: 60 });
      }
    }
  }

  // This run's pushes: one attempt each; the cron's drain owns the retries (decision 337).
  if (pendingPushes.length)
    await deliverPushRows(env, pendingPushes, nowMs).catch((error) =>
      console.error("notifications: push delivery threw", error),
    );

  // Deliver this run's emails: one claimed attempt each. A failure is reported, not retried here.
  for (const id of pending) {
    const delivery = await deliverOutboxRow(env, id, nowMs).catch((error) => {
      console.error(`notifications: delivery of ${id} threw`, error);
      return { status: "queued" as const, attempts: 0, nextAttemptAt: null };
    });
    const owner = await ownerOfOutbox(env, id);
    const r = results.find((x) => x.userId === owner && x.outcome === "sent");
    if (!r) continue;
    if (delivery.status === "captured") r.outcome = "captured";
    else if (delivery.status !== "sent") r.outcome = "delivery-failed";
  }
  return results;
}

/** Alerts whose dedupe key is not yet in the user's history. */
async function withoutSent(env: { DB: D1Database }, userId: string, alerts: Alert[]): Promise<Alert[]> {
  if (alerts.length === 0) return alerts;
  const seen = new Set<string>();
  const keys = [...new Set(alerts.map((a) => a.dedupeKey))];
  for (let i = 0; i < keys.length; i += 90) {
    const rows = await getDb(env)
      .select({ key: schema.notificationHistory.dedupeKey })
      .from(schema.notificationHistory)
      .where(
        and(
          eq(schema.notificationHistory.userId, userId),
          inArray(schema.notificationHistory.dedupeKey, keys.slice(i, i + 90)),
        ),
      )
      .all();
    for (const r of rows) seen.add(r.key);
  }
  const out: Alert[] = [];
  for (const a of alerts)
    if (!seen.has(a.dedupeKey)) {
      seen.add(a.dedupeKey);
      out.push(a);
    }
  return out;
}

async function ownerOfOutbox(env: { DB: D1Database }, outboxId: string): Promise<string | null> {
  const row = await getDb(env)
    .select({ userId: schema.notificationHistory.userId })
    .from(schema.notificationHistory)
    .where(eq(schema.notificationHistory.outboxId, outboxId))
    .get();
  return row?.userId ?? null;
}

// ---------------------------------------------------------------- queue handler
/** Longest delay the queue accepts for a retry (12 hours); our backoff stays far below it. */
const MAX_RETRY_DELAY_S = 12 * 3600;

/**
 * The Worker's queue() handler body. Each message is acked when its users' runs are built and recorded, even
 * when an email could not be delivered (the outbox retries it; decision 289); retried when a run could not be
 * built (the queue's max_retries then the dead-letter queue bound it); and acked with a log line when it is
 * malformed (a poison message must not be retried).
 */
export async function handleNotificationBatch(
  batch: MessageBatch<unknown>,
  env: WorkerEnv,
  nowMs = Date.now(),
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = notificationMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error(
        `notifications: dropping malformed message ${message.id}`,
        parsed.error.issues[0]?.message,
      );
      message.ack();
      continue;
    }
    try {
      const results = await processNotificationMessage(env, parsed.data, nowMs);
      const failed = results.filter((r) => r.outcome === "error");
      if (failed.length === 0) message.ack();
      else {
        const delay = Math.min(MAX_RETRY_DELAY_S, Math.max(...failed.map((r) => r.retryInSeconds ?? 60)));
        message.retry({ delaySeconds: delay });
      }
    } catch (error) {
      console.error(`notifications: message ${message.id} failed (attempt ${message.attempts})`, error);
      message.retry({ delaySeconds: Math.min(MAX_RETRY_DELAY_S, backoffMs(message.attempts) / 1000) });
    }
  }
}

// ---------------------------------------------------------------- dead letters
/** The dead-letter queue (wrangler.toml): messages still failing after the consumer's max_retries. */
export const NOTIFICATIONS_DEAD_LETTER_QUEUE = "wheelhouse-notifications-dlq";

/**
 * The dead-letter queue's consumer (decision 204). A message lands here after its last retry. Nothing is
 * lost by then: a user whose run failed got the run back for the next cron run (emails are never retried
 * through the queue: the outbox owns delivery). What the dead letter tells is that building runs kept failing, so each batch becomes one job run in D1 (job "notifications-dead-letter", one
 * failure per message; the detail lists the messages, their cron runs and users) and an error log line,
 * and is acknowledged. A message that does not parse is marked malformed.
 */
export async function handleDeadLetters(batch: MessageBatch<unknown>, env: WorkerEnv): Promise<void> {
  await recordJobRun(env, "notifications-dead-letter", async () => {
    const messages = batch.messages.map((message) => {
      const parsed = notificationMessageSchema.safeParse(message.body);
      return {
        id: message.id,
        attempts: message.attempts,
        runAt: parsed.success ? new Date(parsed.data.runAt).toISOString() : null,
        userIds: parsed.success ? parsed.data.userIds : [],
        malformed: !parsed.success,
      };
    });
    const users = messages.reduce((sum, m) => sum + m.userIds.length, 0);
    console.error(
      `notifications: ${messages.length} message(s) dead-lettered after their last retry (${users} user(s))`,
      messages.map((m) => `${m.id} (run ${m.runAt ?? "malformed"}, ${m.attempts} attempts)`).join(", "),
    );
    return { itemsProcessed: messages.length, failures: messages.length, detail: { users, messages } };
  });
  batch.ackAll();
}
