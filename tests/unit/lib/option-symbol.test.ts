import { describe, expect, it } from "vitest";
import { parseOptionDescription, parseOptionSymbol } from "#app/lib/option-symbol.ts";
import {
  detectPreset,
  draftsOf,
  guessMapping,
  parseAmount,
  parseTradeDate,
} from "#app/lib/wheel/ledger-import.ts";
import { readCsvTable } from "#app/lib/csv.ts";

describe("option symbols (decision 273)", () => {
  it("reads OCC symbols, padded and unpadded", () => {
    const put = { underlying: "AAPL", expiration: "2026-01-16", strike: 150, optionType: "put" };
    expect(parseOptionSymbol("AAPL  260116P00150000")).toEqual(put);
    expect(parseOptionSymbol("AAPL260116P00150000")).toEqual(put);
    expect(parseOptionSymbol("TSLL  240607P00007000")).toMatchObject({ strike: 7, expiration: "2024-06-07" });
    expect(parseOptionSymbol("SPY   260417C00600500")).toMatchObject({ strike: 600.5, optionType: "call" });
  });
  it("reads Schwab's spelling", () => {
    expect(parseOptionSymbol("AAPL 01/16/2026 150.00 P")).toEqual({
      underlying: "AAPL",
      expiration: "2026-01-16",
      strike: 150,
      optionType: "put",
    });
    expect(parseOptionSymbol("QQQ 03/31/2020 300.00 C")).toMatchObject({ optionType: "call", strike: 300 });
  });
  it("reads Robinhood's description, also inside an expiration line", () => {
    expect(parseOptionDescription("AAPL 1/16/2026 Put $150.00")).toEqual({
      underlying: "AAPL",
      expiration: "2026-01-16",
      strike: 150,
      optionType: "put",
    });
    expect(parseOptionDescription("Option Expiration for SPY 4/17/2026 Call $1,670.00")).toMatchObject({
      underlying: "SPY",
      strike: 1670,
      optionType: "call",
    });
  });
  it("refuses what names no contract: a share symbol, an impossible date, a zero strike", () => {
    expect(parseOptionSymbol("AAPL")).toBeNull();
    expect(parseOptionSymbol("AAPL  261316P00150000")).toBeNull();
    expect(parseOptionSymbol("AAPL  260116P00000000")).toBeNull();
    expect(parseOptionSymbol("AAPL 02/30/2026 150.00 P")).toBeNull();
    expect(parseOptionDescription("AMD CUSIP: 007903107")).toBeNull();
  });
});

describe("import rows", () => {
  it("reads dates and amounts as brokers write them", () => {
    expect(parseTradeDate("2024-05-30T14:38:32+0100")).toBe("2024-05-30");
    expect(parseTradeDate("04/01/2020 as of 03/31/2020")).toBe("2020-04-01");
    expect(parseTradeDate("9/5/2025")).toBe("2025-09-05");
    expect(parseTradeDate("13/01/2025")).toBeNull();
    expect(parseAmount("($1,200.50)")).toBe(1200.5);
    expect(parseAmount("-0.14")).toBe(0.14);
    expect(parseAmount("--")).toBeNull();
  });
  it("detects no preset for an unknown header and guesses a mapping by column names", () => {
    const header = ["Trade Date", "Side", "Ticker", "Qty", "Fill Price", "Commission"];
    expect(detectPreset(header)).toBeNull();
    expect(guessMapping(header)).toMatchObject({
      date: ["Trade Date"],
      action: ["Side"],
      symbol: ["Ticker"],
      quantity: ["Qty"],
      price: ["Fill Price"],
      fees: ["Commission"],
    });
  });
  it("orders a newest-first file by trading day and folds an assignment's share row into it", () => {
    const table = readCsvTable(
      [
        "Date,Action,Symbol,Qty,Price",
        "2026-02-02,Buy,KO,100,60",
        "2026-02-02,Assigned,KO 01/30/2026 60.00 P,1,",
        "2026-01-05,Sell to Open,KO 01/30/2026 60.00 P,1,1.10",
        "2026-01-04,Dividend,KO,,12.00",
      ].join("\n"),
    );
    const mapping = guessMapping(table.header!.cells);
    const { drafts, skipped } = draftsOf(table.header!.cells, table.rows, mapping);
    expect(drafts.map((d) => [d.line, d.draft.kind])).toEqual([
      [4, "sell_to_open"],
      [3, "assign"],
    ]);
    expect(skipped.map((s) => s.line).sort()).toEqual([2, 5]);
  });
});
