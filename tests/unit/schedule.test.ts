import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CRON, jobForCron } from "#app/server/jobs/schedule.ts";
import { addDays, nextTradingDay, sessionOn, weekday } from "#app/lib/market-calendar/index.ts";
import { firesAt, firings } from "./cloudflare-cron";

// Every New York trading day of a span that crosses both DST changes, a holiday week and an early close.
function tradingDays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (sessionOn(d)) out.push(d);
  return out;
}
const DAYS = tradingDays("2026-10-26", "2027-04-02");

describe("cron schedule", () => {
  it("matches wrangler.toml's triggers exactly", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    const block = toml.slice(toml.indexOf("[triggers]"));
    const crons = [...block.matchAll(/^\s*"([^"]+)",/gm)].map((m) => m[1]);
    expect(crons.sort()).toEqual(Object.values(CRON).sort());
  });

  it("writes every day-of-week field as * or three-letter names: a number means Sunday = 1 on Cloudflare", () => {
    for (const cron of Object.values(CRON)) {
      const dow = cron.split(/\s+/)[4]!;
      expect(dow, cron).toMatch(/^(\*|(SUN|MON|TUE|WED|THU|FRI|SAT)([-,](SUN|MON|TUE|WED|THU|FRI|SAT))*)$/);
    }
  });

  it("reads a numeric weekday as Cloudflare does (the semantics the tests below rely on)", () => {
    const sunday = Date.parse("2026-11-29T17:00:00Z");
    const friday = Date.parse("2026-12-04T17:00:00Z");
    expect(firesAt("0 17 * * 1", sunday)).toBe(true);
    expect(firesAt("0 17 * * SUN", sunday)).toBe(true);
    // The old refresh pattern: Sunday to Thursday, never a Friday.
    expect(firesAt("0 17 * * 1-5", friday)).toBe(false);
    expect(firesAt("0 17 * * MON-FRI", friday)).toBe(true);
    expect(firesAt("0 17 * * 2-6", friday)).toBe(true);
  });

  it("refreshes every 5 minutes of every trading session, Fridays and both clock changes included", () => {
    expect(DAYS.filter((d) => weekday(d) === 5).length).toBeGreaterThanOrEqual(20);
    for (const day of DAYS) {
      const s = sessionOn(day)!;
      const runs = firings(CRON.marketRefresh, s.openMs, s.closeMs + 1);
      // One run at the open, one at the close and one every 5 minutes between.
      expect(runs.length, day).toBe((s.closeMs - s.openMs) / 300_000 + 1);
    }
  });

  it("never refreshes on a weekend", () => {
    const saturday = Date.parse("2026-12-05T00:00:00Z");
    expect(firings(CRON.marketRefresh, saturday, saturday + 2 * 86_400_000)).toEqual([]);
  });

  it("grades each trading day's expirations the next morning, before the next session opens", () => {
    for (const day of DAYS) {
      const close = sessionOn(day)!.closeMs;
      const nextOpen = sessionOn(nextTradingDay(day))!.openMs;
      const runs = firings(CRON.trackRecord, close, nextOpen);
      expect(runs.length, day).toBeGreaterThanOrEqual(1);
      // A Friday's expirations are graded on Saturday, not held over the weekend.
      if (weekday(day) === 5) expect(runs[0]! - close, day).toBeLessThan(86_400_000);
    }
  });

  it("runs the daily jobs every day and the alerts every 15 minutes", () => {
    const start = Date.parse("2026-12-04T00:00:00Z");
    for (let i = 0; i < 7; i++) {
      const from = start + i * 86_400_000;
      expect(firings(CRON.housekeeping, from, from + 86_400_000)).toHaveLength(1);
      expect(firings(CRON.analyticsRollup, from, from + 86_400_000)).toHaveLength(1);
      expect(firings(CRON.notifications, from, from + 86_400_000)).toHaveLength(96);
    }
  });

  it("maps each cron expression to its job and ignores unknown ones", () => {
    expect(jobForCron("*/15 * * * *")).toBe("notifications");
    expect(jobForCron("30 7 * * *")).toBe("housekeeping");
    expect(jobForCron("* * * * *")).toBeNull();
  });
});
