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
