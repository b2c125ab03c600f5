// The push devices API (decision 336) against the loopback push service (tests/worker/fakes/push-service.ts), which
// makes each device's keys, verifies the VAPID JWT and decrypts every push in Node: adding this browser, the names a
// user sees, the endpoints the server refuses to post to, a test push that arrives decrypted with a TTL and is in
// the history, a subscription the service reports gone that is removed at once and never sent to again, the plans.
import { describe, expect, inject, it } from "vitest";
import * as devicesRoute from "#app/routes/api.notifications.push-devices.ts";
import * as deviceRoute from "#app/routes/api.notifications.push-devices.$id.ts";
import * as testRoute from "#app/routes/api.notifications.push-devices.$id.test.ts";
import * as historyRoute from "#app/routes/api.notifications.history.ts";
import { PUSH_MESSAGES } from "#app/lib/push.ts";
import { SERVICE_WORKER_CSP } from "#app/server/security-headers.server.ts";
import * as swRoute from "#app/routes/push-service-worker.ts";
import { call, makeContext, requestWithCookie, userOnPlan } from "./helpers";
import { page } from "./route-build";
import { freshIp } from "./auth-helpers";
import type { OpenedPush } from "./fakes/push-service";

const pushOrigin = () => inject("pushOrigin");
const context = () => makeContext({ PUSH_API_BASE: pushOrigin() });
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let n = 0;
const email = (kind: string) => `push-${kind}-${++n}-${Date.now()}@example.com`;

async function newDevice(): Promise<{
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}> {
  const res = await fetch(`${pushOrigin()}/__push/devices`, { method: "POST" });
  return res.json();
}

async function openedFor(device: string): Promise<OpenedPush[]> {
  const res = await fetch(`${pushOrigin()}/__push/opened`);
  return ((await res.json()) as OpenedPush[]).filter((p) => p.device === device);
}

async function api(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fn: (args: any) => unknown,
  path: string,
  cookie: string,
  init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "cf-connecting-ip": freshIp(), "User-Agent": ANDROID_CHROME };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const res = (await call(
    fn,
    requestWithCookie(path, cookie, {
      method: init.method ?? "GET",
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === "string"
            ? init.body
            : JSON.stringify(init.body),
    }),
    { params: init.params, context: context() },
  )) as Response;
  return { status: res.status, body: await res.json() };
}

async function addDevice(cookie: string) {
  const device = await newDevice();
  const added = await api(devicesRoute.action, "/api/notifications/push-devices", cookie, {
    method: "POST",
    body: { subscription: { endpoint: device.endpoint, expirationTime: null, keys: device.keys } },
  });
  return { device, added };
}

