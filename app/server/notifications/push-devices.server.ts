// A user's push devices (decision 336): the subscriptions their browsers made on /notifications, listed, removed
// and tested here; the protocol is the foundation's (app/server/push/web-push.server.ts, decision 335). A device the
// push service reports gone (404, 410) is deleted at once, so it is never sent to again.
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
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
import {
  generateVapidKeys,
  sendPush,
  type PushOptions,
  type PushOutcome,
  type VapidKeys,
} from "#app/server/push/web-push.server.ts";
import { rateLimiter } from "#app/server/rate-limit.server.ts";
import type { NotificationUser } from "#app/server/notifications/preferences.server.ts";

/** Where a machine without VAPID secrets keeps its own key pair: the local KV (under .wrangler/state). */
export const LOCAL_VAPID_KEY = "dev:vapid-keys";
/** The contact a local key pair names (a push service only sees it from a deployed app). */
const LOCAL_VAPID_SUBJECT = "mailto:operator@localhost.invalid";

const localKeysSchema = z.object({ publicKey: z.string().length(87), privateKey: z.string().length(43) });

/**
 * The VAPID keys the server signs with: production's from its secrets (null until they are set: push is then "not
 * configured"); elsewhere the secrets when set, else a pair made on first use and kept in the local KV, so
 * `npm run dev` needs no setup and never writes the user's .dev.vars.
 */
export async function vapidKeysOf(env: WorkerEnv): Promise<VapidKeys | null> {
  const config = serverConfig(env);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY && config.VAPID_SUBJECT)
    return {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
    };
  if (config.APP_ENV === "production") return null;
  const stored = localKeysSchema.safeParse(await env.MARKET_KV.get(LOCAL_VAPID_KEY, "json"));
  if (stored.success) return { ...stored.data, subject: LOCAL_VAPID_SUBJECT };
  const made = await generateVapidKeys();
  await env.MARKET_KV.put(LOCAL_VAPID_KEY, JSON.stringify(made));
  return { ...made, subject: LOCAL_VAPID_SUBJECT };
}

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

export type PushDeviceResult =
  { ok: true; device: PushDeviceView } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

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

/** Posts one push to one device and keeps the table true to the answer: gone is deleted, delivered is dated. */
export async function pushToDevice(
  env: WorkerEnv,
  device: typeof schema.pushDevices.$inferSelect,
  payload: PushPayload,
  options: PushOptions,
  nowMs = Date.now(),
): Promise<PushOutcome | { kind: "notConfigured" }> {
  const keys = await vapidKeysOf(env);
  if (!keys) return { kind: "notConfigured" };
  const outcome = await sendPush(
    (request) => fetch(request),
    { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
    JSON.stringify(payload),
    options,
    keys,
    nowMs,
  );
  const db = getDb(env);
  if (outcome.kind === "gone")
    await db.delete(schema.pushDevices).where(eq(schema.pushDevices.id, device.id));
  if (outcome.kind === "delivered")
    await db
      .update(schema.pushDevices)
      .set({ lastSuccessAt: new Date(nowMs) })
      .where(eq(schema.pushDevices.id, device.id));
  return outcome;
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
  const payload: PushPayload = {
    title: PUSH_MESSAGES.testTitle,
    body: PUSH_MESSAGES.testBody,
    url: "/notifications",
    tag: "test",
  };
  // A test is worth nothing an hour later: the push service may drop it after 10 minutes.
  const outcome = await pushToDevice(env, device, payload, { ttlSeconds: 600, urgency: "normal" }, nowMs);
  if (outcome.kind === "notConfigured") return { ok: false, status: 503, error: PUSH_MESSAGES.notConfigured };
  if (outcome.kind === "gone") return { ok: false, status: 410, error: PUSH_MESSAGES.gone };
  if (outcome.kind !== "delivered")
    return { ok: false, status: 502, error: PUSH_MESSAGES.serviceRefused(outcome.status) };
  await db.insert(schema.notificationHistory).values({
    id: crypto.randomUUID(),
    userId: user.id,
    title: PUSH_MESSAGES.testTitle,
    message: `Test push sent to ${device.name}.`,
    symbol: null,
    eventType: "test",
    eventDate: new Date(nowMs).toISOString().slice(0, 10),
    alertType: "test",
    status: "sent",
    dedupeKey: `push-test:${crypto.randomUUID()}`,
    sentAt: new Date(nowMs),
    createdAt: new Date(nowMs),
  });
  return { ok: true };
}
