import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import * as historyRoute from "#app/routes/api.notifications.history.ts";
import * as prefsRoute from "#app/routes/api.notifications.preferences.ts";
import * as testRoute from "#app/routes/api.notifications.test.ts";
import * as toggleRoute from "#app/routes/api.notifications.toggle.ts";
import * as unsubscribeRoute from "#app/routes/api.notifications.unsubscribe.ts";
import * as unsubscribePage from "#app/routes/unsubscribe.tsx";
import {
  enqueueDueNotifications,
  handleDeadLetters,
  handleNotificationBatch,
  NOTIFICATIONS_DEAD_LETTER_QUEUE,
  type NotificationMessage,
} from "#app/server/notifications/dispatch.server.ts";
import worker from "../../workers/app";
import { readPreferences } from "#app/server/notifications/preferences.server.ts";
import {
  createUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_TTL_MS,
} from "#app/server/notifications/unsubscribe-token.server.ts";
import { deliverQueuedEmails } from "#app/server/email/mail.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";
import { call, makeContext, requestWithCookie, signUpAndGetCookie, testEnv } from "./helpers";
import { tickerInfoAt } from "./fixtures/ticker-info";
import { setUser } from "./auth-helpers";
import { cloudflareContext } from "#app/server/request-context.server.ts";

const fake = () => inject("fakeOrigin");

let n = 0;
async function account(plan: "free" | "pro" | "elite") {
  const email = `notify-${plan}-${++n}@example.com`;
  const cookie = await signUpAndGetCookie(email);
  // Sign-up grants the automatic Pro trial on first read; set the plan the test needs.
  await call(prefsRoute.loader, requestWithCookie("/api/notifications/preferences", cookie));
  if (plan === "free")
    await setUser(email, {
      subscription_tier: "Free Plan",
      subscription_status: "inactive",
      has_used_trial: 1,
    });
  if (plan === "elite")
    await setUser(email, { subscription_tier: "Elite Plan", subscription_status: "active" });
  const row = await env.DB.prepare("select id from user where email = ?").bind(email).first<{ id: string }>();
  return { email, cookie, id: row!.id };
}

