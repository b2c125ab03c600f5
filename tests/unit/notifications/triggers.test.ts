import { describe, expect, it } from "vitest";
import { defaultPreferences, type NotificationPreferences } from "#app/lib/notifications.ts";
import {
  buildAlerts,
  COOLDOWN_MS,
  stepThreshold,
  type AlertInputs,
  type AlertState,
  type SymbolMarketData,
} from "#app/server/notifications/triggers.server.ts";
import type { TickerInfo } from "#app/server/market/ticker-info.server.ts";
import type { EconomicEvent } from "#app/lib/market-calendar/index.ts";

// Monday 2026-11-23 10:00 New York.
const NOW = Date.parse("2026-11-23T15:00:00Z");
const HOUR = 3_600_000;

function only(
  event: keyof NotificationPreferences["events"],
  over: Partial<NotificationPreferences> = {},
): NotificationPreferences {
  const p = defaultPreferences();
  for (const k of Object.keys(p.events) as (keyof NotificationPreferences["events"])[])
    p.events[k] = k === event;
  return { ...p, ...over };
}

function info(over: Partial<TickerInfo> = {}): TickerInfo {
  return {
    symbol: "AAPL",
    current_price: 200,
    change_percentage: 0.5,
    ex_dividend_date: null,
    next_earnings_date: null,
    positive_5days: 0,
    neutral_5days: 0,
    negative_5days: 0,
    last_rsi_value: 50,
    rsi_value_trend: "up",
    next_earnings_time: null,
    next_earnings_estimated: false,
    ex_dividend_estimated: false,
    stale: false,
    source: "demo",
    asOf: new Date(NOW - 5 * 60_000).toISOString(),
    ...over,
  };
}

function run(
  prefs: NotificationPreferences,
  data: Partial<SymbolMarketData>,
  extra: Partial<AlertInputs> = {},
) {
  const market = new Map([
    ["AAPL", { symbol: "AAPL", info: null, news: null, corporateActions: null, ...data }],
  ]);
  return buildAlerts({
    prefs,
    watchlist: ["AAPL"],
    market,
    economic: null,
    state: new Map(),
    nowMs: NOW,
    ...extra,
  });
}

