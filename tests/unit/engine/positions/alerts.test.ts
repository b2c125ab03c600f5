import { describe, expect, it } from "vitest";
import {
  INITIAL_ALERT_STATE,
  alertStateChanged,
  evaluatePositionAlerts,
  weekdaysThrough,
  type AlertCode,
  type AlertContext,
  type AlertFiring,
  type AlertSettings,
  type AlertState,
} from "#app/engine/positions/alerts.ts";
import { markPosition } from "#app/engine/positions/marks.ts";
import type { LegQuote, Position, PositionMark } from "#app/engine/positions/types.ts";
import { NOW_MS, bullPut, context, ironCondor, leg, quoteOf } from "./fixture";

/** A bull put 95/90 (credit 1.00) whose cost to close at the natural price is `closeCost`, its strike untested. */
function bullPutMark(closeCost: number, nowMs = NOW_MS, position = bullPut(1)): PositionMark {
  const quoteTimeMs = nowMs - 60_000;
  const quotes: LegQuote[] = [
    { bid: closeCost + 0.15, ask: closeCost + 0.2, iv: 0.26, delta: -0.2, quoteTimeMs },
    { bid: 0.2, ask: 0.25, iv: 0.27, quoteTimeMs },
  ];
  return markPosition(position, quotes, context({ nowMs, spotQuoteTimeMs: quoteTimeMs }));
}

/** Evaluates the marks in turn, returning the steps at which `code` fired and the firings. */
function run(
  position: Position,
  marks: PositionMark[],
  code: AlertCode,
  settings: AlertSettings = {},
  ctx: AlertContext = {},
) {
  let state: AlertState = INITIAL_ALERT_STATE;
  const steps: number[] = [];
  const firings: AlertFiring[] = [];
  marks.forEach((mark, i) => {
    const out = evaluatePositionAlerts(position, mark, settings, state, ctx);
    const mine = out.fired.filter((f) => f.code === code);
    expect(mine.length).toBeLessThanOrEqual(1);
    if (mine.length) {
      steps.push(i);
      firings.push(mine[0]);
    }
    state = out.state;
  });
  return { steps, firings, state };
}

const nyMorning = (date: string) => Date.parse(`${date}T15:00:00Z`);

describe("PROFIT_TARGET", () => {
  it("fires once on the crossing, stays quiet while held, re-arms 10 points of max profit below the target", () => {
    // P&L as a share of the credit: 0.40 0.52 0.55 0.45 0.55 0.35 0.55
    const costs = [0.6, 0.48, 0.45, 0.55, 0.45, 0.65, 0.45];
    const { steps, firings } = run(
      bullPut(1),
      costs.map((c) => bullPutMark(c)),
      "PROFIT_TARGET",
    );
    expect(steps).toEqual([1, 6]);
    const first = firings[0] as Extract<AlertFiring, { code: "PROFIT_TARGET" }>;
    expect(first.pnlShareOfCredit).toBeCloseTo(0.52, 9);
    expect(first.pnlNatural).toBeCloseTo(52, 9);
    expect(first.targetShare).toBe(0.5);
    expect(first.quoteTimeMs).toBe(NOW_MS - 60_000);
  });

  it("reads the user's target", () => {
    const costs = [0.45, 0.3, 0.24];
    expect(
      run(
        bullPut(1),
        costs.map((c) => bullPutMark(c)),
        "PROFIT_TARGET",
        { profitTargetShare: 0.75 },
      ).steps,
    ).toEqual([2]);
  });
});

