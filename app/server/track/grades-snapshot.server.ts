// The track record's grades as a stored snapshot, beside the log's CSV: with both downloads anyone can recompute
// the page's win rates, dollar totals and intervals. Unlike the log, a row's grades arrive after it is logged (at
// its expiry, then the managed rule), so no part is final: the grading job rebuilds the whole snapshot after each
// run, and a visitor only when none is stored.
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { writeCsv } from "#app/lib/csv.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import {
  storeDownloadSnapshot,
  storeSnapshotPart,
  type DownloadSnapshot,
  type PublicDownload,
  type SnapshotPart,
} from "#app/server/http/public-download.server.ts";
import type { MarketCacheEnv } from "#app/server/market/cache.server.ts";
import { snapshotManifest } from "#app/server/track/csv-snapshot.server.ts";
import { readLogHead } from "#app/server/track/idea-log.server.ts";

export const TRACK_GRADES_SNAPSHOT_KEY = "track:grades:v1";
/** Log rows per part: a graded row is ~200 bytes, so a part stays near 1 MB. */
export const TRACK_GRADES_PART_SEQS = 5_000;

/** One line per graded log row: the hold and managed grades at the fill and at mid side by side. */
export const TRACK_GRADES_COLUMNS = [
  "seq",
  "trade_id",
  "origin",
  "simulator_version",
  "status",
  "settlement_date",
  "settlement",
  "settlement_kind",
  "risk_fill",
  "risk_mid",
  "pnl_hold_fill",
  "pnl_hold_mid",
  "win_hold_fill",
  "shorts_otm",
  "pin",
  "assigned",
  "called_away",
  "managed_status",
  "pnl_managed_fill",
  "pnl_managed_mid",
  "win_managed_fill",
  "managed_exit",
  "managed_exit_day",
] as const;

type Cell = string | number;
const flag = (v: boolean | null) => (v === null ? "" : v ? 1 : 0);
const cell = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : v);

/** The CSV lines of the graded log rows with seq in [from, to]. */
async function gradeLines(env: MarketCacheEnv, from: number, to: number): Promise<Cell[][]> {
  const g = schema.ideaGrade;
  const rows = await getDb(env)
    .select({
      seq: g.logSeq,
      tradeId: schema.ideaLog.tradeId,
      origin: schema.ideaLog.origin,
      // Read inside D1, as the summary does: the content itself stays in the log's CSV.
      simulatorVersion: sql<number | null>`json_extract(${schema.ideaLog.content}, '$.simulator_version')`,
      rule: g.rule,
      fill: g.fill,
      status: g.status,
      settlementDate: g.settlementDate,
      settlement: g.settlement,
      settlementKind: g.settlementKind,
      pnl: g.pnl,
      risk: g.risk,
      win: g.win,
      shortsOtm: g.shortsOtm,
      pin: g.pin,
      assigned: g.assigned,
      calledAway: g.calledAway,
      exit: g.exit,
      closedOn: g.closedOn,
    })
    .from(g)
    .innerJoin(schema.ideaLog, eq(schema.ideaLog.seq, g.logSeq))
    .where(and(gte(g.logSeq, from), lte(g.logSeq, to)))
    .orderBy(asc(g.logSeq))
    .all();
  type R = (typeof rows)[number];
  const bySeq = new Map<number, { hold: Partial<Record<string, R>>; managed: Partial<Record<string, R>> }>();
  for (const r of rows) {
    let e = bySeq.get(r.seq);
    if (!e) bySeq.set(r.seq, (e = { hold: {}, managed: {} }));
    (r.rule === "managed" ? e.managed : e.hold)[r.fill] = r;
  }
  const lines: Cell[][] = [];
  for (const [seq, { hold, managed }] of bySeq) {
    const hf = hold.fill;
    const first = hf ?? hold.mid ?? managed.fill ?? managed.mid!;
    const mf = managed.fill;
    lines.push([
      seq,
      first.tradeId,
      first.origin,
      cell(first.simulatorVersion),
      cell(hf?.status ?? hold.mid?.status),
      first.settlementDate,
      cell(first.settlement),
      first.settlementKind,
      cell(hf?.risk),
      cell(hold.mid?.risk),
      cell(hf?.pnl),
      cell(hold.mid?.pnl),
      flag(hf?.win ?? null),
      flag(hf?.shortsOtm ?? null),
      flag(hf ? hf.pin : null),
      flag(hf ? hf.assigned : null),
      flag(hf ? hf.calledAway : null),
      cell(mf?.status ?? managed.mid?.status),
      cell(mf?.pnl),
      cell(managed.mid?.pnl),
      flag(mf?.win ?? null),
      cell(mf?.exit),
      cell(mf?.closedOn),
    ]);
  }
  return lines;
}

async function partText(
  env: MarketCacheEnv,
  from: number,
  to: number,
): Promise<{ text: string; rows: number }> {
  const lines = await gradeLines(env, from, to);
  if (!lines.length) return { text: "", rows: 0 };
  return {
    text: `${writeCsv(TRACK_GRADES_COLUMNS, lines, { header: false, quotes: false })}\r\n`,
    rows: lines.length,
  };
}

const HEAD = writeCsv(TRACK_GRADES_COLUMNS, [], { quotes: false });

/** Rebuilds the whole grades snapshot: parts first, then the manifest. */
export async function refreshTrackGradesSnapshot(
  env: MarketCacheEnv,
  nowMs = Date.now(),
): Promise<DownloadSnapshot> {
  const head = await readLogHead(getDb(env));
  const parts: SnapshotPart[] = [];
  for (let from = 1; from <= head.seq; from += TRACK_GRADES_PART_SEQS) {
    const to = Math.min(head.seq, from + TRACK_GRADES_PART_SEQS - 1);
    const { text, rows } = await partText(env, from, to);
    if (!rows) continue;
    const part: SnapshotPart = {
      // The build time in the key: a rebuild never overwrites a part a running download is streaming.
      key: `${TRACK_GRADES_SNAPSHOT_KEY}:part:${nowMs}:${from}-${to}`,
      bytes: new TextEncoder().encode(text).byteLength,
      rows,
      from,
      to,
      final: false,
    };
    await storeSnapshotPart(env, part, text);
    parts.push(part);
  }
  const snapshot = snapshotManifest(HEAD, parts, nowMs);
  await storeDownloadSnapshot(env, TRACK_GRADES_SNAPSHOT_KEY, snapshot);
  return snapshot;
}

/** For a job: a failure is logged instead of failing the run (the old snapshot stays served). */
export async function refreshTrackGradesSnapshotInJob(env: MarketCacheEnv, nowMs: number): Promise<boolean> {
  try {
    await refreshTrackGradesSnapshot(env, nowMs);
    return true;
  } catch (error) {
    console.error("track record: the grades snapshot was not rebuilt", error);
    return false;
  }
}

/** `/track-record-grades.csv`: every graded log row's settlement and grades, in log order. */
export const TRACK_GRADES_CSV: PublicDownload<MarketCacheEnv> = {
  barePath: "/track-record-grades.csv",
  snapshotKey: TRACK_GRADES_SNAPSHOT_KEY,
  filename: "wheelhouse-track-record-grades.csv",
  contentType: "text/csv; charset=utf-8",
  // The log CSV's limit: the two downloads are one record, so they share one budget per address.
  rateLimit: "trackRecordCsv",
  tooMany: "Too many downloads: try again in an hour.",
  build: (env) => refreshTrackGradesSnapshot(env),
  partFromSource: async (env, part) => (await partText(env, part.from, part.to)).text,
};
