// Signed one-click unsubscribe tokens (RFC 8058): the link in an alert email switches that user's
// notifications off without a sign-in, so the token itself must prove which user and be unforgeable.
// HMAC-SHA256 over "user id . expiry" with a key derived from the auth secret.
import { DAY_MS } from "#app/engine/units.ts";
import { authSecret, serverConfig, type WorkerEnv } from "#app/server/env.server.ts";

/** Links in an email keep working for 60 days (a digest read weeks later must still unsubscribe). */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 60 * DAY_MS;

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const s = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    const bytes = Uint8Array.from(s, (c) => c.charCodeAt(0));
    // One spelling per token: a last character that differs only in base64's unused low bits decodes
    // to the same bytes, so anything but the canonical text is refused.
    return base64url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

async function keyOf(env: WorkerEnv): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(`${authSecret(serverConfig(env))}:notifications-unsubscribe:v1`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

export async function createUnsubscribeToken(env: WorkerEnv, userId: string, nowMs = Date.now()) {
  const payload = `${userId}.${Math.floor((nowMs + UNSUBSCRIBE_TOKEN_TTL_MS) / 1000)}`;
  const signature = await crypto.subtle.sign("HMAC", await keyOf(env), encoder.encode(payload));
  return `${base64url(encoder.encode(payload))}.${base64url(new Uint8Array(signature))}`;
}

export type TokenCheck =
  { ok: true; userId: string } | { ok: false; reason: "malformed" | "invalid" | "expired" };

export async function verifyUnsubscribeToken(
  env: WorkerEnv,
  token: string,
  nowMs = Date.now(),
): Promise<TokenCheck> {
  if (token.length > 512) return { ok: false, reason: "malformed" };
  const [payloadPart, signaturePart, extra] = token.split(".");
  if (!payloadPart || !signaturePart || extra !== undefined) return { ok: false, reason: "malformed" };
  const payloadBytes = fromBase64url(payloadPart);
  const signature = fromBase64url(signaturePart);
  if (!payloadBytes || !signature) return { ok: false, reason: "malformed" };
  // crypto.subtle.verify compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await keyOf(env), signature, payloadBytes);
  if (!valid) return { ok: false, reason: "invalid" };
  const payload = new TextDecoder().decode(payloadBytes);
  const dot = payload.lastIndexOf(".");
  const userId = payload.slice(0, dot);
  const expiresSec = Number(payload.slice(dot + 1));
  if (!userId || !Number.isFinite(expiresSec)) return { ok: false, reason: "malformed" };
  if (expiresSec * 1000 < nowMs) return { ok: false, reason: "expired" };
  return { ok: true, userId };
}