describe("LOSS_LIMIT", () => {
  it("fires at twice the credit lost, once, and re-arms a quarter credit below", () => {
    const position = bullPut(1);
    // Loss in credits: 1.5 2.1 2.2 1.8 2.1 1.6 2.1
    const costs = [2.5, 3.1, 3.2, 2.8, 3.1, 2.6, 3.1];
    const { steps, firings } = run(
      position,
      costs.map((c) => bullPutMark(c)),
      "LOSS_LIMIT",
    );
    expect(steps).toEqual([1, 6]);
    const first = firings[0] as Extract<AlertFiring, { code: "LOSS_LIMIT" }>;
    expect(first.lossMultipleOfCredit).toBeCloseTo(2.1, 9);
    expect(first.pnlNatural).toBeCloseTo(-210, 9);
    expect(first.limitMultiple).toBe(2);
    expect(run(position, [bullPutMark(2.6)], "LOSS_LIMIT", { lossLimitMultiple: 1.5 }).steps).toEqual([0]);
  });
});

describe("DTE_REACHED", () => {
  it("fires once on the day 21 days are left, for a position opened above 21", () => {
    const days = ["2026-03-26", "2026-03-27", "2026-03-28", "2026-04-10"];
    const marks = days.map((d) => bullPutMark(0.8, nyMorning(d)));
    expect(marks.map((m) => m.daysLeft)).toEqual([22, 21, 20, 7]);
    const { steps, firings } = run(bullPut(1), marks, "DTE_REACHED");
    expect(steps).toEqual([1]);
    expect(firings[0]).toMatchObject({ daysLeft: 21, exitDte: 21 });
  });

  it("never fires for a position opened at or inside it", () => {
    const inside = { ...bullPut(1), openedDate: "2026-03-27" };
    const marks = ["2026-03-27", "2026-03-30"].map((d) => bullPutMark(0.8, nyMorning(d), inside));
    expect(run(inside, marks, "DTE_REACHED").steps).toEqual([]);
    expect(run(inside, marks, "DTE_REACHED", { exitDte: 14 }).steps).toEqual([]);
  });
});

describe("STRIKE_TESTED", () => {
  const atSpot = (position: Position, s: number, delta?: number) =>
    markPosition(
      position,
      position.legs.map((l) => ({
        ...quoteOf(l, s),
        ...(delta !== undefined && l.side === "short" ? { delta } : {}),
      })),
      context({ spot: s }),
    );

  it("fires once when spot comes within 2% of the short strike, re-arms 1 point further out", () => {
    const position = bullPut(1);
    // Distance from the 95 put: 5.3% 1.6% 1.1% 2.6% (held) 4.7% (re-armed) 1.6%
    const spots = [100, 96.5, 96, 97.5, 99.5, 96.5];
    const { steps, firings } = run(
      position,
      spots.map((s) => atSpot(position, s)),
      "STRIKE_TESTED",
    );
    expect(steps).toEqual([1, 5]);
    const first = firings[0] as Extract<AlertFiring, { code: "STRIKE_TESTED" }>;
    expect(first).toMatchObject({ trigger: "distance", legIndex: 0, strike: 95, spot: 96.5 });
    expect(first.distancePercent).toBeCloseTo(((96.5 - 95) / 95) * 100, 9);
  });

  it("fires on a short delta above 0.50 far from the strike", () => {
    const position = bullPut(1);
    const { steps, firings } = run(
      position,
      [atSpot(position, 100, -0.3), atSpot(position, 100, -0.55)],
      "STRIKE_TESTED",
    );
    expect(steps).toEqual([1]);
    expect(firings[0]).toMatchObject({ trigger: "delta", delta: 0.55, legIndex: 0 });
  });

  it("a condor is one position with two short strikes: one alert, for the side tested", () => {
    const position = ironCondor(1.5, 1);
    const marks = [100, 91, 100, 109, 109.5].map((s) => atSpot(position, s));
    const { steps, firings } = run(position, marks, "STRIKE_TESTED");
    expect(steps).toEqual([1, 3]);
    expect(firings.map((f) => (f as Extract<AlertFiring, { code: "STRIKE_TESTED" }>).legIndex)).toEqual([
      1, 2,
    ]);
    expect(firings.map((f) => (f as Extract<AlertFiring, { code: "STRIKE_TESTED" }>).strike)).toEqual([
      90, 110,
    ]);
  });
});

