// The one mail module. Every email is written to the D1 outbox first (so nothing is lost), then
// delivered by the configured provider (Resend's HTTP API) or, with none configured, kept as
// "captured" for local development (readable at /__dev/outbox). Failed deliveries are retried by the
// cron with exponential backoff and marked "failed" only after MAX_ATTEMPTS.
import { and, asc, desc, eq, isNull, lte, or } from "drizzle-orm";
import { getDb, schema } from "../db/client.server";
import { integrationsOf, serverConfig, type WorkerEnv } from "../env.server";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the email is for ("reset-password", "promo-trial", ...): for the outbox and metrics. */
  kind: string;
  /** Extra headers (alert emails: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export type OutboxStatus = "queued" | "sent" | "failed" | "captured";

export const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 3_600_000;
const DELIVERY_BATCH = 25;
const DEFAULT_RESEND_BASE = "https://api.resend.com";

/** Delay before attempt n+1 after n failed attempts: 1, 2, 4 ... minutes, at most 6 hours. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, failedAttempts - 1));
}

export function emailDeliveryConfigured(env: WorkerEnv): boolean {
  return integrationsOf(serverConfig(env)).emailDelivery.configured;
}

/** A provider's refusal: its HTTP status and status text (for the admin's 'Failed to send ...: {status} {text}'). */
class DeliveryError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    body: string,
  ) {
    super(`HTTP ${status} ${body}`);
  }
}

/** Why a delivery attempt failed: the provider's status and text, or the error's message when it never answered. */
export interface DeliveryFailure {
  status: number | null;
  text: string;
}

