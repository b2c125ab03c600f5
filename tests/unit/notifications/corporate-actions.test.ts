import { describe, expect, it } from "vitest";
import { isTradingDay } from "#app/lib/market-calendar/index.ts";
import {
  dividendPayments,
  structuralActionsBetween,
  universeStructuralActions,
} from "#app/server/market/corporate-actions.server.ts";
import { createDemoProvider } from "#app/server/market/providers/demo/provider.server.ts";

describe("simulated corporate actions", () => {
  it("the simulated market produces splits and spin-offs over a year, on trading days, announced a month ahead", () => {
    const year = universeStructuralActions("2026-01-01", "2026-12-31");
    expect(year.filter((a) => a.type === "split").length).toBeGreaterThan(2);
    expect(year.filter((a) => a.type === "spinoff").length).toBeGreaterThan(0);
    for (const a of year) {
      expect(isTradingDay(a.date)).toBe(true);
      expect(a.announcedOn < a.date).toBe(true);
    }
  });

  it("is deterministic and hides actions not yet announced", () => {
    const all = universeStructuralActions("2026-01-01", "2026-12-31");
    expect(universeStructuralActions("2026-01-01", "2026-12-31")).toEqual(all);
    const a = all[0]!;
    expect(structuralActionsBetween(a.symbol, a.announcedOn, a.date, a.date)).toContainEqual(a);
    expect(structuralActionsBetween(a.symbol, "2000-01-01", a.date, a.date)).toEqual([]);
  });

  it("dividend payments follow each ex-date of the simulated market by 1-4 weeks", async () => {
    const dividends = (await createDemoProvider(() => Date.parse("2026-11-23T15:00:00Z")).getDividends(
      "KO",
    ))!;
    const payments = dividendPayments(dividends);
    expect(payments.length).toBe(dividends.events.length);
    payments.forEach((p, i) => {
      const lag = (Date.parse(p.date) - Date.parse(dividends.events[i]!.exDate)) / 86_400_000;
      expect(lag).toBeGreaterThanOrEqual(7);
      expect(lag).toBeLessThanOrEqual(32);
      expect(p.detail).toMatch(/^\$\d+\.\d\d per share$/);
    });
  });
});
