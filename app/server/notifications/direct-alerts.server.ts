// Alerts sent at once, outside the market-event runs and their digest (decision 337): the open positions' alerts.
// The caller (the jobs layer) hands the words; this routes each by the user's delivery choice for its kind (email,
// push or both; push without a device goes by email), records it in the history like a market event, and makes the
// first delivery attempt of each email and push (the outboxes' drains retry). The master switch covers them as it
// covers market events (off: nothing is sent), and each email carries the RFC 8058 one-click unsubscribe that turns
// it off, as the market-event emails do.
import { deliversBy, type DeliveryKey } from "#app/lib/notifications.ts";
import type { PushPayload } from "#app/lib/push.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { runBatch, type BatchStatement } from "#app/server/db/sql.server.ts";
import { deliverOutboxRow, enqueueEmail, type EmailMessage } from "#app/server/email/mail.server.ts";
import { unsubscribeHeaders } from "#app/server/email/notification-templates.server.ts";
import { publicOrigin, type WorkerEnv } from "#app/server/env.server.ts";
import { emailLinks } from "#app/server/notifications/dispatch.server.ts";
import { deliverPushRows, hasPushDevice, pushRowsFor } from "#app/server/push/outbox.server.ts";
import { readPreferences } from "#app/server/notifications/preferences.server.ts";

export interface DirectAlert {
  userId: string;
  key: DeliveryKey;
  /** One firing, once: the history's dedupe key. */
  dedupeKey: string;
  symbol: string | null;
  title: string;
  /** The history's text: what happened and why. */
  message: string;
  email: EmailMessage;
  push: PushPayload;
}

/** How long a push service keeps an undelivered position alert: an hour-old tested strike is old news. */
const DIRECT_PUSH_TTL_SECONDS = 3600;

export async function sendDirectAlerts(
  env: WorkerEnv,
  alerts: readonly DirectAlert[],
  nowMs: number,
): Promise<{ emails: number; pushes: number }> {
  const db = getDb(env);
  const prefs = new Map<string, Awaited<ReturnType<typeof readPreferences>>>();
  const devices = new Map<string, boolean>();
  const headers = new Map<string, Record<string, string>>();
  const emails: string[] = [];
  const pushes: string[] = [];
  for (const alert of alerts) {
    if (!prefs.has(alert.userId)) prefs.set(alert.userId, await readPreferences(env, alert.userId));
    const pref = prefs.get(alert.userId)!;
    if (!pref.enabled) continue;
    if (!devices.has(alert.userId)) devices.set(alert.userId, await hasPushDevice(env, alert.userId));
    const route = deliversBy(pref.delivery[alert.key]);
    const byPush = route.push && devices.get(alert.userId)!;
    const byEmail = route.email || !byPush;
    if (byEmail && !headers.has(alert.userId))
      headers.set(
        alert.userId,
        unsubscribeHeaders((await emailLinks(env, alert.userId, publicOrigin(env), nowMs)).oneClickUrl),
      );
    const outbox = byEmail
      ? await enqueueEmail(
          env,
          { ...alert.email, headers: { ...alert.email.headers, ...headers.get(alert.userId) } },
          nowMs,
        )
      : null;
    const historyId = crypto.randomUUID();
    const statements: BatchStatement[] = [
      db
        .insert(schema.notificationHistory)
        .values({
          id: historyId,
          userId: alert.userId,
          title: alert.title,
          message: alert.message,
          symbol: alert.symbol,
          eventType: alert.key,
          eventDate: new Date(nowMs).toISOString().slice(0, 10),
          alertType: "position",
          status: "pending",
          dedupeKey: alert.dedupeKey,
          outboxId: outbox?.id ?? null,
          createdAt: new Date(nowMs),
        })
        .onConflictDoNothing(),
    ];
    if (byPush) {
      const rows = await pushRowsFor(
        env,
        alert.userId,
        alert.push,
        { ttlSeconds: DIRECT_PUSH_TTL_SECONDS, urgency: "high" },
        outbox ? [] : [historyId],
        nowMs,
      );
      statements.push(...rows.statements);
      pushes.push(...rows.ids);
    }
    await runBatch(db, statements);
    if (outbox) emails.push(outbox.id);
  }
  for (const id of emails)
    await deliverOutboxRow(env, id, nowMs).catch((error: unknown) =>
      console.error(`direct alert: delivery of email ${id} threw`, error),
    );
  if (pushes.length)
    await deliverPushRows(env, pushes, nowMs).catch((error: unknown) =>
      console.error("direct alert: push delivery threw", error),
    );
  return { emails: emails.length, pushes: pushes.length };
}
