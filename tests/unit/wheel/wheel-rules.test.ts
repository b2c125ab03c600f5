import { describe, expect, it } from "vitest";
import { deriveRiskLevel, WHEEL_DTE_WINDOWS, wheelDteWindow } from "#app/engine/index.ts";
import {
  applyFilters,
  cashHint,
  combineStrategies,
  cspContracts,
  DEFAULT_FILTERS,
  displayPremium,
  duplicateSymbols,
  formatSavedAt,
  nextSort,
  parseSymbolList,
  periodReturnText,
  positionsKey,
  readSavedAt,
  riskWindowText,
  sortStrategies,
  validatePosition,
  WHEEL_MESSAGES,
  winProbabilityHow,
} from "#app/lib/wheel/wheel.ts";

describe("risk level derivation (docs/product/wheel.md#risk-level-derivation)", () => {
  it.each([
    [{ delta: -0.1 }, "conservative"],
    [{ delta: 0.199 }, "conservative"],
    [{ delta: 0.2 }, "balanced"],
    [{ delta: -0.349 }, "balanced"],
    [{ delta: 0.35 }, "aggressive"],
  ])("by delta %j -> %s", (d, level) => {
    expect(deriveRiskLevel({ ...d, strike: 90, currentPrice: 100, kind: "CSP" })).toBe(level);
  });
  it.each([
    ["CSP", 90, "conservative"],
    ["CSP", 95, "balanced"],
    ["CSP", 96, "aggressive"],
    ["CC", 110, "conservative"],
    ["CC", 105, "balanced"],
    ["CC", 104, "aggressive"],
  ] as const)("without delta, %s strike %d of 100 -> %s", (kind, strike, level) => {
    expect(deriveRiskLevel({ delta: null, strike, currentPrice: 100, kind })).toBe(level);
  });
});

describe("plan caps", () => {
  it("Elite's skipped-positions note names the Elite limit (the caps themselves: tests/unit/entitlements.test.ts)", () => {
    expect(WHEEL_MESSAGES.eliteSkipped(3)).toBe("Elite plan supports up to 50 positions. Skipped 3 item(s).");
  });
});

describe("sorting", () => {
  const rows = [
    { symbol: "B", annualizedReturn: 10, riskLevel: "balanced", x: null },
    { symbol: "A", annualizedReturn: 30, riskLevel: "aggressive", x: {} },
    { symbol: "C", annualizedReturn: 20, riskLevel: "conservative", x: 1 },
  ];
  it("flips the active column, selects another column descending", () => {
    expect(nextSort({ key: "annualizedReturn", dir: "desc" }, "annualizedReturn")).toEqual({
      key: "annualizedReturn",
      dir: "asc",
    });
    expect(nextSort({ key: "annualizedReturn", dir: "asc" }, "premium")).toEqual({
      key: "premium",
      dir: "desc",
    });
  });
  it("compares numbers and strings only", () => {
    expect(sortStrategies(rows, { key: "annualizedReturn", dir: "desc" }).map((r) => r.symbol)).toEqual([
      "A",
      "C",
      "B",
    ]);
    expect(sortStrategies(rows, { key: "symbol", dir: "asc" }).map((r) => r.symbol)).toEqual(["A", "B", "C"]);
    expect(sortStrategies(rows, { key: "x", dir: "asc" }).map((r) => r.symbol)).toEqual(["B", "A", "C"]);
  });
});

describe("combination", () => {
  it("keeps at most 3 per ticker by annualizedReturn, all sorted by it", () => {
    const list = [1, 5, 3, 4, 2]
      .map((a) => ({ symbol: "X", annualizedReturn: a }))
      .concat([{ symbol: "Y", annualizedReturn: 4.5 }]);
    expect(combineStrategies(list).map((s) => `${s.symbol}${s.annualizedReturn}`)).toEqual([
      "X5",
      "Y4.5",
      "X4",
      "X3",
    ]);
  });
});

describe("position validation", () => {
  it("uses the dialog's messages", () => {
    expect(validatePosition({ symbol: "", shares: 100, costBasis: 1 })).toEqual({
      symbol: "Symbol is required",
    });
    expect(validatePosition({ symbol: "AB1", shares: 100, costBasis: 1 })).toEqual({
      symbol: "Invalid symbol format",
    });
    expect(validatePosition({ symbol: "ABCDEF", shares: 100, costBasis: 1 }).symbol).toBe(
      "Invalid symbol format",
    );
    expect(validatePosition({ symbol: "A", shares: 0, costBasis: 1 })).toEqual({
      shares: "Shares must be greater than 0",
    });
    expect(validatePosition({ symbol: "A", shares: 150, costBasis: 1 })).toEqual({
      shares: "Shares must be in multiples of 100 (for options contracts)",
    });
    expect(validatePosition({ symbol: "A", shares: 100, costBasis: "0" })).toEqual({
      costBasis: "Cost basis must be greater than 0",
    });
    expect(validatePosition({ symbol: "AAPL", shares: "300", costBasis: "12.5" })).toEqual({});
  });
  it("uses the bulk dialog's short messages", () => {
    expect(validatePosition({ symbol: "", shares: "", costBasis: "" }, "bulk")).toEqual({
      symbol: "Required",
      shares: "Must be > 0",
      costBasis: "Must be > 0",
    });
    expect(validatePosition({ symbol: "A1", shares: 50, costBasis: 1 }, "bulk")).toEqual({
      symbol: "Invalid format",
      shares: "Must be multiple of 100",
    });
  });
  it("finds duplicate symbols and keys positions by symbol, shares and basis", () => {
    expect(duplicateSymbols([{ symbol: "A" }, { symbol: "b" }, { symbol: "a" }])).toEqual(["A"]);
    expect(
      positionsKey([
        { symbol: "B", shares: 100, costBasis: 2 },
        { symbol: "A", shares: 200, costBasis: 1 },
      ]),
    ).toBe("A:200:1|B:100:2");
  });
});

