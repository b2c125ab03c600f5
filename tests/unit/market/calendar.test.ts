import { describe, expect, it } from "vitest";
import {
  economicEventsBetween,
  isCurrentWhileClosed,
  isTradingDay,
  marketStatus,
  monthlyExpiration,
  newYorkInstant,
  newYorkParts,
  previousTradingDay,
  sessionOn,
} from "#app/lib/market-calendar/index.ts";

const at = (iso: string) => Date.parse(iso);

describe("market status in New York time", () => {
  it("is open mid-session on a regular weekday (EST, UTC-5)", () => {
    const s = marketStatus(at("2026-11-23T15:00:00Z")); // Mon 10:00 ET
    expect(s).toMatchObject({
      marketStatus: "open",
      isOpen: true,
      phase: "open",
      newYorkDate: "2026-11-23",
      newYorkTime: "10:00",
    });
  });

  it("is closed before 09:30 and after 16:00", () => {
    expect(marketStatus(at("2026-11-23T14:29:00Z")).phase).toBe("pre-market");
    expect(marketStatus(at("2026-11-23T14:30:00Z")).phase).toBe("open");
    expect(marketStatus(at("2026-11-23T21:00:00Z")).phase).toBe("after-hours");
    expect(marketStatus(at("2026-11-23T20:59:59Z")).isOpen).toBe(true);
  });

  it("is closed on weekends and says when it reopens", () => {
    const s = marketStatus(at("2026-11-22T17:00:00Z")); // Sunday
    expect(s).toMatchObject({ marketStatus: "closed", phase: "weekend" });
    expect(s.nextOpen).toBe("2026-11-23T14:30:00.000Z");
    expect(s.lastClose).toBe("2026-11-20T21:00:00.000Z");
  });

  it("is closed on holidays (Thanksgiving, Good Friday, Juneteenth observed)", () => {
    const thanksgiving = marketStatus(at("2026-11-26T16:00:00Z"));
    expect(thanksgiving).toMatchObject({ isOpen: false, phase: "holiday", holiday: "Thanksgiving Day" });
    expect(isTradingDay("2026-04-03")).toBe(false);
    expect(isTradingDay("2027-06-18")).toBe(false);
    expect(previousTradingDay("2026-11-27")).toBe("2026-11-25");
  });

  it("closes at 13:00 on early-close days", () => {
    expect(marketStatus(at("2026-11-27T17:59:00Z")).isOpen).toBe(true); // 12:59 ET
    const after = marketStatus(at("2026-11-27T18:00:00Z")); // 13:00 ET
    expect(after).toMatchObject({ isOpen: false, phase: "after-hours", earlyClose: true });
    expect(sessionOn("2026-12-24")?.earlyClose).toBe(true);
    expect(sessionOn("2027-12-24")).toBeNull(); // observed Christmas holiday, not an early close
  });

  it("follows daylight saving changes (UTC-4 in summer, UTC-5 in winter)", () => {
    // 2026: DST starts Sun Mar 8, ends Sun Nov 1.
    expect(sessionOn("2026-03-06")!.openMs).toBe(at("2026-03-06T14:30:00Z"));
    expect(sessionOn("2026-03-09")!.openMs).toBe(at("2026-03-09T13:30:00Z"));
    expect(sessionOn("2026-10-30")!.closeMs).toBe(at("2026-10-30T20:00:00Z"));
    expect(sessionOn("2026-11-02")!.closeMs).toBe(at("2026-11-02T21:00:00Z"));
    expect(marketStatus(at("2026-03-09T13:45:00Z")).isOpen).toBe(true);
    expect(marketStatus(at("2026-03-06T13:45:00Z")).isOpen).toBe(false);
  });

  it("converts New York wall time both ways across the DST switch", () => {
    expect(newYorkInstant("2026-11-01", 12)).toBe(at("2026-11-01T17:00:00Z"));
    expect(newYorkInstant("2026-10-31", 12)).toBe(at("2026-10-31T16:00:00Z"));
    expect(newYorkParts(at("2026-11-01T03:30:00Z")).date).toBe("2026-10-31");
  });
});

describe("option expirations", () => {
  it("uses the third Friday, moved to Thursday when that Friday is a holiday", () => {
    expect(monthlyExpiration(2026, 1)).toBe("2026-01-16");
    expect(monthlyExpiration(2026, 6)).toBe("2026-06-18");
    expect(monthlyExpiration(2027, 6)).toBe("2027-06-17");
    expect(monthlyExpiration(2026, 12)).toBe("2026-12-18");
  });
});

describe("economic calendar data", () => {
  it("lists FOMC, CPI and jobs days and flags unconfirmed dates as estimates", () => {
    const events = economicEventsBetween("2026-12-01", 20);
    expect(events.map((e) => [e.date, e.kind])).toEqual([
      ["2026-12-04", "NFP"],
      ["2026-12-09", "FOMC"],
      ["2026-12-10", "CPI"],
      // BEA's releases come from publication rules (decision 258): estimates.
      ["2026-12-17", "GDP"],
      ["2026-12-18", "PCE"],
    ]);
    expect(events.find((e) => e.kind === "CPI")!.estimated).toBe(true);
    expect(events.find((e) => e.kind === "FOMC")).toMatchObject({
      impact: "high",
      estimated: false,
      time: "14:00",
    });
    expect(economicEventsBetween("2026-01-01", 60).find((e) => e.date === "2026-01-13")!.estimated).toBe(
      false,
    );
  });
});

describe("data taken at the last close", () => {
  const fridayClose = Date.parse("2026-11-20T21:00:00Z"); // 16:00 New York
  it("is current through the night and the weekend", () => {
    expect(isCurrentWhileClosed(fridayClose + 60_000, Date.parse("2026-11-21T03:00:00Z"))).toBe(true);
    expect(isCurrentWhileClosed(fridayClose, Date.parse("2026-11-22T20:00:00Z"))).toBe(true);
    expect(isCurrentWhileClosed(fridayClose + 60_000, Date.parse("2026-11-23T14:00:00Z"))).toBe(true); // Mon 09:00
  });
  it("is not current once the market opens, or when it predates the last close", () => {
    expect(isCurrentWhileClosed(fridayClose + 60_000, Date.parse("2026-11-23T14:31:00Z"))).toBe(false);
    expect(isCurrentWhileClosed(fridayClose - 3_600_000, Date.parse("2026-11-21T17:00:00Z"))).toBe(false);
    // Monday night: Friday's close is no longer the last one.
    expect(isCurrentWhileClosed(fridayClose + 60_000, Date.parse("2026-11-24T02:00:00Z"))).toBe(false);
  });
  it("spans a holiday (Thanksgiving 2026-11-26) until Friday's early-close session opens", () => {
    const wednesdayClose = Date.parse("2026-11-25T21:00:00Z");
    expect(isCurrentWhileClosed(wednesdayClose, Date.parse("2026-11-26T18:00:00Z"))).toBe(true);
    expect(isCurrentWhileClosed(wednesdayClose, Date.parse("2026-11-27T15:00:00Z"))).toBe(false);
  });
});
