import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call, requestWithCookie } from "./helpers";
import { outboxFor } from "./auth-helpers";
import { count, makeAdmin, makePlanUser, post } from "./board-helpers";

// Many sign-ups (password hashing) per test on a shared machine: a budget, not a performance check.
const SLOW_TEST_MS = 90_000;
import * as feedback from "#app/routes/feedback.tsx";
import { FEATURE_MESSAGES, FEEDBACK_MESSAGES } from "#app/lib/feedback.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";

const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)> https://evil.example/?q=1&r=2`;

async function createRequest(cookie: string, title = "Dark charts", description = "Please add them") {
  return post(feedback.action, "/feedback", { intent: "request", title, description }, cookie);
}

async function requestIdByTitle(title: string) {
  return (await env.DB.prepare("select id from feature_requests where title = ?")
    .bind(title)
    .first<string>("id"))!;
}

async function setStatus(id: string, status: string) {
  await env.DB.prepare("update feature_requests set status = ? where id = ?").bind(status, id).run();
}

async function vote(cookie: string, requestId: string, direction: "up" | "down") {
  return post(feedback.action, "/feedback", { intent: "vote", requestId, direction }, cookie);
}

type Loaded = Awaited<ReturnType<typeof feedback.loader>>;
async function load(cookie: string, query = "") {
  return (await call(feedback.loader, requestWithCookie(`/feedback${query}`, cookie))) as Loaded;
}

describe("general feedback", { timeout: SLOW_TEST_MS }, () => {
  it("a visitor is told to log in; the page itself sends them to /signin", async () => {
    const res = await post(feedback.action, "/feedback", { intent: "feedback", category: "bug", text: "x" });
    expect(res).toMatchObject({
      status: 401,
      body: { ok: false, message: FEEDBACK_MESSAGES.mustLogInSubmit },
    });
    const page = await call(feedback.loader, "/feedback");
    expect((page as Response).headers.get("Location")).toBe("/signin?returnTo=%2Ffeedback");
  });

  it("Free users are refused on the server and see the upgrade texts' flag", async () => {
    const free = await makePlanUser("free");
    const res = await post(
      feedback.action,
      "/feedback",
      { intent: "feedback", category: "bug", text: "hello" },
      free.cookie,
    );
    expect(res).toMatchObject({ status: 403, body: { message: REFUSAL_MESSAGES.feedback } });
    expect(await count("select count(*) as n from feedback where created_by_user_id = ?", free.id)).toBe(0);
    expect((await load(free.cookie)).canSubmit).toBe(false);
  });

  it("validates the category and requires text", async () => {
    const pro = await makePlanUser("pro");
    const bad = await post(
      feedback.action,
      "/feedback",
      { intent: "feedback", category: "rant", text: "hi" },
      pro.cookie,
    );
    expect(bad.status).toBe(400);
    const empty = await post(
      feedback.action,
      "/feedback",
      { intent: "feedback", category: "bug", text: "   " },
      pro.cookie,
    );
    expect(empty).toMatchObject({ status: 400, body: { message: FEEDBACK_MESSAGES.textRequired } });
    const junk = await post(feedback.action, "/feedback", { intent: "nonsense" }, pro.cookie);
    expect(junk.status).toBe(400);
  });

  it("Pro (active or trialing) and Elite submit; the team is emailed with the text escaped", async () => {
    const team = await makeAdmin();
    for (const plan of ["pro", "pro-trial", "elite"] as const) {
      const user = await makePlanUser(plan);
      const res = await post(
        feedback.action,
        "/feedback",
        { intent: "feedback", category: "suggestion", text: `${plan}: ${XSS}` },
        user.cookie,
      );
      expect(res).toMatchObject({ status: 200, body: { ok: true, intent: "feedback" } });
      expect(await count("select count(*) as n from feedback where created_by_user_id = ?", user.id)).toBe(1);
    }
    const mails = (await outboxFor(team.email)).filter((m) => m.kind === "notify-feedback");
    expect(mails).toHaveLength(3);
    for (const mail of mails) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<img");
      expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      // The user's URL is text, never a link we made.
      expect(mail.html).not.toContain('href="https://evil.example');
      expect(mail.text).toContain(XSS);
    }
  });

  it("allows exactly 50 submissions per user, even when 60 arrive at once", async () => {
    const pro = await makePlanUser("pro", "flood");
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(
          feedback.action,
          "/feedback",
          { intent: "feedback", category: "general", text: `n${i}` },
          pro.cookie,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(50);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(10);
    for (const r of refused)
      expect(r).toMatchObject({ status: 403, body: { message: REFUSAL_MESSAGES.feedbackLimit } });
    expect(await count("select count(*) as n from feedback where created_by_user_id = ?", pro.id)).toBe(50);
  });
});

