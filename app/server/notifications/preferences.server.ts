// Notification preferences on the server: the only place they are read, validated and written, and
// where the plan rule (decision 090) is enforced: Free users are refused, Pro users may not change the
// Elite-only custom-timing fields.
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { nextRunAt, isValidTimeZone } from "#app/lib/notification-schedule.ts";
import {
  defaultPreferences,
  DELIVERY_CHOICES,
  DELIVERY_KEYS,
  EVENT_KEYS,
  FREQUENCY_TYPES,
  IMPACT_LEVELS,
  NOTIFICATION_MESSAGES,
  RANGES,
  TIMING_OPTIONS,
  effectivePreferences,
  type NotificationPreferences,
} from "#app/lib/notifications.ts";
import { UPGRADE_FEATURES, type Capability } from "#app/lib/entitlements.ts";
import type { Refusal } from "#app/lib/refusal.ts";
import { effectivePlan, type PlanTier, type SubscriptionFields } from "#app/lib/plans.ts";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { changes } from "#app/server/db/sql.server.ts";
import { checkEntitlement, refusalOf } from "#app/server/entitlements.server.ts";

type Env = { DB: D1Database };

// ---------------------------------------------------------------- validation
const int = (r: { min: number; max: number }) => z.number().int().min(r.min).max(r.max);
const timing = z
  .number()
  .refine(
    (n) => (TIMING_OPTIONS as readonly number[]).includes(n),
    "Timing must be 0, 1, 2, 3, 5, 7, 10 or 14 days",
  );
const phone = z
  .string()
  .trim()
  .max(32)
  .regex(/^[+\d\s().-]*$/, "Invalid phone number");

/** A partial update (frequency, events, thresholds or timing; plus the switch, channels and zone). */
export const preferencesUpdateSchema = z
  .object({
    enabled: z.boolean(),
    channels: z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() }).partial().strict(),
    timing: z.object({ email: timing, sms: timing, whatsapp: timing }).partial().strict(),
    frequency: z
      .object({
        type: z.enum(FREQUENCY_TYPES),
        dailyTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:MM"),
        weeklyDay: z.number().int().min(0).max(6),
      })
      .partial()
      .strict(),
    events: z
      .object(Object.fromEntries(EVENT_KEYS.map((k) => [k, z.boolean()])))
      .partial()
      .strict(),
    delivery: z
      .object(Object.fromEntries(DELIVERY_KEYS.map((k) => [k, z.enum(DELIVERY_CHOICES)])))
      .partial()
      .strict(),
    thresholds: z
      .object({
        rsi: z
          .object({
            overbought: int(RANGES.rsiOverbought),
            oversold: int(RANGES.rsiOversold),
            enabled: z.boolean(),
          })
          .partial()
          .strict(),
        sentiment: z
          .object({
            positiveThreshold: int(RANGES.sentiment),
            negativeThreshold: int(RANGES.sentiment),
            enabled: z.boolean(),
          })
          .partial()
          .strict(),
        volatility: z
          .object({
            percentageChange: z
              .number()
              .min(RANGES.volatility.min)
              .max(RANGES.volatility.max)
              .multipleOf(RANGES.volatility.step),
            enabled: z.boolean(),
          })
          .partial()
          .strict(),
        economicEvents: z
          .object({ impactLevel: z.enum(IMPACT_LEVELS), daysAhead: int(RANGES.economicDaysAhead) })
          .partial()
          .strict(),
      })
      .partial()
      .strict(),
    phoneNumber: phone,
    whatsappNumber: phone,
    timeZone: z.string().refine(isValidTimeZone, "Unknown time zone"),
  })
  .partial()
  .strict();

export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

/** Stored JSON is merged over the defaults field by field; anything that no longer validates is dropped. */
export function preferencesFromStored(stored: unknown, timeZone?: string | null): NotificationPreferences {
  const base = defaultPreferences();
  const parsed = preferencesUpdateSchema.safeParse(stored);
  const merged = parsed.success ? mergePreferences(base, parsed.data) : base;
  if (timeZone && isValidTimeZone(timeZone)) merged.timeZone = timeZone;
  return merged;
}

