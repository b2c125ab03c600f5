import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import {
  call as callRoute,
  freshRateLimitWindow,
  makeContext,
  requestWithCookie,
  signUpAndGetCookie,
  testEnv,
} from "./helpers";
import * as events from "#app/routes/api.events.ts";
import { userPseudonym } from "#app/server/analytics.server.ts";
import { eventOf, recordingDataset } from "./fakes/analytics-dataset";

// The beacon writes Analytics Engine data points (decision 284): each request runs with a dataset that keeps them.
const analytics = recordingDataset();
function call(fn: Parameters<typeof callRoute>[0], request: Request) {
  return callRoute(fn, request, { context: makeContext({ ANALYTICS: analytics.dataset }) });
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/events", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** The data points recorded for an event name, read back by the layout. */
function recorded(name: string) {
  return analytics.points.map(eventOf).filter((e) => e.name === name);
}

/** Business-event rows in D1 (the retention test). */
async function rows(name: string) {
  return (await env.DB.prepare("select name from analytics_events where name = ?").bind(name).all()).results;
}

describe("POST /api/events", () => {
  it("stores a valid event", async () => {
    const res = (await call(
      events.action,
      post({
        name: "signup_click",
        path: "/",
        sessionId: "abcdef123456",
        properties: { location: "home_hero" },
      }),
    )) as Response;
    expect(res.status).toBe(204);
    expect(recorded("signup_click")).toEqual([
      {
        index: "signup_click",
        name: "signup_click",
        path: "/",
        anonymousId: "abcdef123456",
        userKey: "",
        properties: { location: "home_hero" },
        metric: "",
        rating: "",
        value: 0,
      },
    ]);
    // The beacon writes no D1 row (tests/worker/d1-statements.test.ts counts the statements).
    expect(await rows("signup_click")).toEqual([]);
  });

  it("takes the user from the session, never from the body", async () => {
    const cookie = await signUpAndGetCookie("events@example.com");
    const req = requestWithCookie("/api/events", cookie, {
      method: "POST",
      body: JSON.stringify({
        name: "scroll_depth",
        path: "/",
        properties: { depth: 50 },
        userId: "someone-else",
      }),
      headers: { "Content-Type": "application/json" },
    });
    expect(((await call(events.action, req)) as Response).status).toBe(204);
    const [event] = recorded("scroll_depth");
    const user = await env.DB.prepare("select id from user where email = 'events@example.com'").first<{
      id: string;
    }>();
    // The user as a keyed pseudonym, never the id itself (decision 284); the depth is the point's number.
    expect(event!.userKey).toBe(await userPseudonym(testEnv, user!.id));
    expect(event!.userKey).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(analytics.points)).not.toContain(user!.id);
    expect(event!.value).toBe(50);
  });

  it.each([
    ["an unknown event name", { name: "drop_table" }],
    ["a relative path", { name: "page_view", path: "javascript:alert(1)" }],
    ["a nested property", { name: "page_view", properties: { nested: { a: 1 } } }],
    ["a bad session id", { name: "page_view", sessionId: "x" }],
  ])("refuses %s with 400", async (_label, body) => {
    const res = (await call(events.action, post(body))) as Response;
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Invalid event/);
  });

  it("refuses malformed JSON with 400 and oversize bodies with 413", async () => {
    expect(((await call(events.action, post("{not json"))) as Response).status).toBe(400);
    const big = {
      name: "page_view",
      properties: {
        title: "x".repeat(180),
        a: "y".repeat(190),
        b: "z".repeat(190),
        c: "w".repeat(190),
        d: "v".repeat(190),
        e: "u".repeat(190),
        f: "t".repeat(190),
        g: "s".repeat(190),
        h: "r".repeat(190),
        i: "q".repeat(190),
        j: "p".repeat(190),
      },
    };
    expect(((await call(events.action, post(big))) as Response).status).toBe(413);
  });

  it("rate-limits a burst from one address with 429", async () => {
    await freshRateLimitWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) {
      const res = (await call(
        events.action,
        post({ name: "page_view", path: "/x" }, { "cf-connecting-ip": "203.0.113.9" }),
      )) as Response;
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
    // Another address is unaffected.
    expect(
      (
        (await call(
          events.action,
          post({ name: "page_view" }, { "cf-connecting-ip": "203.0.113.10" }),
        )) as Response
      ).status,
    ).toBe(204);
  });
});

