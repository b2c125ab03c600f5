import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call, signUpAndGetCookie } from "./helpers";
import { formPost, outcome, setUser, userRow } from "./auth-helpers";
import * as accountDelete from "#app/routes/account-delete.tsx";
import { action as checkoutAction } from "#app/routes/api.create-checkout-session.ts";
import { action as webhookAction } from "#app/routes/api.stripe.webhook.ts";
import {
  billingFields,
  bodyOf,
  fakeControl,
  jsonPost,
  signedEvent,
  stripeCalls,
  stripeContext,
  webhookRequest,
} from "./billing-helpers";

const USER_TABLES: [table: string, column: string][] = [
  ["watchlist_symbols", "user_id"],
  ["positions", "user_id"],
  ["favorites", "user_id"],
  ["wheel_preferences", "user_id"],
  ["wheel_ledger_events", "user_id"],
  ["ledger_import_mappings", "user_id"],
  ["wheel_ledger_proposals", "user_id"],
  ["notification_preferences", "user_id"],
  ["notification_history", "user_id"],
  ["feature_requests", "created_by_user_id"],
  ["feature_votes", "user_id"],
  ["feedback", "created_by_user_id"],
  ["contact_messages", "user_id"],
  ["cancellation_feedback", "user_id"],
  ["analytics_events", "user_id"],
  ["session", "user_id"],
  ["account", "user_id"],
];

/** Gives the user a row in every table that can hold their data. */
async function fillEverything(userId: string, email: string, tag: string) {
  const now = Date.now();
  const stmts = [
    env.DB.prepare("insert into watchlist_symbols (user_id, symbol, position) values (?, 'AAPL', 0)").bind(
      userId,
    ),
    env.DB.prepare(
      "insert into positions (id, user_id, symbol, shares, cost_basis, updated_at) values (?, ?, 'MSFT', 100, 300, ?)",
    ).bind(`pos-${tag}`, userId, now),
    env.DB.prepare(
      "insert into favorites (id, user_id, type, trade_id, trade, saved_at) values (?, ?, 'CSP', 't1', '{}', ?)",
    ).bind(`fav-${tag}`, userId, now),
    env.DB.prepare("insert into wheel_preferences (user_id, updated_at) values (?, ?)").bind(userId, now),
    // Append-only while the user exists (migration 0019): deletion removes it after the user row.
    env.DB.prepare(
      "insert into wheel_ledger_events (id, user_id, user_seq, symbol, kind, trade_date, event, created_at) values (?, ?, 1, 'KO', 'buy_shares', '2026-01-05', '{}', ?)",
    ).bind(`wl-${tag}`, userId, now),
    env.DB.prepare(
      "insert into ledger_import_mappings (user_id, signature, mapping, updated_at) values (?, 'sig', '{}', ?)",
    ).bind(userId, now),
    env.DB.prepare(
      "insert into wheel_ledger_proposals (id, user_id, option_key, event, settlement, pin, created_at) values (?, ?, 'KO|put|60|2026-01-16', '{}', 59, 0, ?)",
    ).bind(`wp-${tag}`, userId, now),
    env.DB.prepare(
      "insert into notification_preferences (user_id, preferences, updated_at) values (?, '{}', ?)",
    ).bind(userId, now),
    env.DB.prepare(
      "insert into notification_history (id, user_id, title, message, event_type, alert_type, status, dedupe_key) values (?, ?, 't', 'm', 'earnings', 'email', 'sent', ?)",
    ).bind(`nh-${tag}`, userId, `k-${tag}`),
    env.DB.prepare(
      "insert into feature_requests (id, title, description, created_by_user_id, user_subscription_tier) values (?, 'T', 'D', ?, 'Pro Plan')",
    ).bind(`fr-${tag}`, userId),
    env.DB.prepare("insert into feature_votes (request_id, user_id, direction) values (?, ?, 1)").bind(
      `fr-${tag}`,
      userId,
    ),
    env.DB.prepare(
      "insert into feedback (id, category, text, created_by_user_id) values (?, 'general', 'hi', ?)",
    ).bind(`fb-${tag}`, userId),
    env.DB.prepare(
      "insert into contact_messages (id, email, subject, message, user_id) values (?, ?, 's', 'm', ?)",
    ).bind(`cm-${tag}`, email, userId),
    env.DB.prepare("insert into cancellation_feedback (id, user_id, reasons) values (?, ?, '[]')").bind(
      `cf-${tag}`,
      userId,
    ),
    env.DB.prepare("insert into analytics_events (id, name, user_id) values (?, 'page_view', ?)").bind(
      `ae-${tag}`,
      userId,
    ),
    env.DB.prepare(
      "insert into email_outbox (id, `to`, subject, text, html, kind) values (?, ?, 's', 't', 'h', 'alert')",
    ).bind(`mail-${tag}`, email),
  ];
  await env.DB.batch(stmts);
}

