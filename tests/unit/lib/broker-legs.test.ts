// The legs of a broker file paired, its rolls and spreads found, and a spread's life as position events
// (decision 342), on hand-made legs and on our own samples in four brokers' layouts
// (tests/fixtures/*-rolls-spreads.csv; no row is a real account's). The Interactive Brokers sample is an activity
// statement whose Trades section has the columns IBKR's Reporting Guide names for it
// (https://www.ibkrguides.com/reportingreference/reportguide/trades_default.htm: Symbol, Date/Time, Quantity,
// T. Price, C. Price, Proceeds, Comm/Fee, Basis, Realized P/L, MTM P/L, Code, after the section's
// "Trades,Header|Data,DataDiscriminator,Asset Category,Currency" cells) and the codes of its Codes section
// (https://www.ibkrguides.com/reportingreference/reportguide/codes_flex.htm: O, C, A, Ep, P).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  findRolls,
  findSpreads,
  pairLegs,
  spreadEvents,
  spreadLines,
  type LegRow,
} from "#app/lib/broker-legs.ts";
import { readCsvRecords, readCsvTable } from "#app/lib/csv.ts";
import {
  parseStatementOptionSymbol,
  readStatementTrades,
  statementCodeAction,
} from "#app/lib/wheel/ibkr-statement.ts";
import { detectPreset, draftsOf } from "#app/lib/wheel/ledger-import.ts";

const leg = (line: number, over: Partial<LegRow>): LegRow => ({
  line,
  date: "2026-10-01",
  orderRef: "",
  symbol: "SPY",
  optionType: "put",
  strike: 560,
  expiration: "2026-10-30",
  side: "short",
  effect: "open",
  contracts: 1,
  price: 1,
  ...over,
});

describe("pairing", () => {
  it("pairs each open with its closes first in, first out, partial quantities too", () => {
    const legs = [
      leg(1, { contracts: 3 }),
      leg(2, { contracts: 2, date: "2026-10-02" }),
      leg(3, { effect: "close", contracts: 4, date: "2026-10-05" }),
      leg(4, { effect: "expire", side: null, contracts: 1, date: "2026-11-02" }),
      leg(5, { effect: "close", strike: 500, contracts: 1 }),
    ];
    const { pairs, unmatched } = pairLegs(legs);
    expect(
      pairs.map((p) => [p.open, p.closes.map((c) => [c.line, c.contracts, c.effect]), p.remaining]),
    ).toEqual([
      [1, [[3, 3, "close"]], 0],
      [
        2,
        [
          [3, 1, "close"],
          [4, 1, "expire"],
        ],
        0,
      ],
    ]);
    // Bought back, never sold in the file: opened before it began.
    expect(unmatched).toEqual([{ line: 5, contracts: 1, effect: "close" }]);
  });
  it("an assignment closes a short leg, never a long one of the same contract", () => {
    const { pairs } = pairLegs([
      leg(1, { side: "long" }),
      leg(2, {}),
      leg(3, { effect: "assign", side: "short" }),
    ]);
    expect(pairs.map((p) => [p.open, p.side, p.closes.map((c) => c.line)])).toEqual([
      [1, "long", []],
      [2, "short", [3]],
    ]);
  });
});

