import { describe, expect, it } from "vitest";
import { nextRunAt, zonedInstant, zonedParts, isValidTimeZone } from "#app/lib/notification-schedule.ts";

const iso = (ms: number) => new Date(ms).toISOString();

describe("wall-clock instants in a zone (Intl)", () => {
  it("09:00 in New York is 14:00Z in winter and 13:00Z in summer", () => {
    expect(iso(zonedInstant("2026-01-15", "09:00", "America/New_York"))).toBe("2026-01-15T14:00:00.000Z");
    expect(iso(zonedInstant("2026-07-15", "09:00", "America/New_York"))).toBe("2026-07-15T13:00:00.000Z");
  });

  it("moves a time skipped by spring-forward past the gap and takes the first of a repeated time", () => {
    // New York 2026-03-08: 02:00 -> 03:00. 02:30 does not exist: 03:30 EDT = 07:30Z.
    expect(iso(zonedInstant("2026-03-08", "02:30", "America/New_York"))).toBe("2026-03-08T07:30:00.000Z");
    // New York 2026-11-01: 01:30 happens twice (EDT then EST): the first, 05:30Z.
    expect(iso(zonedInstant("2026-11-01", "01:30", "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
  });

  it("knows valid zones", () => {
    expect(isValidTimeZone("Europe/Berlin")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});

describe("frequencies across DST changes, in two zones", () => {
  const daily = { type: "daily" as const, dailyTime: "09:00", weeklyDay: 1 };

  it("New York: the daily digest stays at 09:00 local across the November change (14:00Z after, 13:00Z before)", () => {
    // Sat Oct 31 09:00 EDT = 13:00Z; after the run, the next is Sun Nov 1 09:00 EST = 14:00Z.
    const sat = Date.parse("2026-10-31T13:00:00Z");
    const next = nextRunAt(daily, "America/New_York", sat);
    expect(iso(next)).toBe("2026-11-01T14:00:00.000Z");
    expect(zonedParts(next, "America/New_York")).toMatchObject({ date: "2026-11-01", hour: 9, minute: 0 });
    expect(iso(nextRunAt(daily, "America/New_York", next))).toBe("2026-11-02T14:00:00.000Z");
  });

  it("Berlin: the daily digest stays at 09:00 local across the March change (08:00Z before, 07:00Z after)", () => {
    const sat = Date.parse("2026-03-28T08:00:00Z"); // 09:00 CET
    const next = nextRunAt(daily, "Europe/Berlin", sat);
    expect(iso(next)).toBe("2026-03-29T07:00:00.000Z"); // 09:00 CEST
    expect(zonedParts(next, "Europe/Berlin")).toMatchObject({ date: "2026-03-29", hour: 9 });
  });

  it("the same instant is a different local day in two zones", () => {
    const at = Date.parse("2026-11-23T23:30:00Z");
    expect(zonedParts(at, "America/New_York").date).toBe("2026-11-23");
    expect(zonedParts(at, "Europe/Berlin").date).toBe("2026-11-24");
  });

  it("weekly: the next chosen weekday at the digest time, across a DST change", () => {
    const weekly = { type: "weekly" as const, dailyTime: "09:00", weeklyDay: 1 }; // Monday
    // Thursday Oct 29 2026 (EDT) -> Monday Nov 2 09:00 EST = 14:00Z.
    expect(iso(nextRunAt(weekly, "America/New_York", Date.parse("2026-10-29T12:00:00Z")))).toBe(
      "2026-11-02T14:00:00.000Z",
    );
    // Berlin, Monday Mar 23 10:00 CET (after that day's 09:00) -> Monday Mar 30 09:00 CEST = 07:00Z.
    expect(iso(nextRunAt(weekly, "Europe/Berlin", Date.parse("2026-03-23T09:00:00Z")))).toBe(
      "2026-03-30T07:00:00.000Z",
    );
  });

  it("daily: a run just before the time is today, just after is tomorrow", () => {
    const at = zonedInstant("2026-11-23", "09:00", "America/New_York");
    expect(nextRunAt(daily, "America/New_York", at - 1)).toBe(at);
    expect(nextRunAt(daily, "America/New_York", at)).toBe(
      zonedInstant("2026-11-24", "09:00", "America/New_York"),
    );
  });

  it("realtime is due at the next cron run", () => {
    expect(nextRunAt({ ...daily, type: "realtime" }, "Europe/Berlin", 1000)).toBe(1001);
  });
});
