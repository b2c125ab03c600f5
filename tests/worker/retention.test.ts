// Retention of rate-limit counters and the email outbox (decision 216): the daily housekeeping deletes what is
// no longer needed, oldest first, in bounded batches on an index, and keeps what must stay.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndGetCookie, testEnv } from "./helpers";
import {
  deleteExpiredRateLimitRows,
  RATE_LIMIT_ROW_RETENTION_MS,
  RATE_LIMITS,
  rateLimiter,
} from "#app/server/rate-limit.server.ts";
import { AUTH_RATE_LIMITS } from "#app/server/auth/auth.server.ts";
import { deleteExpiredOutboxRows, OUTBOX_RETENTION_DAYS } from "#app/server/email/outbox-retention.server.ts";
import { listHistory } from "#app/server/notifications/history.server.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { DAY_MS } from "#app/engine/units.ts";

const NOW = Date.parse("2026-11-26T07:30:00Z");
const HOUR = 3_600_000;

/** `n` rate_limit rows keyed `${prefix}${i}` whose last request was at `at` (one statement, no bound ids). */
async function seedRateLimitRows(prefix: string, n: number, at: number) {
  await env.DB.prepare(
    `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?2)
     INSERT INTO rate_limit (id, key, count, last_request) SELECT ?1 || i, ?1 || i, 3, ?3 FROM seq`,
  )
    .bind(prefix, n, at)
    .run();
}

async function countKeys(prefix: string): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM rate_limit WHERE key LIKE ?1 || '%'")
    .bind(prefix)
    .first<number>("n"))!;
}

async function queryPlan(sql: string): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

describe("rate-limit rows", () => {
  it("every window, the app's and better-auth's, is shorter than the retention (so deleting loses nothing)", () => {
    const windows = [
      ...Object.values(RATE_LIMITS).map((r) => r.windowMs),
      ...Object.values(AUTH_RATE_LIMITS).map((r) => r.window * 1000),
      60_000, // better-auth's default window (auth.server.ts)
    ];
    for (const w of windows) expect(w).toBeLessThan(RATE_LIMIT_ROW_RETENTION_MS);
  });

  it("the limiter counts per key and window, and refuses past the rule's max", async () => {
    let now = NOW;
    const limiter = rateLimiter(env, "billing", () => now);
    const answers: boolean[] = [];
    for (let i = 0; i <= RATE_LIMITS.billing.max; i++)
      answers.push((await limiter.limit({ key: "u1" })).success);
    expect(answers).toEqual([...Array(RATE_LIMITS.billing.max).fill(true), false]);
    expect((await limiter.limit({ key: "u2" })).success).toBe(true);
    now += RATE_LIMITS.billing.windowMs;
    expect((await limiter.limit({ key: "u1" })).success).toBe(true);
  });

  it("deletes expired rows oldest first in bounded batches and keeps live ones", async () => {
    await seedRateLimitRows("app:retention-old:", 350, NOW - RATE_LIMIT_ROW_RETENTION_MS - HOUR);
    await seedRateLimitRows("app:retention-live:", 20, NOW - HOUR);
    // better-auth's own rows (ip|path keys) are kept or deleted by the same rule.
    await seedRateLimitRows("203.0.113.9|/sign-in/email#", 5, NOW - 2 * RATE_LIMIT_ROW_RETENTION_MS);

    const first = await deleteExpiredRateLimitRows(env, NOW, { batchRows: 100, maxBatches: 3 });
    expect(first).toEqual({ deleted: 300, complete: false });
    // Oldest first: better-auth's older rows went in the first batch.
    expect(await countKeys("203.0.113.9|")).toBe(0);
    const second = await deleteExpiredRateLimitRows(env, NOW, { batchRows: 100, maxBatches: 3 });
    expect(second).toEqual({ deleted: 55, complete: true });
    expect(await countKeys("app:retention-old:")).toBe(0);
    expect(await countKeys("app:retention-live:")).toBe(20);
  });

  it("finds each batch on the last_request index", async () => {
    const plan = await queryPlan(
      "SELECT id FROM rate_limit WHERE last_request < 1 ORDER BY last_request LIMIT 100",
    );
    expect(plan).toContain("rate_limit_last_request_idx");
  });
});

