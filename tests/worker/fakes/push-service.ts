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

/** What the service made of a push to a device it made: the checks' results, readable from workerd as JSON. */
export interface OpenedPush {
  device: string;
  status: number;
  ttl: string | null;
  urgency: string | null;
  contentEncoding: string | null;
  /** The VAPID claims, or why they were refused. */
  vapid: VapidClaims | { error: string };
  /** The decrypted text, or why it could not be read. */
  text: string | { error: string };
  bodyBytes: number;
}

const header = (h: ReceivedPush["headers"], name: string) => {
  const v = h[name];
  return v === undefined ? null : Array.isArray(v) ? v.join(",") : v;
};

/**
 * The service on 127.0.0.1: every POST is recorded whole; `answer(path, status)` sets what a device's endpoint
 * answers (201 by default), e.g. 410 for an expired subscription or 429 with Retry-After.
 *
 * Its control API is for tests that run where node:crypto is not (workerd, a browser): POST /__push/devices makes
 * a device (its subscription JSON back; the private key stays here), POST /__push/answer {device, status,
 * retryAfter?} sets a device's answer, GET /__push/opened lists what each push to a made device decrypted to, POST
 * /__push/clock {nowMs} sets the clock it checks expiries by.
 */
export async function startLoopbackPushService(listenPort = 0) {
  const received: ReceivedPush[] = [];
  const opened: OpenedPush[] = [];
  const devices = new Map<string, TestDevice>();
  const answers = new Map<string, { status: number; retryAfter?: string }>();
  // The service checks a JWT's expiry by its own clock; a suite run on another day (TEST_NOW) sets it to the suite's.
  let clockOffsetMs = 0;
  let origin = "";
  const json = (res: ServerResponse, value: unknown) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(value));
  };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? "/";
    const body = Buffer.concat(chunks);
    if (path === "/__push/devices" && req.method === "POST") {
      const id = `device-${devices.size + 1}-${randomBytes(4).toString("hex")}`;
      const device = makeTestDevice();
      devices.set(id, device);
      return json(res, {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: device.p256dh, auth: device.auth },
      });
    }
    if (path === "/__push/answer" && req.method === "POST") {
      const { device, status, retryAfter } = JSON.parse(body.toString("utf8")) as {
        device: string;
        status: number;
        retryAfter?: string;
      };
      answers.set(`/push/${device}`, { status, retryAfter });
      return json(res, { ok: true });
    }
    if (path === "/__push/opened") return json(res, opened);
    if (path === "/__push/clock" && req.method === "POST") {
      clockOffsetMs = (JSON.parse(body.toString("utf8")) as { nowMs: number }).nowMs - Date.now();
      return json(res, { ok: true });
    }
    received.push({ path, headers: req.headers, body });
    const answer = answers.get(path) ?? { status: 201 };
    const id = path.startsWith("/push/") ? path.slice("/push/".length) : "";
    const device = devices.get(id);
    if (device) {
      let vapid: OpenedPush["vapid"];
      let text: OpenedPush["text"];
      try {
        vapid = verifyVapidAuthorization(
          header(req.headers, "authorization") ?? "",
          origin,
          Date.now() + clockOffsetMs,
        );
      } catch (error) {
        vapid = { error: String(error) };
      }
      try {
        text = openPushBody(body, device);
      } catch (error) {
        text = { error: String(error) };
      }
      opened.push({
        device: id,
        status: answer.status,
        ttl: header(req.headers, "ttl"),
        urgency: header(req.headers, "urgency"),
        contentEncoding: header(req.headers, "content-encoding"),
        vapid,
        text,
        bodyBytes: body.length,
      });
    }
    if (answer.retryAfter) res.setHeader("Retry-After", answer.retryAfter);
    res.statusCode = answer.status;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    received,
    opened,
    endpoint: (device: string) => `${origin}/push/${device}`,
    answer: (path: string, status: number, retryAfter?: string) => answers.set(path, { status, retryAfter }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
