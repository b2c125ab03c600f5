import { useEffect, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin";
import { readForm } from "../server/http/form.server";
import { ChipBar, ELITE_CARD_CLASS, EliteMark, StatusBadge } from "../components/feedback/parts";
import { buttonClass } from "../components/ui/Button";
import { controlClass } from "../components/ui/Field";
import { PageHeading } from "../components/ui/PageHeading";
import {
  ADMIN_MESSAGES,
  ADMIN_TABS,
  AUDIT_ACTION_LABELS,
  parseAdminTab,
  trialLength,
  TRIAL_UNITS,
  type AdminTab,
} from "../lib/admin";
import {
  FEATURE_STATUSES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  parseChips,
  statusLabel,
  toggleChip,
  type FeatureStatus,
  type FeedbackCategory,
} from "../lib/feedback";
import { getAdminSession, requireAdmin } from "../server/auth/admin.server";
import { publicOrigin } from "../server/env.server";
import { recentAudit, type AdminActor } from "../server/admin/audit.server";
import {
  listFeaturesForAdmin,
  listFeedbackForAdmin,
  setFeatureStatus,
  type AdminFeatureRequest,
  type AdminFeedbackEntry,
} from "../server/admin/board.server";
import {
  auditSearch,
  cancelTrial,
  enablePromoTrial,
  findUserByEmail,
  inviteUser,
  lookupUser,
  recentInvites,
  resetProfile,
  type AdminUserCard,
  type InviteRow,
  type UserLookup,
} from "../server/admin/users.server";
import { originFromMatches, pageMeta } from "../lib/seo";
import { cloudflareContext } from "../server/request-context.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Admin Dashboard · Wheelhouse",
    description:
      "Wheelhouse back office: users, invites, promotional trials, the feature board and the audit log.",
    path: "/admin",
    origin: originFromMatches(matches),
  });

const emailParam = z.email().max(254);

type Panel =
  | {
      tab: "pending" | "features";
      statuses: FeatureStatus[];
      features: AdminFeatureRequest[] | null;
      error: string | null;
    }
  | { tab: "invites"; invites: InviteRow[] }
  | { tab: "trials"; email: string; user: AdminUserCard | null; searched: boolean; error: string | null }
  | {
      tab: "feedback";
      categories: FeedbackCategory[];
      feedback: AdminFeedbackEntry[] | null;
      error: string | null;
    };

