import type { Route } from "./+types/share-wheel-csp";
import { SharedStrategyScreen } from "../components/wheel/SharedStrategy";
import { sharePageMetaFrom } from "../lib/wheel-share-meta";
import { sharePageLoaderData } from "../server/wheel/share-page.server";

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  sharePageLoaderData(context.cloudflare.env, "CSP", params.shareId, request);

export const meta = ({ data }: Route.MetaArgs) => sharePageMetaFrom("CSP", data);

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <SharedStrategyScreen type="CSP" state={loaderData.state} />;
}
