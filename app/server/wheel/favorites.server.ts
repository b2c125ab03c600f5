// Favorite wheel trades (docs/product/wheel.md#favorites): one row per user, type and
// trade id; saving the same trade twice is a 409 ("already saved"), decided by the unique index.
import type { WheelType } from "../../lib/wheel";

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
  const stmt = type
    ? env.DB.prepare(
        "SELECT id, type, trade, saved_at AS savedAt FROM favorites WHERE user_id = ?1 AND type = ?2 ORDER BY saved_at DESC",
      ).bind(userId, type)
    : env.DB.prepare(
        "SELECT id, type, trade, saved_at AS savedAt FROM favorites WHERE user_id = ?1 ORDER BY saved_at DESC",
      ).bind(userId);
  const { results } = await stmt.all<{ id: string; type: WheelType; trade: string; savedAt: number }>();
  return results.map((r) => ({
    id: r.id,
    type: r.type,
    trade: JSON.parse(r.trade) as Record<string, unknown>,
    savedAt: new Date(r.savedAt).toISOString(),
  }));
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
  // One statement: the cap and the uniqueness are checked where the row is written.
  const res = await env.DB.prepare(
    `INSERT OR IGNORE INTO favorites (id, user_id, type, trade_id, trade, saved_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6
     WHERE (SELECT COUNT(*) FROM favorites WHERE user_id = ?2) < ?7`,
  )
    .bind(id, userId, type, trade.id, JSON.stringify(trade), now, FAVORITES_PER_USER)
    .run();
  if (res.meta.changes === 1)
    return { ok: true, favorite: { id, type, trade, savedAt: new Date(now).toISOString() } };
  const existing = await env.DB.prepare(
    "SELECT id FROM favorites WHERE user_id = ?1 AND type = ?2 AND trade_id = ?3",
  )
    .bind(userId, type, trade.id)
    .first<{ id: string }>();
  return existing ? { ok: false, reason: "duplicate", id: existing.id } : { ok: false, reason: "limit" };
}

export async function removeFavorite(env: Env, userId: string, id: string): Promise<boolean> {
  const res = await env.DB.prepare("DELETE FROM favorites WHERE user_id = ?1 AND id = ?2")
    .bind(userId, id)
    .run();
  return res.meta.changes > 0;
}
