import { describe, expect, it } from "vitest";
import {
  annualize,
  calendarDaysBetween,
  cleanChain,
  daysToExpiry,
  daysToExpiryAt,
  expirationInstantMs,
  newYorkDate,
  newYorkUtcOffsetHours,
  yearsToExpiration,
} from "#app/engine/index.ts";

describe("calendar conventions", () => {
  it("New York offset follows US DST (2026: Mar 8 to Nov 1)", () => {
    expect(newYorkUtcOffsetHours(Date.parse("2026-03-08T06:59:00Z"))).toBe(-5);
    expect(newYorkUtcOffsetHours(Date.parse("2026-03-08T07:00:00Z"))).toBe(-4);
    expect(newYorkUtcOffsetHours(Date.parse("2026-11-01T05:59:00Z"))).toBe(-4);
    expect(newYorkUtcOffsetHours(Date.parse("2026-11-01T06:00:00Z"))).toBe(-5);
  });
  it("expiration is 16:00 New York time", () => {
    expect(new Date(expirationInstantMs("2026-07-17")).toISOString()).toBe("2026-07-17T20:00:00.000Z");
    expect(new Date(expirationInstantMs("2026-12-18")).toISOString()).toBe("2026-12-18T21:00:00.000Z");
    expect(Number.isNaN(expirationInstantMs("2026-02-30"))).toBe(true);
  });
  it("New York date of an instant, DTE in calendar days, T in years of 365 days", () => {
    expect(newYorkDate(Date.parse("2026-07-17T03:00:00Z"))).toBe("2026-07-16");
    expect(calendarDaysBetween("2026-07-10", "2026-07-17")).toBe(7);
    expect(calendarDaysBetween("2026-03-01", "2026-03-31")).toBe(30); // across the DST change
    const oneHourBefore = expirationInstantMs("2026-07-17") - 3_600_000;
    expect(yearsToExpiration(oneHourBefore, "2026-07-17")).toBeCloseTo(1 / (24 * 365), 15);
    expect(yearsToExpiration(expirationInstantMs("2026-07-17") + 1, "2026-07-17")).toBe(0);
  });
  it("annualises by DTE x 365, expiry day counted as one day", () => {
    expect(annualize(2, 30)).toBeCloseTo((2 / 30) * 365, 12);
    expect(annualize(1, 0)).toBe(365);
  });

  it("one day count (decision 235): calendar days from today's New York date; T stays exact", () => {
    expect(daysToExpiry("2026-11-26", "2026-12-07")).toBe(11);
    expect(daysToExpiry("2026-12-07", "2026-12-07")).toBe(0);
    // 23:30 New York on Nov 25 is already Nov 26 in UTC: the count is New York's.
    expect(daysToExpiryAt(Date.parse("2026-11-26T04:30:00Z"), "2026-12-04")).toBe(9);
    expect(daysToExpiryAt(Date.parse("2026-11-26T05:30:00Z"), "2026-12-04")).toBe(8);
    // A chain quoted yesterday, cleaned today: DTE from today, T from the quote time.
    const quotedAt = "2026-11-25T20:00:00.000Z";
    const chain = cleanChain(
      {
        underlying: "XYZ",
        spot: 100,
        asOf: quotedAt,
        expirations: [
          {
            expirationDate: "2026-12-04",
            legs: [
              {
                occSymbol: "XYZ261204P00095000",
                type: "put",
                strike: 95,
                bid: 1,
                ask: 1.1,
                last: null,
                volume: 10,
                openInterest: 100,
                quoteTime: quotedAt,
              },
            ],
          },
        ],
      } as never,
      { riskFreeRate: 0.04, today: "2026-11-26" },
      { maxQuoteAgeMinutes: 7 * 24 * 60 },
    );
    expect(chain.expirations[0]!.dte).toBe(8);
    expect(chain.expirations[0]!.T).toBeCloseTo(yearsToExpiration(Date.parse(quotedAt), "2026-12-04"), 15);
  });
});
