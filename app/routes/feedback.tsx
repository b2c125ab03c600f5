import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/feedback";
import { readForm } from "../server/http/form.server";
import { ELITE_CARD_CLASS, EliteMark, StatusBadge } from "../components/feedback/parts";
import { useToast } from "../components/shell/Toaster";
import { PageHeading } from "../components/ui/PageHeading";
import {
  FEATURE_FILTERS,
  FEATURE_MESSAGES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MESSAGES,
  PUBLIC_FEATURE_STATUSES,
  SUBMITTED_LABEL_MS,
  TEXT_LIMITS,
  applyVote,
  type FeatureFilter,
  type VoteState,
} from "../lib/feedback";
import { isAdminUser } from "../server/auth/admin-role.server";
import { getSession, requireSession } from "../server/auth/session.server";
import { entitlementOf } from "../server/entitlements.server";
import {
  createFeatureRequest,
  listFeatureRequests,
  submitFeedback,
  voteOnFeature,
  type FeatureRequestView,
} from "../server/feedback.server";
import { originFromMatches, pageMeta } from "../lib/seo";
import { cloudflareContext } from "../server/request-context.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Help Us Improve · Wheelhouse",
    description: "Request features, vote on what Wheelhouse builds next and send us feedback.",
    path: "/feedback",
    origin: originFromMatches(matches),
  });

function parseFilter(raw: string | null): FeatureFilter {
  return FEATURE_FILTERS.some((f) => f.value === raw) ? (raw as FeatureFilter) : "all";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const url = new URL(request.url);
  const filter = parseFilter(url.searchParams.get("status"));
  const isAdmin = await isAdminUser(env, user);
  let requests: FeatureRequestView[] = [];
  let loadError: string | null = null;
  try {
    requests = await listFeatureRequests(env, { id: user.id, isAdmin }, filter);
  } catch (error) {
    console.error("feature requests load failed", error);
    loadError = FEATURE_MESSAGES.loadFailedScreen;
  }
  return { canSubmit: entitlementOf(user, "feedback").allowed, filter, requests, loadError };
}

const text = (max: number) => z.string().trim().max(max);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("feedback"),
    category: z.enum(FEEDBACK_CATEGORIES),
    text: text(TEXT_LIMITS.feedback).min(1, FEEDBACK_MESSAGES.textRequired),
  }),
  z.object({
    intent: z.literal("request"),
    title: text(TEXT_LIMITS.title).min(1, FEATURE_MESSAGES.titleDescriptionRequired),
    description: text(TEXT_LIMITS.description).min(1, FEATURE_MESSAGES.titleDescriptionRequired),
  }),
  z.object({
    intent: z.literal("vote"),
    requestId: z.string().trim().min(1).max(64),
    direction: z.enum(["up", "down"]),
  }),
]);
type Intent = z.infer<typeof actionSchema>["intent"];

export type FeedbackActionData =
  | { ok: true; intent: "feedback" | "request" }
  | { ok: true; intent: "vote"; requestId: string; votes: number; userVote: number }
  | { ok: false; intent: Intent | null; message: string };

const SIGNED_OUT: Record<Intent, string> = {
  feedback: FEEDBACK_MESSAGES.mustLogInSubmit,
  request: FEATURE_MESSAGES.mustLogInCreate,
  vote: FEATURE_MESSAGES.mustLogInVote,
};
const FAILED: Record<Intent, string> = {
  feedback: FEEDBACK_MESSAGES.submitFailed,
  request: FEATURE_MESSAGES.submitFailedScreen,
  vote: FEATURE_MESSAGES.voteFailedScreen,
};

