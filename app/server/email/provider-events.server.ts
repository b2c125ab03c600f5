// The email provider's delivery events (Resend webhooks, signed the Svix way): a bounce or a complaint puts the
// address on the suppression list, so the outbox does not send to it again (decision 289). Other events are
// acknowledged and ignored. Field names from Resend's webhook documentation (email.bounced, email.complained);
// unverified against the live service, like every provider fake here.
import { z } from "zod";
import { serverConfig, type WorkerEnv } from "#app/server/env.server.ts";
import { suppressAddress, type SuppressionReason } from "#app/server/email/mail.server.ts";

/** Signatures older or newer than this are refused (Svix's replay window). */
const TOLERANCE_S = 5 * 60;

const eventSchema = z.object({
  type: z.string().max(64),
  data: z
    .object({
      to: z.union([z.string().max(320), z.array(z.string().max(320)).max(50)]).optional(),
      email_id: z.string().max(100).optional(),
      bounce: z
        .object({ type: z.string().max(64).optional(), message: z.string().max(1000).optional() })
        .optional(),
    })
    .passthrough(),
});

const REASON_OF: Record<string, SuppressionReason> = {
  "email.bounced": "bounce",
  "email.complained": "complaint",
};

function base64ToBytes(value: string): ArrayBuffer {
  const binary = atob(value);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer as ArrayBuffer;
}

function bytesToBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/** Compares two strings in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Svix signature check: HMAC-SHA256 over `${id}.${timestamp}.${body}` with the secret after its `whsec_`
 * prefix (base64), compared with each `v1,<base64>` entry of the signature header, within the time window.
 */
export async function verifyProviderSignature(
  secret: string,
  headers: { id: string | null; timestamp: string | null; signature: string | null },
  body: string,
  nowMs = Date.now(),
): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TOLERANCE_S) return false;
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey(
      "raw",
      base64ToBytes(secret.replace(/^whsec_/, "")),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
  } catch {
    return false;
  }
  const expected = bytesToBase64(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
  return signature
    .split(" ")
    .map((entry) => entry.split(","))
    .some(([version, value]) => version === "v1" && value !== undefined && sameText(value, expected));
}

export type ProviderEventOutcome =
  | { status: 503 }
  | { status: 400; error: string }
  | { status: 200; result: { type: string; suppressed: number } };

/** One webhook delivery: checked, parsed, and for a bounce or complaint, each recipient suppressed. */
export async function handleProviderEvent(
  env: WorkerEnv,
  body: string,
  headers: { id: string | null; timestamp: string | null; signature: string | null },
  nowMs = Date.now(),
): Promise<ProviderEventOutcome> {
  const secret = serverConfig(env).RESEND_WEBHOOK_SECRET;
  if (!secret) return { status: 503 };
  if (!(await verifyProviderSignature(secret, headers, body, nowMs)))
    return { status: 400, error: "Invalid signature" };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { status: 400, error: "Invalid JSON" };
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) return { status: 400, error: "Unexpected event" };
  const event = parsed.data;
  const reason = REASON_OF[event.type];
  // A temporary bounce (a full mailbox) is not a reason to stop: the outbox's retry covers it.
  const temporary = /transient|temporary|soft/i.test(event.data.bounce?.type ?? "");
  if (!reason || temporary) return { status: 200, result: { type: event.type, suppressed: 0 } };
  const recipients = [event.data.to ?? []].flat().filter((a) => a.includes("@"));
  const detail = [event.data.email_id, event.data.bounce?.type, event.data.bounce?.message]
    .filter(Boolean)
    .join(" · ");
  for (const address of recipients) await suppressAddress(env, address, reason, detail || null, nowMs);
  return { status: 200, result: { type: event.type, suppressed: recipients.length } };
}
