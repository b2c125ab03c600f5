import { drizzle } from "drizzle-orm/d1";
import * as schema from "#app/server/db/schema.server.ts";

export type Database = ReturnType<typeof createDb>;

function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

const cache = new WeakMap<D1Database, Database>();

/** One drizzle instance per D1 binding (cheap, but no need to rebuild it per request). */
export function getDb(env: { DB: D1Database }): Database {
  let db = cache.get(env.DB);
  if (!db) {
    db = createDb(env.DB);
    cache.set(env.DB, db);
  }
  return db;
}

export { schema };
