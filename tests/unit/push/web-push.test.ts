// The Web Push protocol module against the RFCs: RFC 8291's worked example (Appendix A) byte for byte, a round
// trip through an independent decryption (node:crypto, tests/worker/fakes/push-service.ts), the VAPID JWT's
// signature and claims (RFC 8292), and the push service's answers (RFC 8030) as outcomes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  base64UrlDecode,
  base64UrlEncode,
  encryptPushPayload,
  MAX_PUSH_PLAINTEXT,
  pushOutcomeOf,
  RECORD_SIZE,
  sendPush,
  vapidAuthorization,
  VAPID_TOKEN_SECONDS,
  generateVapidKeys,
  type VapidKeys,
} from "#app/server/push/web-push.server.ts";
import {
  makeTestDevice,
  openPushBody,
  startLoopbackPushService,
  verifyVapidAuthorization,
} from "../../worker/fakes/push-service";

const NOW = Date.UTC(2026, 11, 3, 15, 0, 0);

async function ecdhPairFrom(publicKey: string, privateKey: string): Promise<CryptoKeyPair> {
  const point = base64UrlDecode(publicKey);
  const xy = {
    x: base64UrlEncode(point.subarray(1, 33)),
    y: base64UrlEncode(point.subarray(33)),
  };
  const params = { name: "ECDH", namedCurve: "P-256" };
  return {
    privateKey: await crypto.subtle.importKey(
      "jwk",
      { kty: "EC", crv: "P-256", d: privateKey, ...xy },
      params,
      true,
      ["deriveBits"],
    ),
    publicKey: await crypto.subtle.importKey("jwk", { kty: "EC", crv: "P-256", ...xy }, params, true, []),
  };
}

describe("RFC 8291 Appendix A: the worked example", () => {
  // The RFC's inputs and its final message, base64url as the RFC prints them.
  const example = {
    plaintext: "When I grow up, I want to be a watermelon",
    asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
    asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
    uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    auth: "BTBZMqHH6r4Tts7J_aSIgg",
    salt: "DGv6ra1nlYgDCS1FRnbzlw",
    message:
      "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
  };

  it("encrypts to the RFC's message exactly, given its salt and sender key", async () => {
    const body = await encryptPushPayload(
      new TextEncoder().encode(example.plaintext),
      { p256dh: example.uaPublic, auth: example.auth },
      {
        salt: base64UrlDecode(example.salt),
        senderKeys: await ecdhPairFrom(example.asPublic, example.asPrivate),
      },
    );
    expect(base64UrlEncode(body)).toBe(example.message);
  });
});

describe("encryption: what a browser decrypts", () => {
  it("round-trips through an independent decryption, with the header RFC 8188 defines", async () => {
    const device = makeTestDevice();
    const text = JSON.stringify({
      title: "Profit target reached",
      body: "SPY 480/475 bull put: 52% of max profit",
    });
    const body = await encryptPushPayload(new TextEncoder().encode(text), device);
    expect(openPushBody(Buffer.from(body), device)).toBe(text);
    const view = new DataView(body.buffer, body.byteOffset);
    expect(view.getUint32(16)).toBe(RECORD_SIZE);
    expect(body[20]).toBe(65);
    expect(body.length).toBe(86 + new TextEncoder().encode(text).length + 17);
  });

  it("draws a fresh salt and sender key per push (two pushes of one text differ)", async () => {
    const device = makeTestDevice();
    const a = await encryptPushPayload(new TextEncoder().encode("same"), device);
    const b = await encryptPushPayload(new TextEncoder().encode("same"), device);
    expect(base64UrlEncode(a)).not.toBe(base64UrlEncode(b));
    expect(base64UrlEncode(a.subarray(0, 16))).not.toBe(base64UrlEncode(b.subarray(0, 16)));
  });

  it("a changed byte fails the authentication tag; another device's key cannot open it", async () => {
    const device = makeTestDevice();
    const body = Buffer.from(await encryptPushPayload(new TextEncoder().encode("private"), device));
    const tampered = Buffer.from(body);
    tampered[tampered.length - 20]! ^= 1;
    expect(() => openPushBody(tampered, device)).toThrow();
    expect(() => openPushBody(body, makeTestDevice())).toThrow();
  });

  it("fits the largest payload in one 4,096-byte record and refuses one byte more", async () => {
    const device = makeTestDevice();
    const largest = await encryptPushPayload(new Uint8Array(MAX_PUSH_PLAINTEXT).fill(65), device);
    expect(largest.length).toBe(RECORD_SIZE);
    expect(openPushBody(Buffer.from(largest), device)).toHaveLength(MAX_PUSH_PLAINTEXT);
    await expect(encryptPushPayload(new Uint8Array(MAX_PUSH_PLAINTEXT + 1), device)).rejects.toThrow(
      /at most 3993 bytes/,
    );
  });
});

