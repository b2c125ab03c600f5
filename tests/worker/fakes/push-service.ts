// A loopback push service for the tests (the push channel, decision 335): what a browser vendor's push
// service and the browser do with a push, written with node:crypto (not Web Crypto, which the app uses) so the
// check is independent of the code it checks. It verifies the VAPID JWT (RFC 8292: ES256 over the header and
// claims, `aud` the service's origin, `exp` under 24 h, a `sub` contact), decrypts the aes128gcm body (RFC 8188,
// keys from RFC 8291) with the subscription's private key, and answers with the status a test asks for.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** A device's subscription keys made by the test (the stand-in for `pushManager.subscribe()`). */
export interface TestDevice {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function makeTestDevice(): TestDevice {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) };
}

/** RFC 8188 section 2 with RFC 8291 section 3.4's key: the plaintext of a one-record aes128gcm body. */
export function openPushBody(body: Buffer, device: TestDevice): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error("push body: a record larger than its record size");
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const uaPublic = device.ecdh.getPublicKey();
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, Buffer.from(device.auth, "base64url"), info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("push body: not a last record (no 0x02 delimiter)");
  return padded.subarray(0, end).toString("utf8");
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** RFC 8292 section 3: checks `vapid t=..., k=...` and returns the claims; throws on any fault. */
export function verifyVapidAuthorization(
  authorization: string,
  audience: string,
  nowMs: number,
): VapidClaims {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`vapid: malformed Authorization ${authorization}`);
  const [, header, claims, signature, key] = match as unknown as [string, string, string, string, string];
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33)),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("vapid: the JWT's signature does not verify");
  const head = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: string };
  if (head.alg !== "ES256") throw new Error(`vapid: alg ${head.alg}`);
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as VapidClaims;
  if (body.aud !== audience) throw new Error(`vapid: aud ${body.aud}, expected ${audience}`);
  const seconds = nowMs / 1000;
  if (!(body.exp > seconds && body.exp <= seconds + 24 * 3600)) throw new Error(`vapid: exp ${body.exp}`);
  if (!/^(mailto:|https:)/.test(body.sub ?? "")) throw new Error(`vapid: sub ${body.sub}`);
  return body;
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * The service on 127.0.0.1: every POST is recorded whole; `answer(path, status)` sets what a device's endpoint
 * answers (201 by default), e.g. 410 for an expired subscription or 429 with Retry-After.
 */
export async function startLoopbackPushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; retryAfter?: string }>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? "/";
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
    const answer = answers.get(path) ?? { status: 201 };
    if (answer.retryAfter) res.setHeader("Retry-After", answer.retryAfter);
    res.statusCode = answer.status;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    endpoint: (device: string) => `${origin}/push/${device}`,
    answer: (path: string, status: number, retryAfter?: string) => answers.set(path, { status, retryAfter }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