export function mergePreferences(
  base: NotificationPreferences,
  update: PreferencesUpdate,
): NotificationPreferences {
  const t = update.thresholds ?? {};
  return {
    enabled: update.enabled ?? base.enabled,
    channels: { ...base.channels, ...update.channels },
    timing: { ...base.timing, ...update.timing },
    frequency: { ...base.frequency, ...update.frequency },
    events: { ...base.events, ...(update.events as Partial<NotificationPreferences["events"]>) },
    delivery: { ...base.delivery, ...(update.delivery as Partial<NotificationPreferences["delivery"]>) },
    thresholds: {
      rsi: { ...base.thresholds.rsi, ...t.rsi },
      sentiment: { ...base.thresholds.sentiment, ...t.sentiment },
      volatility: { ...base.thresholds.volatility, ...t.volatility },
      economicEvents: { ...base.thresholds.economicEvents, ...t.economicEvents },
    },
    phoneNumber: update.phoneNumber ?? base.phoneNumber,
    whatsappNumber: update.whatsappNumber ?? base.whatsappNumber,
    timeZone: update.timeZone ?? base.timeZone,
  };
}

// ---------------------------------------------------------------- access
export interface NotificationUser extends SubscriptionFields {
  id: string;
  email: string;
}

/**
 * A plan refusal from the entitlements module, in the notification APIs' body
 * (docs/product/api.md#notifications).
 */
function premiumRequired(user: SubscriptionFields, capability: Capability): Refusal {
  return {
    ...refusalOf(user, capability),
    code: "PREMIUM_REQUIRED",
    fields: { upgradeFeatures: [...(UPGRADE_FEATURES[capability] ?? [])] },
  };
}

/** Null when the user's effective plan includes notifications. */
export function notificationRefusal(user: SubscriptionFields): Refusal | null {
  return checkEntitlement(user, "notifications") ? premiumRequired(user, "notifications") : null;
}

// ---------------------------------------------------------------- reads and writes
export async function readPreferences(env: Env, userId: string): Promise<NotificationPreferences> {
  return (await readStored(env, userId)).prefs;
}

/** The stored document and its `updated_at` (null: no row yet), which a conditional write must find unchanged. */
async function readStored(
  env: Env,
  userId: string,
): Promise<{ prefs: NotificationPreferences; stamp: number | null }> {
  const row = await getDb(env)
    .select()
    .from(schema.notificationPreferences)
    .where(eq(schema.notificationPreferences.userId, userId))
    .get();
  if (!row) return { prefs: defaultPreferences(), stamp: null };
  const prefs = preferencesFromStored(row.preferences, row.timeZone);
  prefs.enabled = row.enabled;
  return { prefs, stamp: row.updatedAt.getTime() };
}

/**
 * Writes the whole document and the dispatcher's columns in one statement, only if the row is as it was read
 * (`updated_at` still `stamp`; `null`: there was no row). The new `updated_at` is always later than `stamp`.
 */
function upsertStatement(
  env: Env,
  userId: string,
  prefs: NotificationPreferences,
  nextRun: number | null,
  nowMs: number,
  stamp: number | null,
) {
  const { timeZone, ...document } = prefs;
  const values = {
    userId,
    preferences: document as unknown as Record<string, unknown>,
    updatedAt: new Date(Math.max(nowMs, (stamp ?? 0) + 1)),
    enabled: prefs.enabled,
    timeZone,
    nextRunAt: nextRun ?? 0,
  };
  const set: Partial<typeof values> = {
    preferences: values.preferences,
    updatedAt: values.updatedAt,
    enabled: values.enabled,
    timeZone: values.timeZone,
  };
  if (nextRun !== null) set.nextRunAt = nextRun;
  return getDb(env)
    .insert(schema.notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: schema.notificationPreferences.userId,
      set,
      setWhere: stamp === null ? sql`0` : eq(schema.notificationPreferences.updatedAt, new Date(stamp)),
    });
}

// Each lost race means another write landed, so this many rounds cover that many saves at one moment.
const WRITE_ATTEMPTS = 8;

/**
 * Read, change, write back, without losing a write made in between (decision 226): the write is conditional
 * on the row being as read, and when it is not, the stored document is read again and `change` applied to it.
 * A change is a partial update, so it re-applies cleanly. The last attempt writes whatever is stored.
 */
