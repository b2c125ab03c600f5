// Cron expressions as in wrangler.toml [triggers]; a test keeps the two in step.
export const CRON = {
  marketRefresh: "*/5 13-21 * * MON-FRI",
  notifications: "*/15 * * * *",
  housekeeping: "30 7 * * *",
  trackRecord: "0 9 * * TUE-SAT",
  analyticsRollup: "20 0 * * *",
} as const;

export type JobName = keyof typeof CRON;

export function jobForCron(cron: string): JobName | null {
  for (const [name, expr] of Object.entries(CRON)) if (expr === cron) return name as JobName;
  return null;
}
