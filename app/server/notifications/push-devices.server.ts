// A user's push devices (decision 336): the subscriptions their browsers made on /notifications, listed, removed
// and tested here; the protocol is the foundation's (app/server/push/web-push.server.ts, decision 335). A device the
// push service reports gone (404, 410) is deleted at once, so it is never sent to again.
import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  isPushServiceEndpoint,
  MAX_PUSH_DEVICES,
  PUSH_MESSAGES,
  pushDeviceName,
  type addPushDeviceSchema,
  type PushPayload,
} from "#app/lib/push.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { deliverPushRows, pushRowsFor } from "#app/server/push/outbox.server.ts";
import { vapidKeysOf } from "#app/server/push/vapid-keys.server.ts";
import { rateLimiter } from "#app/server/rate-limit.server.ts";
import type { NotificationUser } from "#app/server/notifications/preferences.server.ts";

export interface PushDeviceView {
  id: string;
  name: string;
  createdAt: string;
  lastSuccessAt: string | null;
}

export async function listPushDevices(env: WorkerEnv, userId: string): Promise<PushDeviceView[]> {
  const rows = await getDb(env)
    .select()
    .from(schema.pushDevices)
    .where(eq(schema.pushDevices.userId, userId))
    .orderBy(schema.pushDevices.createdAt);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
  }));
}

/** What /notifications needs to add a device: whether push is configured, the key to subscribe with, the list. */
export async function pushDevicesView(env: WorkerEnv, userId: string) {
  const keys = await vapidKeysOf(env);
  return {
    configured: keys !== null,
    publicKey: keys?.publicKey ?? null,
    devices: await listPushDevices(env, userId),
  };
}

export type PushDeviceResult =
  { ok: true; device: PushDeviceView } | { ok: false; status: 400 | 403 | 404 | 409 | 503; error: string };

/**
 * Adds this browser's subscription. The endpoint must be a browser's push service (the server posts to it); one
 * endpoint is one device, so a browser subscribing again (or under another account) replaces its row.
 */
export async function addPushDevice(
  env: WorkerEnv,
  user: NotificationUser,
  input: z.infer<typeof addPushDeviceSchema>,
  userAgent: string | null,
  nowMs = Date.now(),
): Promise<PushDeviceResult> {
  const { endpoint, keys } = input.subscription;
  if (!(await vapidKeysOf(env))) return { ok: false, status: 503, error: PUSH_MESSAGES.notConfigured };
  if (!isPushServiceEndpoint(endpoint, serverConfig(env).PUSH_API_BASE))
    return { ok: false, status: 400, error: PUSH_MESSAGES.serviceNotAllowed };
  const db = getDb(env);
  const [held] = await db
    .select({ n: count() })
    .from(schema.pushDevices)
    .where(eq(schema.pushDevices.userId, user.id));
  const [existing] = await db
    .select({ id: schema.pushDevices.id, userId: schema.pushDevices.userId })
    .from(schema.pushDevices)
    .where(eq(schema.pushDevices.endpoint, endpoint));
  const mineAlready = existing?.userId === user.id;
  if (!mineAlready && (held?.n ?? 0) >= MAX_PUSH_DEVICES)
    return { ok: false, status: 409, error: PUSH_MESSAGES.tooManyDevices };
  const id = existing?.id ?? crypto.randomUUID();
  const name = pushDeviceName(userAgent, nowMs);
  const createdAt = new Date(nowMs);
  await db
    .insert(schema.pushDevices)
    .values({ id, userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, name, createdAt })
    .onConflictDoUpdate({
      target: schema.pushDevices.endpoint,
      set: { userId: user.id, p256dh: keys.p256dh, auth: keys.auth, name, createdAt, lastSuccessAt: null },
    });
  return { ok: true, device: { id, name, createdAt: createdAt.toISOString(), lastSuccessAt: null } };
}

export async function removePushDevice(env: WorkerEnv, userId: string, id: string): Promise<boolean> {
  const removed = await getDb(env)
    .delete(schema.pushDevices)
    .where(and(eq(schema.pushDevices.id, id), eq(schema.pushDevices.userId, userId)))
    .returning({ id: schema.pushDevices.id });
  return removed.length > 0;
}

export type TestPushResult = { ok: true } | { ok: false; status: 404 | 410 | 429 | 502 | 503; error: string };

/** POST /api/notifications/push/test: one push to one of the user's devices, recorded in the history. */
export async function sendTestPush(
  env: WorkerEnv,
  user: NotificationUser,
  deviceId: string,
  nowMs = Date.now(),
): Promise<TestPushResult> {
  const db = getDb(env);
  const [device] = await db
    .select()
    .from(schema.pushDevices)
    .where(and(eq(schema.pushDevices.id, deviceId), eq(schema.pushDevices.userId, user.id)));
  if (!device) return { ok: false, status: 404, error: PUSH_MESSAGES.notFound };
  const limit = await rateLimiter(env, "pushTest", () => nowMs).limit({ key: user.id });
  if (!limit.success) return { ok: false, status: 429, error: PUSH_MESSAGES.testRateLimited };
  if (!(await vapidKeysOf(env))) return { ok: false, status: 503, error: PUSH_MESSAGES.notConfigured };
  const payload: PushPayload = {
    title: PUSH_MESSAGES.testTitle,
    body: PUSH_MESSAGES.testBody,
    url: "/notifications",
    tag: "test",
  };
  const historyId = crypto.randomUUID();
  // A test is worth nothing an hour later: the push service may drop it after 10 minutes.
  const rows = await pushRowsFor(
    env,
    user.id,
    payload,
    { ttlSeconds: 600, urgency: "normal" },
    [historyId],
    nowMs,
    device.id,
  );
  await db.batch([
    db.insert(schema.notificationHistory).values({
      id: historyId,
      userId: user.id,
      title: PUSH_MESSAGES.testTitle,
      message: `Test push sent to ${device.name}.`,
      symbol: null,
      eventType: "test",
      eventDate: new Date(nowMs).toISOString().slice(0, 10),
      alertType: "test",
      status: "pending",
      dedupeKey: `push-test:${historyId}`,
      createdAt: new Date(nowMs),
    }),
    ...rows.statements,
  ]);
  const [result] = await deliverPushRows(env, rows.ids, nowMs);
  if (result?.status === "gone") return { ok: false, status: 410, error: PUSH_MESSAGES.gone };
  if (result?.status !== "sent")
    return { ok: false, status: 502, error: PUSH_MESSAGES.serviceRefused(result?.lastStatus ?? 0) };
  return { ok: true };
}
