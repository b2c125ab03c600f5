import { data } from "react-router";
import type { Route } from "./+types/share-wheel-csp";
import { SharedStrategyMissing, SharedStrategyPage } from "../components/wheel/SharedStrategy";
import { sharePageMeta } from "../lib/wheel-share-meta";
import { loadSharePage } from "../server/wheel/share-page.server";

/** Public. The link's own payload first, else the server's record; the preview image from the record. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = await loadSharePage(context.cloudflare.env, "CSP", params.shareId, url);
  const imageUrl =
    state.status === "ok" && state.from !== "query" && params.shareId
      ? `${url.origin}/api/csp-image/${encodeURIComponent(params.shareId)}`
      : null;
  // Expired or missing shares answer 404 so crawlers do not keep them.
  return data(
    { state, imageUrl, pageUrl: url.origin + url.pathname },
    { status: state.status === "ok" ? 200 : state.status === "error" ? 503 : 404 },
  );
}

export const meta = ({ data }: Route.MetaArgs) =>
  sharePageMeta({
    type: "CSP",
    payload: data?.state.status === "ok" ? data.state.payload : null,
    imageUrl: data?.imageUrl ?? null,
    pageUrl: data?.pageUrl ?? "",
  });

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { state } = loaderData;
  if (state.status !== "ok") return <SharedStrategyMissing status={state.status} />;
  return <SharedStrategyPage type="CSP" payload={state.payload} />;
}
