// What the app shell (header, badges, trial banner) knows about the signed-in user; built on the server.
import type { PlanTier } from "#app/lib/plans.ts";

export interface ShellUser {
  id: string;
  email: string;
  plan: PlanTier;
  planBadge: string;
  isAdmin: boolean;
  subscriptionTier: string;
  subscriptionStatus: string;
  trialEnd: string | null;
  hasSubscriptionId: boolean;
}