function jsonRequest(path: string, cookie: string | null, method: string, body?: unknown) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, "http://localhost"), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function bodyOf(result: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = result as Response;
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const ENDPOINTS = [
  {
    name: "GET preferences",
    run: (c: string | null) =>
      call(prefsRoute.loader, jsonRequest("/api/notifications/preferences", c, "GET")),
  },
  {
    name: "PUT preferences",
    run: (c: string | null) =>
      call(
        prefsRoute.action,
        jsonRequest("/api/notifications/preferences", c, "PUT", { events: { earnings: false } }),
      ),
  },
  {
    name: "GET history",
    run: (c: string | null) => call(historyRoute.loader, jsonRequest("/api/notifications/history", c, "GET")),
  },
  {
    name: "POST toggle",
    run: (c: string | null) =>
      call(toggleRoute.action, jsonRequest("/api/notifications/toggle", c, "POST", { enabled: true })),
  },
  {
    name: "POST test",
    run: (c: string | null) => call(testRoute.action, jsonRequest("/api/notifications/test", c, "POST", {})),
  },
];

describe("plan gating on every notifications endpoint", () => {
  it("refuses visitors with 'User not authenticated'", async () => {
    for (const e of ENDPOINTS) {
      const { status, body } = await bodyOf(await e.run(null));
      expect([e.name, status, body.error]).toEqual([e.name, 401, "User not authenticated"]);
    }
  });

  it("refuses Free users with requiresUpgrade, upgradeFeatures and currentTier", async () => {
    const free = await account("free");
    for (const e of ENDPOINTS) {
      const { status, body } = await bodyOf(await e.run(free.cookie));
      expect([e.name, status]).toEqual([e.name, 403]);
      expect(body).toMatchObject({
        requiresUpgrade: true,
        code: "PREMIUM_REQUIRED",
        upgradeFeatures: ["email notifications for market events"],
        currentTier: "Free Plan",
      });
    }
  });

  it("serves Pro users on every endpoint", async () => {
    const pro = await account("pro");
    for (const e of ENDPOINTS) {
      const { status, body } = await bodyOf(await e.run(pro.cookie));
      expect([e.name, status, body.success]).toEqual([e.name, 200, true]);
    }
  });
});

describe("preferences", () => {
  it("returns the product's defaults, then applies partial updates", async () => {
    const pro = await account("pro");
    const first = await bodyOf(
      await call(prefsRoute.loader, jsonRequest("/api/notifications/preferences", pro.cookie, "GET")),
    );
    expect(first.body.data).toMatchObject({
      enabled: true,
      channels: { email: true, sms: false, whatsapp: false },
      timing: { email: 3, sms: 1, whatsapp: 1 },
      frequency: { type: "realtime", dailyTime: "09:00", weeklyDay: 1 },
      events: { dividendPayment: false, optionsExpiration: false, earnings: true, newsAlerts: true },
      thresholds: {
        rsi: { overbought: 70, oversold: 30, enabled: true },
        sentiment: { positiveThreshold: 80, negativeThreshold: 70, enabled: true },
        volatility: { percentageChange: 5, enabled: true },
        economicEvents: { impactLevel: "high", daysAhead: 3 },
      },
    });
    const put = await bodyOf(
      await call(
        prefsRoute.action,
        jsonRequest("/api/notifications/preferences", pro.cookie, "PUT", {
          thresholds: { volatility: { percentageChange: 7.5 } },
          frequency: { type: "daily" },
          timeZone: "Europe/Berlin",
        }),
      ),
    );
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      thresholds: { volatility: { percentageChange: 7.5, enabled: true }, rsi: { overbought: 70 } },
      frequency: { type: "daily", dailyTime: "09:00" },
      timeZone: "Europe/Berlin",
    });
    expect(await readPreferences(env, pro.id)).toMatchObject({
      timeZone: "Europe/Berlin",
      frequency: { type: "daily" },
    });
  });

  it("rejects values outside the product's ranges and steps, unknown fields and bad JSON with 400", async () => {
    const pro = await account("pro");
    const bad = [
      { thresholds: { rsi: { overbought: 101 } } },
      { thresholds: { rsi: { oversold: 51 } } },
      { thresholds: { sentiment: { positiveThreshold: 49 } } },
      { thresholds: { volatility: { percentageChange: 5.3 } } },
      { thresholds: { volatility: { percentageChange: 21 } } },
      { thresholds: { economicEvents: { daysAhead: 8 } } },
      { thresholds: { economicEvents: { impactLevel: "low" } } },
      { frequency: { type: "hourly" } },
      { timeZone: "Mars/Olympus" },
      { surprise: true },
      { channels: { sms: true } },
    ];
    for (const body of bad) {
      const res = await bodyOf(
        await call(prefsRoute.action, jsonRequest("/api/notifications/preferences", pro.cookie, "PUT", body)),
      );
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    const req = jsonRequest("/api/notifications/preferences", pro.cookie, "PUT");
    const notJson = new Request(req, { body: "{not json" });
    expect((await bodyOf(await call(prefsRoute.action, notJson))).status).toBe(400);
  });

  it("keeps custom timing for Elite: Pro gets 403 naming the feature, Elite may change it", async () => {
    const pro = await account("pro");
    for (const body of [
      { timing: { email: 7 } },
      { frequency: { dailyTime: "07:30" } },
      { frequency: { weeklyDay: 5 } },
    ]) {
      const res = await bodyOf(
        await call(prefsRoute.action, jsonRequest("/api/notifications/preferences", pro.cookie, "PUT", body)),
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        requiresUpgrade: true,
        upgradeFeatures: ["custom-timing notifications"],
        currentTier: "Pro Plan",
      });
    }
    // Sending the standard values is not a change: allowed.
    const same = await call(
      prefsRoute.action,
      jsonRequest("/api/notifications/preferences", pro.cookie, "PUT", { timing: { email: 3 } }),
    );
    expect((same as Response).status).toBe(200);
    const elite = await account("elite");
    const res = await bodyOf(
      await call(
        prefsRoute.action,
        jsonRequest("/api/notifications/preferences", elite.cookie, "PUT", {
          timing: { email: 7 },
          frequency: { type: "weekly", weeklyDay: 5, dailyTime: "07:30" },
        }),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      timing: { email: 7 },
      frequency: { type: "weekly", weeklyDay: 5, dailyTime: "07:30" },
    });
  });

  it("toggles the master switch", async () => {
    const pro = await account("pro");
    const off = await bodyOf(
      await call(
        toggleRoute.action,
        jsonRequest("/api/notifications/toggle", pro.cookie, "POST", { enabled: false }),
      ),
    );
    expect(off.body.data).toMatchObject({ enabled: false });
    expect((await readPreferences(env, pro.id)).enabled).toBe(false);
    const bad = await call(
      toggleRoute.action,
      jsonRequest("/api/notifications/toggle", pro.cookie, "POST", { enabled: "yes" }),
    );
    expect((bad as Response).status).toBe(400);
  });

  it("parallel partial updates of different fields and the master switch all stay (decision 226)", async () => {
    const pro = await account("pro");
    // Each update re-reads and merges: before the conditional write, the last writer dropped the others' fields.
    const events = ["exDividend", "dividendPayment", "splits", "spinoffs", "optionsExpiration"] as const;
    const results = await Promise.all([
      ...events.map(async (key) =>
        bodyOf(
          await call(
            prefsRoute.action,
            jsonRequest("/api/notifications/preferences", pro.cookie, "PUT", { events: { [key]: true } }),
          ),
        ),
      ),
      bodyOf(
        await call(
          toggleRoute.action,
          jsonRequest("/api/notifications/toggle", pro.cookie, "POST", { enabled: false }),
        ),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(events.map(() => 200).concat(200));
    const stored = await readPreferences(env, pro.id);
    expect(stored.enabled).toBe(false);
    for (const key of events) expect(stored.events[key]).toBe(true);
  });

  it("history honours limit (default 50, at most 100)", async () => {
    const pro = await account("pro");
    for (let i = 0; i < 3; i++)
      await env.DB.prepare(
        "insert into notification_history (id, user_id, title, message, event_type, alert_type, status, dedupe_key, created_at) values (?, ?, 't', 'm', 'earnings', 'event', 'failed', ?, ?)",
      )
        .bind(`h-${pro.id}-${i}`, pro.id, `k${i}`, 1000 + i)
        .run();
    const two = await bodyOf(
      await call(historyRoute.loader, jsonRequest("/api/notifications/history?limit=2", pro.cookie, "GET")),
    );
    expect((two.body.data as unknown[]).length).toBe(2);
    expect((two.body.data as { status: string }[])[0]!.status).toBe("failed");
    const bad = await call(
      historyRoute.loader,
      jsonRequest("/api/notifications/history?limit=500", pro.cookie, "GET"),
    );
    expect((bad as Response).status).toBe(400);
  });
});

describe("test email", () => {
  it("goes through the outbox with text and HTML parts and RFC 8058 headers, and shows in the history", async () => {
    const pro = await account("pro");
    const res = await bodyOf(
      await call(testRoute.action, jsonRequest("/api/notifications/test", pro.cookie, "POST", {})),
    );
    expect(res.status).toBe(200);
    const row = await env.DB.prepare("select * from email_outbox where `to` = ?")
      .bind(pro.email)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ kind: "notification-test", status: "captured" });
    const headers = JSON.parse(row!.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost\/api\/notifications\/unsubscribe\?token=[\w%.-]+>$/,
    );
    expect(row!.text).toContain("Test notification");
    expect(row!.text).toContain("Unsubscribe: http://localhost/unsubscribe?token=");
    expect(row!.html).toContain("<h1");
    const history = await bodyOf(
      await call(historyRoute.loader, jsonRequest("/api/notifications/history?limit=20", pro.cookie, "GET")),
    );
    expect(history.body.data).toEqual([
      expect.objectContaining({ title: "Test notification", status: "sent", eventType: "test" }),
    ]);
  });

  it("passes the headers to Resend when delivery is configured", async () => {
    const pro = await account("pro");
    const context = makeContext({
      RESEND_API_KEY: "re_test",
      EMAIL_FROM: "Wheelhouse <a@wheelhouse.test>",
      RESEND_API_BASE: `${fake()}/resend`,
    });
    const res = await call(testRoute.action, jsonRequest("/api/notifications/test", pro.cookie, "POST", {}), {
      context,
    });
    expect((res as Response).status).toBe(200);
    const recorded = (await (await fetch(`${fake()}/__recorded`)).json()) as { url: string; body: string }[];
    const sent = recorded.find((r) => r.url === "/resend/emails" && r.body.includes(pro.email))!;
    const body = JSON.parse(sent.body) as { headers: Record<string, string>; text: string; html: string };
    expect(body.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(body.text).toContain("Test notification");
    expect(body.html).toContain("Test notification");
  });
});

describe("unsubscribe by signed token", () => {
  const post = (token: string) =>
    call(
      unsubscribeRoute.action,
      new Request(`http://localhost/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    );

  it("a valid token switches notifications off without a session", async () => {
    const pro = await account("pro");
    const token = await createUnsubscribeToken(testEnv, pro.id);
    const res = await bodyOf(await post(token));
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await readPreferences(env, pro.id)).enabled).toBe(false);
  });

  it("a tampered token is refused and changes nothing", async () => {
    const pro = await account("pro");
    const token = await createUnsubscribeToken(testEnv, pro.id);
    const other = await account("pro");
    const [, sig] = token.split(".");
    const forged = `${btoa(`${other.id}.9999999999`).replace(/=+$/, "")}.${sig}`;
    for (const bad of [
      forged,
      `${token}x`,
      token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      // Same bytes as the real signature, spelled with base64's unused low bits set: still refused.
      token.replace(/.$/, (c) => String.fromCharCode(c.charCodeAt(0) + 1)),
      `${token.split(".")[0]}.${sig!.startsWith("A") ? "B" : "A"}${sig!.slice(1)}`,
      "",
      "a.b.c",
    ]) {
      expect(((await post(bad)) as Response).status).toBe(400);
    }
    expect((await readPreferences(env, other.id)).enabled).toBe(true);
    expect((await readPreferences(env, pro.id)).enabled).toBe(true);
  });

  it("an expired token is refused", async () => {
    const pro = await account("pro");
    const token = await createUnsubscribeToken(
      testEnv,
      pro.id,
      Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 60_000,
    );
    expect(((await post(token)) as Response).status).toBe(400);
    expect((await readPreferences(env, pro.id)).enabled).toBe(true);
  });

  it("the link page checks the token and unsubscribes only on confirmation", async () => {
    const pro = await account("pro");
    const token = await createUnsubscribeToken(testEnv, pro.id);
    const page = await call(unsubscribePage.loader, `/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page).toMatchObject({ valid: true });
    expect((await readPreferences(env, pro.id)).enabled).toBe(true);
    const form = new FormData();
    form.set("token", token);
    const done = await call(
      unsubscribePage.action,
      new Request("http://localhost/unsubscribe", { method: "POST", body: form }),
    );
    expect(done).toEqual({ done: true });
    expect((await readPreferences(env, pro.id)).enabled).toBe(false);
    expect(await call(unsubscribePage.loader, "/unsubscribe?token=nope")).toMatchObject({ valid: false });
  });
});