describe("ASSIGNMENT_RISK", () => {
  const coveredCall: Position = {
    underlying: "XYZ",
    strategy: "COVERED_CALL",
    legs: [leg("call", "short", 95)],
    openCredit: 6,
    openedDate: "2026-02-20",
    contracts: 1,
  };
  const callAt = (mid: number) =>
    markPosition(
      coveredCall,
      [{ bid: mid - 0.05, ask: mid + 0.05, iv: 0.25, quoteTimeMs: NOW_MS }],
      context(),
    );
  const dividend = { nextDividend: { exDate: "2026-03-05", amount: 0.5 } };

  it("fires once for an in-the-money short call worth less in extrinsic value than the dividend ahead", () => {
    // Extrinsic (mid - 5 intrinsic): 0.10 0.10 0.52 (held) 0.60 (re-armed) 0.10
    const marks = [5.1, 5.1, 5.52, 5.6, 5.1].map(callAt);
    const { steps, firings } = run(coveredCall, marks, "ASSIGNMENT_RISK", {}, dividend);
    expect(steps).toEqual([0, 4]);
    const first = firings[0] as Extract<AlertFiring, { code: "ASSIGNMENT_RISK" }>;
    expect(first).toMatchObject({
      trigger: "dividend",
      legIndex: 0,
      dividendAmount: 0.5,
      exDividendDate: "2026-03-05",
    });
    expect(first.extrinsic).toBeCloseTo(0.1, 9);
  });

  it("does not fire once the ex-date has passed, or past the expiration, or with the extrinsic above it", () => {
    expect(
      run(
        coveredCall,
        [callAt(5.1)],
        "ASSIGNMENT_RISK",
        {},
        { nextDividend: { exDate: "2026-03-02", amount: 0.5 } },
      ).steps,
    ).toEqual([]);
    expect(
      run(
        coveredCall,
        [callAt(5.1)],
        "ASSIGNMENT_RISK",
        {},
        { nextDividend: { exDate: "2026-04-20", amount: 0.5 } },
      ).steps,
    ).toEqual([]);
    expect(run(coveredCall, [callAt(5.7)], "ASSIGNMENT_RISK", {}, dividend).steps).toEqual([]);
  });

  it("fires for any short in the money on its last two trading days", () => {
    const csp: Position = {
      ...coveredCall,
      strategy: "CASH_SECURED_PUT",
      legs: [leg("put", "short", 95)],
      openCredit: 1,
    };
    const putAt = (s: number, nowMs = NOW_MS) =>
      markPosition(
        csp,
        [{ ...quoteOf(csp.legs[0], s), quoteTimeMs: nowMs }],
        context({ spot: s, nowMs, spotQuoteTimeMs: nowMs }),
      );
    expect(run(csp, [putAt(93)], "ASSIGNMENT_RISK", {}, { tradingDaysLeft: 2 }).firings[0]).toMatchObject({
      trigger: "last_trading_days",
      tradingDaysLeft: 2,
      legIndex: 0,
    });
    expect(run(csp, [putAt(93)], "ASSIGNMENT_RISK", {}, { tradingDaysLeft: 3 }).steps).toEqual([]);
    expect(run(csp, [putAt(97)], "ASSIGNMENT_RISK", {}, { tradingDaysLeft: 1 }).steps).toEqual([]);
    const calendar = (today: string, expiration: string) =>
      today === "2026-03-02" && expiration === "2026-04-17" ? 1 : 99;
    expect(
      run(csp, [putAt(93), putAt(93)], "ASSIGNMENT_RISK", {}, { tradingDaysLeft: calendar }).steps,
    ).toEqual([0]);
    // Without a calendar: weekdays, Thursday and Friday of expiration week.
    expect(run(csp, [putAt(93, nyMorning("2026-04-16"))], "ASSIGNMENT_RISK").steps).toEqual([0]);
    expect(run(csp, [putAt(93, nyMorning("2026-04-15"))], "ASSIGNMENT_RISK").steps).toEqual([]);
  });

  it("counts weekdays through a date, both ends included", () => {
    expect(weekdaysThrough("2026-04-13", "2026-04-17")).toBe(5);
    expect(weekdaysThrough("2026-04-17", "2026-04-20")).toBe(2);
    expect(weekdaysThrough("2026-04-18", "2026-04-19")).toBe(0);
    expect(weekdaysThrough("2026-03-02", "2026-04-17")).toBe(35);
    expect(weekdaysThrough("2026-04-17", "2026-04-16")).toBe(0);
  });
});

