// The Recent Admin Activity card beside every tab.
import { AUDIT_ACTION_LABELS } from "#app/lib/admin.ts";
import { statusLabel } from "#app/lib/feedback.ts";
import type { AuditEntry } from "#app/lib/admin.ts";
import { formatDate } from "#app/components/admin/parts.tsx";

export function AuditLog({ entries }: { entries: AuditEntry[] }) {
  return (
    <section
      className="space-y-3 rounded-xl border border-ink-600 bg-ink-900 p-5"
      aria-label="Admin activity"
    >
      <h2 className="text-lg font-semibold text-white">Recent Admin Activity</h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-400">No admin actions yet</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="audit-log">
          {entries.map((e) => (
            <li key={e.id} className="border-b border-ink-700 pb-2 last:border-0">
              <div className="text-slate-200">
                {AUDIT_ACTION_LABELS[e.action] ?? e.action}:{" "}
                <span className="break-all">
                  {e.detail && typeof e.detail.title === "string" ? `“${e.detail.title}”` : e.target}
                </span>
                {e.detail && typeof e.detail.status === "string" ? ` → ${statusLabel(e.detail.status)}` : ""}
                {e.detail && typeof e.detail.length === "number"
                  ? ` (${e.detail.length} ${String(e.detail.unit)})`
                  : ""}
              </div>
              <div className="text-xs text-slate-500">
                {e.adminEmail} · {formatDate(e.createdAt)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