describe("VAPID (RFC 8292)", () => {
  let keys: VapidKeys;
  beforeAll(async () => {
    keys = { ...(await generateVapidKeys()), subject: "mailto:operator@wheelhouse.example" };
  });

  it("signs an ES256 JWT for the push service's origin, expiring within 24 hours", async () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc:def?x=1";
    const header = await vapidAuthorization(endpoint, keys, NOW);
    const claims = verifyVapidAuthorization(header, "https://fcm.googleapis.com", NOW);
    expect(claims.exp).toBe(Math.floor(NOW / 1000) + VAPID_TOKEN_SECONDS);
    expect(VAPID_TOKEN_SECONDS).toBeLessThan(24 * 3600);
    expect(claims.sub).toBe("mailto:operator@wheelhouse.example");
    expect(header.endsWith(`, k=${keys.publicKey}`)).toBe(true);
  });

  it("is refused for another audience, after it expires, or with a changed signature", async () => {
    const header = await vapidAuthorization(
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      keys,
      NOW,
    );
    expect(() => verifyVapidAuthorization(header, "https://fcm.googleapis.com", NOW)).toThrow(/aud/);
    expect(() =>
      verifyVapidAuthorization(header, "https://updates.push.services.mozilla.com", NOW + 13 * 3600_000),
    ).toThrow(/exp/);
    const other = { ...(await generateVapidKeys()), subject: keys.subject };
    const forged = header.replace(/, k=.*$/, `, k=${other.publicKey}`);
    expect(() => verifyVapidAuthorization(forged, "https://updates.push.services.mozilla.com", NOW)).toThrow(
      /signature/,
    );
  });
});

describe("the push service's answers (RFC 8030)", () => {
  it("maps each status to what happens next", () => {
    expect(pushOutcomeOf(201, null)).toEqual({ kind: "delivered", status: 201 });
    expect(pushOutcomeOf(404, null).kind).toBe("gone");
    expect(pushOutcomeOf(410, null).kind).toBe("gone");
    expect(pushOutcomeOf(400, null).kind).toBe("rejected");
    expect(pushOutcomeOf(413, null).kind).toBe("rejected");
    expect(pushOutcomeOf(403, null).kind).toBe("rejected");
    expect(pushOutcomeOf(429, "30")).toEqual({ kind: "retry", status: 429, retryAfterSeconds: 30 });
    expect(pushOutcomeOf(503, "Wed, 21 Oct 2015 07:28:00 GMT")).toEqual({
      kind: "retry",
      status: 503,
      retryAfterSeconds: null,
    });
  });
});

describe("sending to a loopback push service", () => {
  let service: Awaited<ReturnType<typeof startLoopbackPushService>>;
  let keys: VapidKeys;
  beforeAll(async () => {
    service = await startLoopbackPushService();
    keys = { ...(await generateVapidKeys()), subject: "mailto:operator@wheelhouse.example" };
  });
  afterAll(() => service.close());

  it("delivers an encrypted, signed push with TTL and Urgency; a 410 says the subscription is gone", async () => {
    const device = makeTestDevice();
    const endpoint = service.endpoint("phone-1");
    const subscription = { endpoint, p256dh: device.p256dh, auth: device.auth };
    const payload = JSON.stringify({ title: "Short strike tested", url: "/positions" });
    const outcome = await sendPush(
      fetch,
      subscription,
      payload,
      { ttlSeconds: 3600, urgency: "high" },
      keys,
      Date.now(),
    );
    expect(outcome).toEqual({ kind: "delivered", status: 201 });
    const push = service.received.at(-1)!;
    expect(push.headers["ttl"]).toBe("3600");
    expect(push.headers["urgency"]).toBe("high");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    verifyVapidAuthorization(String(push.headers["authorization"]), service.origin, Date.now());
    expect(openPushBody(push.body, device)).toBe(payload);

    service.answer("/push/phone-1", 410);
    const gone = await sendPush(
      fetch,
      subscription,
      payload,
      { ttlSeconds: 60, urgency: "normal" },
      keys,
      Date.now(),
    );
    expect(gone).toEqual({ kind: "gone", status: 410 });
    service.answer("/push/phone-1", 429, "12");
    const later = await sendPush(
      fetch,
      subscription,
      payload,
      { ttlSeconds: 60, urgency: "low" },
      keys,
      Date.now(),
    );
    expect(later).toEqual({ kind: "retry", status: 429, retryAfterSeconds: 12 });
  });

  it("a network failure is a retry, not an error", async () => {
    const device = makeTestDevice();
    const outcome = await sendPush(
      () => Promise.reject(new TypeError("network down")),
      { endpoint: service.endpoint("offline"), p256dh: device.p256dh, auth: device.auth },
      "x",
      { ttlSeconds: 60, urgency: "normal" },
      keys,
      NOW,
    );
    expect(outcome).toEqual({ kind: "retry", status: 0, retryAfterSeconds: null });
  });
});
