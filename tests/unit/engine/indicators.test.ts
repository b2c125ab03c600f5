import { describe, expect, it } from "vitest";
import rsi from "./fixtures/rsi_vectors.json";
import {
  dailyChangePercent,
  historicalVolatility,
  ivPercentile,
  ivRank,
  rsiTrend,
  rsiWilder,
} from "#app/engine/index.ts";

describe("Wilder RSI against the StockCharts series (full precision)", () => {
  const series = rsiWilder(rsi.closes, 14);
  it("is as long as the closes and NaN before index 14", () => {
    expect(series).toHaveLength(rsi.closes.length);
    for (let i = 0; i < rsi.first_rsi_index_0based; i++) expect(Number.isNaN(series[i])).toBe(true);
  });
  it("matches every expected value to 1e-4", () => {
    rsi.expected_rsi_full_precision.forEach((expected, k) => {
      expect(Math.abs(series[rsi.first_rsi_index_0based + k] - expected), `index ${k}`).toBeLessThan(1e-4);
    });
  });
  it("the smoothed averages match the published ones (6 decimals)", () => {
    // RSI = 100 - 100/(1 + g/l) => g/l recovered from the series
    rsi.expected_avg_gain_loss.forEach(([g, l], k) => {
      const value = series[rsi.first_rsi_index_0based + k];
      expect(100 / (100 - value) - 1).toBeCloseTo(g / l, 3);
    });
  });
  it("all gains -> 100, flat -> 50, too short -> all NaN", () => {
    expect(rsiWilder([1, 2, 3, 4], 3)[3]).toBe(100);
    expect(rsiWilder([5, 5, 5, 5], 3)[3]).toBe(50);
    expect(rsiWilder([1, 2], 14).every(Number.isNaN)).toBe(true);
  });
  it("trend compares the last value with the previous one", () => {
    expect(rsiTrend(series)).toBe("up"); // 33.09 -> 37.79
    expect(rsiTrend([NaN, 60, 55])).toBe("down");
    expect(rsiTrend([NaN, 50])).toBeNull();
  });
});

describe("other indicators", () => {
  it("daily change percent", () => {
    expect(dailyChangePercent(200, 205)).toBeCloseTo(2.5, 12);
    expect(Number.isNaN(dailyChangePercent(0, 5))).toBe(true);
  });
  it("historical volatility of alternating +-1% log returns", () => {
    const closes = [100];
    for (let i = 0; i < 30; i++) closes.push(closes[closes.length - 1] * Math.exp(i % 2 ? 0.01 : -0.01));
    // 20 returns, mean 0, each |x| = 0.01: sample sd = 0.01 sqrt(20/19)
    expect(historicalVolatility(closes, 20)).toBeCloseTo(0.01 * Math.sqrt(20 / 19) * Math.sqrt(252), 12);
    expect(Number.isNaN(historicalVolatility([100, 101], 20))).toBe(true);
  });
  it("IV rank and percentile", () => {
    const history = [0.2, 0.25, 0.3, 0.35, 0.4];
    expect(ivRank(0.3, history)).toBeCloseTo(50, 12);
    expect(ivRank(0.5, history)).toBe(100);
    expect(ivRank(0.3, [0.3, 0.3])).toBe(50);
    expect(Number.isNaN(ivRank(0.3, []))).toBe(true);
    expect(ivPercentile(0.33, history)).toBeCloseTo(60, 12);
    expect(ivPercentile(0.2, history)).toBe(0);
  });
});
