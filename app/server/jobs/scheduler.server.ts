// scheduled() dispatch: one cron expression, one job. Job logic lives in its own module so tests can
// call it without the Worker entry.
import type { WorkerEnv } from "../env.server";
import { jobForCron, type JobName } from "./schedule";
import { recordJobRun, type JobOutcome } from "./job-runs.server";
import { runHousekeeping } from "./housekeeping.server";
import { runAnalyticsRollup } from "../analytics-rollup.server";
import { deliverQueuedEmails } from "../email/mail.server";
import { runMarketRefresh } from "../market/refresh/run.server";
import { enqueueDueNotifications } from "../notifications/dispatch.server";
import { gradeExpiredIdeas } from "../track/grading.server";
import { proposeLedgerExpiries } from "../wheel/proposals.server";
import { purgeEdgeCache } from "../http/edge-cache-purge.server";

type Job = (env: WorkerEnv, now: Date) => Promise<JobOutcome>;

/** Jobs register here; issues that own a job replace its entry. */
export const JOBS: Partial<Record<JobName, Job>> = {
  housekeeping: runHousekeeping,
  // Yesterday's (UTC) client-event counts from Analytics Engine into D1 (decision 284).
  analyticsRollup: (env, now) => runAnalyticsRollup(env, now),
  // Quotes, chains, ticker info and trade ideas; checks the New York clock itself (refresh/run.server.ts). A run
  // that stored a new snapshot drops the edge's copies of what shows it (the `market` tag, decision 282).
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
  // then the email outbox is drained (retry/backoff).
  notifications: async (env, now) => {
    const enqueued = await enqueueDueNotifications(env, now);
    const outbox = await deliverQueuedEmails(env, now);
    return {
      itemsProcessed: enqueued.itemsProcessed + outbox.itemsProcessed,
      failures: enqueued.failures + outbox.failures,
      detail: { alerts: enqueued.detail, outbox: outbox.detail },
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
