// scheduled() dispatch: one cron expression, one job. Job logic lives in its own module so tests can
// call it without the Worker entry.
import type { WorkerEnv } from "../env.server";
import { jobForCron, type JobName } from "./schedule";
import { recordJobRun, type JobOutcome } from "./job-runs.server";
import { runHousekeeping } from "./housekeeping.server";
import { deliverQueuedEmails } from "../email/mail.server";
import { runMarketRefresh } from "../market/refresh/run.server";

type Job = (env: WorkerEnv, now: Date) => Promise<JobOutcome>;

/** Jobs register here; issues that own a job replace its entry. */
export const JOBS: Partial<Record<JobName, Job>> = {
  housekeeping: runHousekeeping,
  // Quotes, chains, ticker info and trade ideas; checks the New York clock itself (refresh/run.server.ts).
  marketRefresh: (env, now) => runMarketRefresh(env, now),
  // Email outbox delivery with retry/backoff; the notifications issue adds market-event alerts here.
  notifications: deliverQueuedEmails,
};

export async function runScheduled(cron: string, env: WorkerEnv, now: Date): Promise<void> {
  const name = jobForCron(cron);
  if (!name) {
    console.warn(`scheduled: no job for cron "${cron}"`);
    return;
  }
  await runJob(name, env, now);
}

export async function runJob(name: JobName, env: WorkerEnv, now: Date) {
  const job = JOBS[name];
  if (!job)
    return recordJobRun(env, name, async () => ({
      itemsProcessed: 0,
      failures: 0,
      detail: { skipped: "job not registered" },
    }));
  return recordJobRun(env, name, () => job(env, now));
}
