import { Link } from "react-router";
import type { Route } from "./+types/share-wheel";
import { SharedStrategyCard } from "#app/components/wheel/SharedStrategy.tsx";
import { previewFromQuery } from "#app/server/wheel/share-page.server.ts";
import { buttonClass } from "#app/components/ui/Button.tsx";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

/** /share/wheel?type=CSP|CC&symbol&exp&strike&premium&roc&shares&costBasis: the simple preview card. */
export function loader({ request }: Route.LoaderArgs) {
  return { preview: previewFromQuery(new URL(request.url).searchParams) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: loaderData?.preview
      ? `${loaderData.preview.symbol} shared strategy · Wheelhouse`
      : "Shared Strategy · Wheelhouse",
  },
];

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282).
export function headers() {
  return edgeCached(["share"]);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  return (
    <div className="mx-auto max-w-md py-6">
      {preview ? (
        <SharedStrategyCard p={preview} />
      ) : (
        // No strategy in the query (no id, a bad link): headed as the shared pages' 'Strategy Not Found' screen.
        <div className="text-center">
          <h1 className="text-2xl font-semibold text-white">Strategy Not Found</h1>
          <p className="mt-2 text-slate-400">This link does not describe a strategy.</p>
        </div>
      )}
      <div className="mt-6 flex justify-center gap-3">
        <Link
          to="/wheels"
          className="rounded-lg border border-ink-600 px-4 py-2 text-slate-200 hover:border-brand-500"
        >
          View More Strategies
        </Link>
        <Link to="/pricing" className={buttonClass({ size: "lg" })}>
          Start Free Trial
        </Link>
      </div>
    </div>
  );
}
