import type { Route } from "./+types/share-wheel-cc";
import { SharedStrategyScreen } from "#app/components/wheel/SharedStrategy.tsx";
import { sharePageMetaFrom } from "#app/lib/wheel/share-meta.ts";
import { sharedStrategyPage } from "#app/server/jobs/shared-strategy-page.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  sharedStrategyPage(context.get(cloudflareContext).env, "CC", params.shareId, request);

export const meta = ({ loaderData }: Route.MetaArgs) => sharePageMetaFrom("CC", loaderData);

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["share"]);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <SharedStrategyScreen type="CC" state={loaderData.state} />;
}