describe("feature requests", { timeout: SLOW_TEST_MS }, () => {
  it("creating: visitor and Free refused with the product's messages; title and description required", async () => {
    expect(
      await post(feedback.action, "/feedback", { intent: "request", title: "t", description: "d" }),
    ).toMatchObject({ status: 401, body: { message: FEATURE_MESSAGES.mustLogInCreate } });
    const free = await makePlanUser("free");
    expect(await createRequest(free.cookie)).toMatchObject({
      status: 403,
      body: { message: REFUSAL_MESSAGES.featureRequests },
    });
    const pro = await makePlanUser("pro");
    expect(await createRequest(pro.cookie, "", "d")).toMatchObject({
      status: 400,
      body: { message: FEATURE_MESSAGES.titleDescriptionRequired },
    });
    expect(await createRequest(pro.cookie, "t", " ")).toMatchObject({ status: 400 });
  });

  it("stores the author's tier, starts under review and emails the team", async () => {
    const team = await makeAdmin();
    const elite = await makePlanUser("elite");
    expect(await createRequest(elite.cookie, "Elite idea", XSS)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const row = await env.DB.prepare(
      "select status, votes, user_subscription_tier as tier, description from feature_requests where title = 'Elite idea'",
    ).first();
    expect(row).toEqual({ status: "under-review", votes: 0, tier: "Elite Plan", description: XSS });
    const mail = (await outboxFor(team.email)).find((m) => m.kind === "notify-feature-request")!;
    expect(mail.subject).toContain(elite.email);
    expect(mail.html).toContain("Title: Elite idea");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("allows exactly 50 requests per user under concurrency", async () => {
    const pro = await makePlanUser("pro", "requests");
    const results = await Promise.all(
      Array.from({ length: 56 }, (_, i) => createRequest(pro.cookie, `bulk ${i}`, "d")),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(50);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r).toMatchObject({ status: 403, body: { message: REFUSAL_MESSAGES.featureRequestLimit } });
    expect(
      await count("select count(*) as n from feature_requests where created_by_user_id = ?", pro.id),
    ).toBe(50);
  });

  it("non-admins see planned, in-progress and completed only, whatever the filter; admins see all", async () => {
    const author = await makePlanUser("pro");
    for (const status of ["under-review", "planned", "in-progress", "completed", "rejected"]) {
      await createRequest(author.cookie, `vis ${status}`, "d");
      await setStatus(await requestIdByTitle(`vis ${status}`), status);
    }
    const viewer = await makePlanUser("free");
    const mine = (l: Loaded) =>
      l.requests
        .filter((r) => r.title.startsWith("vis "))
        .map((r) => r.status)
        .sort();
    expect(mine(await load(viewer.cookie))).toEqual(["completed", "in-progress", "planned"]);
    expect(mine(await load(viewer.cookie, "?status=under-review"))).toEqual([]);
    expect(mine(await load(viewer.cookie, "?status=planned"))).toEqual(["planned"]);
    expect(mine(await load(viewer.cookie, "?status=bogus"))).toEqual(["completed", "in-progress", "planned"]);
    const admin = await makeAdmin();
    expect(mine(await load(admin.cookie))).toEqual([
      "completed",
      "in-progress",
      "planned",
      "rejected",
      "under-review",
    ]);
    expect(mine(await load(admin.cookie, "?status=under-review"))).toEqual(["under-review"]);
  });

  it("the author of a request under review sees it (all and 'Under Review'), no one else but admins (decision 256)", async () => {
    const author = await makePlanUser("pro");
    const other = await makePlanUser("elite");
    for (const status of ["under-review", "rejected", "planned"]) {
      await createRequest(author.cookie, `own ${status}`, "d");
      await setStatus(await requestIdByTitle(`own ${status}`), status);
    }
    await createRequest(other.cookie, "own pending of other", "d");
    const mine = (l: Loaded) =>
      l.requests
        .filter((r) => r.title.startsWith("own "))
        .map((r) => r.title)
        .sort();
    expect(mine(await load(author.cookie))).toEqual(["own planned", "own under-review"]);
    expect(mine(await load(author.cookie, "?status=under-review"))).toEqual(["own under-review"]);
    expect(mine(await load(author.cookie, "?status=planned"))).toEqual(["own planned"]);
    expect(mine(await load(other.cookie))).toEqual(["own pending of other", "own planned"]);
    expect(mine(await load(other.cookie, "?status=under-review"))).toEqual(["own pending of other"]);
    // Listed, not votable: voting stays for public requests only.
    expect(await vote(author.cookie, await requestIdByTitle("own under-review"), "up")).toMatchObject({
      status: 404,
    });
  });
});

describe("voting", { timeout: SLOW_TEST_MS }, () => {
  async function votableRequest(title: string) {
    const author = await makePlanUser("pro");
    await createRequest(author.cookie, title, "d");
    const id = await requestIdByTitle(title);
    await setStatus(id, "planned");
    return id;
  }

  it("follows the product's table in both directions", async () => {
    const id = await votableRequest("vote table");
    const voter = await makePlanUser("pro");
    // [cast, expected total, expected own vote]: +1, remove -1, -1, remove +1, +1 then +2... and back.
    const steps: ["up" | "down", number, number][] = [
      ["up", 1, 1], // none -> up: +1
      ["up", 0, 0], // up -> none: -1
      ["down", -1, -1], // none -> down: -1
      ["down", 0, 0], // down -> none: +1
      ["down", -1, -1],
      ["up", 1, 1], // down -> up: +2
      ["down", -1, -1], // up -> down: -2
    ];
    for (const [cast, total, own] of steps) {
      const res = await vote(voter.cookie, id, cast);
      expect(res.body, `${cast} -> ${total}`).toMatchObject({ ok: true, votes: total, userVote: own });
    }
    const view = (await load(voter.cookie)).requests.find((r) => r.id === id)!;
    expect(view).toMatchObject({ votes: -1, userVoted: false });
    await vote(voter.cookie, id, "down");
    expect((await load(voter.cookie)).requests.find((r) => r.id === id)).toMatchObject({
      votes: 0,
      userVoted: null,
    });
  });

  it("totals stay exact under concurrent votes from many users", async () => {
    const id = await votableRequest("vote crowd");
    const ups = await Promise.all(Array.from({ length: 12 }, () => makePlanUser("pro", "up")));
    const downs = await Promise.all(Array.from({ length: 5 }, () => makePlanUser("elite", "down")));
    await Promise.all([
      ...ups.map((u) => vote(u.cookie, id, "up")),
      ...downs.map((u) => vote(u.cookie, id, "down")),
    ]);
    const total = () =>
      env.DB.prepare("select votes from feature_requests where id = ?").bind(id).first<number>("votes");
    expect(await total()).toBe(7);
    // Flips and removals at once: 4 up-voters switch down, 3 down-voters remove theirs.
    await Promise.all([
      ...ups.slice(0, 4).map((u) => vote(u.cookie, id, "down")),
      ...downs.slice(0, 3).map((u) => vote(u.cookie, id, "down")),
    ]);
    expect(await total()).toBe(7 - 4 * 2 + 3);
    expect(
      await count("select coalesce(sum(direction), 0) as n from feature_votes where request_id = ?", id),
    ).toBe(2);
  });

  it("one user's double click stays consistent (the total equals the rows)", async () => {
    const id = await votableRequest("vote double");
    const voter = await makePlanUser("pro");
    await Promise.all([
      vote(voter.cookie, id, "up"),
      vote(voter.cookie, id, "up"),
      vote(voter.cookie, id, "up"),
    ]);
    const votes = await env.DB.prepare("select votes from feature_requests where id = ?")
      .bind(id)
      .first<number>("votes");
    expect(votes).toBe(1); // three toggles: up, none, up
    expect(
      await count("select coalesce(sum(direction), 0) as n from feature_votes where request_id = ?", id),
    ).toBe(1);
  });

  it("refuses visitors, Free users, unknown and hidden requests", async () => {
    const id = await votableRequest("vote refusals");
    expect(
      await post(feedback.action, "/feedback", { intent: "vote", requestId: id, direction: "up" }),
    ).toMatchObject({
      status: 401,
      body: { message: FEATURE_MESSAGES.mustLogInVote },
    });
    const free = await makePlanUser("free");
    expect(await vote(free.cookie, id, "up")).toMatchObject({
      status: 403,
      body: { message: REFUSAL_MESSAGES.votes },
    });
    const pro = await makePlanUser("pro");
    expect(await vote(pro.cookie, "no-such-id", "up")).toMatchObject({
      status: 404,
      body: { message: FEATURE_MESSAGES.notFound },
    });
    await setStatus(id, "under-review");
    expect(await vote(pro.cookie, id, "up")).toMatchObject({ status: 404 });
    expect(await count("select count(*) as n from feature_votes where request_id = ?", id)).toBe(0);
    expect(await vote(pro.cookie, id, "sideways" as "up")).toMatchObject({ status: 400 });
  });
});
