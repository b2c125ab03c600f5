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

const NAME = /^[a-z][a-z0-9_]{0,63}$/;

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
