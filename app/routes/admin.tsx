// Admin: Pending Features (the back office's first tab, at /admin). Its action also takes the User Lookup card's
// profile reset, which the layout shows beside every tab.
import { redirect } from "react-router";
import type { Route } from "./+types/admin";
import { FeatureList } from "#app/components/admin/FeatureList.tsx";
import { ADMIN_MESSAGES, adminTabPath, parseAdminTab } from "#app/lib/admin.ts";
import { requireAdminActor, runAdminAction } from "#app/server/admin/actions.server.ts";
import { featureListOrError } from "#app/server/admin/board.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  await requireAdminActor(env, request);
  // Addresses from before the tabs were routes (/admin?tab=trials&email=...) still land on their tab.
  const url = new URL(request.url);
  const tab = parseAdminTab(url.searchParams.get("tab"));
  if (tab !== "pending") {
    url.searchParams.delete("tab");
    throw redirect(`${adminTabPath(tab)}${url.search}`);
  }
  const list = await featureListOrError(env, ["under-review"], ADMIN_MESSAGES.loadPendingFailed);
  return { tab: "pending" as const, statuses: ["under-review" as const], ...list };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(context.get(cloudflareContext).env, request, ["status", "profile-reset"]);
}

export default function AdminPending({ loaderData }: Route.ComponentProps) {
  return loaderData.error ? (
    <p role="alert" className="text-red-400">
      {loaderData.error}
    </p>
  ) : (
    <FeatureList features={loaderData.features ?? []} emptyText={ADMIN_MESSAGES.noPending} />
  );
}
