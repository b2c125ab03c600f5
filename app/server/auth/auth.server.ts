// better-auth on D1 (drizzle adapter): email + password, the admin plugin, sessions and rate limits in D1.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { getDb, schema } from "../db/client.server";
import { authSecret, serverConfig, type WorkerEnv } from "../env.server";

function buildAuth(env: WorkerEnv, baseURL: string) {
  const config = serverConfig(env);
  const db = getDb(env);
  return betterAuth({
    baseURL,
    secret: authSecret(config),
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, autoSignIn: true },
    user: {
      additionalFields: {
        subscriptionTier: { type: "string", required: false, defaultValue: "Free Plan", input: false },
        subscriptionStatus: { type: "string", required: false, defaultValue: "inactive", input: false },
        trialEnd: { type: "date", required: false, input: false },
        currentPeriodEnd: { type: "date", required: false, input: false },
        hasUsedTrial: { type: "boolean", required: false, defaultValue: false, input: false },
        subscriptionId: { type: "string", required: false, input: false },
        lastSubscriptionTier: { type: "string", required: false, input: false },
        cancelAtPeriodEnd: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    // Rate limits live in D1 (KV is eventually consistent: wrong for counters) and are on in every mode.
    rateLimit: { enabled: true, storage: "database", window: 60, max: 100 },
    plugins: [admin()],
  });
}

export type Auth = ReturnType<typeof buildAuth>;

const instances = new WeakMap<object, Map<string, Auth>>();

/** One auth instance per env and origin (the origin decides callback and reset links). */
export function getAuth(env: WorkerEnv, request: Request): Auth {
  const config = serverConfig(env);
  const origin = config.APP_URL ?? new URL(request.url).origin;
  let byOrigin = instances.get(env);
  if (!byOrigin) {
    byOrigin = new Map();
    instances.set(env, byOrigin);
  }
  let auth = byOrigin.get(origin);
  if (!auth) {
    auth = buildAuth(env, origin);
    byOrigin.set(origin, auth);
  }
  return auth;
}

export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type SessionUser = SessionData["user"];