describe("dated events: inside the timing window, edges included", () => {
  const cases: [string, number, boolean][] = [
    ["2026-11-22", 3, false], // yesterday
    ["2026-11-23", 3, true], // today
    ["2026-11-26", 3, true], // last day of a 3-day window
    ["2026-11-27", 3, false], // one past
    ["2026-11-23", 0, true], // same day
    ["2026-11-24", 0, false],
    ["2026-12-07", 14, true],
    ["2026-12-08", 14, false],
  ];
  it.each(cases)("earnings on %s with timing %i -> %s", (date, days, fires) => {
    const prefs = only("earnings");
    prefs.timing.email = days;
    const r = run(prefs, { info: info({ next_earnings_date: date, next_earnings_time: "bmo" }) });
    expect(r.alerts.length).toBe(fires ? 1 : 0);
    if (fires) {
      expect(r.alerts[0]).toMatchObject({
        eventType: "earnings",
        dedupeKey: `earnings:AAPL:${date}`,
        eventDate: date,
        symbol: "AAPL",
      });
      expect(r.alerts[0]!.message).toContain("before the open");
      expect(r.alerts[0]!.why).toMatch(
        /^Why: AAPL is on your watchlist .* Data: Simulated data, as of Nov 23, 2026, 9:55 AM EST\.$/,
      );
    }
  });

  it("estimated (projected) earnings and ex-dividend dates do not alert", () => {
    expect(
      run(only("earnings"), {
        info: info({ next_earnings_date: "2026-11-24", next_earnings_estimated: true }),
      }).alerts,
    ).toEqual([]);
    expect(
      run(only("exDividend"), { info: info({ ex_dividend_date: "2026-11-24", ex_dividend_estimated: true }) })
        .alerts,
    ).toEqual([]);
  });

  it("ex-dividend: today and the window's last day fire, the day after does not", () => {
    for (const [date, fires] of [
      ["2026-11-23", true],
      ["2026-11-26", true],
      ["2026-11-27", false],
    ] as const)
      expect(run(only("exDividend"), { info: info({ ex_dividend_date: date }) }).alerts.length).toBe(
        fires ? 1 : 0,
      );
  });

  it("dividend payments, splits and spin-offs follow the same window and their own toggles", () => {
    const actions = {
      source: "demo",
      asOf: new Date(NOW).toISOString(),
      actions: [
        {
          symbol: "AAPL",
          type: "dividendPayment" as const,
          date: "2026-11-26",
          announcedOn: "2026-10-20",
          detail: "$0.26 per share",
          source: "demo" as const,
        },
        {
          symbol: "AAPL",
          type: "split" as const,
          date: "2026-11-24",
          announcedOn: "2026-10-25",
          detail: "4-for-1",
          source: "demo" as const,
        },
        {
          symbol: "AAPL",
          type: "spinoff" as const,
          date: "2026-11-27",
          announcedOn: "2026-10-28",
          detail: "Apple Health (1 share per 5 held)",
          source: "demo" as const,
        },
      ],
    };
    expect(
      run(only("dividendPayment"), { corporateActions: actions }).alerts.map((a) => a.dedupeKey),
    ).toEqual(["dividendPayment:AAPL:2026-11-26"]);
    expect(run(only("splits"), { corporateActions: actions }).alerts.map((a) => a.title)).toEqual([
      "AAPL 4-for-1 stock split Tue, Nov 24, 2026",
    ]);
    // The spin-off is 4 days out: outside 3 days, inside 5.
    expect(run(only("spinoffs"), { corporateActions: actions }).alerts).toEqual([]);
    const wider = only("spinoffs");
    wider.timing.email = 5;
    expect(run(wider, { corporateActions: actions }).alerts.map((a) => a.eventType)).toEqual(["spinoffs"]);
  });

  it("monthly options expiration: the third Friday inside the window, once per date", () => {
    const prefs = only("optionsExpiration");
    prefs.timing.email = 7;
    // December 2026's monthly expiration is Fri Dec 18: 25 days away.
    expect(run(prefs, {}).alerts).toEqual([]);
    const atDec14 = run(prefs, {}, { nowMs: Date.parse("2026-12-14T15:00:00Z") });
    expect(atDec14.alerts.map((a) => a.dedupeKey)).toEqual(["optionsExpiration:2026-12-18"]);
    const atDec19 = run(prefs, {}, { nowMs: Date.parse("2026-12-19T15:00:00Z") });
    expect(atDec19.alerts).toEqual([]);
  });

  it("economic events by impact level and days ahead", () => {
    const events: EconomicEvent[] = [
      {
        date: "2026-11-23",
        time: "08:30",
        title: "CPI",
        impact: "high",
        kind: "CPI",
        estimated: false,
        source: "x",
      },
      {
        date: "2026-11-26",
        time: "08:30",
        title: "GDP",
        impact: "medium",
        kind: "GDP",
        estimated: true,
        source: "x",
      },
      {
        date: "2026-11-27",
        time: "14:00",
        title: "FOMC",
        impact: "high",
        kind: "FOMC",
        estimated: false,
        source: "x",
      },
    ];
    const economic = { source: "calendar", asOf: new Date(NOW).toISOString(), events };
    const prefs = only("economicEvents");
    expect(run(prefs, {}, { economic }).alerts.map((a) => a.dedupeKey)).toEqual([
      "economicEvents:CPI:2026-11-23",
    ]);
    prefs.thresholds.economicEvents = { impactLevel: "all", daysAhead: 4 };
    expect(run(prefs, {}, { economic }).alerts.map((a) => a.eventDate)).toEqual([
      "2026-11-23",
      "2026-11-26",
      "2026-11-27",
    ]);
    prefs.thresholds.economicEvents = { impactLevel: "medium", daysAhead: 3 };
    expect(run(prefs, {}, { economic }).alerts.map((a) => a.eventDate)).toEqual(["2026-11-23", "2026-11-26"]);
  });

  it("uses the user's own date: late evening in New York is already tomorrow in Berlin", () => {
    const late = Date.parse("2026-11-24T00:30:00Z"); // Nov 23 19:30 New York, Nov 24 01:30 Berlin
    const ny = only("earnings", { timeZone: "America/New_York" });
    ny.timing.email = 0;
    const berlin = { ...ny, timeZone: "Europe/Berlin" };
    const data = { info: info({ next_earnings_date: "2026-11-23" }) };
    expect(run(ny, data, { nowMs: late }).alerts).toHaveLength(1);
    expect(run(berlin, data, { nowMs: late }).alerts).toHaveLength(0);
  });
});

