// The track record's figures over a grown log (decision 265): the summary must not fail as the log grows.
import { describe, expect, it } from "vitest";
import { summarise } from "#app/server/track/summary.server.ts";
import { SIMULATOR_VERSION } from "#app/server/track/simulator-version.server.ts";

const STRATEGIES = ["BULL_PUT_SPREAD", "BEAR_CALL_SPREAD", "IRON_CONDOR"];
const PROFILES = ["conservative", "balanced", "aggressive"];

describe("summarise", () => {
  it("takes a log of 150,000 rows (more than a call's arguments can hold) and dates its first and last rows", () => {
    const start = Date.parse("2026-01-05T15:00:00Z");
    const rows = Array.from({ length: 150_000 }, (_, i) => ({
      seq: i + 1,
      tradeId: `T${i}`,
      tier: 1,
      profile: PROFILES[i % 3]!,
      strategy: STRATEGIES[i % 3]!,
      dte: i % 60,
      pop: 50 + (i % 45),
      expiration: "2027-01-15",
      publishedAt: new Date(start + i * 60_000),
      source: "demo",
      origin: "cron",
      simulatorVersion: SIMULATOR_VERSION,
      rule: null,
      fill: null,
      status: null,
      pnl: null,
      risk: null,
      win: null,
      shortsOtm: null,
      pin: null,
    }));
    const summary = summarise(rows, start + 150_000 * 60_000);
    expect(summary.logRows).toBe(150_000);
    expect(summary.firstPublished).toBe(new Date(start).toISOString());
    expect(summary.lastPublished).toBe(new Date(start + 149_999 * 60_000).toISOString());
    expect(summary.slices.pool!.pending).toBe(150_000);
  });

  it("leaves rows of a replaced simulated market out of every figure and counts them apart (decision 316)", () => {
    const at = Date.parse("2026-11-02T15:00:00Z");
    const row = (seq: number, simulatorVersion: number | null, source = "demo") => ({
      seq,
      tradeId: `T${seq}`,
      tier: 3,
      profile: "balanced",
      strategy: "BULL_PUT_SPREAD",
      dte: 30,
      pop: 70,
      expiration: "2026-11-20",
      publishedAt: new Date(at + seq),
      source,
      origin: "cron",
      simulatorVersion,
      rule: "hold",
      fill: "fill",
      status: "graded",
      pnl: 50,
      risk: 450,
      win: true,
      shortsOtm: true,
      pin: false,
    });
    // Version 1 (no stamp), an older stamp, the running version, and a live-source row (never replaced).
    const rows = [
      row(1, null),
      row(2, SIMULATOR_VERSION - 1),
      row(3, SIMULATOR_VERSION),
      row(4, null, "polygon"),
    ];
    const summary = summarise(rows, at + 1e6);
    expect(summary.replacedRows).toBe(2);
    expect(summary.logRows).toBe(2);
    expect(summary.slices.pro30!.settled).toBe(2);
  });
});
