// The one mail module. Every email is written to the D1 outbox first (so nothing is lost), then
// delivered by the configured provider (Resend's HTTP API) or, with none configured, kept as
// "captured" for local development (readable at /__dev/outbox). The outbox owns every retry: an attempt
// first claims its row (one sender at a time, whoever calls), a failure the provider may get over (5xx, 408,
// 409, 429, no answer) is retried by the cron with exponential backoff and marked "failed" after MAX_ATTEMPTS,
// and a refusal of this email itself (any other 4xx) is marked "failed" at once. An address that bounced or
// complained is not sent to again (decision 289).
import { and, asc, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, schema } from "#app/server/db/client.server.ts";
import { integrationsOf, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";

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

export type OutboxStatus = "queued" | "sent" | "failed" | "captured" | "suppressed";

export const MAX_ATTEMPTS = 8;
/** How long a claimed row is left to its sender; one that never reported back is due again after it. */
export const CLAIM_MS = 5 * 60_000;
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
  /** True when sending the same email again cannot succeed (the provider refused it: a 4xx it will repeat). */
  permanent: boolean;
}

/** A 4xx refuses this email (bad address, unverified sender, too large); 408, 409 and 429 are about timing. */
export function isPermanentRefusal(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && ![408, 409, 429].includes(status);
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

type OutboxRow = typeof schema.emailOutbox.$inferSelect;

/**
 * Takes the row for one attempt: only a queued row that is due and that nobody took since it was read. The
 * attempt is counted and the row is not due again for CLAIM_MS, so a second sender (the cron, a queue
 * redelivery) finds nothing to take while this one talks to the provider.
 */
async function claimRow(env: WorkerEnv, row: OutboxRow, now: number): Promise<boolean> {
  const t = schema.emailOutbox;
  const res = await getDb(env)
    .update(t)
    .set({ attempts: row.attempts + 1, nextAttemptAt: new Date(now + CLAIM_MS) })
    .where(
      and(
        eq(t.id, row.id),
        eq(t.status, "queued"),
        eq(t.attempts, row.attempts),
        or(isNull(t.nextAttemptAt), lte(t.nextAttemptAt, new Date(now))),
      ),
    )
    .run();
  return (res.meta.changes ?? 0) === 1;
}

/** One claimed attempt: null when sent, the failure otherwise; "not-claimed" when another sender has the row. */
async function attemptDelivery(
  env: WorkerEnv,
  row: OutboxRow,
  now: number,
): Promise<DeliveryFailure | null | "not-claimed"> {
  if (!(await claimRow(env, row, now))) return "not-claimed";
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
    const failure: DeliveryFailure =
      error instanceof DeliveryError
        ? { status: error.status, text: error.statusText, permanent: isPermanentRefusal(error.status) }
        : { status: null, text: message, permanent: false };
    const giveUp = failure.permanent || attempts >= MAX_ATTEMPTS;
    await db
      .update(schema.emailOutbox)
      .set({
        status: giveUp ? "failed" : "queued",
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: giveUp ? null : new Date(now + backoffMs(attempts)),
      })
      .where(eq(schema.emailOutbox.id, row.id));
    console.error(
      `email ${row.id} (${row.kind}) delivery attempt ${attempts} failed${failure.permanent ? " for good" : ""}: ${message}`,
    );
    return failure;
  }
}

// ---------------------------------------------------------------- bounces and complaints

export type SuppressionReason = "bounce" | "complaint";

/**
 * Emails an address that complained still gets: the ones the person asked for to reach their own account.
 * A bounced address gets nothing (its server refuses mail).
 */
const SENT_DESPITE_COMPLAINT = new Set(["reset-password", "invitation"]);

/** Why `to` must not get an email of `kind`, or null. */
async function suppressionOf(env: WorkerEnv, to: string, kind: string): Promise<SuppressionReason | null> {
  const row = await getDb(env)
    .select({ reason: schema.emailSuppressions.reason })
    .from(schema.emailSuppressions)
    .where(eq(schema.emailSuppressions.address, to.trim().toLowerCase()))
    .get();
  if (!row) return null;
  const reason = row.reason as SuppressionReason;
  return reason === "complaint" && SENT_DESPITE_COMPLAINT.has(kind) ? null : reason;
}