// ---------------------------------------------------------------- dispatcher and consumer
const NOW = Date.parse("2026-11-23T15:00:00Z"); // Monday 10:00 New York

const tickerInfo = (symbol: string, over: Partial<TickerInfo> = {}) => tickerInfoAt(symbol, NOW, over);

async function subscriber(symbol: string, tier = "Pro Plan") {
  const id = `disp-${++n}`;
  await env.DB.prepare(
    "insert into user (id, name, email, subscription_tier, subscription_status, has_used_trial, created_at, updated_at) values (?, ?, ?, ?, 'active', 1, 0, 0)",
  )
    .bind(id, id, `${id}@example.com`, tier)
    .run();
  await env.DB.prepare(
    "insert into watchlist_symbols (user_id, symbol, position, created_at) values (?, ?, 0, 0)",
  )
    .bind(id, symbol)
    .run();
  // Only earnings alerts, so the assertions are about one rule.
  const events = Object.fromEntries(
    [
      "earnings",
      "exDividend",
      "dividendPayment",
      "splits",
      "spinoffs",
      "optionsExpiration",
      "economicEvents",
      "rsiAlerts",
      "sentimentAlerts",
      "volatilityAlerts",
      "newsAlerts",
    ].map((k) => [k, k === "earnings"]),
  );
  await env.DB.prepare(
    "insert into notification_preferences (user_id, preferences, updated_at, enabled, time_zone, next_run_at) values (?, ?, 0, 1, 'America/New_York', 0)",
  )
    .bind(id, JSON.stringify({ events }))
    .run();
  return { id, email: `${id}@example.com` };
}

