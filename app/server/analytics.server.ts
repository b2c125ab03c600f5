// First-party analytics (no third-party tracker), in two stores by volume (decision 284):
// - what the browser sends (page views, clicks, scroll depth, speed metrics, alias) is one Workers Analytics Engine
//   data point per beacon: no D1 row per request. The daily rollup (analytics-rollup.server.ts) reads it back.
// - business events the server records itself (sign-up, the subscription result page, purchase) stay rows in D1
//   `analytics_events`: few, needed for idempotency (the purchase check) and removable on account deletion.
// Recording never breaks the request that triggers it.
import { getDb, schema } from "#app/server/db/client.server.ts";
import { authSecret, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import type { ClientEventName } from "#app/lib/analytics-events.ts";

/** The Analytics Engine dataset the ANALYTICS binding writes to (wrangler.toml, both environments; a test checks). */
export const ANALYTICS_DATASET = "wheelhouse_events";

export interface ClientEvent {
  name: ClientEventName;
  /** The signed-in user, from the session (never the body). Stored only as a pseudonym. */
  userId?: string | null;
  /** The browser's anonymous analytics id (`wh_sid`). */
  sessionId?: string | null;
  path?: string | null;
  properties?: Record<string, unknown> | null;
}

/**
 * The data point's layout, the one place that names each position (the rollup's SQL reads the same names):
 * index1 = event name (the sampling key: Analytics Engine samples per index value, so a rare click is not
 * thinned with the page views), blob1 = name, blob2 = path, blob3 = anonymous id, blob4 = user pseudonym,
 * blob5 = properties as JSON, blob6/blob7 = a speed metric's name and rating; double1 = the event's number (a
 * speed metric's value, a scroll depth), else 0. Counts come from `_sample_interval`, never from a double.
 */
export const DATA_POINT_COLUMNS = {
  name: "blob1",
  path: "blob2",
  anonymousId: "blob3",
  userKey: "blob4",
  properties: "blob5",
  metric: "blob6",
  rating: "blob7",
  value: "double1",
} as const;

const MAX_PATH = 512;

/** Writes one client event to Analytics Engine. False when the binding is missing (nothing else is tried). */
export async function recordClientEvent(env: WorkerEnv, event: ClientEvent): Promise<boolean> {
  const dataset = env.ANALYTICS as AnalyticsEngineDataset | undefined;
  if (!dataset) {
    console.warn(`analytics: no ANALYTICS binding, ${event.name} not recorded`);
    return false;
  }
  try {
    const properties = event.properties ?? null;
    const userKey = event.userId ? await userPseudonym(env, event.userId) : "";
    const value = numberOf(properties?.value ?? properties?.depth);
    dataset.writeDataPoint({
      indexes: [event.name],
      blobs: [
        event.name,
        event.path?.slice(0, MAX_PATH) ?? "",
        event.sessionId ?? "",
        userKey,
        properties ? JSON.stringify(properties) : "",
        typeof properties?.metric === "string" ? properties.metric : "",
        typeof properties?.rating === "string" ? properties.rating : "",
      ],
      doubles: [value],
    });
    return true;
  } catch (error) {
    console.error(`analytics: could not record ${event.name}`, error);
    return false;
  }
}

function numberOf(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

const pseudonymKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The user id as a keyed hash (HMAC-SHA-256 with the auth secret, first 16 bytes in hex): events of one user can
 * be counted together, but a data point that outlives the account (Analytics Engine keeps 3 months and deletes
 * nothing on request) names nobody (decision 284).
 */
export async function userPseudonym(env: WorkerEnv, userId: string): Promise<string> {
  const secret = authSecret(serverConfig(env));
  let key = pseudonymKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(`analytics-user:${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    pseudonymKeys.set(secret, key);
  }
  const mac = await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(userId));
  return [...new Uint8Array(mac).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface BusinessEvent {
  name: string;
  userId?: string | null;
  sessionId?: string | null;
  path?: string | null;
  properties?: Record<string, unknown> | null;
}

/** Snake case, plus the product's few capitalised names (SignUp). */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** A server-side business event as a D1 row (the subscription result page's events). */
export async function recordBusinessEvent(
  env: { DB: D1Database },
  event: BusinessEvent,
  now = Date.now(),
): Promise<boolean> {
  if (!NAME.test(event.name)) {
    console.warn(`analytics: refused event name "${event.name}"`);
    return false;
  }
  try {
    await getDb(env)
      .insert(schema.analyticsEvents)
      .values({
        id: crypto.randomUUID(),
        name: event.name,
        userId: event.userId ?? null,
        sessionId: event.sessionId ?? null,
        path: event.path?.slice(0, MAX_PATH) ?? null,
        properties: event.properties ?? null,
        createdAt: new Date(now),
      });
    return true;
  } catch (error) {
    console.error(`analytics: could not record ${event.name}`, error);
    return false;
  }
}

/**
 * The product's sign-up analytics (docs/product/accounts-and-auth.md#sign-up): the events sign_up (method),
 * SignUp and signup, and the identify step (user id, plan Free). The email stays out of analytics rows
 * (decision 023, 152). One batch.
 */
export async function recordSignUp(
  env: { DB: D1Database },
  { userId, method, path }: { userId: string; method: string; path: string | null },
  now = Date.now(),
): Promise<boolean> {
  const db = getDb(env);
  const row = (name: string, properties: Record<string, unknown>) =>
    db.insert(schema.analyticsEvents).values({
      id: crypto.randomUUID(),
      name,
      userId,
      sessionId: null,
      path: path?.slice(0, MAX_PATH) ?? null,
      properties,
      createdAt: new Date(now),
    });
  try {
    await db.batch([
      row("sign_up", { method }),
      row("SignUp", { method }),
      row("signup", { method }),
      row("identify", { user_id: userId, plan: "Free Plan" }),
    ]);
    return true;
  } catch (error) {
    console.error("analytics: could not record the sign-up", error);
    return false;
  }
}