describe("EARNINGS_INSIDE", () => {
  /** Evaluates the position at each [clock, next earnings date] in turn; the dates it fired for, by step. */
  function earningsRun(position: Position, steps: [number, string | null][], from = INITIAL_ALERT_STATE) {
    let state: AlertState = from;
    const fired: (string | null)[] = [];
    for (const [nowMs, date] of steps) {
      const out = evaluatePositionAlerts(position, bullPutMark(0.8, nowMs, position), {}, state, {
        nextEarningsDate: date,
      });
      const mine = out.fired.filter((f) => f.code === "EARNINGS_INSIDE");
      expect(mine.length).toBeLessThanOrEqual(1);
      fired.push(mine[0]?.code === "EARNINGS_INSIDE" ? mine[0].earningsDate : null);
      state = out.state;
    }
    return { fired, state };
  }
  // Opened on the clock's day, 2026-03-02 (a Monday); expires 2026-04-17.
  const openedToday = { ...bullPut(1), openedDate: "2026-03-02" };
  const day = (d: string) => nyMorning(d);

  it("never fires for the date known at the open (seen at the first evaluation on the open day)", () => {
    const { fired, state } = earningsRun(openedToday, [
      [NOW_MS, "2026-04-01"],
      [day("2026-03-03"), "2026-04-01"],
      [day("2026-03-16"), "2026-04-01"],
    ]);
    expect(fired).toEqual([null, null, null]);
    expect(state).toMatchObject({ earningsSeenOn: "2026-03-02", earningsKnownAtOpen: "2026-04-01" });
  });

  it("fires once for a date announced inside the trade after the open, once more when it moves", () => {
    const { fired, state } = earningsRun(openedToday, [
      [NOW_MS, null],
      [day("2026-03-04"), "2026-04-01"],
      [day("2026-03-05"), "2026-04-01"],
      [day("2026-03-09"), "2026-04-02"],
      [day("2026-03-10"), "2026-04-02"],
    ]);
    expect(fired).toEqual([null, "2026-04-01", null, "2026-04-02", null]);
    expect(state).toMatchObject({ earningsKnownAtOpen: null, earningsAlertedFor: "2026-04-02" });
  });

  it("fires when the date known at the open moves, and not when it comes back to it", () => {
    const { fired } = earningsRun(openedToday, [
      [NOW_MS, "2026-04-01"],
      [day("2026-03-04"), "2026-04-03"],
      [day("2026-03-05"), "2026-04-01"],
    ]);
    expect(fired).toEqual([null, "2026-04-03", null]);
  });

  it("a first evaluation after the open day takes the date it sees as known; a later date still fires", () => {
    // bullPut was opened 2026-02-20: the first look on 2026-03-02 cannot tell what was known then.
    const { fired, state } = earningsRun(bullPut(1), [
      [NOW_MS, "2026-04-01"],
      [day("2026-03-03"), "2026-04-01"],
      [day("2026-03-04"), "2026-04-06"],
    ]);
    expect(fired).toEqual([null, null, "2026-04-06"]);
    expect(state.earningsSeenOn).toBe("2026-03-02");
  });

  it("a first evaluation on a stale mark still takes the baseline", () => {
    const stale = markPosition(
      openedToday,
      openedToday.legs.map((l) => quoteOf(l, 100, NOW_MS - 40 * 60_000)),
      context(),
    );
    const first = evaluatePositionAlerts(openedToday, stale, {}, INITIAL_ALERT_STATE, {
      nextEarningsDate: "2026-04-01",
    });
    expect(first.skipped).toBe("stale");
    expect(first.state).toMatchObject({ earningsSeenOn: "2026-03-02", earningsKnownAtOpen: "2026-04-01" });
    expect(earningsRun(openedToday, [[day("2026-03-03"), "2026-04-01"]], first.state).fired).toEqual([null]);
  });

  it.each([
    ["after the expiration", "2026-04-20"],
    ["before the open", "2026-02-18"],
    ["on the open date", "2026-03-02"],
    ["unknown", null],
  ])("does not fire for a later date %s", (_, date) => {
    expect(
      earningsRun(openedToday, [
        [NOW_MS, null],
        [day("2026-03-03"), date],
      ]).fired,
    ).toEqual([null, null]);
  });

  it("does not fire for a date already past", () => {
    const { fired } = earningsRun(openedToday, [
      [NOW_MS, null],
      [day("2026-03-10"), "2026-03-09"],
    ]);
    expect(fired).toEqual([null, null]);
  });
});

