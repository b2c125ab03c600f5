// Open spread positions marked on the refresh of their symbol (decision 333): each open position on a held symbol whose
// chain the run fetched is marked with the engine's markPosition at that chain's quotes (each leg at its own quote, IV
// the expiration smile's at its strike), and the run after the close stores one closing mark per position and session
// (`option_position_marks`, kept 400 days).
import { and, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";
import { cleanChain } from "#app/engine/chain.ts";
import { expirationSmile, smileVol } from "#app/engine/smile.ts";
import { MARK_MAX_QUOTE_AGE_MINUTES, markPosition } from "#app/engine/positions/marks.ts";
import type { LegQuote, Position, PositionMark, PositionStrategy } from "#app/engine/positions/types.ts";
import { addDays, isCurrentWhileClosed, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { legSchema, settingsOf, type PositionSettings } from "#app/lib/positions/input.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { sqlExcluded, type BatchStatement } from "#app/server/db/sql.server.ts";
import type { HeldChain } from "#app/server/market/refresh/run.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";

/** Closing marks are kept this long (decision 333): a year's history of each position, and a margin. */
export const POSITION_MARK_RETENTION_DAYS = 400;

/** Positions per IN list (one bound parameter each; D1 allows 100). */
const IDS_PER_QUERY = 90;

export interface MarkedPosition {
  id: string;
  userId: string;
  symbol: string;
  position: Position;
  settings: PositionSettings;
  mark: PositionMark;
  /** The symbol's next earnings date and dividend at this refresh (the earnings and assignment alerts read them). */
  nextEarningsDate: string | null;
  nextDividend: { exDate: string; amount: number } | null;
}

const legsSchema = z.array(legSchema).min(1).max(4);

/** The engine's position from a stored row; null when the stored legs do not read (never a guessed mark). */
function positionOf(row: typeof schema.optionPositions.$inferSelect): Position | null {
  const legs = legsSchema.safeParse(row.legs);
  if (!legs.success) return null;
  return {
    underlying: row.symbol,
    strategy: row.strategy as PositionStrategy,
    legs: legs.data.map((l) => ({ ...l, quantity: row.contracts })),
    openCredit: row.openCredit,
    openedDate: row.openedOn,
    contracts: row.contracts,
  };
}

/**
 * Each leg's quote in this chain: its bid, ask, delta and time (the chain's when the leg has none), and the IV of
 * its expiration's smile at its strike (the cleaned expiration's; missing when the expiration did not clean, and
 * then the engine solves it from the mid). A leg the chain does not list has no quote.
 */
export function legQuotes(position: Position, held: HeldChain, rate: number): (LegQuote | null)[] {
  const chain: ChainSnapshot = held.chain;
  const chainMs = Date.parse(chain.asOf);
  const wanted = new Set(position.legs.map((l) => l.expiration));
  const expirations = chain.expirations.filter((e) => wanted.has(e.expirationDate));
  const clean = cleanChain(
    { ...chain, expirations },
    { riskFreeRate: rate, dividendYield: held.dividendYield },
  );
  return position.legs.map((leg) => {
    const quote = expirations
      .find((e) => e.expirationDate === leg.expiration)
      ?.legs.find((l) => l.type === leg.right && Math.abs(l.strike - leg.strike) < 1e-6);
    if (!quote) return null;
    const exp = clean.expirations.find((e) => e.expirationDate === leg.expiration);
    const iv =
      exp && exp.puts.length + exp.calls.length > 0
        ? smileVol(expirationSmile(exp, clean.spot), leg.strike)
        : null;
    const at = quote.quoteTime ? Date.parse(quote.quoteTime) : chainMs;
    return {
      bid: quote.bid,
      ask: quote.ask,
      iv,
      delta: quote.delta ?? null,
      quoteTimeMs: Number.isFinite(at) ? at : chainMs,
    };
  });
}

/**
 * One position marked at a cached chain: each leg at its own quote and the smile's IV, the chain's spot and
 * dividend yield. The refresh and /positions (the spreads and the wheel's short options alike) mark through it.
 */
export function markOnChain(position: Position, held: HeldChain, rate: number, nowMs: number): PositionMark {
  const asOfMs = Date.parse(held.chain.asOf);
  return markPosition(position, legQuotes(position, held, rate), {
    spot: held.chain.spot,
    spotQuoteTimeMs: asOfMs,
    rate,
    dividendYield: held.dividendYield ?? 0,
    nowMs,
    // The session's closing quotes are the latest there are until the next open: not stale overnight.
    maxQuoteAgeMinutes: isCurrentWhileClosed(asOfMs, nowMs)
      ? (nowMs - asOfMs) / 60_000 + MARK_MAX_QUOTE_AGE_MINUTES
      : MARK_MAX_QUOTE_AGE_MINUTES,
  });
}

/** Marks every open position on the symbols whose chain this run fetched (one user's only, given `userId`). */
export async function markHeldPositions(
  env: { DB: D1Database },
  heldChains: ReadonlyMap<string, HeldChain>,
  rate: number,
  nowMs: number,
  userId?: string,
): Promise<MarkedPosition[]> {
  const symbols = [...heldChains.keys()];
  const p = schema.optionPositions;
  const out: MarkedPosition[] = [];
  for (let i = 0; i < symbols.length; i += IDS_PER_QUERY) {
    const rows = await getDb(env)
      .select()
      .from(p)
      .where(
        and(
          eq(p.status, "open"),
          inArray(p.symbol, symbols.slice(i, i + IDS_PER_QUERY)),
          userId === undefined ? undefined : eq(p.userId, userId),
        ),
      )
      .all();
    for (const row of rows) {
      const held = heldChains.get(row.symbol)!;
      const position = positionOf(row);
      if (!position) {
        console.warn(`positions: ${row.id} has legs that do not read; not marked`);
        continue;
      }
      const mark = markOnChain(position, held, rate, nowMs);
      out.push({
        id: row.id,
        userId: row.userId,
        symbol: row.symbol,
        position,
        settings: settingsOf(row.settings),
        mark,
        nextEarningsDate: held.nextEarningsDate,
        nextDividend: held.nextDividend ?? null,
      });
    }
  }
  return out;
}

/** What a closing mark keeps: the numbers the position's history shows (a mark without values is not kept). */
function storedMark(mark: PositionMark): Record<string, unknown> {
  return {
    status: mark.status,
    spot: mark.spot,
    quoteTimeMs: mark.oldestQuoteTimeMs,
    daysLeft: mark.daysLeft,
    valueMid: mark.valueMid,
    valueNatural: mark.valueNatural,
    pnlMid: mark.pnlMid,
    pnlNatural: mark.pnlNatural,
    popPercent: mark.popPercent,
    touchPercent: mark.touchPercent,
    deltaShares: mark.deltaShares,
    thetaDollarsPerDay: mark.thetaDollarsPerDay,
    vegaDollarsPerVolPoint: mark.vegaDollarsPerVolPoint,
    legs: mark.legs.map((l) => (l ? { bid: l.bid, ask: l.ask, iv: l.iv, delta: l.delta } : null)),
  };
}

/** Rows per insert: 3 bound parameters each, under D1's 100. */
const MARK_ROWS_PER_STATEMENT = 30;

/** One closing mark per position for the session `date` (a second run of that session replaces it). */
export function closingPositionMarkStatements(
  env: { DB: D1Database },
  marked: readonly MarkedPosition[],
  date: string,
): BatchStatement[] {
  const db = getDb(env);
  const t = schema.optionPositionMarks;
  const rows = marked
    .filter((m) => m.mark.valueNatural !== null)
    .map((m) => ({ positionId: m.id, date, mark: storedMark(m.mark) }));
  const statements: BatchStatement[] = [];
  for (let i = 0; i < rows.length; i += MARK_ROWS_PER_STATEMENT)
    statements.push(
      db
        .insert(t)
        .values(rows.slice(i, i + MARK_ROWS_PER_STATEMENT))
        .onConflictDoUpdate({ target: [t.positionId, t.date], set: { mark: sqlExcluded("mark") } }),
    );
  return statements;
}

/** Housekeeping: closing marks older than the retention (a range on `option_position_marks_date_idx`). */
export function expiredPositionMarksStatement(env: { DB: D1Database }, nowMs: number) {
  const cutoff = addDays(newYorkDateOf(nowMs), -POSITION_MARK_RETENTION_DAYS);
  return getDb(env).delete(schema.optionPositionMarks).where(lt(schema.optionPositionMarks.date, cutoff));
}
