import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatChange,
  formatCompactMoney,
  formatGrouped,
  formatLongCalendarDate,
  formatDecimal,
  formatPercent,
  formatPlanPrice,
  formatPrice,
  formatRatioPercent,
  formatRsi,
  formatSharePercent,
  formatUsd,
  rsiLabel,
} from "#app/lib/format.ts";
import { formatAsOf } from "#app/lib/format-as-of.ts";

describe("price", () => {
  it("shows two decimals with thousands separators", () => {
    expect(formatPrice(189.5)).toBe("189.50");
    expect(formatPrice(1234.567)).toBe("1,234.57");
    expect(formatPrice(0)).toBe("0.00");
  });
  it("shows N/A when missing", () => {
    expect(formatPrice(null)).toBe("N/A");
    expect(formatPrice(Number.NaN)).toBe("N/A");
  });
});

// Decision 261: one rounding rule, half away from zero on the decimal value, for every number shown.
describe("the one rounding rule", () => {
  it("rounds the decimal value half away from zero where toFixed rounds the binary one down", () => {
    expect((1.085).toFixed(2)).toBe("1.08");
    expect(formatPrice(1.085)).toBe("1.09");
    expect(formatUsd(1.085)).toBe("$1.09");
    expect((156.045).toFixed(2)).toBe("156.04");
    expect(formatPrice(156.045)).toBe("156.05");
    expect(formatPrice(158 - 1.955)).toBe("156.05");
    expect(formatUsd(-2.675)).toBe("-$2.68");
    expect(formatUsd(-12.5, 0)).toBe("-$13");
  });
  it("holds for percents, plain decimals and plan prices too", () => {
    expect(formatPercent(1.005, 2)).toBe("1.01%");
    expect(formatPercent(12.25)).toBe("12.3%");
    expect(formatPercent(null)).toBe("N/A");
    // A share of max profit: whole percents, one decimal below 1%, never "-0%".
    expect(formatSharePercent(37.4)).toBe("37%");
    expect(formatSharePercent(-0.44)).toBe("-0.4%");
    expect(formatSharePercent(0.44)).toBe("0.4%");
    expect(formatSharePercent(-0.04)).toBe("0%");
    expect(formatSharePercent(0)).toBe("0%");
    expect(formatSharePercent(-99.6)).toBe("-100%");
    expect(formatSharePercent(null)).toBe("N/A");
    expect(formatRatioPercent(0.04125)).toBe("4.13%");
    expect(formatDecimal(0.305, 2)).toBe("0.31");
    expect(formatDecimal(1234.5, 1)).toBe("1234.5");
    expect(formatPlanPrice(4)).toBe("$4");
    expect(formatPlanPrice(3.36)).toBe("$3.36");
    expect(formatPlanPrice(2.675)).toBe("$2.68");
    expect(formatChange(1.005)?.text).toBe("1.01%");
    expect(formatRsi(70.05)?.text).toBe("70.1");
  });
});

describe("change percentage", () => {
  it("is green with an up arrow at 0 or more", () => {
    expect(formatChange(0)).toEqual({ text: "0.00%", direction: "up", arrow: "▲", tone: "positive" });
    expect(formatChange(1.234)).toMatchObject({ text: "1.23%", arrow: "▲", tone: "positive" });
  });
  it("is red with a down arrow below 0 and shows the absolute value", () => {
    expect(formatChange(-2.5)).toEqual({ text: "2.50%", direction: "down", arrow: "▼", tone: "negative" });
  });
  it("is absent when the value is missing", () => {
    expect(formatChange(undefined)).toBeNull();
  });
});

describe("RSI", () => {
  it("labels above 70 Over-bought (red), below 30 Over-sold (green), else Neutral", () => {
    expect(rsiLabel(70.01)).toBe("Over-bought");
    expect(rsiLabel(70)).toBe("Neutral");
    expect(rsiLabel(30)).toBe("Neutral");
    expect(rsiLabel(29.99)).toBe("Over-sold");
    expect(formatRsi(75.26)).toEqual({ text: "75.3", label: "Over-bought", tone: "negative" });
    expect(formatRsi(12.04)).toEqual({ text: "12.0", label: "Over-sold", tone: "positive" });
    expect(formatRsi(50)).toEqual({ text: "50.0", label: "Neutral", tone: "neutral" });
  });
  it("is absent without a value", () => {
    expect(formatRsi(null)).toBeNull();
  });
});

