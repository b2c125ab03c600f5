import type { Route } from "./+types/share-wheel-csp";
import { SharedStrategyScreen } from "#app/components/wheel/SharedStrategy.tsx";
import { sharePageMetaFrom } from "#app/lib/wheel-share-meta.ts";
import { sharePageLoaderData } from "#app/server/wheel/share-page.server.ts";
import { loggedOutcomeOfWheel } from "#app/server/track/outcomes.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export function loader({ request, params, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  return sharePageLoaderData(env, "CSP", params.shareId, request, (shown) =>
    loggedOutcomeOfWheel(env, shown),
  );
}

export const meta = ({ loaderData }: Route.MetaArgs) => sharePageMetaFrom("CSP", loaderData);

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["share"]);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <SharedStrategyScreen type="CSP" state={loaderData.state} />;
}
