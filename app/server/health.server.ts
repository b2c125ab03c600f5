// What /api/health reports about the bindings it depends on.
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { POLYGON_PLAN_LACKS } from "#app/server/market/providers/polygon.server.ts";

/** Health check: one trivial query; false (not a throw) when D1 does not answer. */
export async function databaseReachable(env: { DB: D1Database }): Promise<boolean> {
  try {
    // raw SQL: the probe reads no table (drizzle selects need one), so it answers even before migrations.
    const row = await env.DB.prepare("select 1 as ok").first<{ ok: number }>();
    return row?.ok === 1;
  } catch (error) {
    console.error("health: D1 query failed", error);
    return false;
  }
}

interface RefreshDetail {
  planMissing?: { error?: unknown }[];
  failed?: { error?: unknown }[];
  partial?: Record<string, unknown[]>;
}

/**
 * The last market refresh's failure for want of a Massive (Polygon) plan feature (options quotes, a stocks plan),
 * or null. Every chain fails the same way then, so a fresh deploy has no data: /api/health names the feature.
 */
export async function marketDataPlanProblem(env: { DB: D1Database }): Promise<string | null> {
  const runs = schema.jobRuns;
  const [run] = await getDb(env)
    .select({ detail: runs.detail })
    .from(runs)
    // A run skipped outside the session read nothing: the one before it still says what the plan lacks.
    .where(
      and(
        eq(runs.job, "marketRefresh"),
        isNotNull(runs.finishedAt),
        sql`json_extract(${runs.detail}, '$.skipped') is null`,
      ),
    )
    .orderBy(desc(runs.startedAt))
    .limit(1)
    .catch(() => []);
  const detail = (run?.detail ?? {}) as RefreshDetail;
  const messages = [
    ...(detail.planMissing ?? []).map((f) => f.error),
    ...(detail.failed ?? []).map((f) => f.error),
    ...Object.values(detail.partial ?? {}).flat(),
  ];
  const hit = messages.find((m): m is string => typeof m === "string" && m.includes(POLYGON_PLAN_LACKS));
  // A chain's failure is recorded as "chain: polygon: ...": the provider's own message is what we show.
  return hit ? hit.replace(/^\w+: (?=polygon: )/, "") : null;
}