describe("marks that cannot fire", () => {
  it("a stale or missing mark fires nothing, keeps the state and says why", () => {
    const position = bullPut(1);
    const fired = evaluatePositionAlerts(position, bullPutMark(0.45), {}, INITIAL_ALERT_STATE, {});
    expect(fired.fired.map((f) => f.code)).toEqual(["PROFIT_TARGET"]);
    const stale = markPosition(
      position,
      position.legs.map((l) => quoteOf(l, 100, NOW_MS - 40 * 60_000)),
      context(),
    );
    const missing = markPosition(position, [quoteOf(position.legs[0]), null], context());
    for (const [mark, code] of [
      [stale, "stale"],
      [missing, "missing_leg"],
    ] as const) {
      const out = evaluatePositionAlerts(position, mark, {}, fired.state, { nextEarningsDate: "2026-04-01" });
      expect(out).toEqual({ fired: [], state: fired.state, skipped: code });
      expect(out.state).toBe(fired.state);
    }
    // Held through the stale marks: no second firing when the fresh mark still meets the target.
    expect(evaluatePositionAlerts(position, bullPutMark(0.45), {}, fired.state, {}).fired).toEqual([]);
  });
});

describe("the alert state", () => {
  it("is a small JSON object, the same object when nothing changed, compared cheaply", () => {
    const position = bullPut(1);
    const first = evaluatePositionAlerts(position, bullPutMark(0.45), {}, INITIAL_ALERT_STATE, {});
    expect(first.state).toEqual({
      version: 1,
      latched: ["PROFIT_TARGET"],
      earningsAlertedFor: null,
      earningsSeenOn: "2026-03-02",
      earningsKnownAtOpen: null,
    });
    expect(alertStateChanged(INITIAL_ALERT_STATE, first.state)).toBe(true);
    const stored: AlertState = JSON.parse(JSON.stringify(first.state));
    expect(alertStateChanged(stored, first.state)).toBe(false);
    const again = evaluatePositionAlerts(position, bullPutMark(0.45), {}, stored, {});
    expect(again.state).toBe(stored);
    expect(again.fired).toEqual([]);
    const rearmed = evaluatePositionAlerts(position, bullPutMark(0.7), {}, stored, {});
    expect(rearmed.state.latched).toEqual([]);
    expect(alertStateChanged(stored, rearmed.state)).toBe(true);
    expect(alertStateChanged(stored, { ...stored, earningsAlertedFor: "2026-04-01" })).toBe(true);
    // The first evaluation takes the earnings baseline; from then on, nothing new is the same object.
    const quiet = evaluatePositionAlerts(position, bullPutMark(0.8), {}, INITIAL_ALERT_STATE, {});
    expect(alertStateChanged(INITIAL_ALERT_STATE, quiet.state)).toBe(true);
    expect(evaluatePositionAlerts(position, bullPutMark(0.8), {}, quiet.state, {}).state).toBe(quiet.state);
    expect(alertStateChanged(stored, { ...stored, earningsKnownAtOpen: "2026-04-01" })).toBe(true);
  });
});