function fakeQueue() {
  const sent: NotificationMessage[] = [];
  return {
    sent,
    queue: {
      sendBatch: async (msgs: { body: NotificationMessage }[]) => void sent.push(...msgs.map((m) => m.body)),
    } as unknown as Queue<NotificationMessage>,
  };
}

let msgN = 0;
function batchOf(bodies: unknown[], attempts = 1) {
  return createMessageBatch<unknown>(
    "wheelhouse-notifications",
    bodies.map((body) => ({ id: `m-${++msgN}`, timestamp: new Date(NOW), attempts, body })),
  );
}

async function historyOf(userId: string) {
  return (
    await env.DB.prepare(
      "select event_type as eventType, dedupe_key as dedupeKey, outbox_id as outboxId from notification_history where user_id = ?",
    )
      .bind(userId)
      .all<{ eventType: string; dedupeKey: string; outboxId: string }>()
  ).results;
}

describe("dispatcher", () => {
  it("enqueues only due, paid, enabled, non-admin users, 25 per message", async () => {
    await env.MARKET_KV.put(KV_KEYS.tickerInfo("AAPL"), JSON.stringify(tickerInfo("AAPL")));
    const due = [];
    for (let i = 0; i < 27; i++) due.push((await subscriber("AAPL")).id);
    const free = await subscriber("AAPL");
    await env.DB.prepare(
      "update user set subscription_tier = 'Free Plan', subscription_status = 'inactive' where id = ?",
    )
      .bind(free.id)
      .run();
    const off = await subscriber("AAPL");
    await env.DB.prepare("update notification_preferences set enabled = 0 where user_id = ?")
      .bind(off.id)
      .run();
    const later = await subscriber("AAPL");
    await env.DB.prepare("update notification_preferences set next_run_at = ? where user_id = ?")
      .bind(NOW + 3_600_000, later.id)
      .run();
    const admin = await subscriber("AAPL");
    await env.DB.prepare("update user set role = 'admin' where id = ?").bind(admin.id).run();

    const { sent, queue } = fakeQueue();
    const outcome = await enqueueDueNotifications({ DB: env.DB, NOTIFICATIONS_QUEUE: queue }, new Date(NOW));
    const ids = sent.flatMap((m) => m.userIds);
    for (const id of due) expect(ids).toContain(id);
    for (const id of [free.id, off.id, later.id, admin.id]) expect(ids).not.toContain(id);
    expect(sent.every((m) => m.userIds.length <= 25 && m.runAt === NOW && m.v === 1)).toBe(true);
    expect(outcome.itemsProcessed).toBe(ids.length);
  });
});

