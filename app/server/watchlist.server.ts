// The watchlist on the server: the only place symbols are added or removed, and what the watchlist screen
// reads from the market module. The plan limit and its refusal come from the entitlements module; the
// trim on a downgrade runs with the plan change (entitlements.server.ts `planChangeTrims`), never here.
import { and, eq, sql } from "drizzle-orm";
import { limitForJson } from "#app/lib/entitlements.ts";
import { isPlanTier, type PlanTier } from "#app/lib/plans.ts";
import { cleanSymbolInput, SYMBOL_RE } from "#app/lib/symbols.ts";
import type { TickerCardData } from "#app/lib/ticker-card.ts";
import { WATCHLIST_MESSAGES } from "#app/lib/watchlist.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";
import {
  checkEntitlement,
  entitlementOf,
  refusalOf,
  type EntitledUser,
} from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getTickerInfos, isKnownSymbol } from "#app/server/market/market.server.ts";
import { listWatchlist } from "#app/server/auth/watchlist-copy.server.ts";

type Env = { DB: D1Database };

export type WatchlistUser = EntitledUser;

/** The kind of the plan notice the downgrade trim leaves (app/server/db/schema.server.ts planNotices). */
export const WATCHLIST_TRIMMED_NOTICE = "watchlist-trimmed";

export interface WatchlistView {
  symbols: string[];
  plan: PlanTier;
  limit: number;
  /**
   * The product's 'Your {plan} allows up to {n} symbols. Some symbols have been removed.' when a plan change
   * trimmed the list since the last visit; the page shows it and dismisses it (`dismissTrimmedNotice`).
   */
  trimmedMessage: string | null;
}

/** Reads the list and any pending trim notice. A read only: it never deletes (decision 141). */
export async function loadWatchlist(env: Env, user: WatchlistUser): Promise<WatchlistView> {
  const { plan, limit } = entitlementOf(user, "watchlistSymbols");
  const [symbols, notice] = await Promise.all([
    listWatchlist(env, user.id),
    getDb(env)
      .select({ plan: schema.planNotices.plan, limit: schema.planNotices.limitValue })
      .from(schema.planNotices)
      .where(
        and(eq(schema.planNotices.userId, user.id), eq(schema.planNotices.kind, WATCHLIST_TRIMMED_NOTICE)),
      )
      .get(),
  ]);
  return {
    symbols,
    plan,
    limit: limitForJson(limit) ?? symbols.length,
    trimmedMessage:
      notice && isPlanTier(notice.plan) ? WATCHLIST_MESSAGES.trimmed(notice.plan, notice.limit) : null,
  };
}

/** The page showed the trim notice: remove it (a POST, from the watchlist action). */
export async function dismissTrimmedNotice(env: Env, userId: string): Promise<void> {
  await getDb(env)
    .delete(schema.planNotices)
    .where(and(eq(schema.planNotices.userId, userId), eq(schema.planNotices.kind, WATCHLIST_TRIMMED_NOTICE)))
    .run();
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
  const db = getDb(env);
  const [existing, stored] = await Promise.all([
    db
      .select({ symbol: schema.watchlistSymbols.symbol })
      .from(schema.watchlistSymbols)
      .where(and(eq(schema.watchlistSymbols.userId, user.id), eq(schema.watchlistSymbols.symbol, symbol)))
      .get(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(schema.watchlistSymbols)
      .where(eq(schema.watchlistSymbols.userId, user.id))
      .get(),
  ]);
  if (existing) return { ok: false, reason: "duplicate", message: WATCHLIST_MESSAGES.duplicate(symbol) };
  // The limit before the symbol checks: a full list hears about its limit whatever was typed, and a
  // refused add never spends a provider lookup.
  const full = checkEntitlement(user, "watchlistSymbols", stored?.n ?? 0);
  if (full) return limitRefusal(full);
  if (!SYMBOL_RE.test(symbol))
    return { ok: false, reason: "invalid", message: WATCHLIST_MESSAGES.invalidFormat(symbol) };
  if (!(await isKnownSymbol(symbol)))
    return { ok: false, reason: "unknown", message: WATCHLIST_MESSAGES.unknown(symbol) };

  const { limit } = entitlementOf(user, "watchlistSymbols");
  // raw SQL: the plan's limit and the next position are read inside the INSERT (INSERT ... SELECT ... WHERE count).
  const inserted = await env.DB.prepare(
    `INSERT OR IGNORE INTO watchlist_symbols (user_id, symbol, position, created_at)
     SELECT ?1, ?2, COALESCE((SELECT MAX(position) FROM watchlist_symbols WHERE user_id = ?1), -1) + 1, ?3
     WHERE (SELECT COUNT(*) FROM watchlist_symbols WHERE user_id = ?1) < ?4`,
  )
    .bind(user.id, symbol, now, limit)
    .run();
  // D1's count includes the trigger's update of the user row's copy (migration 0010): 2 for one symbol.
  if (changes(inserted) > 0) return { ok: true, symbol };

  // Nothing inserted: either a concurrent add of the same symbol won, or the list filled meanwhile.
  const again = await db
    .select({ n: sql<number>`count(*)` })
    .from(schema.watchlistSymbols)
    .where(and(eq(schema.watchlistSymbols.userId, user.id), eq(schema.watchlistSymbols.symbol, symbol)))
    .get();
  if ((again?.n ?? 0) > 0)
    return { ok: false, reason: "duplicate", message: WATCHLIST_MESSAGES.duplicate(symbol) };
  return limitRefusal(refusalOf(user, "watchlistSymbols"));
}

function limitRefusal(refusal: { message: string; redirectTo: string | null }): AddSymbolResult {
  return { ok: false, reason: "limit", message: refusal.message, redirectTo: refusal.redirectTo };
}

export async function removeSymbol(env: Env, userId: string, raw: string): Promise<{ removed: boolean }> {
  const symbol = cleanSymbolInput(raw);
  if (!symbol) return { removed: false };
  const w = schema.watchlistSymbols;
  const res = await getDb(env)
    .delete(w)
    .where(and(eq(w.userId, userId), eq(w.symbol, symbol)));
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
