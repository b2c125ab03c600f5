// The test email (POST /api/notifications/test): through the outbox like every alert, with the same
// unsubscribe headers, recorded in the history so the user sees it there too.
import { NOTIFICATION_MESSAGES } from "#app/lib/notifications.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { testNotificationEmail } from "#app/server/email/notification-templates.server.ts";
import { deliverOutboxRow, enqueueEmail, type OutboxStatus } from "#app/server/email/mail.server.ts";
import { rateLimiter } from "#app/server/rate-limit.server.ts";
import { emailLinks } from "#app/server/notifications/dispatch.server.ts";
import type { NotificationUser } from "#app/server/notifications/preferences.server.ts";

export async function sendTestNotification(
  env: WorkerEnv,
  user: NotificationUser,
  origin: string,
  nowMs = Date.now(),
): Promise<{ ok: true; status: OutboxStatus } | { ok: false; error: string }> {
  // A test email is for checking the inbox, not for sending mail in bulk: 5 per user per 10 minutes.
  const limit = await rateLimiter(env, "notificationsTest", () => nowMs).limit({ key: user.id });
  if (!limit.success)
    return {
      ok: false,
      error: `${NOTIFICATION_MESSAGES.testFailed}: too many test emails, try again in a few minutes`,
    };
  const links = await emailLinks(env, user.id, origin, nowMs);
  const sentAt = new Date(nowMs).toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const email = testNotificationEmail(user.email, links, sentAt);
  const queued = await enqueueEmail(env, email, nowMs);
  await getDb(env)
    .insert(schema.notificationHistory)
    .values({
      id: crypto.randomUUID(),
      userId: user.id,
      title: "Test notification",
      message: "Test email sent from the notification settings page.",
      symbol: null,
      eventType: "test",
      eventDate: new Date(nowMs).toISOString().slice(0, 10),
      alertType: "test",
      status: "pending",
      dedupeKey: `test:${queued.id}`,
      outboxId: queued.id,
      createdAt: new Date(nowMs),
    });
  const delivery = await deliverOutboxRow(env, queued.id, nowMs);
  return { ok: true, status: delivery.status };
}
