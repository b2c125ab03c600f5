import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:test";
import { call, makeContext, requestWithCookie } from "./helpers";
import { cookiePairs, formPost, outboxFor, outcome, setUser, userRow } from "./auth-helpers";
import {
  type ActionFn,
  adminPage,
  adminPost,
  count,
  makeAdmin,
  makePlanUser,
  post,
  uniqueEmail,
} from "./board-helpers";

// Many sign-ups (password hashing) per test on a shared machine: a budget, not a performance check.
const SLOW_TEST_MS = 90_000;
import * as adminLayout from "#app/routes/admin-layout.tsx";
import * as adminPending from "#app/routes/admin.tsx";
import * as adminFeatures from "#app/routes/admin-features.tsx";
import * as adminInvites from "#app/routes/admin-invites.tsx";
import * as adminTrials from "#app/routes/admin-trials.tsx";
import * as adminFeedback from "#app/routes/admin-feedback.tsx";
import * as feedback from "#app/routes/feedback.tsx";
import * as signup from "#app/routes/signup.tsx";
import { ADMIN_MESSAGES } from "#app/lib/admin.ts";

async function newRequest(title: string, plan: "pro" | "elite" = "pro") {
  const author = await makePlanUser(plan);
  await post(feedback.action, "/feedback", { intent: "request", title, description: "d" }, author.cookie);
  const id = (await env.DB.prepare("select id from feature_requests where title = ?")
    .bind(title)
    .first<string>("id"))!;
  return { id, author };
}

async function auditRows(action: string, target: string) {
  return (
    await env.DB.prepare(
      "select admin_email as adminEmail, detail from admin_audit_log where action = ? and target = ? order by created_at",
    )
      .bind(action, target)
      .all<{ adminEmail: string; detail: string | null }>()
  ).results;
}

describe("every admin action refuses non-admins", { timeout: SLOW_TEST_MS }, () => {
  const intents: Record<string, string>[] = [
    { intent: "status", requestId: "x", status: "planned" },
    { intent: "invite", email: "someone@example.com" },
    { intent: "trial-enable", email: "someone@example.com", length: "3", unit: "days" },
    { intent: "trial-cancel", email: "someone@example.com" },
  ];

  it.each([
    ["a visitor", null],
    ["a plain user", { role: false, row: false }],
    ["a role without an admins row", { role: true, row: false }],
    ["an admins row without the role", { role: false, row: true }],
  ] as const)("%s gets 403 and changes nothing; the page sends them to /admin/login", async (_label, who) => {
    const target = await makePlanUser("free", "target");
    const { id } = await newRequest(`guarded ${_label}`);
    const cookie = who ? (await makeAdmin(who)).cookie : undefined;
    for (const fields of intents) {
      const withTarget = {
        ...fields,
        ...(fields.requestId ? { requestId: id } : {}),
        ...(fields.email && fields.intent !== "invite" ? { email: target.email } : {}),
      };
      const res = await adminPost(withTarget, cookie);
      expect(res, fields.intent).toEqual({
        status: 403,
        body: { ok: false, intent: null, message: ADMIN_MESSAGES.notAuthorized },
      });
    }
    expect(
      await env.DB.prepare("select status from feature_requests where id = ?").bind(id).first("status"),
    ).toBe("under-review");
    expect(await userRow(target.email)).toMatchObject({
      subscriptionStatus: "inactive",
      subscriptionTier: "Free Plan",
    });
    expect(await count("select count(*) as n from invites where email = 'someone@example.com'")).toBe(0);
    // The frame and every tab check on their own (loaders run in parallel).
    for (const [path, route] of [
      ["/admin", adminLayout],
      ["/admin", adminPending],
      ["/admin/features", adminFeatures],
      ["/admin/invites", adminInvites],
      ["/admin/trials", adminTrials],
      ["/admin/feedback", adminFeedback],
    ] as const) {
      const loader = route.loader as ActionFn;
      const page = await call(loader, cookie ? requestWithCookie(path, cookie) : path);
      expect([path, (page as Response).headers.get("Location")]).toEqual([path, "/admin/login"]);
    }
  });
});

