import { describe, expect, it } from "vitest";
import { creditedForecast, FORECAST_WEIGHTS, forecastForHorizon } from "#app/engine/forecast.ts";
import { nextTradingDay } from "#app/lib/market-calendar/index.ts";
import { horizonForecast } from "#app/server/market/refresh/symbol.server.ts";
import type { DailyHistory } from "#app/server/market/types.server.ts";

/** 80 sessions of steady 1% moves ending 2026-11-30, with a 12% move on the session after an after-close report. */
function history(reactionDay: string): DailyHistory {
  const dates: string[] = [];
  let d = "2026-08-03";
  while (dates.length < 80) {
    dates.push(d);
    d = nextTradingDay(d);
  }
  let close = 100;
  const bars = dates.map((date, i) => {
    if (i > 0) close *= Math.exp(date === reactionDay ? 0.12 : i % 2 ? 0.01 : -0.01);
    return { date, open: close, high: close, low: close, close, volume: 1 };
  });
  return { symbol: "AAPL", bars } as unknown as DailyHistory;
}

describe("the refresh's per-expiration forecast", () => {
  it("leaves the session after an after-close report out of the realised windows, in the symbol's class, credited as the class has earned", () => {
    const report = "2026-11-20";
    const reaction = nextTradingDay(report);
    const h = history(reaction);
    const f = horizonForecast("AAPL", h, [{ symbol: "AAPL", date: report, time: "amc" }]);
    const skipped = forecastForHorizon({
      cls: "single",
      closes: h.bars.map((b) => b.close),
      dates: h.bars.map((b) => b.date),
      reactionDays: new Set([reaction]),
      atmIv: 0.3,
      dte: 30,
    });
    expect(f(30, 0.3)).toBe(creditedForecast(skipped!, 0.3, "single"));
    const [w0, w1, w2, w3] = FORECAST_WEIGHTS.single;
    expect(skipped).toBeCloseTo(0.3 * w0 + (w1 + w2 + w3) * 0.01 * Math.sqrt(252), 12);
    // Reported before the open: the report's own session is the reaction day (here a quiet one, so it moves).
    expect(horizonForecast("AAPL", h, [{ symbol: "AAPL", date: report, time: "bmo" }])(30, 0.3)).not.toBe(
      f(30, 0.3),
    );
  });

  it("is null without history", () => {
    expect(horizonForecast("SPY", null, [])(30, 0.2)).toBeNull();
  });
});
