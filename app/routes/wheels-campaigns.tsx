import { data } from "react-router";
import type { Route } from "./+types/wheels-campaigns";
import { CampaignsPage } from "../components/wheel/CampaignsPage";
import { requireSession } from "../server/auth/session.server";
import { readForm } from "../server/http/form.server";
import {
  ledgerEventInputSchema,
  ledgerInputFromForm,
  ledgerView,
  recordLedgerEvent,
} from "../server/wheel/ledger.server";
import { originFromMatches, pageMeta } from "../lib/seo";
import { cloudflareContext } from "../server/request-context.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Wheel campaigns · Wheelhouse",
    description: "Every wheel campaign with both cost bases and returns that count capital and idle days.",
    path: "/wheels/campaigns",
    origin: originFromMatches(matches),
  });

/** The user's campaigns, valued at the cached prices (decision 270). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  return ledgerView(env, user);
}

/** Records one event from the form: the same checks and answers as POST /api/wheel/ledger. */
export async function action({ request, context }: Route.ActionArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const parsed = ledgerEventInputSchema.safeParse(ledgerInputFromForm(await readForm(request)));
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Invalid request" }, { status: 400 });
  const result = await recordLedgerEvent(env, user, parsed.data);
  if (result.ok) return { success: "Event recorded." };
  if (result.status === 403)
    return data({ error: result.refusal.message, redirectTo: result.refusal.redirectTo }, { status: 403 });
  return data({ error: result.message }, { status: result.status });
}

export default function Screen({ loaderData, actionData }: Route.ComponentProps) {
  return <CampaignsPage data={loaderData} actionData={actionData} />;
}