describe("feature requests in the back office", { timeout: SLOW_TEST_MS }, () => {
  it("pending lists under-review only, Elite first, with author email and tier; a status change removes it", async () => {
    const boss = await makeAdmin();
    const pro = await newRequest("pending pro");
    const elite = await newRequest("pending elite", "elite");
    const page = await adminPage(boss.cookie);
    if (page.panel.tab !== "pending") throw new Error("wrong panel");
    const titles = page.panel.features!.map((f) => f.title);
    expect(titles.indexOf("pending elite")).toBeLessThan(titles.indexOf("pending pro"));
    expect(page.panel.features!.every((f) => f.status === "under-review")).toBe(true);
    expect(page.panel.features!.find((f) => f.title === "pending elite")).toMatchObject({
      authorEmail: elite.author.email,
      authorTier: "Elite Plan",
      userSubscriptionTier: "Elite Plan",
    });

    const res = await adminPost({ intent: "status", requestId: pro.id, status: "planned" }, boss.cookie);
    expect(res).toMatchObject({ status: 200, body: { ok: true, intent: "status" } });
    const after = await adminPage(boss.cookie);
    if (after.panel.tab !== "pending") throw new Error("wrong panel");
    expect(after.panel.features!.map((f) => f.title)).not.toContain("pending pro");
    // The audit log records who, what and the target, and the dashboard shows it.
    expect(await auditRows("feature.status", pro.id)).toEqual([
      { adminEmail: boss.email, detail: JSON.stringify({ status: "planned", title: "pending pro" }) },
    ]);
    expect(after.audit[0]).toMatchObject({
      adminEmail: boss.email,
      action: "feature.status",
      target: pro.id,
    });
  });

  it("an unknown request fails with the product's message and writes no audit row", async () => {
    const boss = await makeAdmin();
    const res = await adminPost({ intent: "status", requestId: "nope", status: "planned" }, boss.cookie);
    expect(res).toMatchObject({
      status: 404,
      body: { ok: false, message: ADMIN_MESSAGES.updateStatusFailed },
    });
    expect(await auditRows("feature.status", "nope")).toEqual([]);
    const bad = await adminPost({ intent: "status", requestId: "x", status: "shipped" }, boss.cookie);
    expect(bad.status).toBe(400);
  });

  it("all features: status chips filter on the server (All = every status)", async () => {
    const boss = await makeAdmin();
    const a = await newRequest("chip a");
    const b = await newRequest("chip b");
    await newRequest("chip c");
    await adminPost({ intent: "status", requestId: a.id, status: "completed" }, boss.cookie);
    await adminPost({ intent: "status", requestId: b.id, status: "rejected" }, boss.cookie);
    const titles = async (query: string) => {
      const page = await adminPage(boss.cookie, query);
      if (page.panel.tab !== "features") throw new Error("wrong panel");
      return page.panel
        .features!.map((f) => f.title)
        .filter((t) => t.startsWith("chip "))
        .sort();
    };
    expect(await titles("?tab=features")).toEqual(["chip a", "chip b", "chip c"]);
    expect(await titles("?tab=features&status=completed")).toEqual(["chip a"]);
    expect(await titles("?tab=features&status=completed,rejected")).toEqual(["chip a", "chip b"]);
    expect(await titles("?tab=features&status=in-progress")).toEqual([]);
    expect(await titles("?tab=features&status=bogus")).toEqual(["chip a", "chip b", "chip c"]);
  });
});

