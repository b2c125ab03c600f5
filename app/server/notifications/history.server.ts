// Notification history: each alert row with the delivery status of the email it went out in (the
// outbox is the truth: sent or captured -> sent, failed -> failed, still queued -> pending).
import { HISTORY_LIMIT, type NotificationHistoryItem } from "../../lib/notifications";

type Env = { DB: D1Database };

interface Row {
  id: string;
  title: string;
  message: string;
  symbol: string | null;
  event_type: string;
  event_date: string | null;
  alert_type: string;
  status: string;
  sent_at: number | null;
  created_at: number;
  outbox_status: string | null;
  outbox_sent_at: number | null;
  outbox_created_at: number | null;
}

export function historyItemOf(row: Row): NotificationHistoryItem {
  const status =
    row.outbox_status === null
      ? row.status
      : row.outbox_status === "sent" || row.outbox_status === "captured"
        ? "sent"
        : row.outbox_status === "failed"
          ? "failed"
          : "pending";
  const sentMs =
    row.outbox_status === "sent"
      ? row.outbox_sent_at
      : row.outbox_status === "captured"
        ? row.outbox_created_at
        : row.sent_at;
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    symbol: row.symbol,
    eventType: row.event_type,
    eventDate: row.event_date,
    alertType: row.alert_type,
    status,
    sentAt: sentMs != null ? new Date(sentMs).toISOString() : null,
  };
}

export async function listHistory(
  env: Env,
  userId: string,
  limit: number = HISTORY_LIMIT.default,
): Promise<NotificationHistoryItem[]> {
  const { results } = await env.DB.prepare(
    `SELECT h.id, h.title, h.message, h.symbol, h.event_type, h.event_date, h.alert_type, h.status,
            h.sent_at, h.created_at, o.status AS outbox_status, o.sent_at AS outbox_sent_at,
            o.created_at AS outbox_created_at
     FROM notification_history h LEFT JOIN email_outbox o ON o.id = h.outbox_id
     WHERE h.user_id = ?1 ORDER BY h.created_at DESC, h.id LIMIT ?2`,
  )
    .bind(userId, Math.min(Math.max(1, limit), HISTORY_LIMIT.max))
    .all<Row>();
  return results.map(historyItemOf);
}