async function deliverViaResend(
  env: WorkerEnv,
  row: {
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    headers?: Record<string, string> | null;
  },
) {
  const config = serverConfig(env);
  const base = config.RESEND_API_BASE ?? DEFAULT_RESEND_BASE;
  const res = await fetch(`${base.replace(/\/$/, "")}/emails`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${config.RESEND_API_KEY}`,
      "Content-Type": "application/json",
      // Resend de-duplicates retries of the same outbox row.
      "Idempotency-Key": row.id,
    },
    body: JSON.stringify({
      from: config.EMAIL_FROM,
      to: [row.to],
      subject: row.subject,
      text: row.text,
      html: row.html,
      ...(row.headers ? { headers: row.headers } : {}),
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) {
    const body = (await res.text().catch(() => "")).slice(0, 300);
    throw new DeliveryError(res.status, res.statusText, body);
  }
}

async function attemptDelivery(
  env: WorkerEnv,
  row: typeof schema.emailOutbox.$inferSelect,
  now: number,
): Promise<DeliveryFailure | null> {
  const db = getDb(env);
  const attempts = row.attempts + 1;
  try {
    await deliverViaResend(env, row);
    await db
      .update(schema.emailOutbox)
      .set({ status: "sent", attempts, sentAt: new Date(now), lastError: null, nextAttemptAt: null })
      .where(eq(schema.emailOutbox.id, row.id));
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = attempts >= MAX_ATTEMPTS;
    await db
      .update(schema.emailOutbox)
      .set({
        status: giveUp ? "failed" : "queued",
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: giveUp ? null : new Date(now + backoffMs(attempts)),
      })
      .where(eq(schema.emailOutbox.id, row.id));
    console.error(`email ${row.id} (${row.kind}) delivery attempt ${attempts} failed: ${message}`);
    return error instanceof DeliveryError
      ? { status: error.status, text: error.statusText }
      : { status: null, text: message };
  }
}

/** Records the email and, when a provider is configured, tries to deliver it at once. Never throws on delivery. */
export async function sendEmail(
  env: WorkerEnv,
  message: EmailMessage,
  now = Date.now(),
): Promise<{ id: string; status: OutboxStatus; failure?: DeliveryFailure }> {
  const db = getDb(env);
  const deliver = emailDeliveryConfigured(env);
  const row = {
    id: crypto.randomUUID(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    kind: message.kind,
    headers: message.headers ?? null,
    status: (deliver ? "queued" : "captured") as OutboxStatus,
    attempts: 0,
    lastError: null,
    nextAttemptAt: deliver ? new Date(now) : null,
    createdAt: new Date(now),
    sentAt: null,
  };
  await db.insert(schema.emailOutbox).values(row);
  if (!deliver) return { id: row.id, status: "captured" };
  const failure = await attemptDelivery(env, row, now);
  return failure ? { id: row.id, status: "queued", failure } : { id: row.id, status: "sent" };
}

/**
 * Records the email without trying to deliver it (the caller decides when: the notifications consumer
 * delivers after its D1 batch is written). Captured at once when no provider is configured.
 */
export async function enqueueEmail(
  env: WorkerEnv,
  message: EmailMessage,
  now = Date.now(),
): Promise<{ id: string; status: OutboxStatus }> {
  const deliver = emailDeliveryConfigured(env);
  const id = crypto.randomUUID();
  const status: OutboxStatus = deliver ? "queued" : "captured";
  await getDb(env)
    .insert(schema.emailOutbox)
    .values({
      id,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      kind: message.kind,
      headers: message.headers ?? null,
      status,
      attempts: 0,
      nextAttemptAt: deliver ? new Date(now) : null,
      createdAt: new Date(now),
    });
  return { id, status };
}

/**
 * One delivery attempt of a queued outbox row now (the notifications consumer's path; the cron drain
 * uses the same attempt). Rows already sent, failed or captured are reported as they are.
 */
export async function deliverOutboxRow(
  env: WorkerEnv,
  id: string,
  now = Date.now(),
): Promise<{ status: OutboxStatus; attempts: number; nextAttemptAt: number | null }> {
  const row = await getDb(env).select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id)).get();
  if (!row) throw new Error(`outbox row ${id} not found`);
  if (row.status !== "queued" || !emailDeliveryConfigured(env))
    return {
      status: row.status as OutboxStatus,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt?.getTime() ?? null,
    };
  const failure = await attemptDelivery(env, row, now);
  const attempts = row.attempts + 1;
  if (!failure) return { status: "sent", attempts, nextAttemptAt: null };
  const giveUp = attempts >= MAX_ATTEMPTS;
  return {
    status: giveUp ? "failed" : "queued",
    attempts,
    nextAttemptAt: giveUp ? null : now + backoffMs(attempts),
  };
}

/** Cron: delivers queued emails whose next attempt is due. */
export async function deliverQueuedEmails(env: WorkerEnv, now: Date) {
  if (!emailDeliveryConfigured(env))
    return { itemsProcessed: 0, failures: 0, detail: { skipped: "email delivery not configured" } };
  const db = getDb(env);
  const due = await db
    .select()
    .from(schema.emailOutbox)
    .where(
      and(
        eq(schema.emailOutbox.status, "queued"),
        or(isNull(schema.emailOutbox.nextAttemptAt), lte(schema.emailOutbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(schema.emailOutbox.createdAt))
    .limit(DELIVERY_BATCH)
    .all();
  let sent = 0;
  let failures = 0;
  for (const row of due) {
    if (await attemptDelivery(env, row, now.getTime())) failures++;
    else sent++;
  }
  return { itemsProcessed: sent, failures, detail: { due: due.length, sent } };
}

/** Newest outbox rows (development tooling and tests only). */
export async function latestOutbox(env: WorkerEnv, opts: { to?: string; limit?: number } = {}) {
  const db = getDb(env);
  const query = db.select().from(schema.emailOutbox);
  const filtered = opts.to ? query.where(eq(schema.emailOutbox.to, opts.to)) : query;
  return filtered
    .orderBy(desc(schema.emailOutbox.createdAt))
    .limit(Math.min(opts.limit ?? 20, 100))
    .all();
}