describe("user feedback tab", { timeout: SLOW_TEST_MS }, () => {
  it("category chips filter, newest first", async () => {
    const boss = await makeAdmin();
    const pro = await makePlanUser("pro");
    for (const [category, text] of [
      ["bug", "fb first"],
      ["suggestion", "fb second"],
      ["bug", "fb third"],
    ]) {
      await post(feedback.action, "/feedback", { intent: "feedback", category, text }, pro.cookie);
      // "Newest first" needs three instants: a few milliseconds apart, on the real clock or TEST_NOW's.
      await new Promise((done) => setTimeout(done, 5));
    }
    const texts = async (query: string) => {
      const page = await adminPage(boss.cookie, query);
      if (page.panel.tab !== "feedback") throw new Error("wrong panel");
      return page.panel.feedback!.filter((f) => f.authorEmail === pro.email).map((f) => f.text);
    };
    expect(await texts("?tab=feedback")).toEqual(["fb third", "fb second", "fb first"]);
    expect(await texts("?tab=feedback&category=bug")).toEqual(["fb third", "fb first"]);
    expect(await texts("?tab=feedback&category=bug,suggestion")).toEqual([
      "fb third",
      "fb second",
      "fb first",
    ]);
    expect(await texts("?tab=feedback&category=other")).toEqual([]);
  });
});

describe("invites", { timeout: SLOW_TEST_MS }, () => {
  it("round trip: the email carries a signup link; signing up through it consumes the invite", async () => {
    const boss = await makeAdmin();
    const invitee = uniqueEmail("invitee");
    const res = await adminPost({ intent: "invite", email: invitee.toUpperCase() }, boss.cookie);
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: `Invitation sent to ${invitee}` } });
    const [mail] = await outboxFor(invitee);
    expect(mail!.kind).toBe("invitation");
    const link = new URL(/https?:\/\/\S+\/signup\?invite=[\w-]+/.exec(mail!.text)![0]);
    const inviteId = link.searchParams.get("invite")!;
    expect(
      await env.DB.prepare("select status, invited_by as by from invites where id = ?")
        .bind(inviteId)
        .first(),
    ).toEqual({
      status: "pending",
      by: boss.id,
    });
    expect(await auditRows("user.invite", invitee)).toHaveLength(1);

    const page = (await call(signup.loader, `${link.pathname}${link.search}`)) as { invite: unknown };
    expect(page.invite).toEqual({ id: inviteId, email: invitee });
    const done = outcome(
      await call(
        signup.action,
        formPost("/signup", {
          intent: "email",
          email: invitee,
          password: "invited-pass",
          acceptRisk: "on",
          acceptTerms: "on",
          invite: inviteId,
        }),
      ),
    );
    expect(done.status).toBe(302);
    expect(cookiePairs(done.cookies)).toContain("session_token");
    expect(
      await env.DB.prepare("select status from invites where id = ?").bind(inviteId).first("status"),
    ).toBe("accepted");
    // The link is spent.
    expect(
      ((await call(signup.loader, `${link.pathname}${link.search}`)) as { invite: unknown }).invite,
    ).toBeNull();
  });

  it("email required, valid, and not already a user", async () => {
    const boss = await makeAdmin();
    expect(await adminPost({ intent: "invite", email: " " }, boss.cookie)).toMatchObject({
      status: 400,
      body: { ok: false, message: ADMIN_MESSAGES.inviteEmailRequired },
    });
    expect(await adminPost({ intent: "invite", email: "nope" }, boss.cookie)).toMatchObject({
      body: { ok: false, message: ADMIN_MESSAGES.inviteEmailInvalid },
    });
    const existing = await makePlanUser("free");
    expect(await adminPost({ intent: "invite", email: existing.email }, boss.cookie)).toMatchObject({
      status: 409,
      body: { ok: false },
    });
  });
});

