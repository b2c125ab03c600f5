// The session user's watchlist, as the trade ideas and /wheels read it: the copy the user row carries (decision 209),
// so a screen that orders by the watchlist needs no second query. Writes are the watchlist feature's
// (app/server/watchlist.server.ts); this is below every feature, beside the session.
import { asc, eq } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";

type Env = { DB: D1Database };

/** A user as read with the session: the row carries a copy of the watchlist (decision 209). */
export interface UserWithWatchlistCopy {
  id: string;
  watchlistSymbolsJson?: string | null;
}

/**
 * The watchlist of a user read with the session: the copy on the user row (triggers keep it equal to the
 * table, migration 0010), so no second query; the table when the copy is missing or unreadable.
 */
export async function watchlistOf(env: Env, user: UserWithWatchlistCopy): Promise<string[]> {
  return parseWatchlistCopy(user.watchlistSymbolsJson) ?? listWatchlist(env, user.id);
}

function parseWatchlistCopy(json: string | null | undefined): string[] | null {
  if (typeof json !== "string") return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every((s) => typeof s === "string") ? value : null;
  } catch {
    return null;
  }
}

export async function listWatchlist(env: Env, userId: string): Promise<string[]> {
  const rows = await getDb(env)
    .select({ symbol: schema.watchlistSymbols.symbol })
    .from(schema.watchlistSymbols)
    .where(eq(schema.watchlistSymbols.userId, userId))
    .orderBy(asc(schema.watchlistSymbols.position))
    .all();
  return rows.map((r) => r.symbol);
}
