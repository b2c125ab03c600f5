import type { Route } from "./+types/track-record-csv";
import { writeCsv } from "../lib/csv";
import { clientAddress, rateLimiter } from "../server/rate-limit.server";
import { cloudflareContext } from "../server/request-context.server";
import { readIdeaLog, TRACK_CSV_COLUMNS, trackCsvRow } from "../server/track/idea-log.server";
import { edgeCached } from "../server/http/cache-control.server";

const PAGE = 500;

/**
 * The whole idea log as CSV, in log order, streamed page by page (never held whole in memory): each row's content
 * (canonical JSON), previous hash and hash, so anyone can re-check the chain (decision 265). Rate-limited per
 * client address: the log grows every day.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(cloudflareContext).env;
  const limit = await rateLimiter(env, "trackRecordCsv").limit({ key: clientAddress(request) });
  if (!limit.success)
    return new Response("Too many downloads: try again in an hour.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "3600" },
    });
  const encoder = new TextEncoder();
  let after = 0;
  let first = true;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const rows = await readIdeaLog(env, after, PAGE);
        // The reader went away while the page was read (a cancelled download): nothing to send it.
        if (cancelled) return;
        const text = writeCsv(TRACK_CSV_COLUMNS, rows.map(trackCsvRow), {
          header: first,
          quotes: false,
          escapeFormulae: false,
        });
        if (first || rows.length) controller.enqueue(encoder.encode(`${text}\r\n`));
        first = false;
        if (rows.length < PAGE) controller.close();
        else after = rows.at(-1)!.seq;
      } catch (error) {
        console.error("track record: the CSV could not be read", error);
        controller.error(error);
      }
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="wheelhouse-track-record.csv"',
      // The edge shares the download between visitors until the next refresh or grading (decision 282).
      ...edgeCached(["market", "track"], { browserMaxAge: 300 }),
    },
  });
}
