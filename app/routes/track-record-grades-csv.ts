import type { Route } from "./+types/track-record-grades-csv";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";
import { publicDownload } from "#app/server/http/public-download.server.ts";
import { TRACK_GRADES_CSV } from "#app/server/track/grades-snapshot.server.ts";

/**
 * Every graded log row's settlement and grades as CSV, beside the log's: a public download (decision 301) with
 * the log CSV's rule: a query is redirected to the bare path, the per-address limit applies, and the body is the
 * stored snapshot the grading job keeps current.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return publicDownload(request, context.get(cloudflareContext).env, TRACK_GRADES_CSV, {
    // Grades change only when the grading job runs, which purges `track` (decision 282).
    ...edgeCached(["track"], { browserMaxAge: 300 }),
  });
}
