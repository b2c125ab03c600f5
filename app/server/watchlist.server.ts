// The watchlist on the server: the only place symbols are added, removed or trimmed, and what the
// watchlist screen reads from the market module. Plan limits come from app/lib/plans.ts, messages from
// app/lib/watchlist.ts.
import { and, asc, eq, sql } from "drizzle-orm";
import { effectivePlan, PLAN_LIMITS, type PlanTier, type SubscriptionFields } from "../lib/plans";
import { cleanSymbolInput, SYMBOL_RE } from "../lib/symbols";
import type { TickerCardData } from "../lib/ticker-card";
import { WATCHLIST_MESSAGES, watchlistLimitMessage } from "../lib/watchlist";
import { getDb, schema } from "./db/client.server";
import { changes } from "./db/sql.server";
import type { WorkerEnv } from "./env.server";
import { getTickerInfos, isKnownSymbol } from "./market/market.server";

type Env = { DB: D1Database };

export interface WatchlistUser extends SubscriptionFields {
  id: string;
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

export interface WatchlistView {
  symbols: string[];
  plan: PlanTier;
  limit: number;
  /** Set when the plan allows fewer symbols than were stored and the list was trimmed just now. */
  trimmedMessage: string | null;
}

/**
 * Reads the list and, when the effective plan allows fewer symbols than stored (a downgrade or an expired
 * trial), keeps the first `limit` in the user's order and deletes the rest in one statement.
 */
export async function loadWatchlist(env: Env, user: WatchlistUser): Promise<WatchlistView> {
  const plan = effectivePlan(user);
  const limit = PLAN_LIMITS[plan].watchlistSymbols;
  const symbols = await listWatchlist(env, user.id);
  if (symbols.length <= limit) return { symbols, plan, limit, trimmedMessage: null };
  await env.DB.prepare(
    `DELETE FROM watchlist_symbols WHERE user_id = ?1 AND symbol NOT IN
       (SELECT symbol FROM watchlist_symbols WHERE user_id = ?1 ORDER BY position LIMIT ?2)`,
  )
    .bind(user.id, limit)
    .run();
  return {
    symbols: symbols.slice(0, limit),
    plan,
    limit,
    trimmedMessage: WATCHLIST_MESSAGES.trimmed(plan, limit),
  };
}

export type AddSymbolResult =
  | { ok: true; symbol: string; ignored?: false }
  | { ok: true; ignored: true }
  | {
      ok: false;
      reason: "invalid" | "unknown" | "duplicate" | "limit";
      message: string;
      redirectTo?: string | null;
    };

/**
 * Adds one symbol at the end of the list. The limit and duplicate checks and the insert are one SQL
 * statement, so concurrent adds can never push the list past the plan's limit.
 */
export async function addSymbol(
  env: Env,
  user: WatchlistUser,
  raw: string,
  isKnownSymbol: (symbol: string) => Promise<boolean> | boolean,
  now = Date.now(),
): Promise<AddSymbolResult> {
  const symbol = cleanSymbolInput(raw);
  if (!symbol) return { ok: true, ignored: true };
  if (!SYMBOL_RE.test(symbol))
    return { ok: false, reason: "invalid", message: WATCHLIST_MESSAGES.invalidFormat(symbol) };

  const plan = effectivePlan(user);
  const limit = PLAN_LIMITS[plan].watchlistSymbols;
  const existing = await getDb(env)
    .select({ symbol: schema.watchlistSymbols.symbol })
    .from(schema.watchlistSymbols)
    .where(and(eq(schema.watchlistSymbols.userId, user.id), eq(schema.watchlistSymbols.symbol, symbol)))
    .get();
  if (existing) return { ok: false, reason: "duplicate", message: WATCHLIST_MESSAGES.duplicate(symbol) };
  if (!(await isKnownSymbol(symbol)))
    return { ok: false, reason: "unknown", message: WATCHLIST_MESSAGES.unknown(symbol) };

  const inserted = await env.DB.prepare(
    `INSERT OR IGNORE INTO watchlist_symbols (user_id, symbol, position, created_at)
     SELECT ?1, ?2, COALESCE((SELECT MAX(position) FROM watchlist_symbols WHERE user_id = ?1), -1) + 1, ?3
     WHERE (SELECT COUNT(*) FROM watchlist_symbols WHERE user_id = ?1) < ?4`,
  )
    .bind(user.id, symbol, now, limit)
    .run();
  if (changes(inserted) === 1) return { ok: true, symbol };

  // Nothing inserted: either a concurrent add of the same symbol won, or the list is full.
  const again = await getDb(env)
    .select({ n: sql<number>`count(*)` })
    .from(schema.watchlistSymbols)
    .where(and(eq(schema.watchlistSymbols.userId, user.id), eq(schema.watchlistSymbols.symbol, symbol)))
    .get();
  if ((again?.n ?? 0) > 0)
    return { ok: false, reason: "duplicate", message: WATCHLIST_MESSAGES.duplicate(symbol) };
  const { message, redirectTo } = watchlistLimitMessage(plan);
  return { ok: false, reason: "limit", message, redirectTo };
}

export async function removeSymbol(env: Env, userId: string, raw: string): Promise<{ removed: boolean }> {
  const symbol = cleanSymbolInput(raw);
  if (!symbol) return { removed: false };
  const res = await env.DB.prepare("DELETE FROM watchlist_symbols WHERE user_id = ?1 AND symbol = ?2")
    .bind(userId, symbol)
    .run();
  return { removed: changes(res) > 0 };
}

// ---------------------------------------------------------------- market data for the list
export interface WatchlistTickers {
  tickers: TickerCardData[];
  /** In the list but without data (unknown to the provider now, or still loading). */
  missing: string[];
  /** True when any card comes from the simulated market (the page labels it). */
  simulated: boolean;
}

export async function watchlistTickerInfos(
  env: WorkerEnv,
  symbols: readonly string[],
): Promise<WatchlistTickers> {
  if (symbols.length === 0) return { tickers: [], missing: [], simulated: false };
  const result = await getTickerInfos(env, symbols);
  const bySymbol = new Map(result.infos.map((i) => [i.symbol, i]));
  const tickers: TickerCardData[] = [];
  const missing: string[] = [];
  for (const s of symbols) {
    const info = bySymbol.get(s);
    if (info) tickers.push(info);
    else missing.push(s);
  }
  return { tickers, missing, simulated: result.infos.some((i) => i.source === "demo") };
}

export function isKnownWatchlistSymbol(env: WorkerEnv, symbol: string): Promise<boolean> {
  return isKnownSymbol(env, symbol);
}