describe("push devices", () => {
  it("adds this browser with a name the user reads, and sends a test push that arrives decrypted and signed", async () => {
    const { cookie } = await userOnPlan(email("pro"));
    const before = await api(devicesRoute.loader, "/api/notifications/push-devices", cookie);
    expect(before.status).toBe(200);
    expect(before.body.data.configured).toBe(true);
    expect(before.body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(before.body.data.devices).toEqual([]);

    const { device, added } = await addDevice(cookie);
    expect(added.status).toBe(201);
    expect(added.body.data.name).toMatch(/^Chrome on Android, added [A-Z][a-z]{2} \d{1,2}$/);
    const list = await api(devicesRoute.loader, "/api/notifications/push-devices", cookie);
    expect(list.body.data.devices.map((d: { name: string }) => d.name)).toEqual([added.body.data.name]);

    const sent = await api(testRoute.action, "/x", cookie, {
      method: "POST",
      params: { id: added.body.data.id },
    });
    expect(sent).toMatchObject({ status: 200, body: { success: true, message: PUSH_MESSAGES.testSent } });
    const [push] = await openedFor(device.id);
    expect(push).toBeDefined();
    expect(push!.vapid).toMatchObject({ aud: pushOrigin() });
    expect(push!.ttl).toBe("600");
    expect(push!.urgency).toBe("normal");
    expect(push!.contentEncoding).toBe("aes128gcm");
    expect(JSON.parse(push!.text as string)).toEqual({
      title: PUSH_MESSAGES.testTitle,
      body: PUSH_MESSAGES.testBody,
      url: "/notifications",
      tag: "test",
    });
    const history = await api(historyRoute.loader, "/api/notifications/history", cookie);
    expect(JSON.stringify(history.body)).toContain(`Test push sent to ${added.body.data.name}.`);
  });

  it("a subscription the push service reports gone is removed at once and never sent to again", async () => {
    const { cookie } = await userOnPlan(email("gone"));
    const { device, added } = await addDevice(cookie);
    await fetch(`${pushOrigin()}/__push/answer`, {
      method: "POST",
      body: JSON.stringify({ device: device.id, status: 410 }),
    });
    const gone = await api(testRoute.action, "/x", cookie, {
      method: "POST",
      params: { id: added.body.data.id },
    });
    expect(gone).toMatchObject({ status: 410, body: { success: false, error: PUSH_MESSAGES.gone } });
    const list = await api(devicesRoute.loader, "/api/notifications/push-devices", cookie);
    expect(list.body.data.devices).toEqual([]);
    const again = await api(testRoute.action, "/x", cookie, {
      method: "POST",
      params: { id: added.body.data.id },
    });
    expect(again.status).toBe(404);
    expect(await openedFor(device.id)).toHaveLength(1);
  });

  it("a push service's 429 or 413 is said, and the device kept", async () => {
    const { cookie } = await userOnPlan(email("busy"));
    const { device, added } = await addDevice(cookie);
    for (const status of [429, 413]) {
      await fetch(`${pushOrigin()}/__push/answer`, {
        method: "POST",
        body: JSON.stringify({ device: device.id, status, retryAfter: "5" }),
      });
      const answer = await api(testRoute.action, "/x", cookie, {
        method: "POST",
        params: { id: added.body.data.id },
      });
      expect(answer).toMatchObject({ status: 502, body: { error: PUSH_MESSAGES.serviceRefused(status) } });
    }
    const list = await api(devicesRoute.loader, "/api/notifications/push-devices", cookie);
    expect(list.body.data.devices).toHaveLength(1);
  });

  it("refuses an endpoint that is not a browser's push service, and a subscription it cannot read", async () => {
    const { cookie } = await userOnPlan(email("ssrf"));
    const keys = (await newDevice()).keys;
    for (const endpoint of [
      "https://internal.example.com/push/1",
      "http://fcm.googleapis.com/fcm/send/1",
      "https://fcm.googleapis.com:8443/fcm/send/1",
      "https://fcm.googleapis.com.evil.example/send/1",
    ]) {
      const answer = await api(devicesRoute.action, "/api/notifications/push-devices", cookie, {
        method: "POST",
        body: { subscription: { endpoint, keys } },
      });
      expect(answer, endpoint).toMatchObject({
        status: 400,
        body: { error: PUSH_MESSAGES.serviceNotAllowed },
      });
    }
    for (const body of [
      {},
      { subscription: { endpoint: "x", keys } },
      {
        subscription: {
          endpoint: "https://fcm.googleapis.com/x",
          keys: { p256dh: "short", auth: keys.auth },
        },
      },
      "not json",
    ]) {
      const answer = await api(devicesRoute.action, "/api/notifications/push-devices", cookie, {
        method: "POST",
        body,
      });
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: PUSH_MESSAGES.invalidSubscription },
      });
    }
  });

  it("a device is its owner's: another user can neither test nor remove it; its owner removes it", async () => {
    const owner = await userOnPlan(email("owner"));
    const other = await userOnPlan(email("other"));
    const { added } = await addDevice(owner.cookie);
    const id = added.body.data.id as string;
    expect((await api(testRoute.action, "/x", other.cookie, { method: "POST", params: { id } })).status).toBe(
      404,
    );
    expect(
      (await api(deviceRoute.action, "/x", other.cookie, { method: "DELETE", params: { id } })).status,
    ).toBe(404);
    const removed = await api(deviceRoute.action, "/x", owner.cookie, { method: "DELETE", params: { id } });
    expect(removed).toMatchObject({ status: 200, body: { success: true, message: PUSH_MESSAGES.removed } });
    expect((await api(devicesRoute.loader, "/x", owner.cookie)).body.data.devices).toEqual([]);
  });

  it("is on paid plans only: Free is refused with the notifications' upgrade", async () => {
    const { cookie } = await userOnPlan(email("free"), "Free Plan", "inactive");
    const list = await api(devicesRoute.loader, "/api/notifications/push-devices", cookie);
    expect(list.status).toBe(403);
    expect(list.body.requiresUpgrade).toBe(true);
    const { added } = await addDevice(cookie);
    expect(added.status).toBe(403);
  });
});

describe("the service worker's script", () => {
  it("is JavaScript with its own policy, never stored by a cache", async () => {
    const res = await page(
      "push-sw.js",
      swRoute,
      new Request("http://localhost/push-sw.js", { headers: { "cf-connecting-ip": freshIp() } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("Content-Security-Policy")).toBe(SERVICE_WORKER_CSP);
    expect(res.headers.get("Cache-Control")).toMatch(/no-store|no-cache/);
    const text = await res.text();
    expect(text).toContain('addEventListener("push"');
    expect(text).toContain('addEventListener("notificationclick"');
    expect(text).not.toContain('addEventListener("fetch"');
  });
});