describe("display rules and controls", () => {
  it("premium: totalPremium, else premium x 100, else 0", () => {
    expect(displayPremium({ totalPremium: 250, premium: 1 })).toBe(250);
    expect(displayPremium({ premium: 1.25 })).toBe(125);
    expect(displayPremium({})).toBe(0);
  });
  it("cash hints and contracts sized to the cash", () => {
    expect(cashHint(500)).toBe("Minimum: $1,000 (you're getting there!)");
    expect(cashHint(0)).toBe("Minimum: $1,000");
    expect(cashHint(5000)).toBe("Minimum: $1,000");
    expect(cspContracts(100_000, 190)).toBe(5);
    expect(cspContracts(10_000, 190)).toBe(0);
  });
  it("filters by max DTE, min return and symbols; symbol lists trimmed and upper-cased", () => {
    const list = [
      {
        id: "1",
        symbol: "A",
        daysToExpiration: 30,
        returnOnCapital: 2,
        currentPrice: 1,
        expirationDate: "",
        premium: 1,
        annualizedReturn: 1,
      },
      {
        id: "2",
        symbol: "B",
        daysToExpiration: 60,
        returnOnCapital: 2,
        currentPrice: 1,
        expirationDate: "",
        premium: 1,
        annualizedReturn: 1,
      },
    ];
    expect(applyFilters(list, DEFAULT_FILTERS).map((s) => s.id)).toEqual(["1"]);
    expect(
      applyFilters(list, { ...DEFAULT_FILTERS, maxDaysToExpiration: 365, symbols: ["B"] }).map((s) => s.id),
    ).toEqual(["2"]);
    expect(applyFilters(list, { ...DEFAULT_FILTERS, minReturn: 2.1 })).toEqual([]);
    expect(parseSymbolList(" aapl, ,msft ")).toEqual(["AAPL", "MSFT"]);
  });
});

describe("savedAt in every shape", () => {
  const when = new Date("2026-11-20T15:00:00Z");
  it.each([
    ["Date", when],
    ["ms", when.getTime()],
    ["ISO", when.toISOString()],
    ["toDate()", { toDate: () => when }],
    ["seconds", { seconds: when.getTime() / 1000 }],
    ["_seconds", { _seconds: when.getTime() / 1000 }],
  ])("%s", (_label, value) => {
    expect(readSavedAt(value)?.getTime()).toBe(when.getTime());
    expect(formatSavedAt(value)).toBe("Nov 20, 2026");
  });
  it.each([null, undefined, "not a date", {}, { seconds: "x" }, NaN])("unreadable %j shows '-'", (v) => {
    expect(formatSavedAt(v)).toBe("-");
  });
});

describe("risk windows, period returns and probability labels on screen", () => {
  it("names the window the server screens, cut by the max-DTE filter (decision 243)", () => {
    expect(WHEEL_DTE_WINDOWS).toEqual({
      conservative: { min: 30, max: 60 },
      balanced: { min: 21, max: 45 },
      aggressive: { min: 14, max: 30 },
    });
    expect(riskWindowText(wheelDteWindow("balanced"))).toBe("21-45 days to expiration");
    expect(riskWindowText(wheelDteWindow("conservative", 60))).toBe("30-60 days to expiration");
    expect(riskWindowText(wheelDteWindow("conservative", 45))).toBe("30-45 days to expiration");
    expect(riskWindowText(wheelDteWindow("balanced", 20))).toBe("no expiration fits your max-DTE filter");
  });
  it("puts the period return beside an annualised figure", () => {
    expect(periodReturnText({ period_return: 3.951, returnOnCapital: 9, daysToExpiration: 25 })).toBe(
      "3.95% in 25d",
    );
    expect(periodReturnText({ returnOnCapital: 1.2, daysToExpiration: 30 })).toBe("1.20% in 30d");
    expect(periodReturnText({ daysToExpiration: 30 })).toBe("N/A");
  });
  it("labels a CC's win probability by how it was computed, old favourites included (decision 242)", () => {
    const smile = "N(d2) from the expiry's volatility smile, risk-neutral";
    expect(winProbabilityHow({ winProbabilityMethod: "market-implied (risk-neutral, at expiry)" })).toBe(
      smile,
    );
    expect(winProbabilityHow({ winProbabilityMethod: "delta approx.", assumptions: {} })).toMatch(
      /1 - \|delta\|/,
    );
    expect(winProbabilityHow({})).toMatch(/1 - \|delta\|/);
  });
  it("says why calls below the cost basis are left out, and for which positions", () => {
    expect(WHEEL_MESSAGES.belowBasisLeftOut).toMatch(/sell them for less than you paid/);
    expect(WHEEL_MESSAGES.belowBasisOnly(["MSFT", "PFE"])).toBe(
      'Every call in your window is struck below your cost basis for: MSFT, PFE. Turn on "Include strikes below my cost basis" to see them.',
    );
  });
});
