// The nightly rollup of the client events (decision 284): beacons write Analytics Engine data points; the job asks
// the SQL API (a loopback fake, unverified against the service) for a UTC day's counts and replaces that day in
// `analytics_daily` in one batch.
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { call, makeContext, testEnv } from "./helpers";
import * as events from "#app/routes/api.events.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { jobForCron } from "#app/server/jobs/schedule.ts";
import { rollupSql } from "#app/server/analytics-rollup.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { recordingDataset, type RecordedDataPoint } from "./fakes/analytics-dataset";
import { FAKE_ANALYTICS_TOKEN } from "./fakes/analytics-sql";

const fake = () => inject("fakeOrigin");

function settings(account: string, token = FAKE_ANALYTICS_TOKEN): WorkerEnv {
  return {
    ...testEnv,
    ANALYTICS_ACCOUNT_ID: account,
    ANALYTICS_API_TOKEN: token,
    ANALYTICS_SQL_API_BASE: `${fake()}/analytics-sql`,
  } as WorkerEnv;
}

/** Stores data points in the fake service for an account, each at an instant, optionally sampled. */
async function store(
  account: string,
  points: { at: string; point: RecordedDataPoint; sampleInterval?: number }[],
) {
  const res = await fetch(`${fake()}/analytics-sql/__points/${account}`, {
    method: "POST",
    body: JSON.stringify(
      points.map((p) => ({ timestamp: p.at, blobs: p.point.blobs, sampleInterval: p.sampleInterval })),
    ),
  });
  expect(res.status).toBe(204);
}

async function daily(day: string) {
  return (
    await env.DB.prepare("select name, path, events from analytics_daily where day = ? order by name, path")
      .bind(day)
      .all()
  ).results;
}

async function beacon(dataset: AnalyticsEngineDataset, body: unknown) {
  const res = (await call(
    events.action,
    new Request("http://localhost/api/events", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.240" },
      body: JSON.stringify(body),
    }),
    { context: makeContext({ ANALYTICS: dataset }) },
  )) as Response;
  expect(res.status).toBe(204);
}

const DAY = "2026-11-25";
const NIGHT_AFTER = new Date("2026-11-26T00:20:00Z");

