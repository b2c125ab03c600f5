// Issue 30: on a fresh install /track-record shows what the refresh has logged before the first grading run (the
// refresh recomputes the figures after appending, at most hourly).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { TrackRecordView } from "#app/lib/track-record/track-record.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { SUMMARY_REFRESH_EVERY_MS } from "#app/server/track/summary.server.ts";
import * as page from "#app/routes/track-record.tsx";
import { call, testEnv } from "./helpers";

const MONDAY_11AM = new Date("2026-11-23T16:00:00Z");

async function logRows(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM idea_log").first<{ n: number }>())!.n;
}

describe("/track-record on a fresh install", () => {
  it("shows the pending ideas and log rows of the first refresh, before any grading run", async () => {
    const run = await runMarketRefresh(testEnv, MONDAY_11AM, { force: true });
    const view = (await call(page.loader, "/track-record")) as TrackRecordView;
    expect(view.asOf).toBe(MONDAY_11AM.toISOString());
    expect(view.logRows).toBe(await logRows());
    expect(view.logRows).toBeGreaterThan(0);
    expect(view.slice!.pending).toBeGreaterThan(0);
    expect(view.slice!.settled).toBe(0);
    expect(view.compare.find((c) => c.key === "pool")!.slice!.pending).toBeGreaterThanOrEqual(
      view.slice!.pending,
    );
    expect(run.detail).toMatchObject({ trackSummaryRefreshed: true });
  }, 60_000);

  it("recomputes at most hourly: a refresh 30 minutes later leaves the figures, one an hour later updates them", async () => {
    const later = new Date(MONDAY_11AM.getTime() + 30 * 60_000);
    const second = await runMarketRefresh(testEnv, later, { force: true });
    expect((second.detail as { ideasLogged: number }).ideasLogged).toBeGreaterThan(0);
    expect(second.detail).toMatchObject({ trackSummaryRefreshed: false });
    const stale = (await call(page.loader, "/track-record")) as TrackRecordView;
    expect(stale.asOf).toBe(MONDAY_11AM.toISOString());

    const hourLater = new Date(MONDAY_11AM.getTime() + SUMMARY_REFRESH_EVERY_MS + 60_000);
    const third = await runMarketRefresh(testEnv, hourLater, { force: true });
    expect(third.detail).toMatchObject({ trackSummaryRefreshed: true });
    const view = (await call(page.loader, "/track-record")) as TrackRecordView;
    expect(view.asOf).toBe(hourLater.toISOString());
    expect(view.logRows).toBe(await logRows());
  }, 90_000);
});
