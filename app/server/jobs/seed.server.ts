// Idempotent local seed: an admin and one demo user per plan. Runs inside the Worker (so passwords are
// hashed exactly as in production) and only in development (see routes/dev.seed.ts).
import { eq } from "drizzle-orm";
import { DAY_MS } from "#app/engine/time.ts";
import { DEMO_ACCOUNTS, type DemoAccount } from "#app/lib/demo-accounts.ts";
import { vapidKeysOf } from "#app/server/push/vapid-keys.server.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getAuth } from "#app/server/auth/auth.server.ts";
import { POLICY_CONSENT } from "#app/lib/auth-validation.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";

function subscriptionFor(kind: DemoAccount["kind"], now: number) {
  switch (kind) {
    case "pro":
      return {
        subscriptionTier: "Pro Plan",
        subscriptionStatus: "active",
        hasUsedTrial: true,
        currentPeriodEnd: new Date(now + 30 * DAY_MS),
        subscriptionId: "sub_demo_pro",
      };
    case "elite":
      return {
        subscriptionTier: "Elite Plan",
        subscriptionStatus: "active",
        hasUsedTrial: true,
        currentPeriodEnd: new Date(now + 30 * DAY_MS),
        subscriptionId: "sub_demo_elite",
      };
    case "trial":
      return {
        subscriptionTier: "Pro Plan",
        subscriptionStatus: "trialing",
        hasUsedTrial: true,
        lastSubscriptionTier: "Free Plan",
        trialEnd: new Date(now + 5 * DAY_MS),
        subscriptionId: null,
      };
    // The Free demo has used its trial already, so it stays on Free to show the Free experience.
    case "free":
    case "admin":
      return { subscriptionTier: "Free Plan", subscriptionStatus: "inactive", hasUsedTrial: true };
  }
}

export interface SeedResult {
  created: string[];
  existing: string[];
  /** The first market refresh (so a fresh `npm run dev` has quotes, ideas and a calendar at once). */
  market?: { ok: boolean; itemsProcessed: number; durationMs: number; detail?: Record<string, unknown> };
}

export async function seedDemoData(env: WorkerEnv, request: Request, now = Date.now()): Promise<SeedResult> {
  const db = getDb(env);
  const auth = getAuth(env, request);
  const result: SeedResult = { created: [], existing: [] };
  for (const account of DEMO_ACCOUNTS) {
    const found = await db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(eq(schema.user.email, account.email))
      .get();
    let userId = found?.id;
    if (!userId) {
      const res = await auth.api.signUpEmail({
        body: { email: account.email, password: account.password, name: account.name, ...POLICY_CONSENT },
      });
      userId = res.user.id;
      result.created.push(account.email);
    } else {
      result.existing.push(account.email);
    }
    const setPlan = db
      .update(schema.user)
      .set({
        ...subscriptionFor(account.kind, now),
        role: account.kind === "admin" ? "admin" : "user",
        emailVerified: true,
      })
      .where(eq(schema.user.id, userId));
    if (account.kind === "admin") {
      await db.batch([
        setPlan,
        db.insert(schema.admins).values({ email: account.email }).onConflictDoNothing(),
      ]);
    } else {
      await setPlan;
    }
  }
  // The local VAPID key pair for Web Push, made on the first start and kept in the local KV (decision 336).
  await vapidKeysOf(env);
  // A first market refresh; skipped by the job itself when the caches are already current.
  const market = await runJob("marketRefresh", env, new Date(now));
  result.market = {
    ok: market.ok,
    itemsProcessed: market.itemsProcessed,
    durationMs: market.durationMs,
    detail: market.detail,
  };
  return result;
}
