import { describe, expect, it } from "vitest";
import { upcomingEventGroups } from "#app/lib/economic-calendar.ts";

const events = [
  { date: "2026-11-20", title: "Past event", impact: "high" },
  { date: "2026-12-04", title: "Jobs Report", impact: "high" },
  { date: "2026-11-25", title: "Consumer Sentiment", impact: "medium" },
  { date: "2026-11-25", title: "GDP (second estimate)", impact: "high" },
  { date: "2026-11-25", title: "Durable Goods", impact: "low" },
  { date: "2026-11-23", title: "Chicago Fed Index", impact: "low" },
  { date: "2026-12-09", title: "FOMC Rate Decision", impact: "high" },
  { date: "2026-12-10", title: "CPI", impact: "high" },
  { date: "2026-12-11", title: "PPI", impact: "medium" },
  { date: "bad", title: "Malformed", impact: "high" },
];

describe("economic calendar groups", () => {
  const groups = upcomingEventGroups(events, "2026-11-22");

  it("drops past dates and keeps at most 5 upcoming days in order", () => {
    expect(groups.map((g) => g.date)).toEqual([
      "2026-11-23",
      "2026-11-25",
      "2026-12-04",
      "2026-12-09",
      "2026-12-10",
    ]);
  });

  it("puts high-impact events first within a day", () => {
    const day = groups.find((g) => g.date === "2026-11-25")!;
    expect(day.events.map((e) => e.title)).toEqual([
      "GDP (second estimate)",
      "Consumer Sentiment",
      "Durable Goods",
    ]);
    expect(day.hasHighImpact).toBe(true);
    expect(groups[0]!.hasHighImpact).toBe(false);
  });

  it("keeps today's events", () => {
    expect(upcomingEventGroups(events, "2026-12-04")[0]!.date).toBe("2026-12-04");
  });

  it("is empty when nothing is upcoming", () => {
    expect(upcomingEventGroups(events, "2027-06-01")).toEqual([]);
  });
});
