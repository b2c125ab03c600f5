// The feature board: the filter, the list of requests and each request's vote controls (optimistic, from the
// fetcher's pending form).
import { useEffect } from "react";
import { useFetcher, useSearchParams } from "react-router";
import {
  FEATURE_FILTERS,
  FEATURE_MESSAGES,
  FEEDBACK_MESSAGES,
  PUBLIC_FEATURE_STATUSES,
  applyVote,
  feedbackScreenMessage,
  type FeatureFilter,
  type FeedbackActionData,
  type VoteState,
} from "#app/lib/feedback.ts";
import type { FeatureRequestView } from "#app/lib/feedback.ts";
import { useToast } from "#app/components/shell/Toaster.tsx";
import { controlClass } from "#app/components/ui/Field.tsx";
import { ELITE_CARD_CLASS, EliteMark, StatusBadge } from "#app/components/feedback/parts.tsx";
import { NewRequestForm, UpgradeCard } from "#app/components/feedback/forms.tsx";

function Arrow({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5" fill="currentColor">
      <path d={up ? "M10 4l6 8H4l6-8z" : "M10 16l-6-8h12l-6 8z"} />
    </svg>
  );
}

function VoteControls({ request, canVote }: { request: FeatureRequestView; canVote: boolean }) {
  const fetcher = useFetcher<FeedbackActionData>();
  const result = fetcher.data?.ok && fetcher.data.intent === "vote" ? fetcher.data : null;
  // The action's answer is exact; show it until the revalidated list arrives with the same numbers.
  const settledVotes = result ? result.votes : request.votes;
  const settledMine: VoteState = result
    ? (result.userVote as VoteState)
    : request.userVoted === true
      ? 1
      : request.userVoted === false
        ? -1
        : 0;
  // While a vote is on its way, show what the product's table says it will do; the server's answer wins.
  const cast = fetcher.formData?.get("direction");
  const pending = cast === "up" || cast === "down" ? applyVote(settledMine, cast === "up" ? 1 : -1) : null;
  const votes = pending ? settledVotes + pending.delta : settledVotes;
  const mine = pending ? pending.next : settledMine;
  const error =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? feedbackScreenMessage(fetcher.data) : null;
  const busy = fetcher.state !== "idle";
  const toast = useToast();
  useEffect(() => {
    if (error) toast({ message: error, kind: "error", durationMs: 4000 });
  }, [error, fetcher.data, toast]);
  const button = (direction: "up" | "down") => {
    const on = direction === "up" ? mine === 1 : mine === -1;
    return (
      <button
        type="submit"
        name="direction"
        value={direction}
        disabled={!canVote || busy}
        aria-pressed={on}
        aria-label={direction === "up" ? "Upvote" : "Downvote"}
        className={`rounded-md p-1 transition disabled:cursor-not-allowed disabled:opacity-50 ${
          on
            ? direction === "up"
              ? "bg-emerald-500/20 text-emerald-300"
              : "bg-red-500/20 text-red-300"
            : "text-slate-400 hover:bg-ink-700 hover:text-white"
        }`}
      >
        <Arrow up={direction === "up"} />
      </button>
    );
  };
  return (
    <fetcher.Form method="post" className="flex flex-col items-center gap-0.5" aria-label="Vote">
      <input type="hidden" name="intent" value="vote" />
      <input type="hidden" name="requestId" value={request.id} />
      {button("up")}
      <span className="text-sm font-semibold tabular-nums text-white" data-testid="vote-total">
        {votes}
      </span>
      {button("down")}
    </fetcher.Form>
  );
}

function RequestCard({ request, canVote }: { request: FeatureRequestView; canVote: boolean }) {
  const elite = request.userSubscriptionTier === "Elite Plan";
  return (
    <li
      data-testid="feature-request"
      data-elite={elite || undefined}
      className={`flex gap-4 rounded-xl border bg-ink-900 p-4 ${elite ? ELITE_CARD_CLASS : "border-ink-600"}`}
    >
      <VoteControls request={request} canVote={canVote} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-words font-semibold text-white">{request.title}</h3>
          {elite ? <EliteMark /> : null}
          <StatusBadge status={request.status} />
        </div>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-300">{request.description}</p>
        <p className="mt-2 text-xs text-slate-500">{new Date(request.createdAt).toLocaleDateString()}</p>
      </div>
    </li>
  );
}

export function FeatureRequests({
  requests,
  filter,
  canSubmit,
  loadError,
}: {
  requests: FeatureRequestView[];
  filter: FeatureFilter;
  canSubmit: boolean;
  loadError: string | null;
}) {
  const [, setSearchParams] = useSearchParams();
  return (
    <div className="space-y-5">
      {canSubmit ? (
        <NewRequestForm />
      ) : (
        <UpgradeCard text={FEEDBACK_MESSAGES.freeRequests} withButton={false} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-white">Feature Requests</h2>
        <label className="flex items-center gap-2 text-sm text-slate-300">
          <span>Status</span>
          <select
            value={filter}
            aria-label="Status filter"
            onChange={(e) =>
              setSearchParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  next.set("tab", "requests");
                  if (e.target.value === "all") next.delete("status");
                  else next.set("status", e.target.value);
                  return next;
                },
                { preventScrollReset: true, replace: true },
              )
            }
            className={controlClass}
          >
            {FEATURE_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {loadError ? (
        <p role="alert" className="text-red-400">
          {loadError}
        </p>
      ) : requests.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-600 p-6 text-center text-slate-400">
          {FEATURE_MESSAGES.emptyFilter}
        </p>
      ) : (
        <ul className="space-y-3">
          {requests.map((r) => (
            // Only public requests take votes (the server refuses the rest): an author's own request under
            // review is listed for them, without vote buttons (decision 256).
            <RequestCard
              key={r.id}
              request={r}
              canVote={canSubmit && PUBLIC_FEATURE_STATUSES.includes(r.status)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
