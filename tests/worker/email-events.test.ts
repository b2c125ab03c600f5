// The email provider's webhook (decision 289): a signed bounce or complaint suppresses the address; a bad or old
// signature, a temporary bounce and an unconfigured endpoint change nothing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import * as route from "#app/routes/api.email.events.ts";
import { verifyProviderSignature } from "#app/server/email/provider-events.server.ts";
import { call, makeContext } from "./helpers";

// A Svix-style secret: "whsec_" + base64 of the key bytes.
const SECRET = `whsec_${btoa("wheelhouse-test-webhook-key-32by")}`;

async function sign(id: string, timestamp: number, body: string, secret = SECRET): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    Uint8Array.from(atob(secret.replace(/^whsec_/, "")), (c) => c.charCodeAt(0)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${btoa(String.fromCharCode(...new Uint8Array(mac)))}`;
}

async function post(
  event: unknown,
  opts: { secret?: string | null; at?: number; signWith?: string } = {},
): Promise<{
  status: number;
  body: { error?: string; received?: boolean; result?: { suppressed: number } };
}> {
  const body = JSON.stringify(event);
  const at = opts.at ?? Math.floor(Date.now() / 1000);
  const id = `msg_${crypto.randomUUID()}`;
  const request = new Request("http://localhost/api/email/events", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(at),
      "svix-signature": `v1,bm90LXRoaXMtb25l ${await sign(id, at, body, opts.signWith ?? SECRET)}`,
    },
    body,
  });
  const context = makeContext(opts.secret === null ? {} : { RESEND_WEBHOOK_SECRET: opts.secret ?? SECRET });
  const res = (await call(route.action, request, { context })) as Response;
  return { status: res.status, body: await res.json() };
}

async function suppression(address: string) {
  return env.DB.prepare("select reason, detail from email_suppressions where address = ?")
    .bind(address)
    .first<{ reason: string; detail: string | null }>();
}

describe("POST /api/email/events", () => {
  it("a signed bounce suppresses each recipient, lower-cased", async () => {
    const res = await post({
      type: "email.bounced",
      created_at: "2026-11-27T10:00:00.000Z",
      data: {
        email_id: "em_1",
        to: ["Hard.Bounce@Example.com"],
        bounce: { type: "Permanent", message: "550" },
      },
    });
    expect(res).toMatchObject({ status: 200, body: { received: true, result: { suppressed: 1 } } });
    expect(await suppression("hard.bounce@example.com")).toMatchObject({ reason: "bounce" });
  });

  it("a signed complaint suppresses the address as a complaint", async () => {
    const res = await post({ type: "email.complained", data: { to: ["spam.button@example.com"] } });
    expect(res.status).toBe(200);
    expect(await suppression("spam.button@example.com")).toMatchObject({ reason: "complaint" });
  });

  it("a temporary bounce and other events change nothing", async () => {
    await post({
      type: "email.bounced",
      data: { to: ["full.box@example.com"], bounce: { type: "Transient" } },
    });
    await post({ type: "email.delivered", data: { to: ["fine@example.com"] } });
    expect(await suppression("full.box@example.com")).toBeNull();
    expect(await suppression("fine@example.com")).toBeNull();
  });

  it("refuses a wrong signature, an old one, and answers 503 when not configured", async () => {
    const event = { type: "email.bounced", data: { to: ["forged@example.com"] } };
    const forged = await post(event, { signWith: `whsec_${btoa("another-key-another-key-another!")}` });
    expect(forged).toMatchObject({ status: 400, body: { error: "Invalid signature" } });
    const replayed = await post(event, { at: Math.floor(Date.now() / 1000) - 3600 });
    expect(replayed.status).toBe(400);
    const unconfigured = await post(event, { secret: null });
    expect(unconfigured.status).toBe(503);
    expect(await suppression("forged@example.com")).toBeNull();
  });

  it("checks the signature over the exact body", async () => {
    const at = Math.floor(Date.now() / 1000);
    const good = await sign("msg_1", at, '{"a":1}');
    const headers = { id: "msg_1", timestamp: String(at), signature: good };
    expect(await verifyProviderSignature(SECRET, headers, '{"a":1}')).toBe(true);
    expect(await verifyProviderSignature(SECRET, headers, '{"a":2}')).toBe(false);
    expect(await verifyProviderSignature(SECRET, { ...headers, signature: null }, '{"a":1}')).toBe(false);
  });
});
