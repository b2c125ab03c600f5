// Which symbols the cron job refreshes: the held symbols first (what users hold must be marked), then the watchlists
// by popularity, then the default universe.
import { sql } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";

/**
 * Ledger events after which a (user, symbol) pair's campaign may have ended. The exact test (the engine's
 * `buildLedger`: no shares and no open option left) would read every event of every user; a pair whose latest event
 * is none of these is held for certain, and one whose latest is one of them is taken as closed. The one miss: a
 * campaign that still holds shares or another option after such an event is not counted until its next event.
 */
const CAMPAIGN_ENDING_KINDS = ["expire", "called_away", "sell_shares", "buy_to_close"] as const;

/**
 * The symbols users hold: open spread positions and open wheel campaigns, most holders first, then by symbol; at
 * most `limit`.
 */
export async function heldSymbols(env: { DB: D1Database }, limit: number): Promise<string[]> {
  const p = schema.optionPositions;
  const e = schema.wheelLedgerEvents;
  const ending = sql.join(
    CAMPAIGN_ENDING_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  // raw SQL: a GROUP BY over the UNION of two tables, one of them each pair's latest event (a derived table); rows
  // typed by the all<T> beside it. The latest event's kind is read in one grouped pass: with MAX() as the only
  // aggregate, SQLite takes a bare column from the row holding the maximum (https://sqlite.org/lang_select.html,
  // "bare columns in an aggregate query"), where a correlated MAX per row would read a user's events once per event.
  const rows = await getDb(env).all<{ symbol: string; n: number }>(sql`
    SELECT symbol, COUNT(*) AS n FROM (
      SELECT ${p.userId} AS user_id, ${p.symbol} AS symbol FROM ${p} WHERE ${p.status} = 'open'
      UNION SELECT user_id, symbol FROM (
        SELECT ${e.userId} AS user_id, ${e.symbol} AS symbol, ${e.kind} AS kind, MAX(${e.userSeq}) AS seq
        FROM ${e} GROUP BY ${e.userId}, ${e.symbol}
      ) WHERE kind NOT IN (${ending})
    ) GROUP BY symbol ORDER BY n DESC, symbol LIMIT ${limit}`);
  return rows.map((r) => r.symbol);
}

export interface RefreshUniverse {
  /** What this run refreshes, in order. */
  symbols: string[];
  /** The held symbols among them. */
  held: string[];
  /** Held symbols past this run's share (`heldCap`), for the market queue; in the held order. */
  heldOverflow: string[];
}

/**
 * The run's symbols: at most `heldCap` held symbols first, then every user's watchlist and position-list symbols
 * (most-watched first), then the default universe, `cap` in all. Held symbols the run leaves out (up to
 * `heldMax` held symbols counted in all) are returned for the queue; a watched one that the run reaches anyway is
 * refreshed here instead.
 */
export async function selectUniverse(
  env: { DB: D1Database },
  cap: number,
  heldCap = cap,
  heldMax = heldCap,
): Promise<RefreshUniverse> {
  const held = await heldSymbols(env, Math.max(heldMax, heldCap));
  // raw SQL: a GROUP BY over the UNION of two tables (a derived table); rows typed by the all<T> beside it.
  const rows = await getDb(env).all<{ symbol: string; n: number }>(sql`
    SELECT symbol, COUNT(*) AS n FROM (
      SELECT user_id, symbol FROM ${schema.watchlistSymbols}
      UNION SELECT user_id, symbol FROM ${schema.positions}
    ) GROUP BY symbol ORDER BY n DESC, symbol LIMIT ${cap}`);
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (s: string) => {
    if (out.length >= cap || seen.has(s)) return;
    seen.add(s);
    out.push(s);
  };
  for (const s of held.slice(0, Math.min(heldCap, cap))) add(s);
  for (const s of [...rows.map((r) => r.symbol), ...DEFAULT_UNIVERSE_SYMBOLS]) add(s);
  return {
    symbols: out,
    held: held.filter((s) => seen.has(s)),
    heldOverflow: held.slice(0, heldMax).filter((s) => !seen.has(s)),
  };
}
