// A fixed-window counter in D1 (atomic upsert; KV is eventually consistent and wrong for counters).
// Shares better-auth's rate_limit table under an "app:" key prefix so auth and app limits live together.

export interface RateLimitResult {
  allowed: boolean;
  count: number;
}

export async function consumeRateLimit(
  env: { DB: D1Database },
  key: string,
  max: number,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const row = await env.DB.prepare(
    `INSERT INTO rate_limit (id, key, count, last_request) VALUES (?1, ?1, 1, ?2)
     ON CONFLICT(key) DO UPDATE SET
       count = CASE WHEN rate_limit.last_request <= ?2 - ?3 THEN 1 ELSE rate_limit.count + 1 END,
       last_request = CASE WHEN rate_limit.last_request <= ?2 - ?3 THEN ?2 ELSE rate_limit.last_request END
     RETURNING count`,
  )
    .bind(`app:${key}`, now, windowMs)
    .first<{ count: number }>();
  const count = row?.count ?? 1;
  return { allowed: count <= max, count };
}

/** The client address Cloudflare puts on every request (absent in local tests). */
export function clientAddress(request: Request): string {
  return (
    request.headers.get("cf-connecting-ip") ??
    request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ??
    "local"
  );
}

/** Forgets a counter (e.g. a successful sign-in clears the account's failures). */
export async function clearRateLimit(env: { DB: D1Database }, key: string): Promise<void> {
  await env.DB.prepare("DELETE FROM rate_limit WHERE key = ?1").bind(`app:${key}`).run();
}
