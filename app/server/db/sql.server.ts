// Small D1/drizzle helpers every server module shares.
import { sql } from "drizzle-orm";

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
  return d1.prepare(text).bind(...params);
}
