// Which symbols the cron job refreshes.
import { sql } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";

/** Every user's watchlist and position symbols (most-watched first), then the default universe, capped. */
export async function selectUniverse(env: { DB: D1Database }, cap: number): Promise<string[]> {
  // raw SQL: a GROUP BY over the UNION of two tables (a derived table); rows typed by the all<T> beside it.
  const rows = await getDb(env).all<{ symbol: string; n: number }>(sql`
    SELECT symbol, COUNT(*) AS n FROM (
      SELECT user_id, symbol FROM ${schema.watchlistSymbols}
      UNION SELECT user_id, symbol FROM ${schema.positions}
    ) GROUP BY symbol ORDER BY n DESC, symbol LIMIT ${cap}`);
  const out: string[] = [];
  for (const s of [...rows.map((r) => r.symbol), ...DEFAULT_UNIVERSE_SYMBOLS]) {
    if (out.length >= cap) break;
    if (!out.includes(s)) out.push(s);
  }
  return out;
}