describe("analytics retention", () => {
  it("the daily housekeeping deletes business events older than the retention and keeps the rest", async () => {
    const { recordBusinessEvent: recordEvent } = await import("#app/server/analytics.server.ts");
    const { ANALYTICS_RETENTION_DAYS } = await import("#app/server/jobs/housekeeping.server.ts");
    const { runJob } = await import("#app/server/jobs/scheduler.server.ts");
    const { testEnv } = await import("./helpers");
    const now = Date.parse("2026-11-23T08:00:00Z");
    const day = 86_400_000;
    await recordEvent(env, { name: "retention_old", path: "/" }, now - (ANALYTICS_RETENTION_DAYS + 1) * day);
    await recordEvent(
      env,
      { name: "retention_recent", path: "/" },
      now - (ANALYTICS_RETENTION_DAYS - 1) * day,
    );
    const run = await runJob("housekeeping", testEnv, new Date(now));
    expect(run.ok).toBe(true);
    expect(run.detail).toMatchObject({ analyticsEventsDeleted: 1 });
    expect(await rows("retention_old")).toEqual([]);
    expect(await rows("retention_recent")).toHaveLength(1);
  });
});

describe("alias of the anonymous id to the user", () => {
  it("links the browser's anonymous id to the signed-in user from the session", async () => {
    const cookie = await signUpAndGetCookie("alias@example.com");
    const res = (await call(
      events.action,
      post(
        { name: "alias", sessionId: "anon_abcdef123456", properties: { user_id: "someone-else" } },
        {
          cookie,
          "cf-connecting-ip": "203.0.113.30",
        },
      ),
    )) as Response;
    expect(res.status).toBe(204);
    const user = await env.DB.prepare("select id from user where email = ?")
      .bind("alias@example.com")
      .first<{ id: string }>();
    expect(recorded("alias")).toEqual([
      {
        index: "alias",
        name: "alias",
        path: "",
        anonymousId: "anon_abcdef123456",
        userKey: await userPseudonym(testEnv, user!.id),
        properties: { anonymous_id: "anon_abcdef123456" },
        metric: "",
        rating: "",
        value: 0,
      },
    ]);
  });

  it("stores no alias without a session, and refuses one without an anonymous id", async () => {
    // A browser whose session has ended (its account just deleted) has nothing to link: 204, nothing recorded.
    const before = recorded("alias").length;
    const visitor = (await call(
      events.action,
      post({ name: "alias", sessionId: "anon_abcdef123456" }, { "cf-connecting-ip": "203.0.113.31" }),
    )) as Response;
    expect(visitor.status).toBe(204);
    expect(recorded("alias")).toHaveLength(before);
    const cookie = await signUpAndGetCookie("alias-no-id@example.com");
    const noId = (await call(
      events.action,
      post({ name: "alias" }, { cookie, "cf-connecting-ip": "203.0.113.31" }),
    )) as Response;
    expect(noId.status).toBe(401);
  });
});

// Speed metrics from real visits (issue 29 item 11, decision 262): one Core Web Vital per event, checked exactly.
describe("POST /api/events: web_vital", () => {
  const vital = (properties: unknown, sessionId = "vitals123456") =>
    post({ name: "web_vital", path: "/spreads", sessionId, properties });

  it("stores a metric with its value and rating", async () => {
    const res = (await call(
      events.action,
      vital({ metric: "LCP", value: 1830, rating: "good" }),
    )) as Response;
    expect(res.status).toBe(204);
    const res2 = (await call(
      events.action,
      vital({ metric: "CLS", value: 0.031, rating: "good" }),
    )) as Response;
    expect(res2.status).toBe(204);
    const base = {
      index: "web_vital",
      name: "web_vital",
      path: "/spreads",
      anonymousId: "vitals123456",
      userKey: "",
    };
    expect(recorded("web_vital").filter((e) => e.anonymousId === "vitals123456")).toEqual([
      {
        ...base,
        properties: { metric: "LCP", value: 1830, rating: "good" },
        metric: "LCP",
        rating: "good",
        value: 1830,
      },
      {
        ...base,
        properties: { metric: "CLS", value: 0.031, rating: "good" },
        metric: "CLS",
        rating: "good",
        value: 0.031,
      },
    ]);
  });

  it.each([
    ["an unknown metric", { metric: "FID", value: 12, rating: "good" }, "properties.metric"],
    ["a negative value", { metric: "LCP", value: -1, rating: "good" }, "properties.value"],
    ["a value past the metric's range", { metric: "CLS", value: 50, rating: "poor" }, "properties.value"],
    [
      "a milliseconds value past a minute",
      { metric: "INP", value: 600_000, rating: "poor" },
      "properties.value",
    ],
    ["a made-up rating", { metric: "TTFB", value: 120, rating: "great" }, "properties.rating"],
    ["a missing value", { metric: "FCP", rating: "good" }, "properties.value"],
    ["an extra property", { metric: "FCP", value: 900, rating: "good", email: "a@b.c" }, "properties"],
    ["a text value", { metric: "FCP", value: "900", rating: "good" }, "properties.value"],
  ])("refuses %s with 400 and stores nothing", async (_what, properties, where) => {
    const res = (await call(events.action, vital(properties, "refused123456"))) as Response;
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(`Invalid event: ${where}`);
    expect(recorded("web_vital").filter((e) => e.anonymousId === "refused123456")).toEqual([]);
  });
});