async function changeStored<R>(
  env: Env,
  userId: string,
  nowMs: number,
  change: (
    before: NotificationPreferences,
  ) => { after: NotificationPreferences; nextRun: number | null } | { refusal: R },
): Promise<{ after: NotificationPreferences } | { refusal: R }> {
  for (let attempt = 1; ; attempt++) {
    const { prefs: before, stamp } = await readStored(env, userId);
    const outcome = change(before);
    if ("refusal" in outcome) return outcome;
    const last = attempt === WRITE_ATTEMPTS;
    const written = await upsertStatement(env, userId, outcome.after, outcome.nextRun, nowMs, stamp).run();
    if (changes(written) > 0 || last) return { after: outcome.after };
  }
}

export type UpdateResult =
  { ok: true; preferences: NotificationPreferences } | { ok: false; refusal: Refusal };

function changedCustomTiming(before: NotificationPreferences, update: PreferencesUpdate): boolean {
  const timingChanged = Object.entries(update.timing ?? {}).some(
    ([k, v]) => before.timing[k as keyof NotificationPreferences["timing"]] !== v,
  );
  const f = update.frequency ?? {};
  return (
    timingChanged ||
    (f.dailyTime !== undefined && f.dailyTime !== before.frequency.dailyTime) ||
    (f.weeklyDay !== undefined && f.weeklyDay !== before.frequency.weeklyDay)
  );
}

/**
 * Validates and applies a partial update for a signed-in user. Refuses Free users (403 with
 * requiresUpgrade), Pro users changing Elite-only fields (403 naming custom-timing notifications),
 * coming-soon channels and anything out of the product's ranges (400).
 */
export async function updatePreferences(
  env: Env,
  user: NotificationUser,
  raw: unknown,
  nowMs = Date.now(),
): Promise<UpdateResult> {
  const refusal = notificationRefusal(user);
  if (refusal) return { ok: false, refusal };
  const parsed = preferencesUpdateSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      refusal: {
        status: 400,
        message: `${NOTIFICATION_MESSAGES.updateFailed}: ${issue ? `${issue.path.join(".")} ${issue.message}` : "invalid input"}`,
        code: "INVALID_INPUT",
      },
    };
  }
  const update = parsed.data;
  if (update.channels?.sms || update.channels?.whatsapp)
    return {
      ok: false,
      refusal: {
        status: 400,
        message: "SMS and WhatsApp notifications are coming soon",
        code: "INVALID_INPUT",
      },
    };
  const plan = effectivePlan(user);
  const result = await changeStored<Refusal>(env, user.id, nowMs, (before) => {
    if (checkEntitlement(user, "notificationCustomTiming") && changedCustomTiming(before, update))
      return { refusal: premiumRequired(user, "notificationCustomTiming") };
    const after = mergePreferences(before, update);
    // The next due run moves only when the schedule itself changed, so editing a threshold at 08:55 does
    // not push that morning's digest to tomorrow.
    const scheduleBefore = effectivePreferences(before, plan);
    const scheduleAfter = effectivePreferences(after, plan);
    const scheduleChanged =
      JSON.stringify(scheduleBefore.frequency) !== JSON.stringify(scheduleAfter.frequency) ||
      before.timeZone !== after.timeZone ||
      (!before.enabled && after.enabled);
    const nextRun = scheduleChanged ? nextRunAt(scheduleAfter.frequency, after.timeZone, nowMs) : null;
    return { after, nextRun };
  });
  if ("refusal" in result) return { ok: false, refusal: result.refusal };
  return { ok: true, preferences: result.after };
}

/** The master switch (POST /api/notifications/toggle and the unsubscribe link). */
export async function setNotificationsEnabled(
  env: Env,
  userId: string,
  enabled: boolean,
  plan: PlanTier,
  nowMs = Date.now(),
): Promise<NotificationPreferences> {
  const result = await changeStored<never>(env, userId, nowMs, (before) => {
    const after = { ...before, enabled };
    const nextRun =
      enabled && !before.enabled
        ? nextRunAt(effectivePreferences(after, plan).frequency, after.timeZone, nowMs)
        : null;
    return { after, nextRun };
  });
  return "after" in result ? result.after : result.refusal; // the switch is never refused
}

/** Unsubscribe from a signed link: no plan check (anyone may always stop emails). */
export async function unsubscribeUser(env: Env, userId: string, nowMs = Date.now()): Promise<boolean> {
  const exists = await getDb(env)
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.id, userId))
    .get();
  if (!exists) return false;
  await setNotificationsEnabled(env, userId, false, "Free Plan", nowMs);
  return true;
}
