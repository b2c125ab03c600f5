import { describe, expect, it } from "vitest";
import {
  gradeAtExpiry,
  gradeManaged,
  type DailyMark,
  type GradedPosition,
  MANAGE_EXIT_DTE,
} from "#app/engine/grading.ts";

const bullPut: GradedPosition = {
  strategy: "BULL_PUT_SPREAD",
  putShort: 100,
  putLong: 95,
  callShort: null,
  callLong: null,
  expiration: "2026-12-18",
};
const bearCall: GradedPosition = {
  strategy: "BEAR_CALL_SPREAD",
  putShort: null,
  putLong: null,
  callShort: 110,
  callLong: 115,
  expiration: "2026-12-18",
};
const condor: GradedPosition = {
  strategy: "IRON_CONDOR",
  putShort: 100,
  putLong: 95,
  callShort: 110,
  callLong: 120,
  expiration: "2026-12-18",
};
const csp: GradedPosition = {
  strategy: "CASH_SECURED_PUT",
  putShort: 50,
  putLong: null,
  callShort: null,
  callLong: null,
  expiration: "2026-12-18",
};
const cc: GradedPosition = {
  strategy: "COVERED_CALL",
  putShort: null,
  putLong: null,
  callShort: 105,
  callLong: null,
  expiration: "2026-12-18",
  stockCost: 100,
  dividends: [{ exDate: "2026-12-10", amount: 0.5 }],
};

// Each row: position, credit per share, settlement, expected P&L per contract and flags (hand-computed).
const cases: [string, GradedPosition, number, number, number, boolean, boolean, boolean][] = [
  // name, position, credit, S, pnl, win, shortsOtm, pin
  ["bull put OTM keeps the credit", bullPut, 1.2, 104, 120, true, true, false],
  ["bull put between the strikes", bullPut, 1.2, 99, 20, true, false, false],
  ["bull put at the breakeven is not a win", bullPut, 1.2, 98.8, 0, false, false, false],
  [
    "bull put through both strikes loses the width less the credit",
    bullPut,
    1.2,
    80,
    -380,
    false,
    false,
    false,
  ],
  ["bull put pinned at the short strike", bullPut, 1.2, 100.04, 120, true, true, true],
  ["bull put at the short strike is out of the money", bullPut, 1.2, 100, 120, true, true, true],
  ["bear call OTM", bearCall, 0.9, 108, 90, true, true, false],
  ["bear call ITM past the long", bearCall, 0.9, 130, -410, false, false, false],
  ["bear call between", bearCall, 0.9, 110.5, 40, true, false, false],
  ["bear call pinned just above", bearCall, 0.9, 110.05, 85, true, false, true],
  ["condor inside the shorts", condor, 2.0, 105, 200, true, true, false],
  ["condor through the put side", condor, 2.0, 90, -300, false, false, false],
  ["condor through the wider call wing", condor, 2.0, 125, -800, false, false, false],
  ["condor call side partly", condor, 2.0, 111.5, 50, true, false, false],
  ["CSP OTM", csp, 1.1, 55, 110, true, true, false],
  ["CSP assigned at a loss", csp, 1.1, 45, -390, false, false, false],
  ["CSP assigned but above the breakeven", csp, 1.1, 49.5, 60, true, false, false],
];

