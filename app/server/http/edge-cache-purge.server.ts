// Purging the Worker's own cache (Workers Caching) by tag, after a job wrote what the tagged copies show
// (decision 282). The cache is `cache` of cloudflare:workers, the same object as `ctx.cache` of every handler; it
// is missing where there is no Workers Caching (Miniflare: wrangler dev, the Vite dev server, the worker tests),
// so the call is guarded and says so once per isolate. Read through a namespace import: a named import of an
// export the runtime lacks would fail the whole module.
import * as workersModule from "cloudflare:workers";
import type { EdgeCacheTag } from "#app/server/http/cache-control.server.ts";

/** Where the Worker's cache is found: the seam the tests replace to see the purges. */
export const workerCache = {
  context: (): CacheContext | undefined => (workersModule as { cache?: CacheContext }).cache,
};

let unavailableLogged = false;

export type PurgeOutcome = "purged" | "unavailable" | "failed";

/** Drops every copy the edge keeps under any of `tags`. Never throws: the copies expire on their own anyway. */
export async function purgeEdgeCache(tags: readonly EdgeCacheTag[]): Promise<PurgeOutcome> {
  const cache = workerCache.context();
  if (!cache || typeof cache.purge !== "function") {
    if (!unavailableLogged) {
      unavailableLogged = true;
      console.warn(`edge cache: no Workers Caching in this runtime, purge of ${tags.join(",")} skipped`);
    }
    return "unavailable";
  }
  try {
    const result = await cache.purge({ tags: [...tags] });
    if (result.success) return "purged";
    console.error(`edge cache: purge of ${tags.join(",")} refused`, result.errors);
  } catch (error) {
    console.error(`edge cache: purge of ${tags.join(",")} failed`, error);
  }
  return "failed";
}
