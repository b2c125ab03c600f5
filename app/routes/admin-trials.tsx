// Admin: User Trials (?email= searches a user, audited; the forms enable or cancel a promotional trial).
import type { Route } from "./+types/admin-trials";
import { TrialsPanel } from "#app/components/admin/TrialsPanel.tsx";
import { requireAdminActor, runAdminAction } from "#app/server/admin/actions.server.ts";
import { searchTrialUser } from "#app/server/admin/searches.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { actor } = await requireAdminActor(env, request);
  const search = await searchTrialUser(env, actor, new URL(request.url).searchParams.get("email") ?? "");
  return { tab: "trials" as const, ...search };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(context.get(cloudflareContext).env, request, ["trial-enable", "trial-cancel"]);
}

export default function AdminTrials({ loaderData }: Route.ComponentProps) {
  return <TrialsPanel key={loaderData.email} {...loaderData} />;
}
