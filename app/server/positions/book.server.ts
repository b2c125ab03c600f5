// The cash a trader states for their book (decision 341): one row per user in `positions_book`, read by the
// /positions page's risk section and written by PUT /api/positions/book. Open positions are a paid capability, so
// stating the cash they are set against is too.
import { eq } from "drizzle-orm";
import type { BookCashInput } from "#app/lib/positions/book-cash.ts";
import type { PlanRefusal } from "#app/lib/entitlements.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { entitlementOf, refusalOf, type EntitledUser } from "#app/server/entitlements.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";

/** The user's stated cash in dollars; null when never stated or cleared. */
export async function statedCashOf(env: WorkerEnv, userId: string): Promise<number | null> {
  const t = schema.positionsBook;
  const row = await getDb(env).select({ statedCash: t.statedCash }).from(t).where(eq(t.userId, userId)).get();
  return row?.statedCash ?? null;
}

export type SetStatedCashResult = { ok: true; statedCash: number | null } | ({ ok: false } & PlanRefusal);

/** Stores (or clears, with null) the user's stated cash; a plan without open positions is refused. */
export async function setStatedCash(
  env: WorkerEnv,
  user: EntitledUser,
  input: BookCashInput,
  nowMs = Date.now(),
): Promise<SetStatedCashResult> {
  if (!entitlementOf(user, "openPositions").allowed)
    return { ok: false, ...refusalOf(user, "openPositions") };
  const t = schema.positionsBook;
  const row = { statedCash: input.statedCash, updatedAt: new Date(nowMs) };
  await getDb(env)
    .insert(t)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: t.userId, set: row });
  return { ok: true, statedCash: input.statedCash };
}
