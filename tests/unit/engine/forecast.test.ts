import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  EDGE_CORRELATION,
  FORECAST_CLASSES,
  FORECAST_WEIGHTS,
  FULL_CREDIT_CORRELATION,
  MAX_EDGE_SHARE,
  creditedForecast,
  edgeCredit,
  cappedForecast,
  featureRow,
  fitRelative,
  forecastClassOf,
  forecastForHorizon,
  realisedWindows,
  walkForward,
  type WalkRow,
} from "#app/engine/forecast.ts";

const DAILY = 0.01;
const FLAT_RV = DAILY * Math.sqrt(252);

/** `n` closes rising 1% (log) a session, dated 2026-01-01 onward (calendar days: only the order matters). */
function series(n: number, jumps: Record<number, number> = {}) {
  const closes = [100];
  const dates = [day(0)];
  for (let i = 1; i < n; i++) {
    closes.push(closes[i - 1]! * Math.exp(jumps[i] ?? DAILY));
    dates.push(day(i));
  }
  return { closes, dates };
}
function day(i: number): string {
  return new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
}

describe("realised windows", () => {
  it("a steady 1% a session is 1% x sqrt(252) in every window", () => {
    const w = realisedWindows(...args(series(100)))!;
    expect(w.rv5).toBeCloseTo(FLAT_RV, 12);
    expect(w.rv21).toBeCloseTo(FLAT_RV, 12);
    expect(w.rv63).toBeCloseTo(FLAT_RV, 12);
  });

  it("leaves an earnings reaction day out of every window", () => {
    const s = series(100, { 97: 0.2 });
    const withJump = realisedWindows(...args(s))!;
    expect(withJump.rv5).toBeCloseTo(Math.sqrt(((4 * DAILY ** 2 + 0.04) / 5) * 252), 12);
    const without = realisedWindows(s.closes, s.dates, new Set([s.dates[97]!]))!;
    expect(without.rv5).toBeCloseTo(FLAT_RV, 12);
    expect(without.rv63).toBeCloseTo(FLAT_RV, 12);
  });

  it("needs 21 returns (usable ones)", () => {
    expect(realisedWindows(...args(series(21)))).toBeNull();
    expect(realisedWindows(...args(series(22)))).not.toBeNull();
    const s = series(22);
    expect(realisedWindows(s.closes, s.dates, new Set([s.dates[5]!]))).toBeNull();
  });
});

function args(s: { closes: number[]; dates: string[] }): [number[], string[]] {
  return [s.closes, s.dates];
}

describe("forecastForHorizon", () => {
  const s = series(100);

  it("is IV x (w0 + w1 RV5/IV + w2 RV21/IV + w3 RV63/IV) with the committed weights", () => {
    const iv = 0.2;
    const [w0, w1, w2, w3] = FORECAST_WEIGHTS.single;
    const expected = iv * w0 + (w1 + w2 + w3) * FLAT_RV;
    const f = forecastForHorizon({ cls: "single", ...s, atmIv: iv, dte: 30 })!;
    expect(f).toBeCloseTo(expected, 12);
  });

  it("a pure shrinkage weight gives a fixed share of IV", () => {
    const weights = { ...FORECAST_WEIGHTS, index: [0.9, 0, 0, 0] as const };
    expect(forecastForHorizon({ cls: "index", ...s, atmIv: 0.3, dte: 45, weights })).toBeCloseTo(0.27, 12);
  });

  it("caps the claimed edge at MAX_EDGE_SHARE of IV either way", () => {
    const iv = 0.4;
    const high = { ...FORECAST_WEIGHTS, crypto: [2, 0, 0, 0] as const };
    const low = { ...FORECAST_WEIGHTS, crypto: [0.1, 0, 0, 0] as const };
    expect(forecastForHorizon({ cls: "crypto", ...s, atmIv: iv, dte: 30, weights: high })).toBeCloseTo(
      iv * (1 + MAX_EDGE_SHARE),
      12,
    );
    expect(forecastForHorizon({ cls: "crypto", ...s, atmIv: iv, dte: 30, weights: low })).toBeCloseTo(
      iv * (1 - MAX_EDGE_SHARE),
      12,
    );
    // The committed weights too: a 200% realised history against a 20% IV claims at most the cap.
    const wild = series(100, Object.fromEntries(Array.from({ length: 99 }, (_, i) => [i + 1, 0.126])));
    const f = forecastForHorizon({ cls: "commodity", ...wild, atmIv: 0.2, dte: 30 })!;
    expect(Math.abs(0.2 - f) / 0.2).toBeLessThanOrEqual(MAX_EDGE_SHARE + 1e-12);
  });

  it("an earnings reaction day does not move the forecast", () => {
    const jumped = series(100, { 98: 0.15 });
    const reactionDays = new Set([jumped.dates[98]!]);
    const base = forecastForHorizon({ cls: "single", ...s, atmIv: 0.3, dte: 30 })!;
    expect(forecastForHorizon({ cls: "single", ...jumped, reactionDays, atmIv: 0.3, dte: 30 })).toBeCloseTo(
      base,
      12,
    );
    expect(forecastForHorizon({ cls: "single", ...jumped, atmIv: 0.3, dte: 30 })!).not.toBeCloseTo(base, 6);
  });

  it("is null without an IV, a horizon or enough closes", () => {
    expect(forecastForHorizon({ cls: "index", ...s, atmIv: 0, dte: 30 })).toBeNull();
    expect(forecastForHorizon({ cls: "index", ...s, atmIv: Number.NaN, dte: 30 })).toBeNull();
    expect(forecastForHorizon({ cls: "index", ...s, atmIv: 0.2, dte: 0 })).toBeNull();
    expect(forecastForHorizon({ cls: "index", ...series(10), atmIv: 0.2, dte: 30 })).toBeNull();
  });
});

