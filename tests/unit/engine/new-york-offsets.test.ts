import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  NEW_YORK_OFFSET_CHANGES,
  NEW_YORK_OFFSETS_END,
  NEW_YORK_OFFSETS_START,
} from "#app/engine/new-york-offsets.ts";
import {
  newYorkInstant,
  newYorkOffsetMinutes,
  newYorkParts,
  newYorkPartsFromIntl,
} from "#app/engine/time.ts";

// What the platform's time-zone database says, read through Intl (the way newYorkParts did before the table).
const intlParts = newYorkPartsFromIntl;

describe("New York offset table (generated from Intl by scripts/new-york-offsets.mjs)", () => {
  it("agrees with Intl every 15 minutes around each change and every 6 hours between them", () => {
    // A change the generator missed would leave a span of at least an hour with the wrong offset: the 6-hour
    // samples (about 23,000) find any that lasts longer, the 15-minute steps the two days around each change.
    // The generator itself scans every hour of 2020-2036 (scripts/new-york-offsets.mjs).
    let mismatches = 0;
    const check = (t: number) => {
      const a = newYorkParts(t);
      const b = intlParts(t);
      if (a.date !== b.date || a.hour !== b.hour || a.minute !== b.minute) mismatches++;
    };
    for (let t = NEW_YORK_OFFSETS_START; t < NEW_YORK_OFFSETS_END; t += 6 * 3_600_000 + 7 * 60_000) check(t);
    for (const [change] of NEW_YORK_OFFSET_CHANGES.slice(1))
      for (let t = change - 86_400_000; t < change + 86_400_000; t += 15 * 60_000) check(t);
    expect(NEW_YORK_OFFSET_CHANGES.length).toBe(33); // 16 years, two changes each, plus the start
    expect(mismatches).toBe(0);
  });

  it("agrees with Intl to the second at random instants and on both sides of every change", () => {
    for (const [change] of NEW_YORK_OFFSET_CHANGES.slice(1))
      for (const t of [change - 1, change, change + 1, change - 3_600_000, change + 3_600_000])
        expect(newYorkParts(t)).toEqual(intlParts(t));
    fc.assert(
      fc.property(fc.integer({ min: NEW_YORK_OFFSETS_START, max: NEW_YORK_OFFSETS_END - 1 }), (t) => {
        expect(newYorkParts(t)).toEqual(intlParts(t));
      }),
      { numRuns: 3000 },
    );
  });

  it("falls back to Intl outside the table", () => {
    for (const t of [Date.UTC(2019, 6, 4, 15), Date.UTC(2040, 6, 4, 15), Date.UTC(2040, 0, 4, 15)]) {
      expect(newYorkOffsetMinutes(t)).toBeNull();
      expect(newYorkParts(t)).toEqual(intlParts(t));
    }
  });

  it("resolves wall-clock times across the changes (market open on DST days)", () => {
    expect(new Date(newYorkInstant("2026-03-09", 9, 30)).toISOString()).toBe("2026-03-09T13:30:00.000Z");
    expect(new Date(newYorkInstant("2026-11-02", 9, 30)).toISOString()).toBe("2026-11-02T14:30:00.000Z");
  });
});
