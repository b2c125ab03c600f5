// Daily marks of a logged idea for the management rule (decision 266): the cost to close the position at each
// session's close after publication, at mid and at the fill basis the idea showed (buy back shorts, sell longs).
// On the simulated market they are rebuilt from the market's state: each contract priced at that session's close
// exactly as the demo chain prices it, so no marks are stored for demo ideas. In live mode (decision 278) the
// refresh that captures the closing chains stores each tracked contract's closing bid and ask; an idea's marks are
// built from its legs' rows.
import { and, gte, inArray, lt } from "drizzle-orm";
import type { DailyMark } from "#app/engine/grading.ts";
import { buyFillPrice, sellFillPrice } from "#app/engine/hygiene.ts";
import { formatOccSymbol, parseOccSymbol } from "#app/engine/occ.ts";
import type { OptionChain } from "#app/engine/types.ts";
import {
  addDays,
  daysBetween,
  isTradingDay,
  newYorkDateOf,
  nextTradingDay,
  sessionOn,
} from "#app/lib/market-calendar/index.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { demoContractQuotes } from "#app/server/market/providers/demo/chain.server.ts";
import { closeOn } from "#app/server/market/providers/demo/prices.server.ts";
import { universeEntry } from "#app/server/market/universe.server.ts";

export interface MarkedLeg {
  type: "call" | "put";
  side: "sell" | "buy";
  strike: number;
  /** The contract's OCC symbol as the chain spelled it (live marks are looked up by it). */
  occ?: string;
}

export interface IdeaMarks {
  mid: DailyMark[];
  fill: DailyMark[];
  /** The stock's close per session (a covered call's stock leg). */
  stock: Map<string, number>;
}

/** Cost to close per share from each leg's bid and ask: at mid, and at the fill basis (halfway to the natural). */
export function closeCosts(legs: readonly MarkedLeg[], quotes: readonly { bid: number; ask: number }[]) {
  let mid = 0;
  let fill = 0;
  legs.forEach((leg, i) => {
    const { bid, ask } = quotes[i]!;
    const m = (bid + ask) / 2;
    if (leg.side === "sell") {
      mid += m;
      fill += buyFillPrice(bid, ask);
    } else {
      mid -= m;
      fill -= sellFillPrice(bid, ask);
    }
  });
  // Marks are money per share: round off float dust so the engine's 50% comparison is exact at the cent.
  return { mid: Math.round(mid * 1e6) / 1e6, fill: Math.round(fill * 1e6) / 1e6 };
}

/**
 * The simulated market's closing marks of a position from its publication to the last session before expiry,
 * or null when the symbol is not in the simulated universe.
 */
export function simulatedDailyMarks(
  symbol: string,
  expiration: string,
  legs: readonly MarkedLeg[],
  publishedAtMs: number,
): IdeaMarks | null {
  const entry = universeEntry(symbol);
  if (!entry) return null;
  const out: IdeaMarks = { mid: [], fill: [], stock: new Map() };
  const first = newYorkDateOf(publishedAtMs);
  let day = isTradingDay(first) ? first : nextTradingDay(first);
  for (; day < expiration; day = nextTradingDay(day)) {
    const session = sessionOn(day);
    if (!session || session.closeMs <= publishedAtMs) continue;
    const dte = daysBetween(day, expiration);
    const costs = closeCosts(legs, demoContractQuotes(entry, session.closeMs, expiration, legs));
    out.mid.push({ date: day, dte, closeCost: costs.mid });
    out.fill.push({ date: day, dte, closeCost: costs.fill });
    out.stock.set(day, closeOn(entry, day));
  }
  return out;
}

// ---------------------------------------------------------------- live mode (decision 278)
/** Tracked contracts are kept this long after expiration: grading runs the next day and waits at most 7. */
export const MARK_RETENTION_AFTER_EXPIRY_DAYS = 30;
/** A session's marks are needed by ideas open that day: the longest logged DTE (60) plus the grading wait. */
export const MARK_RETENTION_DAYS = 60 + MARK_RETENTION_AFTER_EXPIRY_DAYS;

type Quote = { bid: number; ask: number; underlying: number };
export type StoredMarks = ReadonlyMap<string, ReadonlyMap<string, Quote>>;

/** One spelling of a contract for keys: the compact OCC symbol (no padding, no 'O:' prefix). */
export function occKey(occ: string): string {
  const parts = parseOccSymbol(occ);
  return parts
    ? formatOccSymbol(parts.root, parts.expirationDate, parts.type, parts.strike)
    : occ.trim().toUpperCase();
}

/** The tracked-contract rows of logged live ideas' legs (written with the log rows that name them). */
export function trackedContractRows(
  ideas: readonly { symbol: string; expiration: string; legs: readonly { occ?: string | null }[] }[],
): (typeof schema.trackedContracts.$inferInsert)[] {
  const rows = new Map<string, typeof schema.trackedContracts.$inferInsert>();
  for (const idea of ideas)
    for (const leg of idea.legs) {
      if (!leg.occ) continue;
      const occ = occKey(leg.occ);
      rows.set(occ, { occ, symbol: idea.symbol, expiration: idea.expiration });
    }
  return [...rows.values()];
}

