// How logged ideas turned out, beside the ideas themselves (decision 269): the graded outcome of a shared trade or
// wheel page, looked up in the log by trade id or by its option, and the bin digest the /spreads cards read.
import { and, asc, eq } from "drizzle-orm";
import {
  NOT_LOGGED_REASON,
  type LoggedOutcome,
  type TrackBinDigest,
} from "#app/lib/track-record/track-record.ts";
import type { WheelType } from "#app/lib/wheel/wheel.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { readLastGood, type MarketCacheEnv } from "#app/server/market/cache.server.ts";

export const TRACK_BINS_KEY = "track:bins:v1";

type DbEnv = { DB: D1Database };
type LogRow = { seq: number; expiration: string; publishedAt: Date };

/** The first logged row's outcome: its hold-to-expiry grade at the fill the idea showed, if graded yet. */
async function outcomeOf(env: DbEnv, row: LogRow, credit: number): Promise<LoggedOutcome> {
  const grade = await getDb(env)
    .select({
      status: schema.ideaGrade.status,
      settlement: schema.ideaGrade.settlement,
      settlementKind: schema.ideaGrade.settlementKind,
      pnl: schema.ideaGrade.pnl,
      win: schema.ideaGrade.win,
      pin: schema.ideaGrade.pin,
      assigned: schema.ideaGrade.assigned,
    })
    .from(schema.ideaGrade)
    .where(
      and(
        eq(schema.ideaGrade.logSeq, row.seq),
        eq(schema.ideaGrade.rule, "hold"),
        eq(schema.ideaGrade.fill, "fill"),
      ),
    )
    .get();
  if (!grade) return { state: "pending", expiration: row.expiration };
  if (grade.status === "market-replaced") return { state: "market-replaced", expiration: row.expiration };
  if (grade.status !== "graded" || grade.settlement === null || grade.pnl === null)
    return { state: "no-settlement", expiration: row.expiration };
  return {
    state: "graded",
    expiration: row.expiration,
    settlement: grade.settlement,
    settlementKind: grade.settlementKind === "open-approx" ? "open-approx" : "close",
    pnl: grade.pnl,
    credit,
    win: !!grade.win,
    pin: grade.pin,
    assigned: grade.assigned,
    publishedAt: row.publishedAt.toISOString(),
  };
}

const creditAtFill = (content: string): number | null => {
  try {
    const fill = (JSON.parse(content) as { credit?: { fill?: unknown } }).credit?.fill;
    return typeof fill === "number" ? fill : null;
  } catch {
    return null;
  }
};

/** A spread idea by its public trade id: the first row that logged it (its first publication). */
export async function loggedOutcomeOfTrade(env: DbEnv, tradeId: string): Promise<LoggedOutcome> {
  const row = await getDb(env)
    .select({
      seq: schema.ideaLog.seq,
      expiration: schema.ideaLog.expirationDate,
      publishedAt: schema.ideaLog.publishedAt,
      content: schema.ideaLog.content,
    })
    .from(schema.ideaLog)
    .where(eq(schema.ideaLog.tradeId, tradeId))
    .orderBy(asc(schema.ideaLog.seq))
    .limit(1)
    .get();
  const credit = row ? creditAtFill(row.content) : null;
  if (!row || credit === null) return { state: "not-logged", reason: NOT_LOGGED_REASON.spread };
  return outcomeOf(env, row, credit);
}

/**
 * A shared wheel strategy by its option (symbol, expiration, strike): the first wheel row of the fixed universe
 * that logged that put, whatever its risk level. Covered calls are never logged (decision 267).
 */
export async function loggedOutcomeOfWheel(
  env: DbEnv,
  share: { type: WheelType; symbol: string; expirationDate: string; strike: number },
): Promise<LoggedOutcome> {
  if (share.type === "CC") return { state: "not-logged", reason: NOT_LOGGED_REASON.coveredCall };
  const rows = await getDb(env)
    .select({
      seq: schema.ideaLog.seq,
      expiration: schema.ideaLog.expirationDate,
      publishedAt: schema.ideaLog.publishedAt,
      content: schema.ideaLog.content,
    })
    .from(schema.ideaLog)
    .where(
      and(
        eq(schema.ideaLog.expirationDate, share.expirationDate),
        eq(schema.ideaLog.stockSymbol, share.symbol),
        eq(schema.ideaLog.strategyType, "CASH_SECURED_PUT"),
      ),
    )
    .orderBy(asc(schema.ideaLog.seq));
  for (const row of rows) {
    let strike: unknown;
    try {
      strike = (JSON.parse(row.content) as { strikes?: { put_short?: unknown } }).strikes?.put_short;
    } catch {
      continue;
    }
    const credit = creditAtFill(row.content);
    if (typeof strike === "number" && Math.abs(strike - share.strike) < 0.005 && credit !== null)
      return outcomeOf(env, row, credit);
  }
  return { state: "not-logged", reason: NOT_LOGGED_REASON.wheelOutside };
}

/** The /spreads cards' bins: one small last-good row, read once per request (never the log). */
export async function readTrackBinDigest(env: MarketCacheEnv): Promise<TrackBinDigest | null> {
  const stored = await readLastGood<TrackBinDigest>(env, [TRACK_BINS_KEY]);
  return stored.get(TRACK_BINS_KEY)?.payload ?? null;
}