/** Records that the provider reported a bounce or a complaint for `address` (the first reason is kept). */
export async function suppressAddress(
  env: WorkerEnv,
  address: string,
  reason: SuppressionReason,
  detail: string | null,
  now = Date.now(),
): Promise<void> {
  await getDb(env)
    .insert(schema.emailSuppressions)
    .values({
      address: address.trim().toLowerCase(),
      reason,
      detail: detail?.slice(0, 300) ?? null,
      createdAt: new Date(now),
    })
    .onConflictDoUpdate({
      target: schema.emailSuppressions.address,
      // A bounce outranks a complaint: it stops every email.
      set: {
        reason: sql`case when excluded.reason = 'bounce' then 'bounce' else ${schema.emailSuppressions.reason} end`,
      },
    });
}

/** The outbox row of a new email: queued for the provider, captured without one, suppressed for a blocked address. */
async function newOutboxRow(env: WorkerEnv, message: EmailMessage, now: number) {
  const deliver = emailDeliveryConfigured(env);
  const suppressed = await suppressionOf(env, message.to, message.kind);
  const status: OutboxStatus = suppressed ? "suppressed" : deliver ? "queued" : "captured";
  return {
    id: crypto.randomUUID(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    kind: message.kind,
    headers: message.headers ?? null,
    status,
    attempts: 0,
    lastError: suppressed
      ? `not sent: the address ${suppressed === "bounce" ? "bounced" : "complained"}`
      : null,
    nextAttemptAt: status === "queued" ? new Date(now) : null,
    createdAt: new Date(now),
    sentAt: null,
  };
}

/** Records the email and, when a provider is configured, tries to deliver it at once. Never throws on delivery. */
export async function sendEmail(
  env: WorkerEnv,
  message: EmailMessage,
  now = Date.now(),
): Promise<{ id: string; status: OutboxStatus; failure?: DeliveryFailure }> {
  const row = await newOutboxRow(env, message, now);
  await getDb(env).insert(schema.emailOutbox).values(row);
  if (row.status !== "queued") return { id: row.id, status: row.status };
  const failure = await attemptDelivery(env, row, now);
  if (failure === null) return { id: row.id, status: "sent" };
  if (failure === "not-claimed") return { id: row.id, status: "queued" };
  return { id: row.id, status: failure.permanent ? "failed" : "queued", failure };
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
  const row = await newOutboxRow(env, message, now);
  await getDb(env).insert(schema.emailOutbox).values(row);
  return { id: row.id, status: row.status };
}

/**
 * One delivery attempt of a queued outbox row now (the notifications consumer's path; the cron drain uses the
 * same claimed attempt). A row already sent, failed, captured or suppressed, or taken by another sender, is
 * reported as it is; a failure is left to the outbox's own retry.
 */
export async function deliverOutboxRow(
  env: WorkerEnv,
  id: string,
  now = Date.now(),
): Promise<{ status: OutboxStatus; attempts: number; nextAttemptAt: number | null }> {
  const read = async () => {
    const row = await getDb(env).select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id)).get();
    if (!row) throw new Error(`outbox row ${id} not found`);
    return row;
  };
  const row = await read();
  if (row.status === "queued" && emailDeliveryConfigured(env)) await attemptDelivery(env, row, now);
  const after = row.status === "queued" ? await read() : row;
  return {
    status: after.status as OutboxStatus,
    attempts: after.attempts,
    nextAttemptAt: after.nextAttemptAt?.getTime() ?? null,
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
  let taken = 0;
  for (const row of due) {
    const outcome = await attemptDelivery(env, row, now.getTime());
    if (outcome === "not-claimed") taken++;
    else if (outcome) failures++;
    else sent++;
  }
  return { itemsProcessed: sent, failures, detail: { due: due.length, sent, takenByAnother: taken } };
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
