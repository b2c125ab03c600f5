import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CRON, jobForCron } from "../../app/server/jobs/schedule";

describe("cron schedule", () => {
  it("matches wrangler.toml's triggers exactly", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    const block = toml.slice(toml.indexOf("[triggers]"));
    const crons = [...block.matchAll(/^\s*"([^"]+)",/gm)].map((m) => m[1]);
    expect(crons.sort()).toEqual(Object.values(CRON).sort());
  });

  it("covers US regular hours in both EDT (13:30-20:00 UTC) and EST (14:30-21:00 UTC)", () => {
    const m = CRON.marketRefresh.match(/^\*\/5 (\d+)-(\d+) \* \* 1-5$/);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeLessThanOrEqual(13);
    expect(Number(m![2])).toBeGreaterThanOrEqual(21);
  });

  it("maps each cron expression to its job and ignores unknown ones", () => {
    expect(jobForCron("*/15 * * * *")).toBe("notifications");
    expect(jobForCron("30 7 * * *")).toBe("housekeeping");
    expect(jobForCron("* * * * *")).toBeNull();
  });
});
