// First-party analytics: events are rows in D1 (no third-party tracker). Recording never breaks the
// request that triggers it.
import { getDb, schema } from "./db/client.server";

export interface AnalyticsEvent {
  name: string;
  userId?: string | null;
  sessionId?: string | null;
  path?: string | null;
  properties?: Record<string, unknown> | null;
}

/** Snake case, plus the spec's few capitalised names (SignUp). */
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export async function recordEvent(
  env: { DB: D1Database },
  event: AnalyticsEvent,
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
        path: event.path?.slice(0, 512) ?? null,
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
 * The spec's sign-up analytics (000 "Sign up"): the events sign_up (method), SignUp and signup, and the
 * identify step (user id, plan Free). The email stays out of analytics rows (decision 023, 152). One batch.
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
      path: path?.slice(0, 512) ?? null,
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