describe("promotional trials", { timeout: SLOW_TEST_MS }, () => {
  const trial = (cookie: string, fields: Record<string, string>) =>
    adminPost({ intent: "trial-enable", ...fields }, cookie);

  it("search shows the card; enabling in days emails the user and is audited", async () => {
    const boss = await makeAdmin();
    const user = await makePlanUser("free");
    const page = await adminPage(boss.cookie, `?tab=trials&email=${encodeURIComponent(user.email)}`);
    if (page.panel.tab !== "trials") throw new Error("wrong panel");
    expect(page.panel.user).toMatchObject({
      email: user.email,
      subscriptionTier: "Free Plan",
      subscriptionStatus: "inactive",
    });
    const before = Date.now();
    expect(await trial(boss.cookie, { email: user.email, length: "3", unit: "days" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "Promo trial enabled for 3 days" },
    });
    const row = (await userRow(user.email))!;
    expect(row).toMatchObject({
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "trialing",
      subscriptionId: null,
    });
    expect(row.trialEnd! - before).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(row.trialEnd! - before).toBeLessThan(3 * 86_400_000 + 60_000);
    expect((await outboxFor(user.email)).map((m) => m.kind)).toContain("promo-trial");
    expect(await auditRows("trial.enable", user.email)).toHaveLength(1);
    const missing = await adminPage(boss.cookie, "?tab=trials&email=ghost%40example.com");
    if (missing.panel.tab !== "trials") throw new Error("wrong panel");
    expect(missing.panel).toMatchObject({ searched: true, user: null });
  });

  it("minutes, and invalid lengths become 1", async () => {
    const boss = await makeAdmin();
    const user = await makePlanUser("free");
    const at = Date.now();
    expect(await trial(boss.cookie, { email: user.email, length: "10", unit: "minutes" })).toMatchObject({
      body: { ok: true, message: "Promo trial enabled for 10 minutes" },
    });
    const end = (await userRow(user.email))!.trialEnd!;
    expect(end - at).toBeGreaterThanOrEqual(10 * 60_000);
    expect(end - at).toBeLessThan(11 * 60_000);
    // A value past the old 20-character cap was refused ('Invalid request') instead of becoming 1.
    for (const length of ["0", "-4", "2.5", "abc", "", "1".repeat(40), "0.0000000000000000000001"]) {
      expect(await trial(boss.cookie, { email: user.email, length, unit: "minutes" }), length).toMatchObject({
        body: { ok: true, message: "Promo trial enabled for 1 minutes" },
      });
    }
    expect(await trial(boss.cookie, { email: user.email, length: "2", unit: "fortnights" })).toMatchObject({
      body: { ok: true, message: "Promo trial enabled for 2 days" },
    });
    // No length field at all: 1 as well.
    expect(
      await adminPost({ intent: "trial-enable", email: user.email, unit: "days" }, boss.cookie),
    ).toMatchObject({ body: { ok: true, message: "Promo trial enabled for 1 days" } });
  });

  it("says why the promo email was not sent when the provider refuses it; the trial stands", async () => {
    const boss = await makeAdmin();
    const user = await makePlanUser("free");
    const failingProvider = makeContext({
      RESEND_API_KEY: "re_test",
      EMAIL_FROM: "noreply@wheelhouse.test",
      RESEND_API_BASE: `${inject("fakeOrigin")}/resend/fail`,
    });
    const res = await call(
      adminTrials.action,
      formPost(
        "/admin/trials",
        { intent: "trial-enable", email: user.email, length: "3", unit: "days" },
        { cookie: boss.cookie },
      ),
      { context: failingProvider },
    );
    const response = res as Response;
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 502,
      body: {
        ok: false,
        message:
          "Promo trial enabled for 3 days. Failed to send promotional trial email: 500 Internal Server Error",
      },
    });
    expect((await userRow(user.email))!.subscriptionStatus).toBe("trialing");
  });

  it("never overwrites a paid subscription (active, or a subscription's own trial)", async () => {
    const boss = await makeAdmin();
    const paid = await makePlanUser("elite");
    const stripeTrial = await makePlanUser("pro");
    await setUser(stripeTrial.email, { subscription_status: "trialing", trial_end: Date.now() + 86_400_000 });
    for (const user of [paid, stripeTrial]) {
      const before = await userRow(user.email);
      expect(await trial(boss.cookie, { email: user.email, length: "5", unit: "days" })).toMatchObject({
        status: 409,
        // docs/product/admin.md#trial-tool's words, the same as the trial module's own refusal.
        body: { ok: false, message: "User has an active paid subscription" },
      });
      expect(await userRow(user.email)).toEqual(before);
      expect(await auditRows("trial.enable", user.email)).toEqual([]);
    }
  });

  it("cancel: a promo trial reverts; anything else is 'not on a promotional trial'", async () => {
    const boss = await makeAdmin();
    const user = await makePlanUser("free");
    await trial(boss.cookie, { email: user.email, length: "2", unit: "days" });
    const cancel = (email: string) => adminPost({ intent: "trial-cancel", email }, boss.cookie);
    expect(await cancel(user.email)).toMatchObject({
      status: 200,
      body: { ok: true, message: "Promotional trial canceled" },
    });
    expect(await userRow(user.email)).toMatchObject({
      subscriptionTier: "Free Plan",
      subscriptionStatus: "inactive",
      trialEnd: null,
    });
    expect(await auditRows("trial.cancel", user.email)).toHaveLength(1);
    expect(await cancel(user.email)).toMatchObject({
      status: 409,
      body: { message: ADMIN_MESSAGES.notOnPromoTrial },
    });
    const paid = await makePlanUser("pro");
    expect(await cancel(paid.email)).toMatchObject({
      body: { ok: false, message: ADMIN_MESSAGES.notOnPromoTrial },
    });
    expect(await userRow(paid.email)).toMatchObject({
      subscriptionStatus: "active",
      subscriptionTier: "Pro Plan",
    });
    expect(await cancel("ghost@example.com")).toMatchObject({
      status: 404,
      body: { message: ADMIN_MESSAGES.noUser },
    });
  });
});