describe("rolls and spreads", () => {
  it("a same-day close and open on one underlying is a roll; a close alone is not", () => {
    const legs = [
      leg(1, {}),
      leg(2, { effect: "close", date: "2026-10-20" }),
      leg(3, { date: "2026-10-20", expiration: "2026-11-20" }),
      leg(4, { symbol: "KO", effect: "close", date: "2026-10-20" }),
    ];
    expect(findRolls(legs)).toEqual([{ symbol: "SPY", date: "2026-10-20", closed: [2], opened: [3] }]);
  });
  it("a vertical is a short and a long of one right opened together; a condor, a put vertical below a call vertical", () => {
    const spreads = findSpreads([
      leg(1, { price: 3.1 }),
      leg(2, { side: "long", strike: 550, price: 1.6 }),
      leg(3, { optionType: "call", strike: 600, price: 2 }),
      leg(4, { optionType: "call", side: "long", strike: 610, price: 1.2 }),
      // Another day: a lone short put is a wheel trade, no spread.
      leg(5, { date: "2026-10-02" }),
      // Another order the same day: not the condor's leg.
      leg(6, { orderRef: "2", side: "long", strike: 540 }),
    ]);
    expect(
      spreads.map((s) => [
        s.strategy,
        s.lines,
        s.credit,
        s.legs.map((l) => `${l.side} ${l.right} ${l.strike}`),
      ]),
    ).toEqual([
      [
        "IRON_CONDOR",
        [2, 1, 3, 4],
        2.3,
        ["long put 550", "short put 560", "short call 600", "long call 610"],
      ],
    ]);
    // A debit (the long costs more than the short brings) is no credit spread.
    expect(findSpreads([leg(1, { price: 1 }), leg(2, { side: "long", strike: 550, price: 1.5 })])).toEqual(
      [],
    );
  });
  it("writes a spread's life: opened, rolled the day a spread of its strategy opened, expired; or notes legs closed apart", () => {
    const legs = [
      leg(1, { price: 3.1 }),
      leg(2, { side: "long", strike: 550, price: 1.6 }),
      leg(3, { effect: "close", date: "2026-10-23", price: 0.8 }),
      leg(4, { effect: "close", side: "long", strike: 550, date: "2026-10-23", price: 0.3 }),
      leg(5, { date: "2026-10-23", expiration: "2026-11-20", price: 3 }),
      leg(6, { date: "2026-10-23", expiration: "2026-11-20", side: "long", strike: 550, price: 1.7 }),
      leg(7, { effect: "expire", side: null, date: "2026-11-20", expiration: "2026-11-20" }),
      leg(8, { effect: "expire", side: null, date: "2026-11-20", expiration: "2026-11-20", strike: 550 }),
    ];
    const { pairs } = pairLegs(legs);
    const spreads = findSpreads(legs);
    const { events, notes } = spreadEvents(legs, spreads, pairs);
    expect(
      events.map((e) => [e.kind, e.date, e.lines, e.on, "closeDebit" in e ? e.closeDebit : null]),
    ).toEqual([
      ["open", "2026-10-01", [1, 2], [], null],
      ["roll", "2026-10-23", [3, 4, 5, 6], [1, 2], 0.5],
      ["expire", "2026-11-20", [7, 8], [3, 4, 5, 6], null],
    ]);
    expect(notes).toEqual([]);
    expect([...spreadLines(spreads, pairs)].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    const apart = [legs[0]!, legs[1]!, legs[2]!, { ...legs[3]!, date: "2026-10-24" }];
    const a = pairLegs(apart);
    expect(spreadEvents(apart, findSpreads(apart), a.pairs)).toEqual({
      events: [expect.objectContaining({ kind: "open" })],
      notes: [{ line: 1, reason: "apart" }],
    });
  });
  it("an assigned short leg closes the spread as assigned, naming the leg", () => {
    const legs = [
      leg(1, { price: 3.1 }),
      leg(2, { side: "long", strike: 550, price: 1.6 }),
      leg(3, { effect: "assign", date: "2026-10-30" }),
      leg(4, { effect: "expire", side: null, strike: 550, date: "2026-10-30" }),
    ];
    const { events } = spreadEvents(legs, findSpreads(legs), pairLegs(legs).pairs);
    expect(events.at(-1)).toMatchObject({ kind: "assign", leg: 0, lines: [3], on: [1, 2] });
  });
});

describe("an Interactive Brokers activity statement", () => {
  it("reads the statement's option symbol and its codes with the quantity's sign", () => {
    expect(parseStatementOptionSymbol("XOM 18SEP26 100 P")).toEqual({
      underlying: "XOM",
      expiration: "2026-09-18",
      strike: 100,
      optionType: "put",
    });
    expect(parseStatementOptionSymbol("SPY 19DEC26 672.5 C")).toMatchObject({
      strike: 672.5,
      optionType: "call",
    });
    expect(parseStatementOptionSymbol("XOM 31SEP26 100 P")).toBeNull();
    const put = parseStatementOptionSymbol("XOM 18SEP26 100 P");
    expect(statementCodeAction("O", "-1", put)).toBe("sell to open");
    expect(statementCodeAction("C;P", "1", put)).toBe("buy to close");
    expect(statementCodeAction("O", "1", put)).toBe("buy to open");
    expect(statementCodeAction("C", "-1", put)).toBe("sell to close");
    expect(statementCodeAction("C;Ep", "1", put)).toBe("expired");
    expect(statementCodeAction("A;C", "1", put)).toBe("assigned");
    expect(statementCodeAction("A;O", "100", null)).toBe("bought assigned");
    expect(statementCodeAction("Sell to Open", "1", put)).toBeNull();
    expect(statementCodeAction("STO", "1", put)).toBeNull();
  });
  it("picks the Trades section out of the statement: executions only, other sections named", () => {
    const text = readFileSync("tests/fixtures/ibkr-rolls-spreads.csv", "utf8");
    const st = readStatementTrades(readCsvRecords(text))!;
    expect(st.header.cells).toEqual([
      "DataDiscriminator",
      "Asset Category",
      "Currency",
      "Symbol",
      "Date/Time",
      "Quantity",
      "T. Price",
      "C. Price",
      "Proceeds",
      "Comm/Fee",
      "Basis",
      "Realized P/L",
      "MTM P/L",
      "Code",
    ]);
    expect(detectPreset(st.header.cells)?.id).toBe("ibkr");
    expect(st.rows.map((r) => r.line)).toEqual([13, ...Array.from({ length: 21 }, (_, i) => 17 + i)]);
    expect(st.notes.map((r) => r.line)).toEqual([14, 15, 38]);
    expect(st.otherSections.map((s) => s.name)).toEqual([
      "Statement",
      "Account Information",
      "Net Asset Value",
      "Deposits & Withdrawals",
      "Codes",
      "Notes/Legal Notes",
    ]);
    expect(readStatementTrades(readCsvRecords("Date,Action\n1,2\n"))).toBeNull();
  });
});

/** Each sample as the server reads it: its table, its preset's drafts and legs, the pairing and the spreads. */
function sample(name: string) {
  const text = readFileSync(`tests/fixtures/${name}-rolls-spreads.csv`, "utf8");
  const st = readStatementTrades(readCsvRecords(text));
  const table = st ?? readCsvTable(text, { isHeader: (c) => c.filter((x) => x.trim() !== "").length >= 3 });
  const header = table.header!.cells.map((c) => c.trim());
  const preset = detectPreset(header)!;
  const { legs } = draftsOf(header, table.rows, preset.mapping);
  const { pairs, unmatched } = pairLegs(legs);
  const spreads = findSpreads(legs);
  return {
    preset,
    pairs,
    unmatched,
    rolls: findRolls(legs),
    spreads,
    events: spreadEvents(legs, spreads, pairs),
  };
}

describe("the samples", () => {
  it.each([
    ["schwab", [14, 13], [12, 9], [11, 10, 6, 5]],
    ["fidelity", [15, 14], [13, 10], [12, 11, 7, 6]],
  ])(
    "%s: the wheel put rolled and expired, the bull put spread rolled and expired",
    (name, first, second, spread) => {
      const s = sample(name);
      expect(s.preset.id).toBe(name);
      expect(
        s.pairs.filter((p) => p.symbol === "KO").map((p) => [p.open, p.closes.map((c) => c.line)]),
      ).toEqual([
        [first[0], [first[1]]],
        [second[0], [second[1]]],
      ]);
      expect(s.rolls.map((r) => [r.symbol, r.date])).toEqual([
        ["KO", "2026-09-15"],
        ["SPY", "2026-10-23"],
      ]);
      expect(s.spreads.map((x) => [x.strategy, x.lines, x.credit])).toEqual([
        ["BULL_PUT_SPREAD", spread.slice(0, 2), 1.5],
        ["BULL_PUT_SPREAD", spread.slice(2), 1.3],
      ]);
      expect(s.events.events.map((e) => e.kind)).toEqual(["open", "roll", "expire"]);
      expect(s.unmatched).toEqual([]);
    },
  );
  it.each(["tastytrade", "ibkr"])(
    "%s: a partial buy-back, the put spread's roll, the condor closed",
    (name) => {
      const s = sample(name);
      expect(s.preset.id).toBe(name);
      const ko = s.pairs.find((p) => p.symbol === "KO" && p.contracts === 2)!;
      expect(ko.closes.map((c) => c.contracts)).toEqual([1, 1]);
      expect(s.spreads.map((x) => [x.symbol, x.strategy, x.credit])).toEqual([
        ["SPY", "BULL_PUT_SPREAD", 1.5],
        ["SPY", "BULL_PUT_SPREAD", 1.3],
        ["IWM", "IRON_CONDOR", 1],
      ]);
      expect(s.events.events.map((e) => [e.kind, e.symbol, "closeDebit" in e ? e.closeDebit : null])).toEqual(
        [
          ["open", "SPY", null],
          ["roll", "SPY", 0.5],
          ["expire", "SPY", null],
          ["open", "IWM", null],
          ["close", "IWM", 0.35],
        ],
      );
    },
  );
});
