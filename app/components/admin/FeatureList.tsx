// The feature requests of the Pending and All Features tabs, each with its status select (a fetcher per row).
import { useFetcher } from "react-router";
import { FEATURE_STATUSES, statusLabel } from "#app/lib/feedback.ts";
import type { AdminActionData } from "#app/lib/admin.ts";
import type { AdminFeatureRequest } from "#app/lib/admin.ts";
import { ELITE_CARD_CLASS, EliteMark, StatusBadge } from "#app/components/feedback/parts.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";
import { Empty, formatDate, Message } from "#app/components/admin/parts.tsx";

function StatusSelect({ request }: { request: AdminFeatureRequest }) {
  const fetcher = useFetcher<AdminActionData>();
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" className="flex flex-col items-end gap-1">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="requestId" value={request.id} />
      <select
        name="status"
        aria-label={`Status of ${request.title}`}
        defaultValue={request.status}
        disabled={fetcher.state !== "idle"}
        onChange={(e) => fetcher.submit(e.currentTarget.form)}
        className={`${controlClass} py-1 text-sm`}
      >
        {FEATURE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
      <Message data={failed} />
    </fetcher.Form>
  );
}

export function FeatureList({ features, emptyText }: { features: AdminFeatureRequest[]; emptyText: string }) {
  if (features.length === 0) return <Empty text={emptyText} />;
  return (
    <ul className="space-y-3">
      {features.map((f) => {
        const elite = f.userSubscriptionTier === "Elite Plan";
        return (
          <li
            key={`${f.id}:${f.status}`}
            data-testid="admin-feature"
            className={`flex flex-col gap-3 rounded-xl border bg-ink-900 p-4 sm:flex-row sm:items-start ${elite ? ELITE_CARD_CLASS : "border-ink-600"}`}
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="break-words font-semibold text-white">{f.title}</h3>
                {elite ? <EliteMark /> : null}
                <StatusBadge status={f.status} />
              </div>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-300">{f.description}</p>
              <p className="mt-2 text-xs text-slate-500">
                {f.authorEmail ?? "deleted user"} · {f.authorTier ?? "—"} · {f.votes} votes ·{" "}
                {formatDate(f.createdAt)}
              </p>
            </div>
            <StatusSelect request={f} />
          </li>
        );
      })}
    </ul>
  );
}