describe("user lookup", { timeout: SLOW_TEST_MS }, () => {
  it("shows plan, status, trial, sign-up date and counts; unknown email says so; lookups are audited", async () => {
    const boss = await makeAdmin();
    const pro = await makePlanUser("pro");
    await post(
      feedback.action,
      "/feedback",
      { intent: "feedback", category: "bug", text: "one" },
      pro.cookie,
    );
    await post(
      feedback.action,
      "/feedback",
      { intent: "request", title: "lookup req", description: "d" },
      pro.cookie,
    );
    const page = await adminPage(boss.cookie, `?lookup=${encodeURIComponent(pro.email)}`);
    expect(page.lookup!.user).toMatchObject({
      email: pro.email,
      subscriptionTier: "Pro Plan",
      subscriptionStatus: "active",
      counts: { feedback: 1, featureRequests: 1, votes: 0, watchlistSymbols: 0 },
    });
    expect(typeof page.lookup!.user!.createdAt).toBe("number");
    const none = await adminPage(boss.cookie, "?lookup=nobody%40example.com");
    expect(none.lookup).toEqual({ email: "nobody@example.com", user: null, error: null });
    // Revalidations of the same lookup (after each action) are not logged again within 5 minutes.
    await adminPage(boss.cookie, `?lookup=${encodeURIComponent(pro.email)}`);
    expect(await auditRows("user.search", pro.email)).toHaveLength(1);
  });
});

describe("each back-office tab is its own route", { timeout: SLOW_TEST_MS }, () => {
  it("answers only for its own forms: another tab's intent is refused like an unknown one", async () => {
    const boss = await makeAdmin();
    const res = await post(
      adminTrials.action,
      "/admin/trials",
      { intent: "invite", email: "x@example.com" },
      boss.cookie,
    );
    expect(res).toEqual({ status: 400, body: { ok: false, intent: null, message: "Invalid request" } });
    expect(await count("select count(*) as n from invites where email = 'x@example.com'")).toBe(0);
  });

  it("sends an address of the single page (/admin?tab=...) on to the tab's own, with its query", async () => {
    const boss = await makeAdmin();
    const res = await call(
      adminPending.loader,
      requestWithCookie("/admin?tab=trials&email=a%40b.co", boss.cookie),
    );
    expect((res as Response).headers.get("Location")).toBe("/admin/trials?email=a%40b.co");
  });
});