type LookupState = { email: string; user: UserLookup | null; error: string | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const session = await requireAdmin(env, request);
  const actor: AdminActor = { id: session.user.id, email: session.user.email };
  const url = new URL(request.url);
  const tab = parseAdminTab(url.searchParams.get("tab"));

  const panel = async (): Promise<Panel> => {
    if (tab === "pending" || tab === "features") {
      const statuses: FeatureStatus[] =
        tab === "pending" ? ["under-review"] : parseChips(url.searchParams.get("status"), FEATURE_STATUSES);
      try {
        return { tab, statuses, features: await listFeaturesForAdmin(env, statuses), error: null };
      } catch (error) {
        console.error("admin feature list failed", error);
        const message =
          tab === "pending" ? ADMIN_MESSAGES.loadPendingFailed : ADMIN_MESSAGES.loadFeaturesFailed;
        return { tab, statuses, features: null, error: message };
      }
    }
    if (tab === "invites") return { tab, invites: await recentInvites(env) };
    if (tab === "trials") {
      const raw = (url.searchParams.get("email") ?? "").trim();
      const email = emailParam.safeParse(raw);
      if (!raw) return { tab, email: "", user: null, searched: false, error: null };
      try {
        const user = email.success ? await findUserByEmail(env, email.data) : null;
        await auditSearch(env, actor, raw.slice(0, 254), "trials", Boolean(user));
        return { tab, email: raw, user, searched: true, error: null };
      } catch (error) {
        console.error("admin trial search failed", error);
        return { tab, email: raw, user: null, searched: true, error: ADMIN_MESSAGES.searchError };
      }
    }
    const categories = parseChips(url.searchParams.get("category"), FEEDBACK_CATEGORIES);
    try {
      return { tab, categories, feedback: await listFeedbackForAdmin(env, categories), error: null };
    } catch (error) {
      console.error("admin feedback list failed", error);
      return { tab, categories, feedback: null, error: "Failed to load feedback" };
    }
  };

  const lookupRaw = (url.searchParams.get("lookup") ?? "").trim();
  let lookup: LookupState | null = null;
  if (lookupRaw) {
    const email = emailParam.safeParse(lookupRaw);
    try {
      const user = email.success ? await lookupUser(env, email.data) : null;
      await auditSearch(env, actor, lookupRaw.slice(0, 254), "lookup", Boolean(user));
      lookup = { email: lookupRaw, user, error: null };
    } catch (error) {
      console.error("admin lookup failed", error);
      lookup = { email: lookupRaw, user: null, error: ADMIN_MESSAGES.searchError };
    }
  }

  return {
    email: session.user.email,
    tab,
    panel: await panel(),
    lookup,
    audit: await recentAudit(env, 20),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    requestId: z.string().trim().min(1).max(64),
    status: z.enum(FEATURE_STATUSES),
  }),
  z.object({ intent: z.literal("invite"), email: z.string().trim().max(254) }),
  z.object({
    intent: z.literal("trial-enable"),
    email: z.string().trim().max(254),
    // The spec: invalid input becomes 1 (0, 2.5, empty, too long...), never a refusal.
    length: z
      .unknown()
      .optional()
      .transform((raw) => trialLength(raw)),
    unit: z.enum(TRIAL_UNITS).catch("days"),
  }),
  z.object({ intent: z.literal("trial-cancel"), email: z.string().trim().max(254) }),
  z.object({ intent: z.literal("profile-reset"), email: z.string().trim().max(254) }),
]);
type AdminIntent = z.infer<typeof actionSchema>["intent"];

export type AdminActionData = { ok: boolean; intent: AdminIntent | null; message: string };

const FAILED: Record<AdminIntent, string> = {
  status: ADMIN_MESSAGES.updateStatusFailed,
  invite: ADMIN_MESSAGES.sendInvitationFailed,
  "trial-enable": ADMIN_MESSAGES.enableError,
  "trial-cancel": ADMIN_MESSAGES.cancelError,
  "profile-reset": ADMIN_MESSAGES.profileResetFailed,
};

