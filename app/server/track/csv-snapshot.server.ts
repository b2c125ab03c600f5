// The track record's CSV as a stored snapshot (decision 301): `/track-record.csv` streams it from KV instead of
// reading the whole log per download. The log is append-only (the database refuses UPDATE and DELETE), so a full
// part of PART_ROWS rows never changes: a rebuild keeps the full parts and rewrites only the last, short one and
// whatever was appended after it. The refresh rebuilds after a run that appended to the log, the grading job and
// the backfill after theirs; a visitor only when no snapshot is stored.
import { writeCsv } from "#app/lib/csv.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { eq } from "drizzle-orm";
import {
  readDownloadSnapshot,
  storeDownloadSnapshot,
  storeSnapshotPart,
  type DownloadSnapshot,
  type PublicDownload,
  type SnapshotPart,
} from "#app/server/http/public-download.server.ts";
import type { MarketCacheEnv } from "#app/server/market/cache.server.ts";
import {
  readIdeaLog,
  readLogHead,
  TRACK_CSV_COLUMNS,
  trackCsvRow,
} from "#app/server/track/idea-log.server.ts";

export const TRACK_CSV_SNAPSHOT_KEY = "track:csv:v1";
/** Rows per part: ~1.5 MB at the log's ~3 KB a row, far below KV's 25 MiB a value. */
export const TRACK_CSV_PART_ROWS = 500;
/** A snapshot this old is rebuilt even when the log has not grown, so its last part's expiry is renewed. */
const RENEW_AFTER_MS = 86_400_000;

const partKey = (from: number, to: number) => `${TRACK_CSV_SNAPSHOT_KEY}:part:${from}-${to}`;

/** Cells exactly as hashed: no formula escaping, which would change the content readers re-hash. */
function rowsText(rows: Awaited<ReturnType<typeof readIdeaLog>>): string {
  return `${writeCsv(TRACK_CSV_COLUMNS, rows.map(trackCsvRow), { header: false, quotes: false, escapeFormulae: false })}\r\n`;
}

/** The header line (papaparse ends a header with no rows with its CRLF). */
const HEAD = writeCsv(TRACK_CSV_COLUMNS, [], { quotes: false, escapeFormulae: false });

/** The manifest of stored parts under a header line, with its totals (shared with the grades download). */
export function snapshotManifest(head: string, parts: SnapshotPart[], nowMs: number): DownloadSnapshot {
  return {
    version: 1,
    builtAt: new Date(nowMs).toISOString(),
    head,
    parts,
    rows: parts.reduce((n, p) => n + p.rows, 0),
    bytes: new TextEncoder().encode(head).byteLength + parts.reduce((n, p) => n + p.bytes, 0),
  };
}

export interface TrackCsvSnapshotRun {
  snapshot: DownloadSnapshot;
  /** False when the stored snapshot already ended at the log's last row (nothing written). */
  rebuilt: boolean;
  partsWritten: number;
  rowsRead: number;
}

/**
 * Brings the stored snapshot up to the log's last row: one statement (the log's head) and one KV read when it is
 * already there; otherwise the full parts are kept (checked against the log by their last row's hash) and the
 * rest is read from the log and stored, parts first, then the manifest.
 */
export async function refreshTrackCsvSnapshot(
  env: MarketCacheEnv,
  nowMs = Date.now(),
): Promise<TrackCsvSnapshotRun> {
  const db = getDb(env);
  const [stored, head] = await Promise.all([
    readDownloadSnapshot(env, TRACK_CSV_SNAPSHOT_KEY),
    readLogHead(db),
  ]);
  const storedTo = stored?.parts.at(-1)?.to ?? 0;
  if (stored && storedTo === head.seq && nowMs - Date.parse(stored.builtAt) < RENEW_AFTER_MS)
    return { snapshot: stored, rebuilt: false, partsWritten: 0, rowsRead: 0 };

  let kept: SnapshotPart[] = [];
  if (stored) {
    const full = stored.parts.findIndex((p) => !p.final);
    kept = full < 0 ? [...stored.parts] : stored.parts.slice(0, full);
    const last = kept.at(-1);
    if (last) {
      const row = await db
        .select({ rowHash: schema.ideaLog.rowHash })
        .from(schema.ideaLog)
        .where(eq(schema.ideaLog.seq, last.to))
        .get();
      // Not this log (a reset database): start again.
      if (row?.rowHash !== last.mark) kept = [];
    }
  }

  const parts = [...kept];
  let after = kept.at(-1)?.to ?? 0;
  let partsWritten = 0;
  let rowsRead = 0;
  for (;;) {
    const rows = await readIdeaLog(env, after, TRACK_CSV_PART_ROWS);
    if (!rows.length) break;
    rowsRead += rows.length;
    const text = rowsText(rows);
    const part: SnapshotPart = {
      key: partKey(rows[0]!.seq, rows.at(-1)!.seq),
      bytes: new TextEncoder().encode(text).byteLength,
      rows: rows.length,
      from: rows[0]!.seq,
      to: rows.at(-1)!.seq,
      mark: rows.at(-1)!.rowHash,
      final: rows.length === TRACK_CSV_PART_ROWS,
    };
    await storeSnapshotPart(env, part, text);
    parts.push(part);
    partsWritten++;
    if (rows.length < TRACK_CSV_PART_ROWS) break;
    after = part.to;
  }
  const snapshot = snapshotManifest(HEAD, parts, nowMs);
  await storeDownloadSnapshot(env, TRACK_CSV_SNAPSHOT_KEY, snapshot);
  return { snapshot, rebuilt: true, partsWritten, rowsRead };
}

/** For a job: rebuilds when due and logs a failure instead of failing the run (the old snapshot stays served). */
export async function refreshTrackCsvSnapshotInJob(env: MarketCacheEnv, nowMs: number): Promise<boolean> {
  try {
    return (await refreshTrackCsvSnapshot(env, nowMs)).rebuilt;
  } catch (error) {
    console.error("track record: the CSV snapshot was not rebuilt", error);
    return false;
  }
}

/** `/track-record.csv`: the whole idea log, in log order, with each row's content, previous hash and hash. */
export const TRACK_RECORD_CSV: PublicDownload<MarketCacheEnv> = {
  barePath: "/track-record.csv",
  snapshotKey: TRACK_CSV_SNAPSHOT_KEY,
  filename: "wheelhouse-track-record.csv",
  contentType: "text/csv; charset=utf-8",
  rateLimit: "trackRecordCsv",
  tooMany: "Too many downloads: try again in an hour.",
  build: async (env) => (await refreshTrackCsvSnapshot(env)).snapshot,
  partFromSource: async (env, part) => rowsText(await readIdeaLog(env, part.from - 1, part.rows)),
};