function refuse(intent: Intent | null, message: string, status: number) {
  return Response.json({ ok: false, intent, message } satisfies FeedbackActionData, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const form = Object.fromEntries(await readForm(request));
  const intent = z.enum(["feedback", "request", "vote"]).safeParse(form.intent);
  const session = await getSession(env, request);
  if (!session) return refuse(intent.data ?? null, SIGNED_OUT[intent.data ?? "feedback"], 401);
  const parsed = actionSchema.safeParse(form);
  if (!parsed.success) {
    const message = parsed.error.issues.find((i) => i.code === "too_small")?.message;
    return refuse(intent.data ?? null, message ?? FAILED[intent.data ?? "feedback"], 400);
  }
  const input = parsed.data;
  const user = session.user;
  try {
    if (input.intent === "feedback") {
      const result = await submitFeedback(env, user, input);
      if (!result.ok) return refuse("feedback", result.message, result.status);
      return { ok: true, intent: "feedback" } satisfies FeedbackActionData;
    }
    if (input.intent === "request") {
      const result = await createFeatureRequest(env, user, input);
      if (!result.ok) return refuse("request", result.message, result.status);
      return { ok: true, intent: "request" } satisfies FeedbackActionData;
    }
    const result = await voteOnFeature(env, user, input.requestId, input.direction === "up" ? 1 : -1);
    if (!result.ok) return refuse("vote", result.message, result.status);
    return {
      ok: true,
      intent: "vote",
      requestId: input.requestId,
      votes: result.votes,
      userVote: result.userVote,
    } satisfies FeedbackActionData;
  } catch (error) {
    console.error(`feedback action ${input.intent} failed`, error);
    return refuse(input.intent, FAILED[input.intent], 500);
  }
}

const field =
  "w-full rounded-lg border border-ink-600 bg-ink-850 px-3 py-2 text-white placeholder:text-slate-500 focus:border-brand-500 focus:outline-none";
const primaryButton =
  "rounded-lg bg-brand-500 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-400 disabled:opacity-60";

function UpgradeCard({ text, withButton }: { text: string; withButton: boolean }) {
  return (
    <div className="rounded-xl border border-ink-600 bg-ink-900 p-5" data-testid="upgrade-card">
      <p className="text-slate-200">{text}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {withButton ? (
          <Link to="/pricing" className={primaryButton}>
            {FEEDBACK_MESSAGES.upgrade}
          </Link>
        ) : null}
        <Link to="/pricing" className="text-sm font-medium text-brand-400 hover:text-brand-500">
          {FEEDBACK_MESSAGES.viewPricing}
        </Link>
      </div>
    </div>
  );
}

/** 'Submitted!' for 3 s after each success. */
function useSubmittedFlag(fetcher: ReturnType<typeof useFetcher<FeedbackActionData>>, onSuccess: () => void) {
  const [submitted, setSubmitted] = useState(false);
  const success = useRef(onSuccess);
  success.current = onSuccess;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    success.current();
    setSubmitted(true);
    const timer = setTimeout(() => setSubmitted(false), SUBMITTED_LABEL_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);
  return submitted;
}

function GeneralFeedback() {
  const fetcher = useFetcher<FeedbackActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useSubmittedFlag(fetcher, () => formRef.current?.reset());
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form ref={formRef} method="post" className="space-y-4" aria-label="General feedback">
      <input type="hidden" name="intent" value="feedback" />
      <div>
        <label htmlFor="category" className="mb-1 block text-sm text-slate-300">
          Category
        </label>
        <select id="category" name="category" defaultValue="general" className={field}>
          {FEEDBACK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {FEEDBACK_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="feedback-text" className="mb-1 block text-sm text-slate-300">
          Your feedback
        </label>
        <textarea
          id="feedback-text"
          name="text"
          required
          rows={6}
          maxLength={TEXT_LIMITS.feedback}
          placeholder="Tell us what works, what doesn't, and what you'd like to see."
          className={field}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={primaryButton}>
        {submitted ? "Submitted!" : busy ? "Submitting..." : "Submit Feedback"}
      </button>
    </fetcher.Form>
  );
}

function NewRequestForm() {
  const fetcher = useFetcher<FeedbackActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useSubmittedFlag(fetcher, () => formRef.current?.reset());
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="space-y-3 rounded-xl border border-ink-600 bg-ink-900 p-5"
      aria-label="New feature request"
    >
      <h2 className="text-lg font-semibold text-white">Request a feature</h2>
      <input type="hidden" name="intent" value="request" />
      <div>
        <label htmlFor="request-title" className="mb-1 block text-sm text-slate-300">
          Title
        </label>
        <input
          id="request-title"
          name="title"
          required
          maxLength={TEXT_LIMITS.title}
          className={field}
          autoComplete="off"
        />
      </div>
      <div>
        <label htmlFor="request-description" className="mb-1 block text-sm text-slate-300">
          Description
        </label>
        <textarea
          id="request-description"
          name="description"
          required
          rows={4}
          maxLength={TEXT_LIMITS.description}
          className={field}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      {fetcher.state === "idle" && fetcher.data?.ok ? (
        <p role="status" className="text-sm text-emerald-300">
          {FEATURE_MESSAGES.submittedForReview}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={primaryButton}>
        {submitted ? "Submitted!" : busy ? "Submitting..." : "Submit Request"}
      </button>
    </fetcher.Form>
  );
}

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
  // While a vote is on its way, show what the spec's table says it will do; the server's answer wins.
  const cast = fetcher.formData?.get("direction");
  const pending = cast === "up" || cast === "down" ? applyVote(settledMine, cast === "up" ? 1 : -1) : null;
  const votes = pending ? settledVotes + pending.delta : settledVotes;
  const mine = pending ? pending.next : settledMine;
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
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

function FeatureRequests({
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
            className="rounded-lg border border-ink-600 bg-ink-850 px-3 py-1.5 text-white"
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

const TABS = [
  { value: "general", label: "General Feedback" },
  { value: "requests", label: "Feature Requests" },
] as const;

export default function FeedbackPage({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "requests" ? "requests" : "general";
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading
        title="Help Us Improve"
        subtitle="Tell us what you think and vote on what we build next."
      />
      <div role="tablist" aria-label="Feedback" className="mb-6 flex gap-1 border-b border-ink-600">
        {TABS.map((t) => (
          <button
            key={t.value}
            role="tab"
            type="button"
            aria-selected={tab === t.value}
            onClick={() =>
              setSearchParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  next.set("tab", t.value);
                  return next;
                },
                { preventScrollReset: true, replace: true },
              )
            }
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab === t.value
                ? "border-brand-500 text-white"
                : "border-transparent text-slate-400 hover:text-slate-200"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === "general" ? (
          loaderData.canSubmit ? (
            <GeneralFeedback />
          ) : (
            <UpgradeCard text={FEEDBACK_MESSAGES.freeFeedback} withButton />
          )
        ) : (
          <FeatureRequests
            requests={loaderData.requests}
            filter={loaderData.filter}
            canSubmit={loaderData.canSubmit}
            loadError={loaderData.loadError}
          />
        )}
      </div>
    </div>
  );
}
