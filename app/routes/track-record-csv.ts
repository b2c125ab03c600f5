import type { Route } from "./+types/track-record-csv";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { edgeCached } from "#app/server/http/cache-control.server.ts";
import { publicDownload } from "#app/server/http/public-download.server.ts";
import { TRACK_RECORD_CSV } from "#app/server/track/csv-snapshot.server.ts";

/**
 * The whole idea log as CSV, in log order: each row's content (canonical JSON), previous hash and hash, so anyone
 * can re-check the chain (decision 265). A public download (decision 301): a query is redirected to the bare path,
 * the per-address limit applies, and the body is the stored snapshot the refresh and grading jobs keep current.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return publicDownload(request, context.get(cloudflareContext).env, TRACK_RECORD_CSV, {
    // The edge shares the download between visitors until the next refresh or grading (decision 282).
    ...edgeCached(["market", "track"], { browserMaxAge: 300 }),
  });
}
