// Web Push without a third party (docs/decisions/335-web-push.md): the payload encrypted to the subscription's keys
// (RFC 8291's key derivation over RFC 8188's aes128gcm content coding, one record), the application server
// identified by VAPID (RFC 8292: an ES256 JWT whose `aud` is the push service's origin), and the push service's
// answer read as RFC 8030 defines it. Everything is Web Crypto, which Workers and Node both implement, so the same
// code runs in the Worker and in the tests' loopback push service.

/** A browser's PushSubscription as `toJSON()` gives it: the endpoint and the two keys, base64url. */
export interface PushSubscriptionKeys {
  endpoint: string;
  /** The user agent's P-256 public key, uncompressed (65 bytes), base64url. */
  p256dh: string;
  /** The 16-byte authentication secret, base64url. */
  auth: string;
}

/** The operator's VAPID key pair: the uncompressed public point and the private scalar, both base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** RFC 8292 `sub`: a mailto: or https: contact for the push service's operator. */
  subject: string;
}

/** RFC 8188: one record of at most this many octets; the push services' 4,096-byte payload limit is the same. */
export const RECORD_SIZE = 4096;
/** salt (16) + record size (4) + key id length (1) + the sender's public key (65). */
const HEADER_LENGTH = 86;
/** AES-GCM's tag (16) and the last-record delimiter (1). */
const RECORD_OVERHEAD = 17;
/** The most plaintext one push may carry (the body stays within RECORD_SIZE). */
export const MAX_PUSH_PLAINTEXT = RECORD_SIZE - HEADER_LENGTH - RECORD_OVERHEAD;
/** RFC 8292 section 2: the JWT's expiry must not be more than 24 hours away; 12 h leaves room for clock skew. */
export const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

const encoder = new TextEncoder();

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(text: string): Uint8Array {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(padded);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** An uncompressed P-256 point as a JWK's x and y (for importing the VAPID private key, which needs both). */
function pointToJwk(point: Uint8Array): { x: string; y: string } {
  if (point.length !== 65 || point[0] !== 4)
    throw new Error("web push: a P-256 public key is 65 bytes, 0x04 first");
  return { x: base64UrlEncode(point.subarray(1, 33)), y: base64UrlEncode(point.subarray(33)) };
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", concat(ikm), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: concat(salt), info: concat(info) },
    key,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/** What a test may fix so the ciphertext is reproducible; production draws both at random. */
export interface EncryptionDraw {
  salt?: Uint8Array;
  senderKeys?: CryptoKeyPair;
}

/**
 * The aes128gcm body of one push (RFC 8291 section 3, RFC 8188 section 2): ECDH between a fresh sender key and
 * the subscription's key, keyed by the subscription's auth secret; the sender's public key travels as the key id.
 */
export async function encryptPushPayload(
  plaintext: Uint8Array,
  subscription: Pick<PushSubscriptionKeys, "p256dh" | "auth">,
  draw: EncryptionDraw = {},
): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > MAX_PUSH_PLAINTEXT)
    throw new Error(`web push: a payload carries at most ${MAX_PUSH_PLAINTEXT} bytes`);
  const uaPublic = base64UrlDecode(subscription.p256dh);
  const authSecret = base64UrlDecode(subscription.auth);
  const salt = draw.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const sender =
    draw.senderKeys ??
    ((await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
      "deriveBits",
    ])) as CryptoKeyPair);
  const senderPublic = new Uint8Array(await crypto.subtle.exportKey("raw", sender.publicKey));
  const uaKey = await crypto.subtle.importKey(
    "raw",
    concat(uaPublic),
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: uaKey }, sender.privateKey, 256),
  );
  // RFC 8291 3.3-3.4: the input keying material binds both public keys (receiver first).
  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, senderPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  // One record, so the last: the delimiter 0x02 and no padding.
  const record = concat(plaintext, Uint8Array.of(2));
  const aesKey = await crypto.subtle.importKey("raw", concat(cek), "AES-GCM", false, ["encrypt"]);
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv: concat(nonce), tagLength: 128 }, aesKey, record),
  );
  const header = new Uint8Array(HEADER_LENGTH);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = senderPublic.length;
  header.set(senderPublic, 21);
  return concat(header, ciphertext);
}