describe("the email outbox", () => {
  let userId: string;
  const old = NOW - (OUTBOX_RETENTION_DAYS + 1) * DAY_MS;
  const recent = NOW - (OUTBOX_RETENTION_DAYS - 1) * DAY_MS;

  async function outboxRow(id: string, status: string, createdAt: number, sentAt: number | null = null) {
    await env.DB.prepare(
      `INSERT INTO email_outbox (id, "to", subject, text, html, kind, status, attempts, created_at, sent_at)
       VALUES (?1, 'reader@example.com', 'Subject', 'Reset: https://x/reset?token=secret', '<p>x</p>',
               'password-reset', ?2, 1, ?3, ?4)`,
    )
      .bind(id, status, createdAt, sentAt)
      .run();
  }

  async function historyRow(id: string, outboxId: string) {
    await env.DB.prepare(
      `INSERT INTO notification_history (id, user_id, title, message, event_type, alert_type, status,
         dedupe_key, created_at, outbox_id)
       VALUES (?1, ?2, 'KO earnings', 'Earnings tomorrow', 'earnings', 'earnings', 'pending', ?1, ?3, ?4)`,
    )
      .bind(id, userId, old, outboxId)
      .run();
  }

  beforeAll(async () => {
    await signUpAndGetCookie("outbox-retention@example.com");
    userId = (await env.DB.prepare(
      "SELECT id FROM user WHERE email = 'outbox-retention@example.com'",
    ).first<string>("id"))!;
    await outboxRow("old-sent", "sent", old, old + 60_000);
    await outboxRow("old-captured", "captured", old);
    await outboxRow("old-failed", "failed", old - 1);
    await outboxRow("old-queued", "queued", old - 2);
    await outboxRow("recent-sent", "sent", recent, recent + 1);
    await historyRow("h-sent", "old-sent");
    await historyRow("h-captured", "old-captured");
    await historyRow("h-failed", "old-failed");
    await historyRow("h-queued", "old-queued");
    await historyRow("h-recent", "recent-sent");
  });

  it("the daily housekeeping deletes finished emails past the retention; history keeps the status it showed", async () => {
    const before = await listHistory(env, userId, 50);
    const run = await runJob("housekeeping", testEnv, new Date(NOW));
    expect(run.ok).toBe(true);
    expect(run.detail).toMatchObject({ outboxRowsDeleted: 3, retentionComplete: true });

    const { results } = await env.DB.prepare("SELECT id FROM email_outbox ORDER BY id").all<{ id: string }>();
    // A queued email is still to be delivered, whatever its age; a recent one is within the retention.
    expect(results.map((r) => r.id)).toEqual(["old-queued", "recent-sent"]);

    const after = await listHistory(env, userId, 50);
    const view = (items: typeof before) =>
      Object.fromEntries(items.map((i) => [i.id, { status: i.status, sentAt: i.sentAt }]));
    expect(view(after)).toEqual(view(before));
    expect(view(after)["h-sent"]).toEqual({ status: "sent", sentAt: new Date(old + 60_000).toISOString() });
    expect(view(after)["h-failed"]?.status).toBe("failed");
  });

  it("works a backlog off in bounded batches", async () => {
    for (let i = 0; i < 25; i++)
      await outboxRow(`backlog-${String(i).padStart(2, "0")}`, "sent", old - i, old);
    expect(await deleteExpiredOutboxRows(env, NOW, { batchRows: 10, maxBatches: 2 })).toEqual({
      deleted: 20,
      complete: false,
    });
    expect(await deleteExpiredOutboxRows(env, NOW, { batchRows: 10, maxBatches: 2 })).toEqual({
      deleted: 5,
      complete: true,
    });
  });

  it("finds each batch on the created_at index", async () => {
    const plan = await queryPlan(
      "SELECT id FROM email_outbox WHERE created_at < 1 AND status != 'queued' ORDER BY created_at, id LIMIT 10",
    );
    expect(plan).toContain("email_outbox_created_idx");
  });
});
