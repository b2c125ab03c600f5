import { z } from "zod";
import type { Route } from "./+types/track-record";
import { TrackRecord } from "#app/components/track/TrackRecord.tsx";
import { originFromMatches, pageMeta, TRACK_RECORD_PATH } from "#app/lib/seo.ts";
import {
  isTrackFilter,
  TRACK_LISTS,
  TRACK_ORIGINS,
  trackRecordView,
} from "#app/lib/track-record/track-record.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { readTrackSummary } from "#app/server/track/summary.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";

const query = z.object({
  list: z.enum(TRACK_LISTS).catch("pro30"),
  by: z.string().refine(isTrackFilter).nullable().catch(null),
  origin: z.enum(TRACK_ORIGINS).nullable().catch(null),
});

/** Public and server-rendered from the grading job's snapshot: one D1 read, never a scan of the log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const params = new URL(request.url).searchParams;
  const { list, by, origin } = query.parse({
    list: params.get("list"),
    by: params.get("by"),
    origin: params.get("origin"),
  });
  const summary = await readTrackSummary(env).catch((error: unknown) => {
    console.error("track record: the figures could not be read", error);
    return null;
  });
  return trackRecordView(summary, list, by, origin);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Track Record: Every Idea Graded at Expiry · Wheelhouse",
    description:
      "Every Wheelhouse trade idea logged when published, frozen, and graded at expiry: predicted probability of profit against realised win rate, with intervals, the money beside it and a verifiable CSV.",
    path: TRACK_RECORD_PATH,
    origin: originFromMatches(matches),
    type: "article",
  });

// A visitor's copy is shared by the edge; a signed-in user's never is (decision 282). Tagged `market`:
// the refresh logs ideas and the grading job grades them.
export function headers() {
  return edgeCached(["market", "track"]);
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <TrackRecord view={loaderData} />;
}
