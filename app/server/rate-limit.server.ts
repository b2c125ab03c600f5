// The app's request limits: named rules, a limiter interface to count requests against them, its D1 backing
// and the retention of its rows (decision 216).
import { asc, eq, inArray, lt, sql } from "drizzle-orm";
import { DAY_MS } from "#app/engine/units.ts";
import { deleteInBatches, type BatchedDelete } from "#app/server/db/batched-delete.server.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";

// --------------------------------------------------------------------------------------- rules and limiter

/** At most `max` requests per key in a fixed window of `windowMs`. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
  /**
   * The Workers Rate Limiting binding that counts this rule instead of D1 (decision 280): only for windows the
   * binding can express (10 s or 60 s; its `simple` limit in wrangler.toml must equal `max`).
   */
  binding?: RateLimitBindingName;
}

/** The Rate Limiting bindings declared in wrangler.toml (`[[ratelimits]]`), one per per-minute rule. */
export type RateLimitBindingName = "EVENTS_RATE_LIMIT" | "TICKERS_RATE_LIMIT" | "BILLING_RATE_LIMIT";

/** Every limit the app counts (better-auth's own are AUTH_RATE_LIMITS in auth.server.ts). */
export const RATE_LIMITS = {
  /** Public analytics beacon, per client address: generous for a person, a wall for a script. */
  events: { max: 120, windowMs: 60_000, binding: "EVENTS_RATE_LIMIT" },
  /** Public cached ticker infos, per client address (decision 150). */
  tickersInfo: { max: 60, windowMs: 60_000, binding: "TICKERS_RATE_LIMIT" },
  /** Public share-link creation, per client address. */
  wheelShare: { max: 30, windowMs: 10 * 60_000 },
  /** Calls that reach Stripe, per user: a script cannot spend the account's API quota. */
  billing: { max: 10, windowMs: 60_000, binding: "BILLING_RATE_LIMIT" },
  /** Contact messages, per client address. */
  contact: { max: 5, windowMs: 60 * 60_000 },
  /** Test notification emails, per user: for checking the inbox, not for sending mail in bulk. */
  notificationsTest: { max: 5, windowMs: 10 * 60_000 },
  /** Test pushes, per user: like the test email, for checking a device, not for sending in bulk. */
  pushTest: { max: 5, windowMs: 10 * 60_000 },
  /**
   * Preview-image renders (KV misses), per client address (decision 220). A crawler of a shared link causes at
   * most one per card (later fetches are KV hits, not counted); 200 distinct ids in 25 s are refused after the
   * 20th.
   */
  shareImageRender: { max: 20, windowMs: 10 * 60_000 },
  /**
   * Failed sign-ins per account, from any address (decision 211); stays in D1: the Workers Rate Limiting
   * binding has only 10 s and 60 s periods.
   */
  signInAccount: { max: 10, windowMs: 15 * 60_000 },
  /**
   * Ledger import previews and imports, per account: each reads and builds the whole ledger. Counted
   * in D1, not on a binding: a signed-in call that already reads D1 costs one upsert more, and an account's count
   * must hold across locations (the binding counts per location).
   */
  ledgerImport: { max: 10, windowMs: 60_000 },
  /** The track record's whole-log CSV, per client address: a download now and then, not a scraper's loop. */
  trackRecordCsv: { max: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Counts requests against one rule. The shape is the Workers Rate Limiting binding's (`limit({ key })` ->
 * `{ success }`), so a per-minute rule can later be served by that binding instead of D1.
 */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

type LimiterEnv = { DB: D1Database } & Partial<Record<RateLimitBindingName, RateLimiter>>;

/**
 * The limiter of a named rule: the rule's Workers Rate Limiting binding when it has one and the Worker declares it
 * (no D1 write per request: decision 280), else the D1 counter. An explicit `clock` (tests of window arithmetic)
 * always counts in D1, whose windows follow that clock.
 */
export function rateLimiter(env: LimiterEnv, name: RateLimitName, clock?: () => number): RateLimiter {
  const rule: RateLimitRule = RATE_LIMITS[name];
  const binding = !clock && rule.binding ? env[rule.binding] : undefined;
  if (binding) return { limit: ({ key }) => binding.limit({ key: `${name}:${key}` }) };
  return d1RateLimiter(env, name, clock ?? Date.now);
}

/**
 * The limiter of a named rule, counted in D1: a fixed-window counter, one atomic upsert per request (KV is
 * eventually consistent and wrong for counters). It shares better-auth's rate_limit table under an "app:"
 * key prefix, so auth and app limits live together and one retention job clears both.
 */
function d1RateLimiter(env: { DB: D1Database }, name: RateLimitName, clock: () => number): RateLimiter {
  const rule: RateLimitRule = RATE_LIMITS[name];
  return {
    async limit({ key }) {
      const now = clock();
      const r = schema.rateLimit;
      const id = `app:${name}:${key}`;
      // The stored window has ended: the counter starts again at this request.
      const ended = sql`${r.lastRequest} <= ${now - rule.windowMs}`;
      const row = await getDb(env)
        .insert(r)
        .values({ id, key: id, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: r.key,
          set: {
            count: sql`CASE WHEN ${ended} THEN 1 ELSE ${r.count} + 1 END`,
            lastRequest: sql`CASE WHEN ${ended} THEN ${now} ELSE ${r.lastRequest} END`,
          },
        })
        .returning({ count: r.count })
        .get();
      return { success: (row?.count ?? 1) <= rule.max };
    },
  };
}

/**
 * The client address Cloudflare puts on every request (the edge sets it; a client cannot). Nothing else is
 * read: `x-forwarded-for` is whatever the client writes, so it would let anyone pick a fresh bucket per
 * request. Local servers without the header share one bucket, "local". better-auth reads the same header.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

// ------------------------------------------------------------------------------------------------ retention

/**
 * A rate_limit row whose last request is older than this counts for nothing: every window, the app's and
 * better-auth's, is shorter (a test holds it), so its next request starts a new window anyway. The daily
 * housekeeping deletes such rows.
 */
export const RATE_LIMIT_ROW_RETENTION_MS = DAY_MS;

/** Deletes expired rate_limit rows, oldest first, in bounded batches on rate_limit_last_request_idx. */
export function deleteExpiredRateLimitRows(
  env: { DB: D1Database },
  nowMs: number,
  bounds?: Partial<BatchedDelete>,
): Promise<{ deleted: number; complete: boolean }> {
  const cutoff = nowMs - RATE_LIMIT_ROW_RETENTION_MS;
  return deleteInBatches(async (limit) => {
    const r = schema.rateLimit;
    const db = getDb(env);
    const oldest = db
      .select({ id: r.id })
      .from(r)
      .where(lt(r.lastRequest, cutoff))
      .orderBy(asc(r.lastRequest))
      .limit(limit);
    return changes(await db.delete(r).where(inArray(r.id, oldest)));
  }, bounds);
}

/** Forgets one key's counter of a rule (e.g. a successful sign-in clears the account's failures). */
export async function clearRateLimit(
  env: { DB: D1Database },
  name: RateLimitName,
  key: string,
): Promise<void> {
  await getDb(env)
    .delete(schema.rateLimit)
    .where(eq(schema.rateLimit.key, `app:${name}:${key}`));
}
