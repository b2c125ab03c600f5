// Records each cron run (duration, items, failures) so a failing job is visible in D1, not only in logs.
import { eq } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";

export interface JobOutcome {
  itemsProcessed: number;
  failures: number;
  detail?: Record<string, unknown>;
}

export async function recordJobRun(
  env: { DB: D1Database },
  job: string,
  run: () => Promise<JobOutcome>,
  now: () => number = Date.now,
): Promise<JobOutcome & { ok: boolean; durationMs: number }> {
  const db = getDb(env);
  const id = crypto.randomUUID();
  const startedAt = now();
  await db.insert(schema.jobRuns).values({ id, job, startedAt: new Date(startedAt) });
  let outcome: JobOutcome;
  let ok = true;
  try {
    outcome = await run();
  } catch (error) {
    ok = false;
    outcome = {
      itemsProcessed: 0,
      failures: 1,
      detail: { error: error instanceof Error ? error.message : String(error) },
    };
    console.error(`job ${job} failed`, error);
  }
  const finishedAt = now();
  const durationMs = finishedAt - startedAt;
  await db
    .update(schema.jobRuns)
    .set({
      finishedAt: new Date(finishedAt),
      durationMs,
      ok,
      itemsProcessed: outcome.itemsProcessed,
      failures: outcome.failures,
      detail: outcome.detail ?? null,
    })
    .where(eq(schema.jobRuns.id, id));
  return { ...outcome, ok, durationMs };
}
