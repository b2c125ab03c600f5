// Market-event alerts by push (decision 337): each alert kind's channel (email, push or both) chosen in the
// preferences, delivered through the push outbox to the loopback push service (which verifies the VAPID JWT and
// decrypts in Node), recorded in the history like an email, retried after a 503 by the cron's drain, and never sent
// to a device the push service reported gone.
import { createMessageBatch, env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { handleNotificationBatch } from "#app/server/notifications/dispatch.server.ts";
import { deliverQueuedPushes } from "#app/server/push/outbox.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { testEnv } from "./helpers";
import { tickerInfoAt } from "./fixtures/ticker-info";
import type { OpenedPush } from "./fakes/push-service";

const pushOrigin = () => inject("pushOrigin");
const NOW = Date.parse("2026-11-23T15:00:00Z"); // Monday 10:00 New York

let n = 0;

/** A Pro subscriber of one symbol's earnings alerts, with the earnings alert's channel, and optionally a device. */
async function subscriber(symbol: string, earnings: "email" | "push" | "both", withDevice: boolean) {
  const id = `push-alert-${++n}-${Date.now()}`;
  const email = `${id}@example.com`;
  await env.DB.batch([
    env.DB.prepare(
      "insert into user (id, name, email, subscription_tier, subscription_status, has_used_trial, created_at, updated_at) values (?, ?, ?, 'Pro Plan', 'active', 1, 0, 0)",
    ).bind(id, id, email),
    env.DB.prepare(
      "insert into watchlist_symbols (user_id, symbol, position, created_at) values (?, ?, 0, 0)",
    ).bind(id, symbol),
    env.DB.prepare(
      "insert into notification_preferences (user_id, preferences, updated_at, enabled, time_zone, next_run_at) values (?, ?, 0, 1, 'America/New_York', 0)",
    ).bind(
      id,
      JSON.stringify({
        events: {
          exDividend: false,
          splits: false,
          spinoffs: false,
          economicEvents: false,
          rsiAlerts: false,
          sentimentAlerts: false,
          volatilityAlerts: false,
          newsAlerts: false,
        },
        delivery: { earnings },
      }),
    ),
  ]);
  let device: { id: string; endpoint: string } | null = null;
  if (withDevice) {
    const made = (await (await fetch(`${pushOrigin()}/__push/devices`, { method: "POST" })).json()) as {
      id: string;
      endpoint: string;
      keys: { p256dh: string; auth: string };
    };
    await env.DB.prepare(
      "insert into push_devices (id, user_id, endpoint, p256dh, auth, name, created_at) values (?, ?, ?, ?, ?, 'Chrome on Android, added Nov 23', 0)",
    )
      .bind(`dev-${id}`, id, made.endpoint, made.keys.p256dh, made.keys.auth)
      .run();
    device = made;
  }
  return { id, email, device };
}

async function marketWithEarnings(symbol: string) {
  await env.MARKET_KV.put(KV_KEYS.tickerInfo(symbol), JSON.stringify(tickerInfoAt(symbol, NOW)));
}

let msg = 0;
async function run(userId: string, runAt = NOW) {
  const batch = createMessageBatch<unknown>("wheelhouse-notifications", [
    {
      id: `push-m-${++msg}`,
      timestamp: new Date(runAt),
      attempts: 1,
      body: { v: 1, runAt, userIds: [userId] },
    },
  ]);
  await handleNotificationBatch(batch, testEnv, runAt);
}

async function openedFor(device: string): Promise<OpenedPush[]> {
  const all = (await (await fetch(`${pushOrigin()}/__push/opened`)).json()) as OpenedPush[];
  return all.filter((p) => p.device === device);
}

async function historyOf(userId: string) {
  return (
    await env.DB.prepare("select status, outbox_id as outboxId from notification_history where user_id = ?")
      .bind(userId)
      .all<{ status: string; outboxId: string | null }>()
  ).results;
}

async function emailsTo(address: string) {
  return (await env.DB.prepare("select subject from email_outbox where `to` = ?").bind(address).all())
    .results;
}

describe("market-event alerts by push", () => {
  it("push only: one push, decrypted and signed, the history sent by it, no email", async () => {
    await marketWithEarnings("MSFT");
    const user = await subscriber("MSFT", "push", true);
    await run(user.id);
    const [push] = await openedFor(user.device!.id);
    expect(push).toBeDefined();
    expect(push!.vapid).toMatchObject({ aud: pushOrigin() });
    expect(push!.ttl).toBe(String(12 * 3600));
    const payload = JSON.parse(push!.text as string);
    expect(payload.title).toContain("MSFT");
    expect(payload.url).toBe("/notifications?tab=history");
    expect(await emailsTo(user.email)).toEqual([]);
    expect(await historyOf(user.id)).toEqual([{ status: "sent", outboxId: null }]);
  });

  it("both: the email and the push, the history following the email", async () => {
    await marketWithEarnings("NVDA");
    const user = await subscriber("NVDA", "both", true);
    await run(user.id);
    expect(await openedFor(user.device!.id)).toHaveLength(1);
    expect(await emailsTo(user.email)).toHaveLength(1);
    const [row] = await historyOf(user.id);
    expect(row!.outboxId).not.toBeNull();
  });

  it("push chosen without a device: the alert goes by email instead of being lost", async () => {
    await marketWithEarnings("AMD");
    const user = await subscriber("AMD", "push", false);
    await run(user.id);
    expect(await emailsTo(user.email)).toHaveLength(1);
  });

  it("email (the default): no push", async () => {
    await marketWithEarnings("META");
    const user = await subscriber("META", "email", true);
    await run(user.id);
    expect(await openedFor(user.device!.id)).toEqual([]);
    expect(await emailsTo(user.email)).toHaveLength(1);
  });

  it("a 503 is retried by the drain after its backoff; a 410 removes the device and later alerts go by email", async () => {
    await marketWithEarnings("AMZN");
    const user = await subscriber("AMZN", "push", true);
    const answer = (status: number) =>
      fetch(`${pushOrigin()}/__push/answer`, {
        method: "POST",
        body: JSON.stringify({ device: user.device!.id, status }),
      });
    await answer(503);
    await run(user.id);
    expect(await historyOf(user.id)).toEqual([{ status: "pending", outboxId: null }]);
    // Not due yet: the backoff holds it.
    expect((await deliverQueuedPushes(testEnv, new Date(NOW + 1000))).detail.due).toBe(0);
    await answer(201);
    const drained = await deliverQueuedPushes(testEnv, new Date(NOW + 61_000));
    expect(drained.itemsProcessed).toBe(1);
    expect(await historyOf(user.id)).toEqual([{ status: "sent", outboxId: null }]);
    expect((await openedFor(user.device!.id)).map((p) => p.status)).toEqual([503, 201]);

    // Gone: the device is deleted with its rows, and the next alert (a new date) is emailed.
    await answer(410);
    await env.DB.prepare("delete from notification_history where user_id = ?").bind(user.id).run();
    await env.DB.prepare("update notification_preferences set next_run_at = 0 where user_id = ?")
      .bind(user.id)
      .run();
    await run(user.id, NOW + 3_600_000);
    const left = await env.DB.prepare("select count(*) as n from push_devices where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    await env.DB.prepare("delete from notification_history where user_id = ?").bind(user.id).run();
    await env.DB.prepare("update notification_preferences set next_run_at = 0 where user_id = ?")
      .bind(user.id)
      .run();
    await run(user.id, NOW + 7_200_000);
    expect((await openedFor(user.device!.id)).map((p) => p.status)).toEqual([503, 201, 410]);
    expect(await emailsTo(user.email)).toHaveLength(1);
  });
});
