// The plan tiers: a leaf both the plan catalog (./plans.ts) and the entitlements table (./entitlements.ts) import,
// so neither imports the other for the type.

export const PLAN_TIERS = ["Free Plan", "Pro Plan", "Elite Plan"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
