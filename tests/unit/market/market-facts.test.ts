// The simulated market's facts hold their targets (issue 43): the same measurements `npm run market:facts` prints,
// at a fixed close (the facts are a pure function of the market's seeds and the instant).
import { describe, expect, it } from "vitest";
import { bookTierOf } from "#app/server/market/providers/demo/listing.server.ts";
import { marketFacts } from "../../../scripts/market-facts-core";

const AT = Date.parse("2026-12-01T21:30:00Z");

describe("the simulated market's facts", () => {
  it(
    "meets every target: correlations, premium, leverage effect, forecasters, skew, surface, kinks, widths",
    { timeout: 300_000 },
    () => {
      const facts = marketFacts(AT, bookTierOf);
      const targets = facts.filter((f) => f.met !== undefined);
      // Every section measured, and a target in each.
      expect(new Set(targets.map((f) => f.section)).size).toBeGreaterThanOrEqual(8);
      expect(targets.length).toBeGreaterThanOrEqual(40);
      const missed = targets.filter((f) => !f.met).map((f) => `${f.section}: ${f.text}`);
      expect(missed).toEqual([]);
    },
  );
});