describe("threshold alerts: crossing, hysteresis and cooldown", () => {
  function series(prefs: NotificationPreferences, values: Partial<TickerInfo>[], stepMs = HOUR) {
    let state = new Map<string, AlertState>();
    const fired: string[][] = [];
    values.forEach((v, i) => {
      const r = run(prefs, { info: info(v) }, { state, nowMs: NOW + i * stepMs });
      state = new Map([...state, ...r.state]);
      fired.push(r.alerts.map((a) => a.title));
    });
    return fired;
  }

  it("RSI fires on crossing, not on a first reading already past the level", () => {
    const fired = series(only("rsiAlerts"), [{ last_rsi_value: 75 }, { last_rsi_value: 74 }]);
    expect(fired).toEqual([[], []]);
  });

  it("RSI wobbling around 70 alerts once; again only after falling 5 points below and the cooldown", () => {
    const prefs = only("rsiAlerts");
    const fired = series(
      prefs,
      [68, 71, 69, 70.5, 66, 71, 64, 72].map((v) => ({ last_rsi_value: v })),
      6 * HOUR,
    );
    // 71 fires; 69/70.5 are inside the band (no re-arm); 66 is not 5 below 70 (65), so 71 stays quiet;
    // 64 re-arms; 72 (42 h after the first) fires.
    expect(fired.map((f) => f.length)).toEqual([0, 1, 0, 0, 0, 0, 0, 1]);
    expect(fired[1]).toEqual(["AAPL RSI above 70"]);
  });

  it("oversold alerts below 30 with the same band", () => {
    const fired = series(
      only("rsiAlerts"),
      [35, 29, 33, 36, 28].map((v) => ({ last_rsi_value: v })),
      13 * HOUR,
    );
    expect(fired.map((f) => f.length)).toEqual([0, 1, 0, 0, 1]);
  });

  it("the cooldown holds a re-armed alert back for 24 hours", () => {
    const prev: AlertState = { armed: true, lastValue: 60, lastFiredAt: NOW };
    const rule = { key: "k", value: 75, past: true, rearm: false };
    expect(stepThreshold(prev, rule, NOW + COOLDOWN_MS - 1).fire).toBe(false);
    expect(stepThreshold(prev, rule, NOW + COOLDOWN_MS).fire).toBe(true);
  });

  it("sentiment needs five headlines and the threshold share; re-arms 10 points below", () => {
    const s = (pos: number, neu: number, neg: number) => ({
      positive_5days: pos,
      neutral_5days: neu,
      negative_5days: neg,
    });
    const fired = series(
      only("sentimentAlerts"),
      [s(2, 3, 0), s(4, 0, 0), s(4, 1, 0), s(5, 1, 0), s(6, 4, 0), s(9, 1, 0)],
      13 * HOUR,
    );
    // 40% sets the state; (4,0,0) has only 4 headlines (ignored); (4,1,0) = 80% crosses: fires;
    // 83% stays quiet; 60% is 10+ points below: re-arms; 90% fires again.
    expect(fired.map((f) => f.length)).toEqual([0, 0, 1, 0, 0, 1]);
    expect(fired[2]).toEqual(["AAPL news sentiment 80% positive"]);
  });

  it("volatility: one alert per session for a move past the percentage", () => {
    const prefs = only("volatilityAlerts");
    const day1 = [
      { change_percentage: 1 },
      { change_percentage: -5.5 },
      { change_percentage: -6 },
      { change_percentage: -4 },
    ];
    expect(series(prefs, day1, 15 * 60_000).map((f) => f.length)).toEqual([0, 1, 0, 0]);
  });
});

describe("news", () => {
  it("alerts non-neutral headlines of the last 24 hours, two per symbol, newest first", () => {
    const h = (hoursAgo: number, sentiment: "positive" | "neutral" | "negative", title: string) => ({
      symbol: "AAPL",
      title,
      publishedAt: new Date(NOW - hoursAgo * HOUR).toISOString(),
      sentiment,
      sentimentMethod: "simulated" as const,
      url: null,
    });
    const news = {
      source: "demo",
      asOf: new Date(NOW).toISOString(),
      headlines: [
        h(1, "neutral", "a"),
        h(2, "positive", "b"),
        h(3, "negative", "c"),
        h(4, "positive", "d"),
        h(30, "negative", "e"),
      ],
    };
    const r = run(only("newsAlerts"), { news });
    expect(r.alerts.map((a) => a.title)).toEqual(["AAPL: b", "AAPL: c"]);
    expect(r.alerts[0]!.why).toContain("Data: Simulated data");
    expect(new Set(r.alerts.map((a) => a.dedupeKey)).size).toBe(2);
  });
});

describe("switches", () => {
  it("an event switched off never alerts, nor a disabled threshold", () => {
    const prefs = defaultPreferences();
    prefs.events.earnings = false;
    expect(
      run(prefs, { info: info({ next_earnings_date: "2026-11-24" }) }).alerts.filter(
        (a) => a.eventType === "earnings",
      ),
    ).toEqual([]);
    const rsiOff = only("rsiAlerts");
    rsiOff.thresholds.rsi.enabled = false;
    expect(run(rsiOff, { info: info({ last_rsi_value: 90 }) }).state.size).toBe(0);
  });
});
