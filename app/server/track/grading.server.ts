// The track record's grading job (decisions 265, 266): logged ideas whose expiration has passed are graded against
// the official close stored by the refresh (daily_closes), held to expiry and under the management rule (50% of
// the credit or 21 DTE on the daily marks), each at both fills. Grades are appended, never changed; the job reads
// a bounded page of ideas without a managed grade per run.
import { and, asc, eq, inArray, lt, notExists } from "drizzle-orm";
import {
  gradeAtExpiry,
  gradeManaged,
  type GradedPosition,
  type GradedStrategy,
} from "#app/engine/grading.ts";
import { addDays, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { runBatch } from "#app/server/db/sql.server.ts";
import type { JobOutcome } from "#app/server/db/job-runs.server.ts";
import type { MarketCacheEnv } from "#app/server/market/cache.server.ts";
import { AM_SETTLED_ROOTS, readCloses } from "#app/server/market/closes.server.ts";
import {
  readClosingMarks,
  simulatedDailyMarks,
  storedDailyMarks,
  type IdeaMarks,
  type MarkedLeg,
  type StoredMarks,
} from "#app/server/track/marks.server.ts";
import { refreshTrackGradesSnapshotInJob } from "#app/server/track/grades-snapshot.server.ts";
import { refreshTrackSummary } from "#app/server/track/summary.server.ts";
import { refreshTrackCsvSnapshotInJob } from "#app/server/track/csv-snapshot.server.ts";
import { loggedOnReplacedMarket } from "#app/server/track/simulator-version.server.ts";

/** Without a close on expiry day this many days later, the symbol stopped trading: graded 'no-settlement'. */
export const NO_SETTLEMENT_AFTER_DAYS = 7;
/** Ideas graded per run (each is two rows; the statements stay well inside one invocation). */
const GRADES_PER_RUN = 2000;
const FILLS = ["mid", "fill"] as const;

export interface LoggedContent {
  strategy: GradedStrategy;
  symbol: string;
  expiration: string;
  dte: number;
  published_at: string;
  legs: MarkedLeg[];
  spot: number;
  width: number;
  strikes: {
    put_long: number | null;
    put_short: number | null;
    call_short: number | null;
    call_long: number | null;
  };
  credit: { mid: number; fill: number };
  /** The simulated market's generator an idea of the simulated market was logged on (absent before version 2). */
  simulator_version?: number;
}

function positionOf(c: LoggedContent): GradedPosition {
  return {
    strategy: c.strategy,
    putShort: c.strikes.put_short,
    putLong: c.strikes.put_long,
    callShort: c.strikes.call_short,
    callLong: c.strikes.call_long,
    expiration: c.expiration,
    stockCost: c.strategy === "COVERED_CALL" ? c.spot : undefined,
  };
}

/** Per contract, dollars: what the idea could lose at that credit (a CSP's collateral less the credit). */
export function riskOf(c: LoggedContent, credit: number): number {
  if (c.strategy === "CASH_SECURED_PUT")
    return Math.round(((c.strikes.put_short ?? 0) - credit) * 10000) / 100;
  if (c.strategy === "COVERED_CALL") return Math.round((c.spot - credit) * 10000) / 100;
  return Math.round((c.width - credit) * 10000) / 100;
}

type GradeRow = typeof schema.ideaGrade.$inferInsert;

/** A grade row's outcome fields when there is no outcome to record (no settlement, or a replaced market). */
const NO_OUTCOME = {
  pnl: null,
  win: null,
  shortsOtm: null,
  pin: false,
  assigned: false,
  calledAway: false,
  exit: "expiry",
  closedOn: null,
} as const;

/** The rows that close an idea logged on a replaced simulated market: status 'market-replaced', no P&L. */
export function replacedRowsOf(
  seq: number,
  content: LoggedContent,
  gradedAt: Date,
  withHold = true,
): GradeRow[] {
  const rows: GradeRow[] = [];
  for (const fill of FILLS)
    for (const rule of withHold ? (["hold", "managed"] as const) : (["managed"] as const))
      rows.push({
        logSeq: seq,
        gradedAt,
        settlementDate: content.expiration,
        settlement: null,
        settlementKind: "close",
        fill,
        rule,
        risk: riskOf(content, content.credit[fill]),
        status: "market-replaced",
        ...NO_OUTCOME,
      });
  return rows;
}

/**
 * The idea's daily marks: rebuilt from the simulated market for demo ideas, built from the stored closing quotes
 * of its legs for live ones (decision 278).
 */
function marksOf(source: string, content: LoggedContent, stored: StoredMarks): IdeaMarks | null {
  const publishedAtMs = Date.parse(content.published_at);
  if (source !== "demo") return storedDailyMarks(content.expiration, content.legs, publishedAtMs, stored);
  return simulatedDailyMarks(content.symbol, content.expiration, content.legs, publishedAtMs);
}

/**
 * The grade rows of one logged idea at both fills: held to expiry (when `withHold`) and under the management
 * rule. `bar` is the expiry day's bar (null: the symbol stopped trading, graded 'no-settlement'); `marks` the
 * idea's daily closing marks (null: none known, the managed rows say 'no-marks' with no P&L).
 */
export function gradeRowsOf(
  seq: number,
  content: LoggedContent,
  bar: { open: number | null; close: number } | null,
  marks: IdeaMarks | null,
  gradedAt: Date,
  withHold = true,
): GradeRow[] {
  const amSettled = AM_SETTLED_ROOTS.has(content.symbol);
  const settlementKind = amSettled ? "open-approx" : "close";
  const price = bar ? (amSettled && bar.open !== null ? bar.open : bar.close) : null;
  const base = {
    logSeq: seq,
    gradedAt,
    settlementDate: content.expiration,
    settlement: price,
    settlementKind,
  };
  const rows: GradeRow[] = [];
  for (const fill of FILLS) {
    const credit = content.credit[fill];
    const risk = riskOf(content, credit);
    const none = {
      ...base,
      fill,
      risk,
      ...NO_OUTCOME,
    };
    if (price === null) {
      if (withHold) rows.push({ ...none, rule: "hold", status: "no-settlement" });
      rows.push({ ...none, rule: "managed", status: "no-settlement" });
      continue;
    }
    const position = positionOf(content);
    const held = gradeAtExpiry(position, credit, { price });
    const heldRow = {
      ...base,
      fill,
      risk,
      status: "graded",
      pnl: held.pnl,
      win: held.win,
      shortsOtm: held.shortsOutOfTheMoney,
      pin: held.pin,
      assigned: held.assigned,
      calledAway: held.calledAway,
      exit: "expiry",
      closedOn: null,
    };
    if (withHold) rows.push({ ...heldRow, rule: "hold" });
    if (!marks) {
      rows.push({ ...none, rule: "managed", status: "no-marks" });
      continue;
    }
    const managed = gradeManaged(position, credit, content.dte, marks[fill], { price }, marks.stock);
    rows.push(
      managed.exit === "expiry"
        ? { ...heldRow, rule: "managed" }
        : {
            ...none,
            rule: "managed",
            status: "graded",
            pnl: managed.pnl,
            win: managed.win,
            exit: managed.exit,
            closedOn: managed.closedOn,
          },
    );
  }
  return rows;
}

/** Grades what expired, then recomputes the page's figures (pending counts change as the log grows). */
export async function gradeExpiredIdeas(env: MarketCacheEnv, now: Date): Promise<JobOutcome> {
  const outcome = await gradePending(env, now);
  const summary = await refreshTrackSummary(env, now.getTime());
  // The public CSV's snapshot: a no-op when it already ends at the log's last row (decision 301).
  const trackCsvRebuilt = await refreshTrackCsvSnapshotInJob(env, now.getTime());
  const gradesCsvRebuilt = await refreshTrackGradesSnapshotInJob(env, now.getTime());
  return {
    ...outcome,
    detail: { ...outcome.detail, logRows: summary.logRows, trackCsvRebuilt, gradesCsvRebuilt },
  };
}

async function gradePending(env: MarketCacheEnv, now: Date): Promise<JobOutcome> {
  const db = getDb(env);
  const today = newYorkDateOf(now.getTime());
  const pending = await db
    .select({
      seq: schema.ideaLog.seq,
      symbol: schema.ideaLog.stockSymbol,
      expiration: schema.ideaLog.expirationDate,
      content: schema.ideaLog.content,
      source: schema.ideaLog.source,
    })
    .from(schema.ideaLog)
    .where(
      and(
        lt(schema.ideaLog.expirationDate, today),
        notExists(
          db
            .select({ one: schema.ideaGrade.logSeq })
            .from(schema.ideaGrade)
            .where(
              and(eq(schema.ideaGrade.logSeq, schema.ideaLog.seq), eq(schema.ideaGrade.rule, "managed")),
            ),
        ),
      ),
    )
    .orderBy(asc(schema.ideaLog.seq))
    .limit(GRADES_PER_RUN);
  if (!pending.length) return { itemsProcessed: 0, failures: 0, detail: { graded: 0, waiting: 0 } };

  const symbols = [...new Set(pending.map((p) => p.symbol))];
  const from = pending.reduce((m, p) => (p.expiration < m ? p.expiration : m), pending[0].expiration);
  const { closes, latest } = await readCloses(env, symbols, from, today);

  // Which of these already hold their hold-to-expiry rows (graded before the management rule's rows existed).
  const held = new Set<number>();
  const seqs = pending.map((p) => p.seq);
  for (let i = 0; i < seqs.length; i += 90) {
    const rows = await db
      .select({ seq: schema.ideaGrade.logSeq })
      .from(schema.ideaGrade)
      .where(and(inArray(schema.ideaGrade.logSeq, seqs.slice(i, i + 90)), eq(schema.ideaGrade.rule, "hold")));
    for (const r of rows) held.add(r.seq);
  }

  // The stored closing quotes of the live ideas' legs (demo ideas rebuild theirs from the simulated market).
  const contents = new Map<number, LoggedContent>();
  let failures = 0;
  for (const p of pending) {
    try {
      contents.set(p.seq, JSON.parse(p.content) as LoggedContent);
    } catch {
      failures++;
    }
  }
  const live = pending.filter((p) => p.source !== "demo" && contents.has(p.seq));
  const firstPublished = live.reduce(
    (m, p) => (contents.get(p.seq)!.published_at < m ? contents.get(p.seq)!.published_at : m),
    live.length ? contents.get(live[0]!.seq)!.published_at : "",
  );
  const stored: StoredMarks = live.length
    ? await readClosingMarks(
        env,
        live.map((p) => p.symbol),
        newYorkDateOf(Date.parse(firstPublished)),
      )
    : new Map();

  const gradedAt = new Date(now.getTime());
  const values: GradeRow[] = [];
  let waiting = 0;
  let unsettled = 0;
  let graded = 0;
  let replaced = 0;
  for (const p of pending) {
    const content = contents.get(p.seq);
    if (!content) continue;
    // An idea of a replaced simulated market needs no close: it is closed unsettled at once (decision 316).
    if (loggedOnReplacedMarket(p.source, content.simulator_version)) {
      values.push(...replacedRowsOf(p.seq, content, gradedAt, !held.has(p.seq)));
      replaced++;
      continue;
    }
    const bar = closes.get(`${p.symbol}|${p.expiration}`) ?? null;
    if (!bar) {
      // No close on expiry day: wait while later closes may still arrive, then mark the idea unsettled.
      const laterClose = (latest.get(p.symbol) ?? "") > p.expiration;
      if (!laterClose && today <= addDays(p.expiration, NO_SETTLEMENT_AFTER_DAYS)) {
        waiting++;
        continue;
      }
    }
    try {
      const rows = gradeRowsOf(
        p.seq,
        content,
        bar,
        marksOf(p.source, content, stored),
        gradedAt,
        !held.has(p.seq),
      );
      values.push(...rows);
      if (bar) graded++;
      else unsettled++;
    } catch (error) {
      console.error(`track record: idea ${p.seq} could not be graded`, error);
      failures++;
    }
  }
  // 17 bound parameters a row: 5 rows a statement stays under D1's 100. One batch: a run's grades land together.
  const statements = [];
  for (let i = 0; i < values.length; i += 5) {
    statements.push(db.insert(schema.ideaGrade).values(values.slice(i, i + 5)));
  }
  await runBatch(db, statements);
  return {
    itemsProcessed: graded + unsettled + replaced,
    failures,
    detail: { graded, unsettled, waiting, replaced },
  };
}
