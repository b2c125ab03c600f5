// The publication rules behind the calendar's estimated releases (decision 258), run for 2026 against the
// published dates the product ships (app/lib/market-calendar/data.ts, copied from the reference calendars).
import { describe, expect, it } from "vitest";
import { CPI_DAYS_2026, JOBS_REPORT_DAYS_2026 } from "#app/lib/market-calendar/data.ts";
import {
  cpiReleaseDate,
  federalHolidays,
  gdpReleaseDate,
  jobsReportDate,
  pceReleaseDate,
} from "#app/lib/market-calendar/release-rules.ts";
import { economicEventsBetween } from "#app/lib/market-calendar/index.ts";

// Release month m (1-12) of 2026 carries the reference month before it.
const refOf = (m: number): [number, number] => (m === 1 ? [2025, 12] : [2026, m - 1]);
const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

describe("jobs report rule (BLS Employment Situation)", () => {
  it("reproduces 11 of the 12 published 2026 dates; February moved by the funding lapse", () => {
    const byRule = JOBS_REPORT_DAYS_2026.map((_, i) => jobsReportDate(...refOf(i + 1)));
    const misses = byRule.flatMap((d, i) =>
      d === JOBS_REPORT_DAYS_2026[i] ? [] : [[d, JOBS_REPORT_DAYS_2026[i]]],
    );
    // The rule gives the originally scheduled 2026-02-06; the Feb 1-3 lapse moved it to 2026-02-11.
    expect(misses).toEqual([["2026-02-06", "2026-02-11"]]);
    // July 3 2026 is Independence Day observed: the business day before.
    expect(jobsReportDate(2026, 6)).toBe("2026-07-02");
  });

  it("moves December's report a week when the rule lands in the New Year week (published 2015, 2016, 2021)", () => {
    expect(jobsReportDate(2014, 12)).toBe("2015-01-09");
    expect(jobsReportDate(2015, 12)).toBe("2016-01-08");
    expect(jobsReportDate(2020, 12)).toBe("2021-01-08");
  });

  it("gives the first quarter of 2027", () => {
    expect([jobsReportDate(2026, 12), jobsReportDate(2027, 1), jobsReportDate(2027, 2)]).toEqual([
      "2027-01-08",
      "2027-02-05",
      "2027-03-05",
    ]);
  });
});

describe("CPI rule (BLS)", () => {
  it("matches 4 of 12 published 2026 dates exactly and is within 2 days of 11 (BLS has no fixed weekday)", () => {
    const byRule = CPI_DAYS_2026.map((_, i) => cpiReleaseDate(...refOf(i + 1)));
    const exact = byRule.filter((d, i) => d === CPI_DAYS_2026[i]!.date);
    expect(exact).toEqual(["2026-03-11", "2026-06-10", "2026-08-12", "2026-10-14"]);
    const within2 = byRule.filter((d, i) => daysApart(d, CPI_DAYS_2026[i]!.date) <= 2);
    expect(within2).toHaveLength(11);
    // The worst miss: April (rule 15th, published list 10th; other public lists say the 14th).
    expect(Math.max(...byRule.map((d, i) => daysApart(d, CPI_DAYS_2026[i]!.date)))).toBe(5);
    // Veterans Day 2026 (Wednesday Nov 11) is a federal holiday: the next business day.
    expect(cpiReleaseDate(2026, 10)).toBe("2026-11-12");
  });

  it("gives the first quarter of 2027", () => {
    expect([cpiReleaseDate(2026, 12), cpiReleaseDate(2027, 1), cpiReleaseDate(2027, 2)]).toEqual([
      "2027-01-13",
      "2027-02-10",
      "2027-03-10",
    ]);
  });
});

describe("GDP and PCE rules (BEA)", () => {
  it("reproduces the reference's one 2026 GDP date (Q1 advance, 2026-04-30)", () => {
    expect(gdpReleaseDate(2026, 4)).toEqual({ date: "2026-04-30", estimate: "Advance" });
  });

  it("gives the advance, second and third estimates and the PCE day after each", () => {
    expect([1, 2, 3].map((m) => gdpReleaseDate(2027, m))).toEqual([
      { date: "2027-01-28", estimate: "Advance" },
      { date: "2027-02-25", estimate: "Second" },
      { date: "2027-03-25", estimate: "Third" },
    ]);
    expect([1, 2, 3].map((m) => pceReleaseDate(2027, m))).toEqual(["2027-01-29", "2027-02-26", "2027-03-26"]);
    // December: the week before Christmas week.
    expect(gdpReleaseDate(2026, 12)).toEqual({ date: "2026-12-17", estimate: "Third" });
    expect(pceReleaseDate(2026, 12)).toBe("2026-12-18");
  });

  it("knows the federal holidays it moves around", () => {
    expect([...federalHolidays(2027)].filter((d) => d.startsWith("2027-0") && d < "2027-04")).toEqual([
      "2027-01-01",
      "2027-01-18",
      "2027-02-15",
    ]);
    expect(federalHolidays(2026).has("2026-07-03")).toBe(true);
  });
});

describe("the shipped calendar after the published dates", () => {
  it("shows January to March 2027 jobs, CPI, GDP and PCE as estimates with their rule", () => {
    const q1 = economicEventsBetween("2027-01-01", 89).filter((e) => e.kind !== "FOMC");
    expect(q1.map((e) => [e.date, e.kind, e.title])).toEqual([
      ["2027-01-08", "NFP", "Jobs Report (Nonfarm Payrolls)"],
      ["2027-01-13", "CPI", "CPI (Consumer Price Index)"],
      ["2027-01-28", "GDP", "GDP (Advance Estimate)"],
      ["2027-01-29", "PCE", "PCE (Personal Income and Outlays)"],
      ["2027-02-05", "NFP", "Jobs Report (Nonfarm Payrolls)"],
      ["2027-02-10", "CPI", "CPI (Consumer Price Index)"],
      ["2027-02-25", "GDP", "GDP (Second Estimate)"],
      ["2027-02-26", "PCE", "PCE (Personal Income and Outlays)"],
      ["2027-03-05", "NFP", "Jobs Report (Nonfarm Payrolls)"],
      ["2027-03-10", "CPI", "CPI (Consumer Price Index)"],
      ["2027-03-25", "GDP", "GDP (Third Estimate)"],
      ["2027-03-26", "PCE", "PCE (Personal Income and Outlays)"],
    ]);
    for (const e of q1) {
      expect(e.estimated).toBe(true);
      expect(e.estimateBasis).toMatch(/^(BLS|BEA) practice: /);
    }
  });

  it("keeps the published 2026 jobs and CPI dates, not the rule's", () => {
    const dec = economicEventsBetween("2026-12-01", 30);
    expect(
      dec.filter((e) => e.kind === "NFP" || e.kind === "CPI").map((e) => [e.date, e.estimateBasis]),
    ).toEqual([
      ["2026-12-04", undefined],
      ["2026-12-10", undefined],
    ]);
  });
});
