// Public downloads (decision 301): a file anyone may fetch without signing in (the track record's CSV; the
// grades download next) is answered the same way, so a new one gets the same protection by default.
//
// 1. Any query string is a 301 to the bare path. Workers Caching keys its copy by path and query, so
//    `?1`, `?2`, ... would each miss the edge and reach the Worker; the redirect costs nothing but this check
//    (no D1 statement, no KV read) and the bare path is the one copy the edge shares.
// 2. The per-address rule of the download (rate-limit.server.ts) still counts each download that reaches the
//    Worker: 429 past it.
// 3. The body is a stored snapshot: a manifest in MARKET_KV naming parts (each a KV value, well under KV's
//    25 MiB per value; at most KV's 1,000 operations per invocation, so up to 999 parts), streamed part by part.
//    The jobs that change the source rebuild it (once per run that changed it); a visitor builds it only when
//    none is stored (the first download after the feature ships, or after KV lost it).
//
// Concurrent misses: the edge collapses concurrent misses of one key, and one isolate shares one build between
// the requests that find no manifest (`building` below). Isolates in other places may each build once: the
// parts are deterministic (same keys, same bytes), so the result is the same, at the cost of one source read
// each. KV is no lock (eventually consistent), so nothing stronger is attempted.
import { clientAddress, rateLimiter, type RateLimitName } from "#app/server/rate-limit.server.ts";

type DownloadEnv = { DB: D1Database; MARKET_KV: KVNamespace };

/** One stored part of a snapshot: its KV key, its size, and what the builder needs to continue after it. */
export interface SnapshotPart {
  key: string;
  bytes: number;
  rows: number;
  /** Builder's bookkeeping (the track CSV: first and last log seq, the last row's hash). */
  from: number;
  to: number;
  mark?: string;
  /** A part that can never change again (a full page of an append-only log): stored without expiry. */
  final: boolean;
}

/** The manifest stored under the download's snapshot key. */
export interface DownloadSnapshot {
  version: 1;
  builtAt: string;
  /** Text before the parts (a CSV's header line). */
  head: string;
  parts: SnapshotPart[];
  rows: number;
  bytes: number;
}

export interface PublicDownload<E extends DownloadEnv = DownloadEnv> {
  /** The one address the download is served at, with no query ("/track-record.csv"). */
  barePath: string;
  /** The manifest's KV key. */
  snapshotKey: string;
  filename: string;
  contentType: string;
  rateLimit: RateLimitName;
  tooMany: string;
  /** Builds and stores the snapshot from the source: the jobs call it; here only when none is stored. */
  build(env: E): Promise<DownloadSnapshot>;
  /** A part the manifest names that KV does not return (not yet visible here): its text from the source. */
  partFromSource(env: E, part: SnapshotPart): Promise<string>;
}

/** A part that may still be replaced by a longer one is kept two days: the daily rebuild renews it. */
export const PART_TTL_SECONDS = 2 * 86_400;

export async function readDownloadSnapshot(env: DownloadEnv, key: string): Promise<DownloadSnapshot | null> {
  try {
    const stored = await env.MARKET_KV.get<DownloadSnapshot>(key, "json");
    return stored?.version === 1 ? stored : null;
  } catch (error) {
    console.error(`download: the snapshot ${key} could not be read`, error);
    return null;
  }
}

/** Stores a part (a failed write is logged: a reader then takes the part from the source). */
export async function storeSnapshotPart(env: DownloadEnv, part: SnapshotPart, text: string): Promise<void> {
  await env.MARKET_KV.put(part.key, text, part.final ? undefined : { expirationTtl: PART_TTL_SECONDS }).catch(
    (error: unknown) => console.error(`download: part ${part.key} was not stored`, error),
  );
}

/** Stores the manifest, after its parts, so a reader never sees a manifest naming a part not yet written. */
export async function storeDownloadSnapshot(
  env: DownloadEnv,
  key: string,
  snapshot: DownloadSnapshot,
): Promise<void> {
  await env.MARKET_KV.put(key, JSON.stringify(snapshot));
}

/** Builds shared by the requests of one isolate that find no snapshot at once. */
const building = new Map<string, Promise<DownloadSnapshot>>();

function buildOnce<E extends DownloadEnv>(env: E, download: PublicDownload<E>): Promise<DownloadSnapshot> {
  let pending = building.get(download.snapshotKey);
  if (!pending) {
    pending = download.build(env).finally(() => building.delete(download.snapshotKey));
    building.set(download.snapshotKey, pending);
  }
  return pending;
}

/** The address without its query: the only one a public download answers with a body. */
function queryRedirect(request: Request, barePath: string): Response | null {
  const url = new URL(request.url);
  // `?` alone leaves `search` empty but is still a different cache key.
  if (!request.url.includes("?") && url.pathname === barePath) return null;
  return new Response(null, { status: 301, headers: { Location: barePath } });
}

/**
 * The answer to a public download: redirect, limit, then the stored snapshot streamed part by part. `edge` is the
 * route's own `edgeCached(...)` headers (decision 282: a route opts in where it is written).
 */
export async function publicDownload<E extends DownloadEnv>(
  request: Request,
  env: E,
  download: PublicDownload<E>,
  edge: Record<string, string>,
): Promise<Response> {
  const redirect = queryRedirect(request, download.barePath);
  if (redirect) return redirect;
  const limit = await rateLimiter(env, download.rateLimit).limit({ key: clientAddress(request) });
  if (!limit.success)
    return new Response(download.tooMany, {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "3600" },
    });
  const snapshot =
    (await readDownloadSnapshot(env, download.snapshotKey)) ?? (await buildOnce(env, download));
  const encoder = new TextEncoder();
  let next = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(snapshot.head));
    },
    async pull(controller) {
      try {
        const part = snapshot.parts[next++];
        if (!part) return controller.close();
        const stored = await env.MARKET_KV.get(part.key, "stream");
        if (cancelled) return;
        if (stored) {
          const reader = stored.getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            if (cancelled) return void (await reader.cancel());
            controller.enqueue(chunk.value);
          }
        } else {
          console.error(`download: part ${part.key} missing from KV; read from the source`);
          controller.enqueue(encoder.encode(await download.partFromSource(env, part)));
        }
      } catch (error) {
        console.error(`download: ${download.barePath} could not be read`, error);
        controller.error(error);
      }
    },
    cancel() {
      cancelled = true;
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": download.contentType,
      "Content-Disposition": `attachment; filename="${download.filename}"`,
      ...edge,
    },
  });
}
