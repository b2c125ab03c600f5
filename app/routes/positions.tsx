import type { Route } from "./+types/positions";
import { PositionsPage } from "#app/components/positions/PositionsPage.tsx";
import { PositionsError } from "#app/components/positions/PositionsError.tsx";
import { closedShownFrom } from "#app/lib/positions/client.ts";
import { originFromMatches, pageMeta } from "#app/lib/seo.ts";
import { requireSession } from "#app/server/auth/session.server.ts";
import { bookRiskOf } from "#app/server/jobs/book-risk.server.ts";
import { positionsPage } from "#app/server/jobs/positions-page.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Positions · Wheelhouse",
    description: "The spreads you opened, marked at the cached quotes, with their management alerts.",
    path: "/positions",
    origin: originFromMatches(matches),
  });

/**
 * The user's positions, each open one marked now, and `?closed=N` of the closed ones (decision 334); the book's
 * risk streamed from those same marks (decision 341), none on a plan without open positions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const { user } = await requireSession(env, request);
  const data = await positionsPage(env, user, closedShownFrom(new URL(request.url).searchParams));
  const book = data.canOpen
    ? bookRiskOf(env, user, data).catch((error: unknown) => {
        console.error("positions: book risk failed", error);
        return null;
      })
    : Promise.resolve(null);
  return { ...data, book };
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <PositionsPage data={loaderData} />;
}

export function ErrorBoundary() {
  return <PositionsError />;
}
