// The official closes the refresh stores (daily_closes) and the settlement value read from them: the one reader of
// settlement, for the track record's grading and the wheel ledger's expiry proposals alike.
import { and, gte, inArray, lte, sql } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";

/** AM-settled index options: their settlement value comes from the opening prints, approximated by the open. */
export const AM_SETTLED_ROOTS: ReadonlySet<string> = new Set(["SPX", "NDX", "RUT", "DJX", "OEX"]);

export type DailyBar = { open: number | null; close: number };

/**
 * The official closes (`daily_closes`, stored by the refresh) of these symbols between two dates, keyed
 * `symbol|date`, and each symbol's latest stored date. The one settlement reader: grading and the wheel ledger's
 * expiry proposals both read it (chunked under D1's 100 bound parameters).
 */
export async function readCloses(
  env: { DB: D1Database },
  symbols: readonly string[],
  from: string,
  to: string,
): Promise<{ closes: Map<string, DailyBar>; latest: Map<string, string> }> {
  const db = getDb(env);
  const closes = new Map<string, DailyBar>();
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
          lte(schema.dailyCloses.date, to),
        ),
      );
    for (const r of rows) {
      closes.set(`${r.symbol}|${r.date}`, { open: r.open, close: r.close });
      if ((latest.get(r.symbol) ?? "") < r.date) latest.set(r.symbol, r.date);
    }
  }
  return { closes, latest };
}

/** The settlement value of an expiry day's bar: the close, or for AM-settled index options the open standing in. */
export function settlementOf(
  symbol: string,
  bar: DailyBar,
): { price: number; kind: "close" | "open-approx" } {
  return AM_SETTLED_ROOTS.has(symbol) && bar.open !== null
    ? { price: bar.open, kind: "open-approx" }
    : { price: bar.close, kind: "close" };
}

/** Each symbol's latest stored close date (the refresh appends only newer bars). */
export async function latestStoredCloses(
  env: { DB: D1Database },
  symbols: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const db = getDb(env);
  for (let i = 0; i < symbols.length; i += 90) {
    const chunk = symbols.slice(i, i + 90);
    const rows = await db
      .select({ symbol: schema.dailyCloses.symbol, last: sql<string>`max(${schema.dailyCloses.date})` })
      .from(schema.dailyCloses)
      .where(inArray(schema.dailyCloses.symbol, chunk))
      .groupBy(schema.dailyCloses.symbol);
    for (const r of rows) out.set(r.symbol, r.last);
  }
  return out;
}
