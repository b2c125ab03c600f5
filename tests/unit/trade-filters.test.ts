import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  addEnteredSymbols,
  autoRefreshDelay,
  DEFAULT_FILTERS,
  filterIdeas,
  filtersFromQuery,
  filtersToQuery,
  ideasQuery,
  keepAvailableSymbols,
  liquidityBars,
  liquidityTooltip,
  pageFromQuery,
  passesFilters,
  returnBarWidth,
  strategyDisplayName,
  type FilterableIdea,
  type TradeFilters,
} from "#app/lib/trade-ideas.ts";

const TODAY = "2026-11-23";
const idea = (over: Partial<FilterableIdea> = {}): FilterableIdea => ({
  stock_symbol: "SPY",
  strategy_type: "BULL_PUT_SPREAD",
  expiration_date: "2026-12-18", // 25 days
  return_on_risk: 20,
  probability_of_profit: 70,
  liquidity_point: 3,
  ...over,
});
const f = (over: Partial<TradeFilters> = {}): TradeFilters => ({ ...DEFAULT_FILTERS, ...over });

describe("the filter pass rule (docs/product/trade-ideas.md#filters)", () => {
  const cases: [string, Partial<FilterableIdea>, Partial<TradeFilters>, boolean][] = [
    ["defaults pass a normal idea", {}, {}, true],
    ["return on risk equal to the minimum passes", { return_on_risk: 20 }, { minReturnOnRisk: 20 }, true],
    ["return on risk below the minimum fails", { return_on_risk: 19.99 }, { minReturnOnRisk: 20 }, false],
    ["minimum 0 passes a zero return", { return_on_risk: 0 }, { minReturnOnRisk: 0 }, true],
    ["probability at the lower end passes", { probability_of_profit: 40 }, { probabilityMin: 40 }, true],
    [
      "probability just under the lower end fails",
      { probability_of_profit: 39.9 },
      { probabilityMin: 40 },
      false,
    ],
    ["probability at the upper end passes", { probability_of_profit: 80 }, { probabilityMax: 80 }, true],
    [
      "probability just over the upper end fails",
      { probability_of_profit: 80.1 },
      { probabilityMax: 80 },
      false,
    ],
    ["probability 0 and 100 pass the full range", { probability_of_profit: 100 }, {}, true],
    [
      "a single-point range passes only that value",
      { probability_of_profit: 50 },
      { probabilityMin: 50, probabilityMax: 50 },
      true,
    ],
    ["strategy All passes any spread", { strategy_type: "IRON_CONDOR" }, { strategy: "ALL" }, true],
    ["strategy must match", { strategy_type: "IRON_CONDOR" }, { strategy: "BULL_PUT_SPREAD" }, false],
    [
      "strategy match is case-insensitive",
      { strategy_type: "bear_call_spread" },
      { strategy: "BEAR_CALL_SPREAD" },
      true,
    ],
    ["cash-secured puts never appear", { strategy_type: "CASH_SECURED_PUT" }, {}, false],
    ["covered calls never appear", { strategy_type: "COVERED_CALL" }, {}, false],
    ["liquidity equal to the minimum passes", { liquidity_point: 3 }, { minLiquidity: 3 }, true],
    ["liquidity below the minimum fails", { liquidity_point: 2 }, { minLiquidity: 3 }, false],
    [
      "DTE 0 (expires today) is excluded even with Any",
      { expiration_date: TODAY },
      { maxDaysToExpiration: 0 },
      false,
    ],
    ["an expired idea is excluded", { expiration_date: "2026-11-20" }, {}, false],
    ["DTE 1 passes with Any", { expiration_date: "2026-11-24" }, {}, true],
    ["max DTE 0 means Any", { expiration_date: "2027-03-19" }, { maxDaysToExpiration: 0 }, true],
    ["DTE equal to the limit passes", { expiration_date: "2026-12-18" }, { maxDaysToExpiration: 25 }, true],
    ["DTE above the limit fails", { expiration_date: "2026-12-18" }, { maxDaysToExpiration: 24 }, false],
    ["an empty symbol selection passes every symbol", { stock_symbol: "QQQ" }, { symbols: [] }, true],
    ["a selected symbol passes", { stock_symbol: "QQQ" }, { symbols: ["SPY", "QQQ"] }, true],
    ["an unselected symbol fails", { stock_symbol: "IWM" }, { symbols: ["SPY", "QQQ"] }, false],
  ];
  it.each(cases)("%s", (_name, i, filters, expected) => {
    expect(passesFilters(idea(i), f(filters), TODAY)).toBe(expected);
  });

  it("filterIdeas keeps the order and only the passing ideas", () => {
    const list = [
      idea({ stock_symbol: "A" }),
      idea({ stock_symbol: "B", liquidity_point: 1 }),
      idea({ stock_symbol: "C" }),
    ];
    expect(filterIdeas(list, f({ minLiquidity: 2 }), TODAY).map((i) => i.stock_symbol)).toEqual(["A", "C"]);
  });
});