describe("analytics rollup", () => {
  it("runs nightly after midnight UTC", () => {
    expect(jobForCron("20 0 * * *")).toBe("analyticsRollup");
  });

  it("rolls the day's beacons up per event name and path, weighting sampled points", async () => {
    const { dataset, points } = recordingDataset();
    await beacon(dataset, { name: "page_view", path: "/", properties: { title: "Home", url: "http://x/" } });
    await beacon(dataset, { name: "page_view", path: "/pricing" });
    await beacon(dataset, { name: "signup_click", path: "/", properties: { location: "home_hero" } });
    await beacon(dataset, {
      name: "web_vital",
      path: "/",
      properties: { metric: "LCP", value: 900, rating: "good" },
    });
    const [homeView, pricingView, click, vital] = points;
    await store("acct-rollup", [
      { at: `${DAY}T00:00:00Z`, point: homeView! },
      { at: `${DAY}T13:30:00Z`, point: homeView!, sampleInterval: 10 },
      { at: `${DAY}T23:59:59Z`, point: pricingView! },
      { at: `${DAY}T12:00:00Z`, point: click! },
      { at: `${DAY}T12:00:01Z`, point: vital! },
      // The days around it are not this day's.
      { at: "2026-11-24T23:59:59Z", point: homeView! },
      { at: "2026-11-26T00:00:00Z", point: homeView! },
    ]);
    const run = await runJob("analyticsRollup", settings("acct-rollup"), NIGHT_AFTER);
    expect(run).toMatchObject({
      ok: true,
      failures: 0,
      detail: { day: DAY, rows: 4, events: 14, truncated: false },
    });
    expect(await daily(DAY)).toEqual([
      { name: "page_view", path: "/", events: 11 },
      { name: "page_view", path: "/pricing", events: 1 },
      { name: "signup_click", path: "/", events: 1 },
      { name: "web_vital", path: "/", events: 1 },
    ]);
  });

  it("is idempotent per day: a rerun replaces the day's rows, other days stay", async () => {
    const { dataset, points } = recordingDataset();
    await beacon(dataset, { name: "page_view", path: "/tickers" });
    await beacon(dataset, { name: "scroll_depth", path: "/", properties: { depth: 25 } });
    const [view, scroll] = points;
    await env.DB.prepare(
      "insert into analytics_daily (day, name, path, events, updated_at) values ('2026-11-20', 'page_view', '/', 7, 0)",
    ).run();
    await store("acct-rerun", [
      { at: "2026-11-21T10:00:00Z", point: view! },
      { at: "2026-11-21T10:00:01Z", point: scroll! },
    ]);
    const night = new Date("2026-11-22T00:20:00Z");
    await runJob("analyticsRollup", settings("acct-rerun"), night);
    await runJob("analyticsRollup", settings("acct-rerun"), night);
    expect(await daily("2026-11-21")).toEqual([
      { name: "page_view", path: "/tickers", events: 1 },
      { name: "scroll_depth", path: "/", events: 1 },
    ]);
    // More points arrive for the day: the next run's answer replaces it whole.
    await store("acct-rerun", [{ at: "2026-11-21T11:00:00Z", point: view!, sampleInterval: 4 }]);
    await runJob("analyticsRollup", settings("acct-rerun"), night);
    expect(await daily("2026-11-21")).toEqual([
      { name: "page_view", path: "/tickers", events: 5 },
      { name: "scroll_depth", path: "/", events: 1 },
    ]);
    expect(await daily("2026-11-20")).toEqual([{ name: "page_view", path: "/", events: 7 }]);
  });

  it("asks with the bearer token for the dataset's day range, and nothing else reaches the SQL", async () => {
    const sql = rollupSql(DAY);
    expect(sql).toContain("FROM wheelhouse_events");
    expect(sql).toContain(
      "timestamp >= toDateTime('2026-11-25 00:00:00') AND timestamp < toDateTime('2026-11-26 00:00:00')",
    );
    expect(sql).toContain("SUM(_sample_interval) AS events");
    expect(() => rollupSql("2026-11-25' OR 1=1 --")).toThrow(/bad day/);
    const refused = await runJob("analyticsRollup", settings("acct-rollup", "wrong-token"), NIGHT_AFTER);
    expect(refused).toMatchObject({ failures: 1, detail: { error: "SQL API answered 401" } });
  });

  it("keeps the stored day when the service fails or answers malformed rows", async () => {
    await env.DB.prepare(
      "insert into analytics_daily (day, name, path, events, updated_at) values ('2026-11-10', 'page_view', '/', 3, 0)",
    ).run();
    const night = new Date("2026-11-11T00:20:00Z");
    const outage = await runJob("analyticsRollup", settings("outage"), night);
    expect(outage).toMatchObject({
      failures: 1,
      detail: { day: "2026-11-10", error: "SQL API answered 503" },
    });
    const { dataset, points } = recordingDataset();
    await beacon(dataset, { name: "page_view", path: "/" });
    await store("malformed", [{ at: "2026-11-10T09:00:00Z", point: points[0]! }]);
    const malformed = await runJob("analyticsRollup", settings("malformed"), night);
    expect(malformed).toMatchObject({ failures: 1 });
    expect(String((malformed.detail as { error: string }).error)).toMatch(
      /^SQL API answer malformed at data\.0\.events/,
    );
    expect(await daily("2026-11-10")).toEqual([{ name: "page_view", path: "/", events: 3 }]);
  });

  it("without the account id and token it says so and asks nothing", async () => {
    const run = await runJob("analyticsRollup", testEnv, NIGHT_AFTER);
    expect(run).toMatchObject({
      ok: true,
      itemsProcessed: 0,
      detail: { skipped: "not configured", missing: ["ANALYTICS_ACCOUNT_ID", "ANALYTICS_API_TOKEN"] },
    });
  });
});

describe("analytics_events retention (business events only since decision 284)", () => {
  it("deletes by a range on created_at, not a scan of the table", async () => {
    const plan = (
      await env.DB.prepare("explain query plan delete from analytics_events where created_at < ?")
        .bind(0)
        .all<{
          detail: string;
        }>()
    ).results.map((r) => r.detail);
    expect(plan.join(" ")).toMatch(/USING (COVERING )?INDEX analytics_events_created_idx/);
  });
});
