import { HowWeRank } from "#app/components/guide/HowWeRank.tsx";
import { HOW_WE_RANK_PATH, originFromMatches, pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/how-we-rank";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "How We Rank Trade Ideas · Wheelhouse",
    description:
      "How Wheelhouse ranks credit spreads and wheel trades: the volatility edge it claims and its limits, the three profiles, four ways to read probability of profit, touch, expected value and the assumptions.",
    path: HOW_WE_RANK_PATH,
    origin: originFromMatches(matches),
    type: "article",
  });

/** Public and static: server-rendered from the engine's constants, no loader, no session. */
// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["content"]);
}

export default function Screen() {
  return <HowWeRank />;
}
