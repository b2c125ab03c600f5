// The card's "tested" line: the short legs the tested rule holds now (|delta| above 0.50, or spot within the
// position's tested distance of the strike), and its words with the numbers.
import { describe, expect, it } from "vitest";
import { testedShortLegs } from "#app/engine/positions/alerts.ts";
import { testedText } from "#app/components/positions/text.ts";
import type { LegMark } from "#app/engine/positions/types.ts";

const legMark = (delta: number | null): LegMark => ({
  mid: 1,
  bid: 0.95,
  ask: 1.05,
  intrinsic: 0,
  extrinsic: 1,
  iv: 0.3,
  delta,
  quoteTimeMs: 0,
});
const condor = [
  { right: "put" as const, side: "long" as const, strike: 85, expiration: "2027-02-19" },
  { right: "put" as const, side: "short" as const, strike: 90, expiration: "2027-02-19" },
  { right: "call" as const, side: "short" as const, strike: 110, expiration: "2027-02-19" },
  { right: "call" as const, side: "long" as const, strike: 115, expiration: "2027-02-19" },
];
const marks = (putDelta: number | null, callDelta: number | null) => [
  legMark(-0.1),
  legMark(putDelta),
  legMark(callDelta),
  legMark(0.1),
];

describe("the short legs tested now", () => {
  it("none while spot is further than the distance and every |delta| is at most 0.50", () => {
    expect(testedShortLegs(condor, { spot: 100, legs: marks(-0.2, 0.2) }, 2)).toEqual([]);
  });

  it("a short put within the distance (2% of 90 is 1.80: spot 91.50 is 1.67% away)", () => {
    const [t, ...rest] = testedShortLegs(condor, { spot: 91.5, legs: marks(-0.42, 0.05) }, 2);
    expect(rest).toEqual([]);
    expect(t).toMatchObject({ legIndex: 1, trigger: "distance", delta: -0.42 });
    expect(t!.distancePercent).toBeCloseTo((1.5 / 90) * 100, 12);
    expect(testedText(condor[1]!, t!, 91.5)).toBe(
      "Short 90 put tested: spot $91.50 is 1.7% from the strike, delta -0.42.",
    );
  });

  it("a short call by its delta alone, and one through its strike", () => {
    const [byDelta] = testedShortLegs(condor, { spot: 105, legs: marks(-0.02, 0.51) }, 2);
    expect(byDelta).toMatchObject({ legIndex: 2, trigger: "delta" });
    const [through] = testedShortLegs(condor, { spot: 112.2, legs: marks(-0.01, 0.66) }, 2);
    expect(testedText(condor[2]!, through!, 112.2)).toBe(
      "Short 110 call tested: spot $112.20 is 2.0% through the strike, delta 0.66.",
    );
  });

  it("a wider tested distance holds a leg the default does not; no spot holds nothing", () => {
    expect(testedShortLegs(condor, { spot: 94, legs: marks(-0.3, 0.05) }, 2)).toEqual([]);
    expect(testedShortLegs(condor, { spot: 94, legs: marks(-0.3, 0.05) }, 5)).toHaveLength(1);
    expect(testedShortLegs(condor, { spot: 0, legs: marks(-0.9, 0.9) }, 2)).toEqual([]);
  });
});

describe("the buckets' names", () => {
  it("names every bucket of the engine, and shows an unknown key as it is", async () => {
    const { BUCKETS } = await import("#app/engine/buckets.ts");
    const { bucketName } = await import("#app/lib/bucket-names.ts");
    for (const b of BUCKETS) expect(bucketName(b)).not.toBe(b);
    expect(bucketName("us-equity-beta")).toBe("US equity beta (index and sector ETFs)");
    expect(bucketName("no-such")).toBe("no-such");
  });
});
