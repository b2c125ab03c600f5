// Notification history: each alert row with the delivery status of the email it went out in (the
// outbox is the truth: sent or captured -> sent, failed -> failed, still queued -> pending).
import { asc, desc, eq } from "drizzle-orm";
import { HISTORY_LIMIT, type NotificationHistoryItem } from "#app/lib/notifications.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";

type Env = { DB: D1Database };

async function historyRows(env: Env, userId: string, limit: number) {
  const h = schema.notificationHistory;
  const o = schema.emailOutbox;
  return getDb(env)
    .select({
      id: h.id,
      title: h.title,
      message: h.message,
      symbol: h.symbol,
      eventType: h.eventType,
      eventDate: h.eventDate,
      alertType: h.alertType,
      status: h.status,
      sentAt: h.sentAt,
      outboxStatus: o.status,
      outboxSentAt: o.sentAt,
      outboxCreatedAt: o.createdAt,
    })
    .from(h)
    .leftJoin(o, eq(o.id, h.outboxId))
    .where(eq(h.userId, userId))
    .orderBy(desc(h.createdAt), asc(h.id))
    .limit(limit);
}

type HistoryRow = Awaited<ReturnType<typeof historyRows>>[number];

function historyItemOf(row: HistoryRow): NotificationHistoryItem {
  const status =
    row.outboxStatus === null
      ? row.status
      : row.outboxStatus === "sent" || row.outboxStatus === "captured"
        ? "sent"
        : row.outboxStatus === "failed"
          ? "failed"
          : "pending";
  const sent =
    row.outboxStatus === "sent"
      ? row.outboxSentAt
      : row.outboxStatus === "captured"
        ? row.outboxCreatedAt
        : row.sentAt;
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    symbol: row.symbol,
    eventType: row.eventType,
    eventDate: row.eventDate,
    alertType: row.alertType,
    status,
    sentAt: sent ? sent.toISOString() : null,
  };
}

export async function listHistory(
  env: Env,
  userId: string,
  limit: number = HISTORY_LIMIT.default,
): Promise<NotificationHistoryItem[]> {
  const rows = await historyRows(env, userId, Math.min(Math.max(1, limit), HISTORY_LIMIT.max));
  return rows.map(historyItemOf);
}
