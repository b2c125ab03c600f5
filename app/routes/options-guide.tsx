import { Link, useSearchParams } from "react-router";
import { GuideTabs } from "#app/components/guide/GuideTabs.tsx";
import {
  CallsAndPuts,
  Examples,
  ExpirationTypes,
  Moneyness,
  Practice,
  PremiumExplorer,
} from "#app/components/guide/GuideSections.tsx";
import { HOW_WE_RANK_PATH, originFromMatches, pageMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/options-guide";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Options Trading Fundamentals · Wheelhouse",
    description:
      "Learn calls and puts with interactive payoff charts, moneyness, expiration types, premium and time value, worked examples with break-evens, and a pre-trade checklist.",
    path: "/options-guide",
    origin: originFromMatches(matches),
    type: "article",
  });

const TABS = [
  {
    id: "concepts",
    label: "Core Concepts",
    content: (
      <div className="space-y-6">
        <CallsAndPuts />
        <Moneyness />
        <ExpirationTypes />
        <PremiumExplorer />
      </div>
    ),
  },
  { id: "examples", label: "Real Examples", content: <Examples /> },
  { id: "practice", label: "Practice", content: <Practice /> },
] as const;

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["content"]);
}

export default function Screen() {
  const [params, setParams] = useSearchParams();
  const active = TABS.some((t) => t.id === params.get("tab")) ? params.get("tab")! : "concepts";
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/" className="text-sm text-sky-300 hover:underline">
        ← Back to dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-semibold tracking-tight text-white sm:text-3xl">
        Options Trading Fundamentals
      </h1>
      <p className="mt-1 text-slate-400">
        The ideas behind every number in Wheelhouse, with charts you can move. Education, not advice.
      </p>
      <p className="mt-1 text-sm">
        <Link to={HOW_WE_RANK_PATH} className="text-sky-300 underline">
          How we rank trade ideas →
        </Link>
      </p>
      <div className="mt-6">
        <GuideTabs
          tabs={TABS}
          active={active}
          onChange={(id) =>
            setParams(id === "concepts" ? {} : { tab: id }, { replace: true, preventScrollReset: true })
          }
        />
      </div>
    </div>
  );
}
