// The History tab: the latest alerts with their delivery status, refreshed from the API when shown.
import { useEffect, useState } from "react";
import { HISTORY_LIMIT, historyStatusStyle, type NotificationHistoryItem } from "#app/lib/notifications.ts";
import { card } from "#app/components/notifications/controls.tsx";
import { notificationsApi } from "#app/components/notifications/notifications-api.ts";

const STATUS_STYLES = {
  sent: "border-emerald-500/40 bg-emerald-500/10 text-emerald-300",
  failed: "border-red-500/40 bg-red-500/10 text-red-300",
  pending: "border-amber-500/40 bg-amber-500/10 text-amber-300",
} as const;

export function HistoryTab({ initial }: { initial: NotificationHistoryItem[] }) {
  const [items, setItems] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void notificationsApi<NotificationHistoryItem[]>(
      "history",
      `/api/notifications/history?limit=${HISTORY_LIMIT.screen}`,
    ).then((r) => {
      if (!live) return;
      if (r.ok) setItems(r.data);
      else setError(r.message);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="mt-6 space-y-3" data-testid="history-tab">
      {error ? (
        <p className="text-sm text-red-400" role="alert">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-600 p-8 text-center text-slate-400">
          No notifications yet. Alerts for your watchlist will appear here.
        </p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => {
            const style = historyStatusStyle(item.status);
            return (
              <li key={item.id} className={card} data-testid="history-item">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-semibold text-white">{item.title}</p>
                  <span
                    className={`rounded-full border px-2 py-0.5 text-xs capitalize ${STATUS_STYLES[style]}`}
                    data-status={style}
                  >
                    {style}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-300">{item.message}</p>
                <p className="mt-2 text-xs text-slate-500">
                  {item.symbol ? `${item.symbol} · ` : ""}
                  {item.eventDate ? `Event ${item.eventDate} · ` : ""}
                  {item.sentAt
                    ? `Sent ${new Date(item.sentAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}`
                    : "Not sent yet"}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