describe("filters in the URL", () => {
  it("round-trips every field and keeps the plain URL plain", () => {
    const filters = f({
      symbols: ["SPY", "QQQ"],
      strategy: "IRON_CONDOR",
      minReturnOnRisk: 12,
      probabilityMin: 30,
      probabilityMax: 90,
      maxDaysToExpiration: 45,
      minLiquidity: 4,
    });
    expect(filtersFromQuery(filtersToQuery(filters))).toEqual(filters);
    expect(filtersToQuery(DEFAULT_FILTERS).toString()).toBe("");
  });
  it("malformed or out-of-range values fall back or clamp; never throw", () => {
    const q = new URLSearchParams(
      "strategy=nope&minRor=999&popMin=80&popMax=20&maxDte=-5&minLiq=abc&symbols=spy,,%20qqq,<x>",
    );
    expect(filtersFromQuery(q)).toEqual({
      symbols: ["SPY", "QQQ"],
      strategy: "ALL",
      minReturnOnRisk: 50,
      probabilityMin: 20,
      probabilityMax: 80,
      maxDaysToExpiration: 0,
      minLiquidity: 1,
    });
  });
});

describe("pages and the active-filter count", () => {
  const q = (s: string) => new URLSearchParams(s);
  it("reads the page as a whole number from 1, malformed values as page 1", () => {
    expect(pageFromQuery(q(""))).toBe(1);
    expect(pageFromQuery(q("page=3"))).toBe(3);
    expect(pageFromQuery(q("page=2.6"))).toBe(3);
    for (const bad of ["page=0", "page=-2", "page=abc", "page=", "page=NaN", "page=Infinity"])
      expect(pageFromQuery(q(bad)), bad).toBe(1);
    expect(pageFromQuery(q("page=1e9"))).toBe(100);
  });

  it("writes page 1 as no page, later pages after the filters", () => {
    expect(ideasQuery(DEFAULT_FILTERS).toString()).toBe("");
    expect(ideasQuery(DEFAULT_FILTERS, 1).toString()).toBe("");
    expect(ideasQuery(f({ strategy: "IRON_CONDOR" }), 3).toString()).toBe("strategy=IRON_CONDOR&page=3");
  });

  it("counts each filter that differs from its default once", () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount(f({ symbols: ["SPY", "QQQ"] }))).toBe(1);
    expect(activeFilterCount(f({ probabilityMin: 40, probabilityMax: 90 }))).toBe(1);
    expect(
      activeFilterCount(
        f({
          symbols: ["SPY"],
          strategy: "BULL_PUT_SPREAD",
          minReturnOnRisk: 5,
          probabilityMax: 90,
          maxDaysToExpiration: 30,
          minLiquidity: 2,
        }),
      ),
    ).toBe(6);
  });
});

describe("symbol entry (docs/product/trade-ideas.md#symbol-entry)", () => {
  const available = new Set(["SPY", "QQQ", "AAPL"]);
  it("upper-cases and splits on commas and whitespace; adds only loaded symbols", () => {
    expect(addEnteredSymbols("spy, qqq  nope", [], available)).toEqual(["SPY", "QQQ"]);
  });
  it("adds nothing when none match", () => {
    expect(addEnteredSymbols("zzz yyy", ["AAPL"], available)).toEqual(["AAPL"]);
  });
  it("does not duplicate", () => {
    expect(addEnteredSymbols("AAPL aapl", ["AAPL"], available)).toEqual(["AAPL"]);
  });
  it("selected symbols that vanish from the loaded trades are dropped", () => {
    expect(keepAvailableSymbols(["SPY", "TSLA"], available)).toEqual(["SPY"]);
  });
});

describe("display rules", () => {
  it("strategy names: case-insensitive; unknown shown as given", () => {
    expect(strategyDisplayName("bull_put_spread")).toBe("Bull Put Spread");
    expect(strategyDisplayName("IRON_CONDOR")).toBe("Iron Condor");
    expect(strategyDisplayName("Covered_Call")).toBe("Covered Call");
    expect(strategyDisplayName("STRANGLE")).toBe("STRANGLE");
  });
  it("the return bar is full at 25%", () => {
    expect(returnBarWidth(12.5)).toBe(50);
    expect(returnBarWidth(25)).toBe(100);
    expect(returnBarWidth(80)).toBe(100);
    expect(returnBarWidth(-3)).toBe(0);
  });
  it("liquidity: 5 bars, dash when missing; tooltip with N/A", () => {
    expect(liquidityBars(3)).toBe(3);
    expect(liquidityBars(7)).toBe(5);
    expect(liquidityBars(null)).toBeNull();
    expect(liquidityTooltip(1234, null)).toBe("Volume: 1,234 · Open interest: N/A");
  });
  it("auto-refresh waits 13 to 16 minutes", () => {
    expect(autoRefreshDelay(() => 0)).toBe(13 * 60_000);
    expect(autoRefreshDelay(() => 1)).toBe(16 * 60_000);
  });
});