async function countFor(table: string, column: string, userId: string) {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where ${column} = ?`)
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

describe("account deletion", () => {
  it("removes everything that belongs to the user, keeps anonymised analytics, and signs out", async () => {
    const email = "leaving@example.com";
    const cookie = await signUpAndGetCookie(email);
    const other = "staying@example.com";
    await signUpAndGetCookie(other);
    const me = (await userRow(email))!;
    const them = (await userRow(other))!;
    await fillEverything(me.id, email, "me");
    await fillEverything(them.id, other, "them");
    const theirsBefore = await Promise.all(USER_TABLES.map(([t, c]) => countFor(t, c, them.id)));

    const res = outcome(
      await call(
        accountDelete.action,
        formPost("/account/delete", { confirm: "DELETE", password: "secret-password" }, { cookie }),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/?accountDeleted=1");
    expect(res.cookies.some((c) => /better-auth\.session_token=;.*Max-Age=0/.test(c))).toBe(true);

    expect(await userRow(email)).toBeNull();
    for (const [i, [table, column]] of USER_TABLES.entries()) {
      expect({ table, n: await countFor(table, column, me.id) }).toEqual({ table, n: 0 });
      // The other user's rows are all still there.
      expect(theirsBefore[i]).toBeGreaterThan(0);
      expect({ table, n: await countFor(table, column, them.id) }).toEqual({ table, n: theirsBefore[i] });
    }
    const anon = await env.DB.prepare("select user_id from analytics_events where id = 'ae-me'").first();
    expect(anon).toEqual({ user_id: null });
    const survey = await env.DB.prepare(
      "select user_id from cancellation_feedback where id = 'cf-me'",
    ).first();
    expect(survey).toEqual({ user_id: null });
    expect(await countFor("email_outbox", "`to`", email)).toBe(0);
    expect(await countFor("email_outbox", "`to`", other)).toBe(1);
  });

  it("needs the confirmation word and deletes nothing without it", async () => {
    const email = "unsure@example.com";
    const cookie = await signUpAndGetCookie(email);
    for (const confirm of ["", "delete", "yes"]) {
      const res = outcome(
        await call(
          accountDelete.action,
          formPost("/account/delete", { confirm, password: "secret-password" }, { cookie }),
        ),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "Type DELETE to confirm." });
    }
    expect(await userRow(email)).not.toBeNull();
  });

  it("refuses an admin account", async () => {
    const email = "boss@example.com";
    const cookie = await signUpAndGetCookie(email);
    await setUser(email, { role: "admin" });
    await env.DB.prepare("insert into admins (email) values (?)").bind(email).run();
    const res = outcome(
      await call(
        accountDelete.action,
        formPost("/account/delete", { confirm: "DELETE", password: "secret-password" }, { cookie }),
      ),
    );
    expect(res.status).toBe(403);
    expect(await userRow(email)).not.toBeNull();
  });

  it("keeps the account when the subscription cannot be cancelled", async () => {
    const email = "payer@example.com";
    const cookie = await signUpAndGetCookie(email);
    await setUser(email, {
      subscription_id: "sub_123",
      subscription_status: "active",
      subscription_tier: "Pro Plan",
    });
    const res = outcome(
      await call(
        accountDelete.action,
        formPost("/account/delete", { confirm: "DELETE", password: "secret-password" }, { cookie }),
      ),
    );
    expect(res.status).toBe(502);
    expect(await userRow(email)).not.toBeNull();
  });

  it("cancels a paying user's Stripe subscription, then deletes the account", async () => {
    const email = "paying-leaver@example.com";
    const cookie = await signUpAndGetCookie(email);
    const context = stripeContext();
    const started = await bodyOf(
      await call(
        checkoutAction,
        jsonPost("/api/create-checkout-session", { tier: "Pro Plan", period: "monthly" }, { cookie }),
        {
          context,
        },
      ),
    );
    expect(started.status).toBe(200);
    const session = await fakeControl<Record<string, unknown>>(`/__stripe/pay/${started.json.sessionId}`, {});
    const signed = await signedEvent("checkout.session.completed", session);
    await call(webhookAction, webhookRequest(signed.payload, signed.signature), { context });
    expect(await billingFields(email)).toMatchObject({
      status: "active",
      subscriptionId: session.subscription,
    });

    const res = outcome(
      await call(
        accountDelete.action,
        formPost("/account/delete", { confirm: "DELETE", password: "secret-password" }, { cookie }),
        {
          context,
        },
      ),
    );
    expect(res.status).toBe(302);
    expect(await userRow(email)).toBeNull();
    const deletes = await stripeCalls(
      (r) => r.method === "DELETE" && r.url.includes(String(session.subscription)),
    );
    expect(deletes).toHaveLength(1);
  });

  it("asks for the password first: none or a wrong one deletes nothing", async () => {
    const email = "prove-it@example.com";
    const cookie = await signUpAndGetCookie(email);
    for (const [password, error] of [
      ["", "Enter your password to confirm."],
      ["not-my-password", "Current password is incorrect"],
    ] as const) {
      const res = outcome(
        await call(
          accountDelete.action,
          formPost("/account/delete", { confirm: "DELETE", password }, { cookie }),
        ),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    }
    expect(await userRow(email)).not.toBeNull();
  });

  it("a social-only account needs a sign-in from the last 10 minutes", async () => {
    const email = "social-only@example.com";
    const cookie = await signUpAndGetCookie(email);
    const userId = (await userRow(email))!.id;
    await env.DB.prepare("delete from account where user_id = ?").bind(userId).run();
    await env.DB.prepare("update session set created_at = ? where user_id = ?")
      .bind(Date.now() - 11 * 60_000, userId)
      .run();
    const stale = outcome(
      await call(accountDelete.action, formPost("/account/delete", { confirm: "DELETE" }, { cookie })),
    );
    expect(stale.status).toBe(403);
    expect(await userRow(email)).not.toBeNull();
    await env.DB.prepare("update session set created_at = ? where user_id = ?")
      .bind(Date.now(), userId)
      .run();
    const fresh = outcome(
      await call(accountDelete.action, formPost("/account/delete", { confirm: "DELETE" }, { cookie })),
    );
    expect(fresh.status).toBe(302);
    expect(await userRow(email)).toBeNull();
  });

  it("sends a visitor to sign in", async () => {
    const res = outcome(
      await call(
        accountDelete.action,
        formPost("/account/delete", { confirm: "DELETE", password: "secret-password" }),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/signin\?returnTo=/);
  });
});