describe("queue consumer (workerd)", () => {
  it("sends an event once: two cron runs, one email, one history row", async () => {
    await env.MARKET_KV.put(KV_KEYS.tickerInfo("MSFT"), JSON.stringify(tickerInfo("MSFT")));
    const user = await subscriber("MSFT");
    for (const runAt of [NOW, NOW + 15 * 60_000]) {
      const batch = batchOf([{ v: 1, runAt, userIds: [user.id] }]);
      const ctx = createExecutionContext();
      await handleNotificationBatch(batch, testEnv, runAt);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks).toEqual([batch.messages[0]!.id]);
    }
    const rows = await historyOf(user.id);
    expect(rows).toEqual([
      expect.objectContaining({ eventType: "earnings", dedupeKey: "earnings:MSFT:2026-11-25" }),
    ]);
    const emails = await env.DB.prepare(
      "select subject, text, html, headers, kind from email_outbox where `to` = ?",
    )
      .bind(user.email)
      .all<Record<string, string>>();
    expect(emails.results).toHaveLength(1);
    const email = emails.results[0]!;
    expect(email.kind).toBe("notification-alert");
    expect(email.subject).toBe("Wheelhouse alert: MSFT reports earnings Wed, Nov 25, 2026");
    expect(email.text).toContain(
      "Why: MSFT is on your watchlist and its earnings date is within your 3-day window.",
    );
    expect(email.text).toContain("Data: Simulated data, as of Nov 23, 2026");
    expect(email.html).toContain("Why: MSFT is on your watchlist");
    expect(JSON.parse(email.headers!)["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("a replayed message for a run already done sends nothing", async () => {
    await env.MARKET_KV.put(KV_KEYS.tickerInfo("NVDA"), JSON.stringify(tickerInfo("NVDA")));
    const user = await subscriber("NVDA");
    const body = { v: 1, runAt: NOW, userIds: [user.id] };
    await handleNotificationBatch(batchOf([body]), testEnv, NOW);
    await env.DB.prepare("delete from notification_history where user_id = ?").bind(user.id).run();
    await handleNotificationBatch(batchOf([body]), testEnv, NOW + 1000);
    expect(await historyOf(user.id)).toEqual([]);
  });

  it("a failing send is left to the outbox: the message is acked, the cron's drain delivers it later", async () => {
    await env.MARKET_KV.put(KV_KEYS.tickerInfo("AMD"), JSON.stringify(tickerInfo("AMD")));
    const user = await subscriber("AMD");
    const delivery = { RESEND_API_KEY: "re_test", EMAIL_FROM: "Wheelhouse <a@wheelhouse.test>" };
    const failing = makeContext({ ...delivery, RESEND_API_BASE: `${fake()}/resend/fail` }).get(
      cloudflareContext,
    ).env;
    const body = { v: 1, runAt: NOW, userIds: [user.id] };

    const first = batchOf([body]);
    await handleNotificationBatch(first, failing, NOW);
    const r1 = await getQueueResult(first, createExecutionContext());
    // One owner of retries (decision 289): the queue does not schedule a second one.
    expect(r1.explicitAcks).toEqual([first.messages[0]!.id]);
    expect(r1.retryMessages).toEqual([]);
    const queued = await env.DB.prepare(
      "select id, status, attempts, next_attempt_at as next from email_outbox where `to` = ?",
    )
      .bind(user.email)
      .first<{ id: string; status: string; attempts: number; next: number }>();
    // The outbox's backoff after one failed attempt: 1 minute.
    expect(queued).toMatchObject({ status: "queued", attempts: 1, next: NOW + 60_000 });
    const pendingHistory = await bodyOf(await historyRouteFor(user.id));
    expect((pendingHistory.body.data as { status: string }[])[0]!.status).toBe("pending");

    // A redelivered message for the same run sends nothing again: the run is done, the email is the outbox's.
    const replay = batchOf([body], 2);
    const working = makeContext({ ...delivery, RESEND_API_BASE: `${fake()}/resend` }).get(
      cloudflareContext,
    ).env;
    await handleNotificationBatch(replay, working, NOW + 60_000);
    expect(
      await env.DB.prepare("select attempts from email_outbox where id = ?").bind(queued!.id).first(),
    ).toMatchObject({ attempts: 1 });

    // The cron's drain delivers it once due.
    const run = await deliverQueuedEmails(working, new Date(NOW + 60_000));
    expect(run.failures).toBe(0);
    const sent = await env.DB.prepare("select status, attempts from email_outbox where id = ?")
      .bind(queued!.id)
      .first();
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(await historyOf(user.id)).toHaveLength(1);
    const history = await bodyOf(await historyRouteFor(user.id));
    expect((history.body.data as { status: string }[])[0]!.status).toBe("sent");
  });

  it("acknowledges a malformed (poison) message and still processes the rest of the batch", async () => {
    await env.MARKET_KV.put(KV_KEYS.tickerInfo("AMZN"), JSON.stringify(tickerInfo("AMZN")));
    const user = await subscriber("AMZN");
    const batch = batchOf([{ nonsense: true }, "x", { v: 1, runAt: NOW, userIds: [user.id] }]);
    await handleNotificationBatch(batch, testEnv, NOW);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    expect(await historyOf(user.id)).toHaveLength(1);
  });

  it("skips users whose plan lapsed after they were enqueued", async () => {
    await env.MARKET_KV.put(KV_KEYS.tickerInfo("META"), JSON.stringify(tickerInfo("META")));
    const user = await subscriber("META");
    await env.DB.prepare("update user set subscription_status = 'inactive' where id = ?").bind(user.id).run();
    await handleNotificationBatch(batchOf([{ v: 1, runAt: NOW, userIds: [user.id] }]), testEnv, NOW);
    expect(await historyOf(user.id)).toEqual([]);
  });
});

describe("dead-letter queue consumer", () => {
  async function deadLetterRuns() {
    return (
      await env.DB.prepare(
        "select items_processed as items, failures, detail from job_runs where job = 'notifications-dead-letter' order by started_at",
      ).all<{ items: number; failures: number; detail: string }>()
    ).results;
  }

  it("records each batch as one failed job run with its messages and users, then acknowledges it", async () => {
    const before = (await deadLetterRuns()).length;
    const batch = createMessageBatch<unknown>(NOTIFICATIONS_DEAD_LETTER_QUEUE, [
      {
        id: "dl-1",
        timestamp: new Date(NOW),
        attempts: 6,
        body: { v: 1, runAt: NOW, userIds: ["u-a", "u-b"] },
      },
      { id: "dl-2", timestamp: new Date(NOW), attempts: 1, body: { nonsense: true } },
    ]);
    const ctx = createExecutionContext();
    // Through the Worker's queue() handler: the dead-letter queue is routed by its name.
    await worker.queue(batch, testEnv as never);
    const result = await getQueueResult(batch, ctx);
    expect(result.ackAll).toBe(true);
    expect(result.retryMessages).toEqual([]);
    const runs = await deadLetterRuns();
    expect(runs).toHaveLength(before + 1);
    const run = runs.at(-1)!;
    expect(run).toMatchObject({ items: 2, failures: 2 });
    expect(JSON.parse(run.detail)).toEqual({
      users: 2,
      messages: [
        {
          id: "dl-1",
          attempts: 6,
          runAt: new Date(NOW).toISOString(),
          userIds: ["u-a", "u-b"],
          malformed: false,
        },
        { id: "dl-2", attempts: 1, runAt: null, userIds: [], malformed: true },
      ],
    });
  });

  it("sends nothing: a dead letter is not processed again", async () => {
    await env.MARKET_KV.put(KV_KEYS.tickerInfo("AMD"), JSON.stringify(tickerInfo("AMD")));
    const user = await subscriber("AMD");
    const batch = createMessageBatch<unknown>(NOTIFICATIONS_DEAD_LETTER_QUEUE, [
      { id: "dl-3", timestamp: new Date(NOW), attempts: 6, body: { v: 1, runAt: NOW, userIds: [user.id] } },
    ]);
    await handleDeadLetters(batch, testEnv);
    expect(await historyOf(user.id)).toEqual([]);
  });
});

async function historyRouteFor(userId: string) {
  const { listHistory } = await import("#app/server/notifications/history.server.ts");
  return Response.json({ data: await listHistory(env, userId, 20) });
}
