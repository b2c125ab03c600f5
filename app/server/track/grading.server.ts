// The track record's grading job (decision 265): logged ideas whose expiration has passed are graded against the
// official close stored by the refresh (daily_closes), held to expiry at both fills. Grades are appended, never
// changed; the job reads a bounded page of ungraded ideas per run.
import { and, asc, eq, gte, inArray, lt, lte, notExists } from "drizzle-orm";
import { gradeAtExpiry, type GradedPosition, type GradedStrategy } from "../../engine/grading";
import { addDays, newYorkDateOf } from "../../lib/market-calendar";
import { getDb, schema } from "../db/client.server";
import type { JobOutcome } from "../jobs/job-runs.server";
import type { MarketCacheEnv } from "../market/cache.server";
import { refreshTrackSummary } from "./summary.server";

/** AM-settled index options: their settlement value comes from the opening prints, approximated by the open. */
export const AM_SETTLED_ROOTS: ReadonlySet<string> = new Set(["SPX", "NDX", "RUT", "DJX", "OEX"]);
/** Without a close on expiry day this many days later, the symbol stopped trading: graded 'no-settlement'. */
export const NO_SETTLEMENT_AFTER_DAYS = 7;
/** Ideas graded per run (each is two rows; the statements stay well inside one invocation). */
const GRADES_PER_RUN = 2000;
const FILLS = ["mid", "fill"] as const;

interface LoggedContent {
  strategy: GradedStrategy;
  expiration: string;
  spot: number;
  width: number;
  strikes: {
    put_long: number | null;
    put_short: number | null;
    call_short: number | null;
    call_long: number | null;
  };
  credit: { mid: number; fill: number };
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

/** Grades what expired, then recomputes the page's figures (pending counts change as the log grows). */
export async function gradeExpiredIdeas(env: MarketCacheEnv, now: Date): Promise<JobOutcome> {
  const outcome = await gradePending(env, now);
  const summary = await refreshTrackSummary(env, now.getTime());
  return { ...outcome, detail: { ...outcome.detail, logRows: summary.logRows } };
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
    })
    .from(schema.ideaLog)
    .where(
      and(
        lt(schema.ideaLog.expirationDate, today),
        notExists(
          db
            .select({ one: schema.ideaGrade.logSeq })
            .from(schema.ideaGrade)
            .where(and(eq(schema.ideaGrade.logSeq, schema.ideaLog.seq), eq(schema.ideaGrade.rule, "hold"))),
        ),
      ),
    )
    .orderBy(asc(schema.ideaLog.seq))
    .limit(GRADES_PER_RUN);
  if (!pending.length) return { itemsProcessed: 0, failures: 0, detail: { graded: 0, waiting: 0 } };

  // The closes from the earliest pending expiration on, for the pending symbols (chunked under D1's 100 bound
  // parameters), keyed by symbol and date.
  const symbols = [...new Set(pending.map((p) => p.symbol))];
  const from = pending.reduce((m, p) => (p.expiration < m ? p.expiration : m), pending[0].expiration);
  const closes = new Map<string, { open: number | null; close: number }>();
  const latest = new Map<string, string>();
  for (let i = 0; i < symbols.length; i += 90) {
    const rows = await db
      .select({
        symbol: schema.dailyCloses.symbol,
        date: schema.dailyCloses.date,
        open: schema.dailyCloses.open,
        close: schema.dailyCloses.close,
      })
      .from(schema.dailyCloses)
      .where(
        and(
          inArray(schema.dailyCloses.symbol, symbols.slice(i, i + 90)),
          gte(schema.dailyCloses.date, from),
          lte(schema.dailyCloses.date, today),
        ),
      );
    for (const r of rows) {
      closes.set(`${r.symbol}|${r.date}`, { open: r.open, close: r.close });
      if ((latest.get(r.symbol) ?? "") < r.date) latest.set(r.symbol, r.date);
    }
  }

  const gradedAt = new Date(now.getTime());
  const values: (typeof schema.ideaGrade.$inferInsert)[] = [];
  let waiting = 0;
  let unsettled = 0;
  let failures = 0;
  for (const p of pending) {
    let content: LoggedContent;
    try {
      content = JSON.parse(p.content) as LoggedContent;
    } catch {
      failures++;
      continue;
    }
    const bar = closes.get(`${p.symbol}|${p.expiration}`);
    const amSettled = AM_SETTLED_ROOTS.has(p.symbol);
    const settlementKind = amSettled ? "open-approx" : "close";
    if (!bar) {
      // No close on expiry day: wait while later closes may still arrive, then mark the idea unsettled.
      const laterClose = (latest.get(p.symbol) ?? "") > p.expiration;
      if (!laterClose && today <= addDays(p.expiration, NO_SETTLEMENT_AFTER_DAYS)) {
        waiting++;
        continue;
      }
      unsettled++;
      for (const fill of FILLS) {
        values.push({
          logSeq: p.seq,
          rule: "hold",
          fill,
          status: "no-settlement",
          gradedAt,
          settlementDate: p.expiration,
          settlement: null,
          settlementKind,
          pnl: null,
          risk: riskOf(content, content.credit[fill]),
          win: null,
          shortsOtm: null,
          pin: false,
          assigned: false,
          calledAway: false,
          exit: "expiry",
          closedOn: null,
        });
      }
      continue;
    }
    const price = amSettled && bar.open !== null ? bar.open : bar.close;
    try {
      for (const fill of FILLS) {
        const credit = content.credit[fill];
        const g = gradeAtExpiry(positionOf(content), credit, { price });
        values.push({
          logSeq: p.seq,
          rule: "hold",
          fill,
          status: "graded",
          gradedAt,
          settlementDate: p.expiration,
          settlement: price,
          settlementKind,
          pnl: g.pnl,
          risk: riskOf(content, credit),
          win: g.win,
          shortsOtm: g.shortsOutOfTheMoney,
          pin: g.pin,
          assigned: g.assigned,
          calledAway: g.calledAway,
          exit: "expiry",
          closedOn: null,
        });
      }
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
  if (statements.length) await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
  const graded = values.length / FILLS.length - unsettled;
  return { itemsProcessed: graded + unsettled, failures, detail: { graded, unsettled, waiting } };
}
