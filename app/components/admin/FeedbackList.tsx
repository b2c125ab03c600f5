// The User Feedback tab's entries.
import { ADMIN_MESSAGES } from "#app/lib/admin.ts";
import { FEEDBACK_CATEGORY_LABELS } from "#app/lib/feedback.ts";
import type { AdminFeedbackEntry } from "#app/lib/admin.ts";
import { Empty, formatDate } from "#app/components/admin/parts.tsx";

export function FeedbackList({ feedback }: { feedback: AdminFeedbackEntry[] }) {
  if (feedback.length === 0) return <Empty text={ADMIN_MESSAGES.noFeedback} />;
  return (
    <ul className="space-y-3">
      {feedback.map((f) => (
        <li
          key={f.id}
          data-testid="admin-feedback"
          className="rounded-xl border border-ink-600 bg-ink-900 p-4"
        >
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-400">
            <span className="rounded-full border border-ink-600 px-2 py-0.5 text-slate-200">
              {FEEDBACK_CATEGORY_LABELS[f.category] ?? f.category}
            </span>
            <span className="break-all">{f.authorEmail ?? "deleted user"}</span>
            <span>{f.authorTier ?? ""}</span>
            <span>{formatDate(f.createdAt)}</span>
          </div>
          <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-200">{f.text}</p>
        </li>
      ))}
    </ul>
  );
}
