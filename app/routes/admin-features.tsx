// Admin: All Features, filtered by status chips (?status=planned,completed).
import type { Route } from "./+types/admin-features";
import { FeatureList } from "#app/components/admin/FeatureList.tsx";
import { ChipBar } from "#app/components/feedback/parts.tsx";
import { ADMIN_MESSAGES } from "#app/lib/admin.ts";
import { chipQuery, FEATURE_STATUSES, parseChips, statusLabel } from "#app/lib/feedback.ts";
import { requireAdminActor, runAdminAction } from "#app/server/admin/actions.server.ts";
import { featureListOrError } from "#app/server/admin/board.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  await requireAdminActor(env, request);
  const statuses = parseChips(new URL(request.url).searchParams.get("status"), FEATURE_STATUSES);
  const list = await featureListOrError(env, statuses, ADMIN_MESSAGES.loadFeaturesFailed);
  return { tab: "features" as const, statuses, ...list };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(context.get(cloudflareContext).env, request, ["status"]);
}

export default function AdminFeatures({ loaderData }: Route.ComponentProps) {
  const { statuses, features, error } = loaderData;
  return (
    <div className="space-y-4">
      <ChipBar
        label="Status filter"
        chips={FEATURE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        selected={statuses}
        hrefFor={(chip) => `/admin/features${chipQuery("status", statuses, chip)}`}
      />
      {error ? (
        <p role="alert" className="text-red-400">
          {error}
        </p>
      ) : (
        <FeatureList features={features ?? []} emptyText={ADMIN_MESSAGES.noFeatures} />
      )}
    </div>
  );
}