/**
 * Statements recording the closing marks of `session`: one row per symbol with a chain in `chains` (the refresh's
 * closing chains) and open tracked contracts, holding each such contract's bid and ask and the chain's spot. A
 * contract missing from its chain has no quote that day. First write wins. 4 bound parameters a row: 20 rows a
 * statement stay under D1's 100.
 */
export async function closingMarkStatements(
  env: { DB: D1Database },
  chains: ReadonlyMap<string, OptionChain>,
  session: string,
) {
  const db = getDb(env);
  if (!chains.size) return { statements: [], symbols: 0, contracts: 0 };
  const tracked = await db
    .select({ occ: schema.trackedContracts.occ, symbol: schema.trackedContracts.symbol })
    .from(schema.trackedContracts)
    .where(gte(schema.trackedContracts.expiration, session));
  const wanted = new Map<string, Set<string>>();
  for (const t of tracked) {
    if (!chains.has(t.symbol)) continue;
    const set = wanted.get(t.symbol) ?? new Set<string>();
    set.add(t.occ);
    wanted.set(t.symbol, set);
  }
  const values: (typeof schema.closingMarks.$inferInsert)[] = [];
  let contracts = 0;
  for (const [symbol, occs] of wanted) {
    const chain = chains.get(symbol)!;
    const quotes: Record<string, [number, number]> = {};
    for (const expiration of chain.expirations)
      for (const leg of expiration.legs) {
        const occ = occKey(leg.occSymbol);
        if (!occs.has(occ) || !(leg.bid >= 0 && leg.ask >= leg.bid)) continue;
        quotes[occ] = [leg.bid, leg.ask];
        contracts++;
      }
    if (Object.keys(quotes).length) values.push({ symbol, date: session, underlying: chain.spot, quotes });
  }
  const statements = [];
  for (let i = 0; i < values.length; i += 20)
    statements.push(
      db
        .insert(schema.closingMarks)
        .values(values.slice(i, i + 20))
        .onConflictDoNothing(),
    );
  return { statements, symbols: values.length, contracts };
}

/**
 * The stored closing quotes of these symbols from `fromDate` on, by contract and date (chunked under D1's 100
 * bound parameters).
 */
export async function readClosingMarks(
  env: { DB: D1Database },
  symbols: readonly string[],
  fromDate: string,
): Promise<StoredMarks> {
  const db = getDb(env);
  const out = new Map<string, Map<string, Quote>>();
  const keys = [...new Set(symbols)];
  for (let i = 0; i < keys.length; i += 90) {
    const rows = await db
      .select()
      .from(schema.closingMarks)
      .where(
        and(
          inArray(schema.closingMarks.symbol, keys.slice(i, i + 90)),
          gte(schema.closingMarks.date, fromDate),
        ),
      );
    for (const r of rows)
      for (const [occ, [bid, ask]] of Object.entries(r.quotes)) {
        const byDate = out.get(occ) ?? new Map<string, Quote>();
        byDate.set(r.date, { bid, ask, underlying: r.underlying });
        out.set(occ, byDate);
      }
  }
  return out;
}

/**
 * A live idea's daily marks from its legs' stored closing quotes: the sessions after publication and before expiry
 * on which every leg has a quote. null when no session has (the managed rows then say 'no-marks').
 */
export function storedDailyMarks(
  expiration: string,
  legs: readonly MarkedLeg[],
  publishedAtMs: number,
  stored: StoredMarks,
): IdeaMarks | null {
  if (!legs.length || legs.some((l) => !l.occ)) return null;
  const series = legs.map((l) => stored.get(occKey(l.occ!)));
  if (series.some((s) => !s)) return null;
  const out: IdeaMarks = { mid: [], fill: [], stock: new Map() };
  const dates = [...series[0]!.keys()].sort();
  for (const day of dates) {
    if (day >= expiration) continue;
    const session = sessionOn(day);
    if (!session || session.closeMs <= publishedAtMs) continue;
    const quotes = series.map((s) => s!.get(day));
    if (quotes.some((q) => !q)) continue;
    const costs = closeCosts(legs, quotes as Quote[]);
    const dte = daysBetween(day, expiration);
    out.mid.push({ date: day, dte, closeCost: costs.mid });
    out.fill.push({ date: day, dte, closeCost: costs.fill });
    out.stock.set(day, quotes[0]!.underlying);
  }
  return out.mid.length ? out : null;
}

/** Housekeeping: sessions' marks no open or ungraded idea can need, and tracked contracts past their retention. */
export function expiredMarkStatements(env: { DB: D1Database }, today: string) {
  const db = getDb(env);
  return [
    db.delete(schema.closingMarks).where(lt(schema.closingMarks.date, addDays(today, -MARK_RETENTION_DAYS))),
    db
      .delete(schema.trackedContracts)
      .where(lt(schema.trackedContracts.expiration, addDays(today, -MARK_RETENTION_AFTER_EXPIRY_DAYS))),
  ] as const;
}