describe("dates", () => {
  it("formats calendar days without time-zone drift", () => {
    expect(formatCalendarDate("2026-12-04")).toBe("Dec 4, 2026");
    expect(formatCalendarDate("2027-01-01")).toBe("Jan 1, 2027");
  });
  it("shows N/A for missing or malformed dates", () => {
    expect(formatCalendarDate(null)).toBe("N/A");
    expect(formatCalendarDate("soon")).toBe("N/A");
    expect(formatCalendarDate("2026-13-01")).toBe("N/A");
  });
  it("shows as-of instants in New York time", () => {
    expect(formatAsOf("2026-11-20T20:55:00Z")).toBe("Nov 20, 3:55 PM ET");
    expect(formatAsOf("2026-07-01T13:30:00Z")).toBe("Jul 1, 9:30 AM ET");
    expect(formatAsOf("not a date")).toBe("N/A");
  });
});

describe("compact money", () => {
  it("uses M, k and rounded dollars", () => {
    expect(formatCompactMoney(1_250_000)).toBe("$1.3M");
    expect(formatCompactMoney(12_340)).toBe("$12.3k");
    expect(formatCompactMoney(12_340, "K")).toBe("$12.3K");
    expect(formatCompactMoney(999.6)).toBe("$1,000");
    expect(formatCompactMoney(-2500)).toBe("-$2.5k");
  });
});

describe("formatGrouped and formatUsd (en-US digits without building an Intl formatter)", () => {
  const intl = (v: number, min: number, max: number) =>
    new Intl.NumberFormat("en-US", { minimumFractionDigits: min, maximumFractionDigits: max }).format(v);

  it("writes the same text as Intl.NumberFormat for any finite value and digit counts", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -2e9, max: 2e9, noNaN: true }),
          fc.double({ min: -2, max: 2, noNaN: true }),
          // Exact halves and prices on the cent grid: where rounding rules differ if they differ at all.
          fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000),
          fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 8),
        ),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        (value, a, b) => {
          if (Object.is(value, -0)) return;
          const [min, max] = a <= b ? [a, b] : [b, a];
          expect(formatGrouped(value, min, max)).toBe(intl(value, min, max));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("groups thousands and keeps the sign before the dollar", () => {
    expect(formatGrouped(1234567.891, 2)).toBe("1,234,567.89");
    expect(formatGrouped(999.995, 2)).toBe("1,000.00");
    expect(formatGrouped(1234.5, 0, 3)).toBe("1,234.5");
    expect(formatGrouped(0.5)).toBe("1");
    expect(formatUsd(-1234.5)).toBe("-$1,234.50");
    expect(formatUsd(250, 0)).toBe("$250");
    expect(formatGrouped(-0)).toBe("0");
  });
});

describe("long calendar date", () => {
  it("writes the month in full, like Intl's long date, without a time zone", () => {
    for (const iso of ["2026-01-01", "2026-11-23", "2024-02-29", "2026-12-31"])
      expect(formatLongCalendarDate(iso)).toBe(
        new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
          year: "numeric",
          month: "long",
          day: "numeric",
          timeZone: "UTC",
        }),
      );
    expect(formatLongCalendarDate("2026-13-01")).toBe("N/A");
    expect(formatLongCalendarDate(null)).toBe("N/A");
  });
});

describe("as-of time in New York", () => {
  it("reads like Intl's short month, day, hour and minute in New York, at any instant", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2018, 0, 1), max: Date.UTC(2038, 0, 1) }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(formatAsOf(iso)).toBe(`${intl.format(new Date(ms)).replace(/\u202f/g, " ")} ET`);
      }),
      { numRuns: 3000 },
    );
    expect(formatAsOf("2026-11-20T17:00:00Z")).toBe("Nov 20, 12:00 PM ET");
    expect(formatAsOf("2026-11-21T05:05:00Z")).toBe("Nov 21, 12:05 AM ET");
  });
});
