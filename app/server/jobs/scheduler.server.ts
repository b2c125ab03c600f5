// scheduled() dispatch: one cron expression, one job. Job logic lives in its own module so tests can
// call it without the Worker entry.
import type { WorkerEnv } from "#app/server/env.server.ts";
import { jobForCron, type JobName } from "#app/server/jobs/schedule.ts";
import { recordJobRun, type JobOutcome } from "#app/server/db/job-runs.server.ts";
import { runHousekeeping } from "#app/server/jobs/housekeeping.server.ts";
import { runAnalyticsRollup } from "#app/server/analytics-rollup.server.ts";
import { deliverQueuedEmails } from "#app/server/email/mail.server.ts";
import { deliverQueuedPushes } from "#app/server/push/outbox.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { enqueueDueNotifications } from "#app/server/notifications/dispatch.server.ts";
import { gradeExpiredIdeas } from "#app/server/track/grading.server.ts";
import { proposeLedgerExpiries } from "#app/server/wheel/proposals.server.ts";
import { purgeEdgeCache } from "#app/server/http/edge-cache-purge.server.ts";

type Job = (env: WorkerEnv, now: Date) => Promise<JobOutcome>;

/** Jobs register here; issues that own a job replace its entry. */
export const JOBS: Partial<Record<JobName, Job>> = {
  housekeeping: runHousekeeping,
  // Yesterday's (UTC) client-event counts from Analytics Engine into D1 (decision 284).
  analyticsRollup: (env, now) => runAnalyticsRollup(env, now),
  // Quotes, chains, ticker info and trade ideas, then the track record's log of them (market-refresh.server.ts);
  // the refresh checks the New York clock itself. A run that stored a new snapshot drops the edge's copies of what
  // shows it (the `market` tag, decision 282).
  marketRefresh: async (env, now) => {
    const outcome = await runMarketRefresh(env, now);
    if (outcome.itemsProcessed > 0) await purgeEdgeCache(["market"]);
    return outcome;
  },
  // After the closes are stored: logged ideas that expired are graded against the official close (decision 265), and
  // the wheel ledger's short options still open past their expiration get a proposal from the same close (281).
  trackRecord: async (env, now) => {
    const graded = await gradeExpiredIdeas(env, now);
    // New grades change the track record's pages: the edge's copies go (the `track` tag, decision 282).
    if (graded.itemsProcessed > 0) await purgeEdgeCache(["track"]);
    const proposed = await proposeLedgerExpiries(env, now);
    return {
      itemsProcessed: graded.itemsProcessed + proposed.itemsProcessed,
      failures: graded.failures + proposed.failures,
      detail: { ...graded.detail, ledgerProposals: proposed.detail },
    };
  },
  // Market-event alerts: due users go onto the notifications queue (the consumer builds and sends);
  // then the email and push outboxes are drained (retry/backoff).
  notifications: async (env, now) => {
    const enqueued = await enqueueDueNotifications(env, now);
    const outbox = await deliverQueuedEmails(env, now);
    const pushes = await deliverQueuedPushes(env, now);
    return {
      itemsProcessed: enqueued.itemsProcessed + outbox.itemsProcessed + pushes.itemsProcessed,
      failures: enqueued.failures + outbox.failures + pushes.failures,
      detail: { alerts: enqueued.detail, outbox: outbox.detail, pushes: pushes.detail },
    };
  },
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
