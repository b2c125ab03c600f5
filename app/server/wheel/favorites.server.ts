// Favorite wheel trades (docs/product/wheel.md#favorites): one row per user, type and
// trade id; saving the same trade twice is a 409 ("already saved"), decided by the unique index.
import { and, desc, eq } from "drizzle-orm";
import type { WheelType } from "#app/lib/wheel/wheel.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";

type Env = { DB: D1Database };

/** A user's saved trades are capped so one account cannot grow D1 without bound. */
export const FAVORITES_PER_USER = 200;

export interface FavoriteRecord {
  id: string;
  type: WheelType;
  trade: Record<string, unknown>;
  savedAt: string;
}

export async function listFavorites(env: Env, userId: string, type?: WheelType): Promise<FavoriteRecord[]> {
  const f = schema.favorites;
  const rows = await getDb(env)
    .select({ id: f.id, type: f.type, trade: f.trade, savedAt: f.savedAt })
    .from(f)
    .where(and(eq(f.userId, userId), type ? eq(f.type, type) : undefined))
    .orderBy(desc(f.savedAt));
  return rows.map((r) => ({ ...r, savedAt: r.savedAt.toISOString() }));
}

export type AddFavoriteResult =
  { ok: true; favorite: FavoriteRecord } | { ok: false; reason: "duplicate" | "limit"; id?: string };

export async function addFavorite(
  env: Env,
  userId: string,
  type: WheelType,
  trade: Record<string, unknown> & { id: string },
  now = Date.now(),
): Promise<AddFavoriteResult> {
  const id = crypto.randomUUID();
  // raw SQL: one statement checks the cap (INSERT ... SELECT ... WHERE count < cap) and the uniqueness (OR IGNORE).
  const res = await env.DB.prepare(
    `INSERT OR IGNORE INTO favorites (id, user_id, type, trade_id, trade, saved_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6
     WHERE (SELECT COUNT(*) FROM favorites WHERE user_id = ?2) < ?7`,
  )
    .bind(id, userId, type, trade.id, JSON.stringify(trade), now, FAVORITES_PER_USER)
    .run();
  if (res.meta.changes === 1)
    return { ok: true, favorite: { id, type, trade, savedAt: new Date(now).toISOString() } };
  const f = schema.favorites;
  const existing = await getDb(env)
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.userId, userId), eq(f.type, type), eq(f.tradeId, trade.id)))
    .get();
  return existing ? { ok: false, reason: "duplicate", id: existing.id } : { ok: false, reason: "limit" };
}

export async function removeFavorite(env: Env, userId: string, id: string): Promise<boolean> {
  const f = schema.favorites;
  const res = await getDb(env)
    .delete(f)
    .where(and(eq(f.userId, userId), eq(f.id, id)));
  return changes(res) > 0;
}
