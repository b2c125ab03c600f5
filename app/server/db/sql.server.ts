// Small D1/drizzle helpers every server module shares.
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#app/server/db/client.server.ts";

/** A drizzle statement that can go in a D1 batch: a query builder, or `db.run/all/get(sql...)`. */
export type BatchStatement = BatchItem<"sqlite">;

/**
 * Runs `statements` as one D1 batch (atomic: all land or none). drizzle types `db.batch` as a non-empty tuple;
 * a list built in a loop may be empty, and then nothing runs. Results come back in order, typed by the statements.
 */
export async function runBatch<T extends BatchStatement>(
  db: Database,
  statements: readonly T[],
): Promise<T["_"]["result"][]> {
  const [first, ...rest] = statements;
  if (!first) return [];
  return db.batch([first, ...rest]);
}

/** `excluded.<column>` in an upsert's DO UPDATE SET: the value the conflicting INSERT tried to write. */
export function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

/** Rows a D1 write changed (drizzle's `run` and batch results carry D1's `meta.changes`). */
export function changes(result: unknown): number {
  return (result as { meta?: { changes?: number } } | null)?.meta?.changes ?? 0;
}

/**
 * A drizzle query as a plain D1 statement, so it can share one `DB.batch` with hand-written SQL
 * (drizzle's own batch cannot carry raw `sql` statements). The params are drizzle's driver values.
 */
export function d1Statement(
  d1: D1Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
): D1PreparedStatement {
  const { sql: text, params } = query.toSQL();
  // raw SQL: drizzle's own SQL text, prepared for a D1 batch that also holds a raw statement.
  return d1.prepare(text).bind(...params);
}
