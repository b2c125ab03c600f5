import { useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/feedback";
import { readForm } from "#app/server/http/form.server.ts";
import { FeatureRequests } from "#app/components/feedback/FeatureRequests.tsx";
import { GeneralFeedback, UpgradeCard } from "#app/components/feedback/forms.tsx";
import { PageHeading } from "#app/components/ui/PageHeading.tsx";
import { TabList, TabPanel, useTabIds } from "#app/components/ui/Tabs.tsx";
import {
  FEATURE_FILTERS,
  FEATURE_MESSAGES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGES,
  TEXT_LIMITS,
  type FeatureFilter,
  type FeedbackActionData,
} from "#app/lib/feedback.ts";
import { isAdminUser } from "#app/server/auth/admin-role.server.ts";
import { getSession, requireSession } from "#app/server/auth/session.server.ts";
import { entitlementOf } from "#app/server/entitlements.server.ts";
import {
  createFeatureRequest,
  listFeatureRequests,
  submitFeedback,
  voteOnFeature,
} from "#app/server/feedback.server.ts";
import type { FeatureRequestView } from "#app/lib/feedback.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

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

/** The status goes in the body too: the page's words for a 401 differ from the server's (feedbackScreenMessage). */
function refuse(intent: Intent | null, message: string, status: number) {
  return Response.json({ ok: false, intent, message, status } satisfies FeedbackActionData, { status });
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

const TABS = [
  { value: "general", label: "General Feedback" },
  { value: "requests", label: "Feature Requests" },
] as const;

export default function FeedbackPage({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "requests" ? "requests" : "general";
  const tabIds = useTabIds();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading
        title="Help Us Improve"
        subtitle="Tell us what you think and vote on what we build next."
      />
      <TabList
        label="Feedback"
        tabs={TABS}
        selected={tab}
        ids={tabIds}
        className="mb-6"
        onSelect={(value) =>
          setSearchParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set("tab", value);
              return next;
            },
            { preventScrollReset: true, replace: true },
          )
        }
      />
      <TabPanel value={tab} ids={tabIds}>
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
      </TabPanel>
    </div>
  );
}
