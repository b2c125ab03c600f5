import type { Route } from "./+types/share-wheel-csp";
import { SharedStrategyScreen } from "../components/wheel/SharedStrategy";
import { sharePageMetaFrom } from "../lib/wheel-share-meta";
import { sharePageLoaderData } from "../server/wheel/share-page.server";
import { cloudflareContext } from "../server/request-context.server";
import { edgeCached } from "../server/http/cache-control.server";

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  sharePageLoaderData(context.get(cloudflareContext).env, "CSP", params.shareId, request);

export const meta = ({ loaderData }: Route.MetaArgs) => sharePageMetaFrom("CSP", loaderData);

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["share"]);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <SharedStrategyScreen type="CSP" state={loaderData.state} />;
}
