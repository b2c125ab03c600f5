import { data } from "react-router";
import type { Route } from "./+types/wheels-campaigns";
import { CampaignsPage } from "#app/components/wheel/CampaignsPage.tsx";
import { requireSession } from "#app/server/auth/session.server.ts";
import { readForm } from "#app/server/http/form.server.ts";
import { ledgerEventInputSchema, ledgerView, recordLedgerEvent } from "#app/server/wheel/ledger.server.ts";
import { pendingProposals, resolveProposal } from "#app/server/wheel/proposals.server.ts";
import { ledgerInputFromForm, recordFormValuesAfter } from "#app/lib/wheel/ledger.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Wheel campaigns · Wheelhouse",
    description: "Every wheel campaign with both cost bases and returns that count capital and idle days.",
    path: "/wheels/campaigns",
    origin: originFromMatches(matches),
  });

/** Closed campaigns shown per "Show more" (a ledger at its cap was 12 MB of HTML). */
export const CLOSED_PAGE_SIZE = 20;

/**
 * The user's campaigns, valued at the cached prices (decision 270): every open campaign, and the newest closed
 * ones, `?closed=N` of them (CLOSED_PAGE_SIZE by default; "Show more" asks for the next page, no script needed).
 * The form's list of events to correct holds the events of the campaigns shown.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const [view, proposals] = await Promise.all([ledgerView(env, user), pendingProposals(env, user.id)]);
  const asked = Number.parseInt(new URL(request.url).searchParams.get("closed") ?? "", 10);
  const closedShown = Number.isFinite(asked) && asked > 0 ? asked : CLOSED_PAGE_SIZE;
  // Oldest first, as the engine builds them; the page shows the newest first.
  const newestFirst = [...view.campaigns].reverse();
  const closed = newestFirst.filter((c) => c.status !== "open");
  const shownClosed = new Set(closed.slice(0, closedShown));
  const campaigns = newestFirst.filter((c) => c.status === "open" || shownClosed.has(c));
  const shownIds = new Set(campaigns.flatMap((c) => c.eventIds));
  return {
    ...view,
    campaigns,
    events: view.events.filter((e) => shownIds.has(e.id)),
    eventCount: view.events.length,
    closedCampaigns: closed.length,
    closedRemaining: Math.max(0, closed.length - closedShown),
    nextClosed: Math.min(closed.length, closedShown) + CLOSED_PAGE_SIZE,
    proposals,
  };
}

/**
 * Records one event from the form: the same checks and answers as POST /api/wheel/ledger. Every answer carries
 * the values the form shows next (what was typed after a refusal; the date, symbol and event after a save).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const form = await readForm(request);
  const refused = (error: string, status: number, extra: { redirectTo?: string | null } = {}) =>
    data(
      { error, ...extra, values: recordFormValuesAfter(form, false), formKey: crypto.randomUUID() },
      { status },
    );
  // A proposal's Confirm / Dismiss (decision 281): confirming records its event through the same checks.
  if (form.get("intent") === "proposal") {
    const decision = form.get("decision");
    const id = form.get("proposal");
    if ((decision !== "confirm" && decision !== "dismiss") || typeof id !== "string" || !id)
      return refused("Invalid request", 400);
    const result = await resolveProposal(env, user, id, decision);
    if (result.ok)
      return {
        success: "dismissed" in result ? "Proposal dismissed." : "Event recorded.",
        values: recordFormValuesAfter(form, false),
        formKey: crypto.randomUUID(),
      };
    if (result.status === 403)
      return refused(result.refusal.message, 403, { redirectTo: result.refusal.redirectTo });
    return refused(result.message, result.status);
  }
  const reading = ledgerInputFromForm(form);
  if (!reading.ok) return refused(reading.message, 400);
  const parsed = ledgerEventInputSchema.safeParse(reading.input);
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "Invalid request", 400);
  const result = await recordLedgerEvent(env, user, parsed.data);
  if (result.ok)
    return {
      success: "Event recorded.",
      values: recordFormValuesAfter(form, true),
      // A new key remounts the form, so it shows these values rather than what the browser kept.
      formKey: crypto.randomUUID(),
    };
  if (result.status === 403)
    return refused(result.refusal.message, 403, { redirectTo: result.refusal.redirectTo });
  return refused(result.message, result.status);
}

export default function Screen({ loaderData, actionData }: Route.ComponentProps) {
  return <CampaignsPage data={loaderData} actionData={actionData} />;
}