function answer(intent: AdminIntent | null, ok: boolean, message: string, status = ok ? 200 : 400) {
  return Response.json({ ok, intent, message } satisfies AdminActionData, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  // Every admin action checks the role AND the admins row on the server (getAdminSession).
  const session = await getAdminSession(env, request);
  if (!session) return answer(null, false, ADMIN_MESSAGES.notAuthorized, 403);
  const actor: AdminActor = { id: session.user.id, email: session.user.email };
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return answer(null, false, "Invalid request", 400);
  const input = parsed.data;
  const appUrl = publicOrigin(env, request);
  try {
    switch (input.intent) {
      case "status": {
        const changed = await setFeatureStatus(env, actor, input.requestId, input.status);
        return changed
          ? answer("status", true, `Status changed to ${statusLabel(input.status)}`)
          : answer("status", false, ADMIN_MESSAGES.updateStatusFailed, 404);
      }
      case "invite": {
        if (!input.email) return answer("invite", false, ADMIN_MESSAGES.inviteEmailRequired);
        const email = emailParam.safeParse(input.email);
        if (!email.success) return answer("invite", false, ADMIN_MESSAGES.inviteEmailInvalid);
        const result = await inviteUser(env, actor, email.data, appUrl);
        return result.ok
          ? answer("invite", true, result.message)
          : answer("invite", false, result.message, result.status);
      }
      case "trial-enable": {
        const email = emailParam.safeParse(input.email);
        if (!email.success) return answer("trial-enable", false, ADMIN_MESSAGES.noUser, 404);
        const result = await enablePromoTrial(
          env,
          actor,
          { email: email.data, length: input.length, unit: input.unit },
          appUrl,
        );
        return result.ok
          ? answer("trial-enable", true, result.message)
          : answer("trial-enable", false, result.message, result.status);
      }
      case "trial-cancel": {
        const email = emailParam.safeParse(input.email);
        if (!email.success) return answer("trial-cancel", false, ADMIN_MESSAGES.noUser, 404);
        const result = await cancelTrial(env, actor, email.data);
        return result.ok
          ? answer("trial-cancel", true, result.message)
          : answer("trial-cancel", false, result.message, result.status);
      }
      case "profile-reset": {
        const email = emailParam.safeParse(input.email);
        if (!email.success) return answer("profile-reset", false, ADMIN_MESSAGES.noUser, 404);
        const result = await resetProfile(env, actor, email.data);
        return result.ok
          ? answer("profile-reset", true, result.message)
          : answer("profile-reset", false, result.message, result.status);
      }
    }
  } catch (error) {
    console.error(`admin action ${input.intent} failed`, error);
    return answer(input.intent, false, FAILED[input.intent], 500);
  }
}

// ---------------------------------------------------------------- page

const field = controlClass;
const primaryButton = buttonClass();
const secondaryButton = buttonClass({ variant: "secondary" });

const formatDate = (ms: number | null) => (ms == null ? "—" : new Date(ms).toLocaleString());

function Message({ data }: { data: AdminActionData | undefined }) {
  if (!data) return null;
  return (
    <p
      role={data.ok ? "status" : "alert"}
      className={`text-sm ${data.ok ? "text-emerald-400" : "text-red-400"}`}
    >
      {data.message}
    </p>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="rounded-xl border border-dashed border-ink-600 p-6 text-center text-slate-400">{text}</p>
  );
}

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
        className="rounded-lg border border-ink-600 bg-ink-850 px-2 py-1 text-sm text-white"
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

function FeatureList({ features, emptyText }: { features: AdminFeatureRequest[]; emptyText: string }) {
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

function chipHref(tab: AdminTab, param: string, selected: readonly string[], chip: string) {
  const next = toggleChip(selected, chip);
  const query = new URLSearchParams({ tab });
  if (next.length) query.set(param, next.join(","));
  return `/admin?${query}`;
}

function InvitePanel({ invites }: { invites: InviteRow[] }) {
  const fetcher = useFetcher<AdminActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <div className="space-y-5">
      <fetcher.Form
        ref={formRef}
        method="post"
        className="space-y-3 rounded-xl border border-ink-600 bg-ink-900 p-5"
      >
        <h2 className="text-lg font-semibold text-white">Invite User by Email</h2>
        <input type="hidden" name="intent" value="invite" />
        <div className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="invite-email" className="sr-only">
            Email
          </label>
          <input
            id="invite-email"
            name="email"
            type="email"
            placeholder="name@example.com"
            className={`${field} flex-1`}
          />
          <button type="submit" disabled={fetcher.state !== "idle"} className={primaryButton}>
            {fetcher.state !== "idle" ? "Sending..." : "Send Invitation"}
          </button>
        </div>
        <Message data={fetcher.state === "idle" ? fetcher.data : undefined} />
      </fetcher.Form>
      <div>
        <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-400">
          Recent invitations
        </h3>
        {invites.length === 0 ? (
          <Empty text="No invitations yet" />
        ) : (
          <ul className="divide-y divide-ink-700 rounded-xl border border-ink-600 bg-ink-900">
            {invites.map((i) => (
              <li key={i.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
                <span className="break-all text-slate-200">{i.email}</span>
                <span className="text-slate-400">
                  {i.status} · {formatDate(i.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function TrialsPanel({
  email,
  user,
  searched,
  error,
}: {
  email: string;
  user: AdminUserCard | null;
  searched: boolean;
  error: string | null;
}) {
  const fetcher = useFetcher<AdminActionData>();
  const busy = fetcher.state !== "idle";
  return (
    <div className="space-y-5">
      <Form method="get" className="flex flex-col gap-2 sm:flex-row" aria-label="Search user">
        <input type="hidden" name="tab" value="trials" />
        <label htmlFor="trial-email" className="sr-only">
          User email
        </label>
        <input
          id="trial-email"
          name="email"
          type="email"
          required
          defaultValue={email}
          placeholder="user@example.com"
          className={`${field} flex-1`}
        />
        <button type="submit" className={secondaryButton}>
          Search
        </button>
      </Form>
      {searched && !user ? (
        <p role="alert" className="text-sm text-red-400">
          {error ?? ADMIN_MESSAGES.noUser}
        </p>
      ) : null}
      {user ? (
        <div
          className="space-y-4 rounded-xl border border-ink-600 bg-ink-900 p-5"
          data-testid="trial-user-card"
        >
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Fact label="Email" value={user.email} />
            <Fact label="Current plan" value={user.subscriptionTier} />
            <Fact label="Status" value={user.subscriptionStatus} />
            <Fact label="Trial end" value={formatDate(user.trialEnd)} />
          </dl>
          {/* noValidate: the browser's number checks would block both buttons (Cancel Trial too) on 0 or 2.5;
              the field shows the length it will use on blur and the server normalises it the same way. */}
          <fetcher.Form method="post" noValidate className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="email" value={user.email} />
            <div>
              <label htmlFor="trial-length" className="mb-1 block text-xs text-slate-400">
                Trial length
              </label>
              <input
                id="trial-length"
                name="length"
                type="number"
                min={1}
                step={1}
                defaultValue={1}
                onBlur={(e) => {
                  e.currentTarget.value = String(trialLength(e.currentTarget.value));
                }}
                className={`${field} w-28`}
              />
            </div>
            <div>
              <label htmlFor="trial-unit" className="mb-1 block text-xs text-slate-400">
                Unit
              </label>
              <select id="trial-unit" name="unit" defaultValue="days" className={field}>
                <option value="days">Days</option>
                <option value="minutes">Minutes</option>
              </select>
            </div>
            <button
              type="submit"
              name="intent"
              value="trial-enable"
              disabled={busy}
              className={primaryButton}
            >
              Enable Promo Trial
            </button>
            <button
              type="submit"
              name="intent"
              value="trial-cancel"
              disabled={busy}
              className={secondaryButton}
            >
              Cancel Trial
            </button>
          </fetcher.Form>
          <Message data={fetcher.state === "idle" ? fetcher.data : undefined} />
        </div>
      ) : null}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="break-all text-slate-100">{value}</dd>
    </div>
  );
}

function FeedbackList({ feedback }: { feedback: AdminFeedbackEntry[] }) {
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

/** Puts a user's name back to the email's local part and clears the picture (audited). */
function ProfileReset({ email }: { email: string }) {
  const fetcher = useFetcher<AdminActionData>();
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="profile-reset" />
      <input type="hidden" name="email" value={email} />
      <button type="submit" disabled={fetcher.state !== "idle"} className={secondaryButton}>
        Reset display name and picture
      </button>
      <Message data={fetcher.state === "idle" ? fetcher.data : undefined} />
    </fetcher.Form>
  );
}

function LookupCard({ lookup }: { lookup: LookupState | null }) {
  return (
    <section className="space-y-3 rounded-xl border border-ink-600 bg-ink-900 p-5" aria-label="User lookup">
      <h2 className="text-lg font-semibold text-white">User Lookup</h2>
      <Form method="get" className="flex flex-col gap-2">
        <label htmlFor="lookup-email" className="sr-only">
          Email to look up
        </label>
        <input
          id="lookup-email"
          name="lookup"
          type="email"
          required
          defaultValue={lookup?.email ?? ""}
          placeholder="user@example.com"
          className={`${field} flex-1`}
        />
        <button type="submit" className={secondaryButton}>
          Look Up
        </button>
      </Form>
      {lookup && !lookup.user ? (
        <p role="alert" className="text-sm text-red-400">
          {lookup.error ?? ADMIN_MESSAGES.noUser}
        </p>
      ) : null}
      {lookup?.user ? (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm" data-testid="lookup-card">
          <Fact label="Email" value={lookup.user.email} />
          <Fact label="Display name" value={lookup.user.name ?? `Unreadable (${lookup.user.nameType})`} />
          <Fact label="Picture" value={lookup.user.image ?? "—"} />
          <Fact label="Plan" value={lookup.user.subscriptionTier} />
          <Fact label="Status" value={lookup.user.subscriptionStatus} />
          <Fact label="Trial end" value={formatDate(lookup.user.trialEnd)} />
          <Fact label="Used a trial" value={lookup.user.hasUsedTrial ? "Yes" : "No"} />
          <Fact label="Paid subscription" value={lookup.user.subscriptionId ? "Yes" : "No"} />
          <Fact label="Signed up" value={formatDate(lookup.user.createdAt)} />
          <Fact label="Role" value={lookup.user.role ?? "user"} />
          <Fact label="Feedback" value={lookup.user.counts.feedback} />
          <Fact label="Feature requests" value={lookup.user.counts.featureRequests} />
          <Fact label="Votes" value={lookup.user.counts.votes} />
          <Fact label="Watchlist symbols" value={lookup.user.counts.watchlistSymbols} />
        </dl>
      ) : null}
      {lookup?.user ? <ProfileReset email={lookup.user.email} /> : null}
    </section>
  );
}

function AuditLog({ entries }: { entries: Awaited<ReturnType<typeof recentAudit>> }) {
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

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { panel, tab } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading title="Admin Dashboard" subtitle={`Logged in as ${loaderData.email}`} />
        <Form method="post" action="/signout">
          <button type="submit" className={secondaryButton}>
            Sign Out
          </button>
        </Form>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5">
          <nav aria-label="Admin sections" className="flex gap-1 overflow-x-auto border-b border-ink-600">
            {ADMIN_TABS.map((t) => (
              <Link
                key={t.value}
                to={`/admin?tab=${t.value}`}
                aria-current={tab === t.value ? "page" : undefined}
                preventScrollReset
                className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                  tab === t.value
                    ? "border-brand-500 text-white"
                    : "border-transparent text-slate-400 hover:text-slate-200"
                }`}
              >
                {t.label}
              </Link>
            ))}
          </nav>
          {panel.tab === "pending" ? (
            panel.error ? (
              <p role="alert" className="text-red-400">
                {panel.error}
              </p>
            ) : (
              <FeatureList features={panel.features ?? []} emptyText={ADMIN_MESSAGES.noPending} />
            )
          ) : null}
          {panel.tab === "features" ? (
            <div className="space-y-4">
              <ChipBar
                label="Status filter"
                chips={FEATURE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
                selected={panel.statuses}
                hrefFor={(chip) => chipHref("features", "status", panel.statuses, chip)}
              />
              {panel.error ? (
                <p role="alert" className="text-red-400">
                  {panel.error}
                </p>
              ) : (
                <FeatureList features={panel.features ?? []} emptyText={ADMIN_MESSAGES.noFeatures} />
              )}
            </div>
          ) : null}
          {panel.tab === "invites" ? <InvitePanel invites={panel.invites} /> : null}
          {panel.tab === "trials" ? <TrialsPanel key={panel.email} {...panel} /> : null}
          {panel.tab === "feedback" ? (
            <div className="space-y-4">
              <ChipBar
                label="Category filter"
                chips={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: FEEDBACK_CATEGORY_LABELS[c] }))}
                selected={panel.categories}
                hrefFor={(chip) => chipHref("feedback", "category", panel.categories, chip)}
              />
              {panel.error ? (
                <p role="alert" className="text-red-400">
                  {panel.error}
                </p>
              ) : (
                <FeedbackList feedback={panel.feedback ?? []} />
              )}
            </div>
          ) : null}
        </div>
        <aside className="space-y-6">
          <LookupCard lookup={loaderData.lookup} />
          <AuditLog entries={loaderData.audit} />
        </aside>
      </div>
    </div>
  );
}