describe("forecastClassOf", () => {
  it("sorts broad indexes (and their leveraged ETFs), bonds, commodities, crypto-linked, sectors, single names", () => {
    expect(forecastClassOf("SPY", "etf")).toBe("index");
    expect(forecastClassOf("TQQQ", "etf")).toBe("index");
    expect(forecastClassOf("TLT", "etf")).toBe("bond");
    expect(forecastClassOf("GLD", "etf")).toBe("commodity");
    expect(forecastClassOf("MSTR", "stock")).toBe("crypto");
    expect(forecastClassOf("XLK", "etf")).toBe("sector");
    expect(forecastClassOf("AAPL", "stock")).toBe("single");
  });
});

describe("walkForward", () => {
  /** Rows on consecutive days with a 5-day horizon: RV a noisy share of IV. */
  function rows(n: number): WalkRow[] {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5;
    return Array.from({ length: n }, (_, i) => {
      const iv = 0.2 + 0.1 * rand();
      const w = { rv5: iv * (0.8 + rand()), rv21: iv * (0.8 + rand() / 2), rv63: iv * 0.85 };
      return {
        date: day(i),
        targetEnd: day(i + 5),
        iv,
        row: featureRow(iv, w),
        target: iv * (0.85 + rand() / 5),
      };
    });
  }

  it("recovers a known shrinkage from the data", () => {
    const data = rows(400).map((r) => ({ ...r, target: 0.8 * r.iv }));
    const w = fitRelative(data);
    expect(w[0]).toBeCloseTo(0.8, 2);
    for (const k of [1, 2, 3]) expect(Math.abs(w[k]!)).toBeLessThan(0.01);
  });

  it("never reads a target whose horizon ends on or after the forecast date", () => {
    const data = rows(600);
    const base = walkForward(data, 100, 10);
    expect(base.length).toBeGreaterThan(400);
    for (const cut of [150, 333, 500]) {
      const cutDate = day(cut);
      // Change every target not yet known at the cut: forecasts dated on or before it must not move.
      const poisoned = data.map((r) => (r.targetEnd >= cutDate ? { ...r, target: 5 } : r));
      const after = new Map(walkForward(poisoned, 100, 10).map((f) => [f.index, f.forecast]));
      let compared = 0;
      for (const f of base)
        if (data[f.index]!.date <= cutDate) {
          expect(after.get(f.index)).toBe(f.forecast);
          compared++;
        }
      expect(compared).toBeGreaterThan(20);
      // ...and the poison does reach later ones (the test can see a leak).
      expect(base.some((f) => data[f.index]!.date > cutDate && after.get(f.index) !== f.forecast)).toBe(true);
    }
  });

  it("makes no forecast before enough rows are known", () => {
    const data = rows(300);
    const out = walkForward(data, 100, 10);
    const first = Math.min(...out.map((f) => f.index));
    expect(data.filter((r) => r.targetEnd < data[first]!.date).length).toBeGreaterThanOrEqual(100);
    for (const f of out)
      expect(f.forecast).toBe(cappedForecast(f.weights, data[f.index]!.row, data[f.index]!.iv));
  });
});

describe("import guard", () => {
  it("imports nothing: no engine sibling needed, nothing of the simulated market", () => {
    const source = readFileSync("app/engine/forecast.ts", "utf8");
    const specifiers = [
      ...source.matchAll(
        /(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']/g,
      ),
    ];
    for (const m of specifiers) {
      const spec = m[1] ?? m[2]!;
      expect(spec).not.toMatch(/providers\/demo|server\//);
      expect(spec.startsWith("#app/engine/") || spec.startsWith("./")).toBe(true);
    }
  });
});

describe("the credited forecast", () => {
  it("credits each class the share of its gap its stated edge has earned, in full at 0.3 and above", () => {
    expect(edgeCredit("index")).toBe(1);
    expect(edgeCredit("sector")).toBeCloseTo(0.1, 12);
    for (const cls of FORECAST_CLASSES) {
      expect(edgeCredit(cls)).toBeCloseTo(Math.min(1, EDGE_CORRELATION[cls] / FULL_CREDIT_CORRELATION), 12);
      expect(edgeCredit(cls)).toBeGreaterThanOrEqual(0);
      expect(edgeCredit(cls)).toBeLessThanOrEqual(1);
    }
  });
  it("moves the forecast toward IV by the class's credit, on either side", () => {
    expect(creditedForecast(0.2, 0.3, "index")).toBeCloseTo(0.2, 12);
    expect(creditedForecast(0.2, 0.3, "sector")).toBeCloseTo(0.3 - 0.1 * 0.1, 12);
    expect(creditedForecast(0.4, 0.3, "sector")).toBeCloseTo(0.3 + 0.1 * 0.1, 12);
    expect(creditedForecast(0.3, 0.3, "single")).toBeCloseTo(0.3, 12);
  });
});