/** RFC 8292 section 2: the push service's origin is the JWT's audience. */
export function pushAudience(endpoint: string): string {
  return new URL(endpoint).origin;
}

/** The `Authorization` header of a push: `vapid t=<ES256 JWT>, k=<public key>` (RFC 8292 section 3). */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, nowMs: number): Promise<string> {
  const publicKey = base64UrlDecode(keys.publicKey);
  const signingKey = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", d: keys.privateKey, ...pointToJwk(publicKey), ext: true },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const header = base64UrlEncode(encoder.encode(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = base64UrlEncode(
    encoder.encode(
      JSON.stringify({
        aud: pushAudience(endpoint),
        exp: Math.floor(nowMs / 1000) + VAPID_TOKEN_SECONDS,
        sub: keys.subject,
      }),
    ),
  );
  // Web Crypto's ECDSA signature is r || s (IEEE P1363), which is JWS's ES256 encoding as it stands.
  const signature = new Uint8Array(
    await crypto.subtle.sign(
      { name: "ECDSA", hash: "SHA-256" },
      signingKey,
      encoder.encode(`${header}.${claims}`),
    ),
  );
  return `vapid t=${header}.${claims}.${base64UrlEncode(signature)}, k=${keys.publicKey}`;
}

/** A new VAPID key pair (base64url), e.g. for `npm run dev`'s first start or an operator's secret. */
export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { publicKey: base64UrlEncode(raw), privateKey: jwk.d! };
}

/** RFC 8030 section 5.3: how urgently the push service should wake the device. */
export type PushUrgency = "very-low" | "low" | "normal" | "high";

export interface PushOptions {
  /** RFC 8030 section 5.2: seconds the push service keeps an undelivered message (required by push services). */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** RFC 8030 section 5.4: a newer message with the same topic replaces an undelivered one (<= 32 base64url chars). */
  topic?: string;
}

/**
 * What the push service's answer means for the subscription and the message (RFC 8030 sections 5 and 8.3,
 * RFC 8292 section 3.1): delivered (201), gone (404, 410: delete the subscription at once), rejected (400, 403, 413
 * and any other 4xx: permanent, retrying changes nothing) or retry (429 and 5xx, after Retry-After when given).
 */
export type PushOutcome =
  | { kind: "delivered"; status: number }
  | { kind: "gone"; status: number }
  | { kind: "rejected"; status: number }
  | { kind: "retry"; status: number; retryAfterSeconds: number | null };

export function pushOutcomeOf(status: number, retryAfter: string | null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: "delivered", status };
  if (status === 404 || status === 410) return { kind: "gone", status };
  if (status === 429 || status >= 500) {
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
    return { kind: "retry", status, retryAfterSeconds: seconds };
  }
  return { kind: "rejected", status };
}

/** The request one push makes: encrypted body, VAPID authorization, TTL and urgency. */
export async function pushRequest(
  subscription: PushSubscriptionKeys,
  payload: string,
  options: PushOptions,
  vapid: VapidKeys,
  nowMs: number,
  draw: EncryptionDraw = {},
): Promise<Request> {
  const body = await encryptPushPayload(encoder.encode(payload), subscription, draw);
  const headers = new Headers({
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
    TTL: String(Math.max(0, Math.floor(options.ttlSeconds))),
    Urgency: options.urgency,
    Authorization: await vapidAuthorization(subscription.endpoint, vapid, nowMs),
  });
  if (options.topic) headers.set("Topic", options.topic);
  return new Request(subscription.endpoint, { method: "POST", headers, body });
}

/** Sends one push and says what its answer means; a network failure is a retry. */
export async function sendPush(
  fetcher: (request: Request) => Promise<Response>,
  subscription: PushSubscriptionKeys,
  payload: string,
  options: PushOptions,
  vapid: VapidKeys,
  nowMs: number,
): Promise<PushOutcome> {
  const request = await pushRequest(subscription, payload, options, vapid, nowMs);
  let response: Response;
  try {
    response = await fetcher(request);
  } catch {
    return { kind: "retry", status: 0, retryAfterSeconds: null };
  }
  // The body is never needed; drain it so the connection is released.
  await response.body?.cancel();
  return pushOutcomeOf(response.status, response.headers.get("Retry-After"));
}
