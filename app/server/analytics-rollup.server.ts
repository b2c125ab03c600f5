// The nightly rollup of the first-party client events (decision 284): Analytics Engine keeps the data points (3
// months, sampled at volume), D1 keeps what the admin needs for good: each UTC day's count per event name and path in
// `analytics_daily`. One SQL API query per day, its answer parsed with zod, the day's rows replaced in one D1 batch,
// so a rerun gives the same table.
import { z } from "zod";
import { eq } from "drizzle-orm";
import { DAY_MS } from "#app/engine/units.ts";
import { ANALYTICS_DATASET, DATA_POINT_COLUMNS } from "#app/server/analytics.server.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { integrationsOf, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import type { JobOutcome } from "#app/server/db/job-runs.server.ts";

export const ANALYTICS_SQL_API_BASE = "https://api.cloudflare.com/client/v4";
/** Rows a day may hold: the busiest (name, path) pairs first; past it the rest is dropped and reported. */
export const ROLLUP_MAX_ROWS = 5000;
const SQL_TIMEOUT_MS = 20_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** 5 bound parameters a row: 20 rows a statement keeps under D1's 100. */
const ROWS_PER_INSERT = 20;

/** The UTC day before `now`, YYYY-MM-DD: the last whole day. */
export function previousUtcDay(now: Date): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/** The query for one UTC day. `day` is checked against YYYY-MM-DD first: nothing else reaches the SQL text. */
export function rollupSql(day: string): string {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (!DAY.test(day) || Number.isNaN(start)) throw new Error(`rollup: bad day "${day}"`);
  const next = new Date(start + DAY_MS).toISOString().slice(0, 10);
  const c = DATA_POINT_COLUMNS;
  return [
    `SELECT ${c.name} AS name, ${c.path} AS path, SUM(_sample_interval) AS events`,
    `FROM ${ANALYTICS_DATASET}`,
    `WHERE timestamp >= toDateTime('${day} 00:00:00') AND timestamp < toDateTime('${next} 00:00:00')`,
    `GROUP BY name, path`,
    `ORDER BY events DESC`,
    `LIMIT ${ROLLUP_MAX_ROWS + 1}`,
    `FORMAT JSON`,
  ].join("\n");
}

// ClickHouse's JSON output quotes 64-bit integers (a SUM of _sample_interval), so a count is a number or its text.
const count = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

const answerSchema = z.object({
  data: z
    .array(
      z.object({
        name: z.string().min(1).max(64),
        path: z.string().max(512),
        events: count,
      }),
    )
    .max(ROLLUP_MAX_ROWS + 1),
});

export type RollupRow = { name: string; path: string; events: number };

export type SqlAnswer = { ok: true; rows: RollupRow[] } | { ok: false; error: string };

/** Asks the Analytics Engine SQL API for one day's counts. Never throws: a failure is a reason. */
export async function queryDailyCounts(env: WorkerEnv, day: string): Promise<SqlAnswer> {
  const config = serverConfig(env);
  const base = (config.ANALYTICS_SQL_API_BASE ?? ANALYTICS_SQL_API_BASE).replace(/\/$/, "");
  const url = `${base}/accounts/${config.ANALYTICS_ACCOUNT_ID}/analytics_engine/sql`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.ANALYTICS_API_TOKEN}`, "Content-Type": "text/plain" },
      body: rollupSql(day),
      signal: AbortSignal.timeout(SQL_TIMEOUT_MS),
    });
  } catch (error) {
    return {
      ok: false,
      error: `SQL API unreachable: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!response.ok) return { ok: false, error: `SQL API answered ${response.status}` };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, error: "SQL API answered something that is not JSON" };
  }
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `SQL API answer malformed at ${issue?.path.join(".") || "body"}: ${issue?.message}`,
    };
  }
  return { ok: true, rows: parsed.data.data };
}

/**
 * Rolls one UTC day (default: yesterday) into `analytics_daily`: the day's rows are deleted and the answer's
 * inserted in one batch, so the table holds either the old day or the new one, never a mix.
 */
export async function runAnalyticsRollup(
  env: WorkerEnv,
  now: Date,
  day = previousUtcDay(now),
): Promise<JobOutcome> {
  const status = integrationsOf(serverConfig(env)).analyticsRollup;
  if (!status.configured)
    return { itemsProcessed: 0, failures: 0, detail: { skipped: "not configured", missing: status.missing } };
  const answer = await queryDailyCounts(env, day);
  if (!answer.ok) return { itemsProcessed: 0, failures: 1, detail: { day, error: answer.error } };

  // One row per (name, path) whatever the answer repeats, so the insert cannot collide with itself.
  const merged = new Map<string, RollupRow>();
  for (const row of answer.rows.slice(0, ROLLUP_MAX_ROWS)) {
    const key = JSON.stringify([row.name, row.path]);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, events: seen.events + row.events } : row);
  }
  const kept = [...merged.values()];
  const db = getDb(env);
  const t = schema.analyticsDaily;
  const updatedAt = new Date(now);
  const inserts = [];
  for (let i = 0; i < kept.length; i += ROWS_PER_INSERT)
    inserts.push(
      db.insert(t).values(kept.slice(i, i + ROWS_PER_INSERT).map((row) => ({ day, ...row, updatedAt }))),
    );
  await db.batch([db.delete(t).where(eq(t.day, day)), ...inserts]);
  return {
    itemsProcessed: kept.length,
    failures: 0,
    detail: {
      day,
      rows: kept.length,
      events: kept.reduce((sum, row) => sum + row.events, 0),
      truncated: answer.rows.length > ROLLUP_MAX_ROWS,
    },
  };
}
