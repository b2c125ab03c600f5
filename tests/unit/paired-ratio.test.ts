import { describe, expect, it } from "vitest";
import { controlIsSound, judgeParity, medianInterval, passes, sliceRatios } from "../../bench/paired-ratio";

/** n ratios spread evenly over [centre - spread, centre + spread]. */
const spreadAround = (centre: number, spread: number, n = 30) =>
  Array.from({ length: n }, (_, i) => centre - spread + (2 * spread * i) / (n - 1));

describe("the load bench's verdict on a paired budget (decision 296)", () => {
  it("takes the median's 95% interval from the binomial order statistics", () => {
    // n = 30: P(Binomial(30, 1/2) <= 9) = 0.021 <= 0.025 < P(<= 10) = 0.049, so the interval is [x(10), x(21)].
    const values = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(medianInterval(values)).toEqual({ median: 15.5, low: 10, high: 21, covered: true });
    // n = 24: P(<= 6) = 0.011, P(<= 7) = 0.032: [x(7), x(18)].
    const shuffled = Array.from({ length: 24 }, (_, i) => ((i * 7) % 24) + 1);
    expect(medianInterval(shuffled)).toMatchObject({ median: 12.5, low: 7, high: 18, covered: true });
  });

  it("says no interval exists below 6 values at 95%", () => {
    expect(medianInterval([1, 2, 3, 4, 5])).toMatchObject({ low: 1, high: 5, covered: false });
    expect(medianInterval([1, 2, 3, 4, 5, 6])).toMatchObject({ low: 1, high: 6, covered: true });
    expect(judgeParity([1, 1, 1, 1, 1]).verdict).toBe("unresolved");
  });

  it("pairs each target slice with its comparator's, skipping a comparator slice that served nothing", () => {
    expect(sliceRatios([100, 90, 50], [100, 100, 0])).toEqual([1, 0.9]);
    expect(() => sliceRatios([1, 2], [1])).toThrow(/as many slices/);
  });

  it("passes a target at parity: the interval spans 1.00 and stays at or above 0.97", () => {
    const figure = judgeParity(spreadAround(1.0, 0.04));
    expect(figure.low).toBeLessThan(1);
    expect(figure.high).toBeGreaterThan(1);
    expect(figure.low).toBeGreaterThanOrEqual(0.97);
    expect(figure.verdict).toBe("parity");
    expect(passes(figure.verdict)).toBe(true);
  });

  it("passes a target shown faster, however wide its interval", () => {
    const figure = judgeParity(spreadAround(1.3, 0.25));
    expect(figure.low).toBeGreaterThanOrEqual(1);
    expect(figure.verdict).toBe("better");
    expect(passes(figure.verdict)).toBe(true);
  });

  it("passes a target shown 1% slower as within the 3% margin, and says so", () => {
    const figure = judgeParity(spreadAround(0.99, 0.01));
    expect(figure.high).toBeLessThan(1);
    expect(figure.low).toBeGreaterThanOrEqual(0.97);
    expect(figure.verdict).toBe("within margin");
    expect(passes(figure.verdict)).toBe(true);
  });

  it("fails a target shown slower whose interval reaches past the margin", () => {
    const figure = judgeParity(spreadAround(0.97, 0.01));
    expect(figure.high).toBeLessThan(1);
    expect(figure.low).toBeLessThan(0.97);
    expect(figure.verdict).toBe("short");
    expect(passes(figure.verdict)).toBe(false);
  });

  it("does not pass a noisy run whose interval reaches below 0.97: it cannot tell parity from a shortfall", () => {
    const figure = judgeParity(spreadAround(1.0, 0.2));
    expect(figure.low).toBeLessThan(0.97);
    expect(figure.high).toBeGreaterThan(1);
    expect(figure.verdict).toBe("unresolved");
    expect(passes(figure.verdict)).toBe(false);
  });

  it("reads a 5% shortfall hidden in a single round's noise as a failure once the slices are pooled", () => {
    // Three rounds of ten slices whose medians alone (0.93, 0.95, 0.97) would not settle it.
    const rounds = [0.93, 0.95, 0.97].flatMap((c) => spreadAround(c, 0.03, 10));
    const figure = judgeParity(rounds);
    expect(figure.verdict).toBe("short");
    expect(passes(figure.verdict)).toBe(false);
  });
});

describe("the control of a load run (decision 296)", () => {
  it("is sound when its 99% interval contains 1.00, and off when the asset reads faster or slower than itself", () => {
    expect(controlIsSound(spreadAround(1.0, 0.05)).sound).toBe(true);
    expect(controlIsSound(spreadAround(0.95, 0.02)).sound).toBe(false);
    expect(controlIsSound(spreadAround(1.05, 0.02)).sound).toBe(false);
  });

  it("widens to the 99% order statistics: [x(8), x(23)] of 30", () => {
    const values = Array.from({ length: 30 }, (_, i) => i + 1);
    expect(controlIsSound(values)).toMatchObject({ low: 8, high: 23 });
  });
});