describe("gradeAtExpiry: P&L per contract, win, shorts out of the money, pin", () => {
  for (const [name, position, credit, s, pnl, win, otm, pin] of cases) {
    it(name, () => {
      const g = gradeAtExpiry(position, credit, { price: s });
      expect(g.pnl).toBeCloseTo(pnl, 9);
      expect(g.win).toBe(win);
      expect(g.shortsOutOfTheMoney).toBe(otm);
      expect(g.pin).toBe(pin);
    });
  }

  it("flags CSP assignment only in the money", () => {
    expect(gradeAtExpiry(csp, 1.1, { price: 49.99 }).assigned).toBe(true);
    expect(gradeAtExpiry(csp, 1.1, { price: 50 }).assigned).toBe(false);
  });

  it("covered call: stock leg capped at the strike, dividend held through the ex-date", () => {
    // called away: 1.00 credit + (105 - 100) + 0.50 dividend = 6.50 per share
    const called = gradeAtExpiry(cc, 1.0, { price: 112 });
    expect(called.pnl).toBeCloseTo(650, 9);
    expect(called.calledAway).toBe(true);
    expect(called.shortsOutOfTheMoney).toBe(false);
    // stock fell: 1.00 + (92 - 100) + 0.50 = -6.50
    const fell = gradeAtExpiry(cc, 1.0, { price: 92 });
    expect(fell.pnl).toBeCloseTo(-650, 9);
    expect(fell.win).toBe(false);
    expect(fell.calledAway).toBe(false);
    // an ex-date after expiry pays nothing
    const late = gradeAtExpiry({ ...cc, dividends: [{ exDate: "2026-12-21", amount: 0.5 }] }, 1.0, {
      price: 100,
    });
    expect(late.pnl).toBeCloseTo(100, 9);
  });

  it("refuses a position without the strikes its strategy needs", () => {
    expect(() => gradeAtExpiry({ ...bullPut, putLong: null }, 1, { price: 90 })).toThrow(/putLong/);
    expect(() => gradeAtExpiry({ ...cc, stockCost: undefined }, 1, { price: 90 })).toThrow(/stockCost/);
    expect(() => gradeAtExpiry(bullPut, 1, { price: Number.NaN })).toThrow(/settlement/);
  });
});

describe("gradeManaged: 50% of the credit or 21 DTE, whichever first, on daily closes", () => {
  const marks = (costs: [string, number, number][]): DailyMark[] =>
    costs.map(([date, dte, closeCost]) => ({ date, dte, closeCost }));

  it("closes at the first close at or below half the credit", () => {
    const g = gradeManaged(
      bullPut,
      1.2,
      38,
      marks([
        ["2026-11-12", 36, 1.1],
        ["2026-11-13", 35, 0.6],
        ["2026-11-16", 32, 0.3],
      ]),
      { price: 80 },
    );
    expect(g).toEqual({ pnl: 60, win: true, exit: "profit-target", closedOn: "2026-11-13" });
  });

  it("closes at 21 DTE when the target was not reached, even at a loss", () => {
    const g = gradeManaged(
      bullPut,
      1.2,
      38,
      marks([
        ["2026-11-20", 28, 1.5],
        ["2026-11-27", MANAGE_EXIT_DTE, 2.4],
        ["2026-11-30", 18, 0.1],
      ]),
      { price: 104 },
    );
    expect(g).toEqual({ pnl: -120, win: false, exit: "exit-dte", closedOn: "2026-11-27" });
  });

  it("holds an idea published inside 21 DTE to the target or expiry", () => {
    const g = gradeManaged(bullPut, 1.2, 20, marks([["2026-12-01", 17, 0.9]]), { price: 104 });
    expect(g).toEqual({ pnl: 120, win: true, exit: "expiry", closedOn: null });
  });

  it("reads marks in date order whatever order they arrive in", () => {
    const g = gradeManaged(
      condor,
      2,
      45,
      marks([
        ["2026-11-25", 23, 0.8],
        ["2026-11-20", 28, 1.0],
      ]),
      { price: 105 },
    );
    expect(g.closedOn).toBe("2026-11-20");
    expect(g.pnl).toBeCloseTo(100, 9);
  });

  it("covered call closes the stock with the call at that day's close, dividends through that day", () => {
    const g = gradeManaged(
      cc,
      1.0,
      30,
      marks([["2026-12-11", 7, 0.5]]),
      { price: 100 },
      new Map([["2026-12-11", 101]]),
    );
    // (1.00 - 0.50) + (101 - 100) + 0.50 dividend (ex 12-10) = 2.00 per share
    expect(g.pnl).toBeCloseTo(200, 9);
    expect(g.exit).toBe("profit-target");
    expect(() => gradeManaged(cc, 1.0, 30, marks([["2026-12-11", 7, 0.5]]), { price: 100 })).toThrow(/stock/);
  });
});
