import { describe, expect, it } from "vitest";
import { readCsvRecords, readCsvTable, writeCsv } from "#app/lib/csv.ts";

describe("readCsvRecords", () => {
  it("strips a BOM, takes CRLF, CR and LF mixed, and numbers records by their first line", () => {
    const records = readCsvRecords("\uFEFFa,b\r\n1,2\r3,4\n\n5,6");
    expect(records).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["1", "2"] },
      { line: 3, cells: ["3", "4"] },
      { line: 5, cells: ["5", "6"] },
    ]);
  });
  it("reads quoted fields with commas, doubled quotes and line breaks; a later record keeps its true line", () => {
    const records = readCsvRecords('"x, y","say ""hi""","two\r\nlines"\r\n,,\r\nnext,1,2');
    expect(records[0]).toEqual({ line: 1, cells: ["x, y", 'say "hi"', "two\nlines"] });
    // The blank record (only commas) is a blank line, not a row.
    expect(records[1]).toEqual({ line: 4, cells: ["next", "1", "2"] });
    expect(records).toHaveLength(2);
  });
  it("reads nothing from an empty file or blank lines", () => {
    expect(readCsvRecords("")).toEqual([]);
    expect(readCsvRecords("\r\n\n \n")).toEqual([]);
  });
});

describe("readCsvTable", () => {
  it("separates the preamble, the header, the rows and the trailing summary lines", () => {
    const text = [
      '"Transactions for account ...123"',
      '"Date","Action","Symbol","Amount"',
      '"01/02/2026","Buy","AAPL","-$100.00"',
      '"01/03/2026","Sell","AAPL","$110.00"',
      '"Transactions Total","","","$10.00"',
      "***END OF FILE***",
      '"Brokerage services are provided by ..."',
    ].join("\r\n");
    const table = readCsvTable(text, { isHeader: (cells) => cells.includes("Date") });
    expect(table.preamble.map((r) => r.line)).toEqual([1]);
    expect(table.header?.cells).toEqual(["Date", "Action", "Symbol", "Amount"]);
    expect(table.rows.map((r) => r.line)).toEqual([3, 4]);
    expect(table.trailing.map((r) => r.cells[0])).toEqual([
      "Transactions Total",
      "***END OF FILE***",
      "Brokerage services are provided by ...",
    ]);
  });
  it("keeps a short row in the middle as a data row (the caller refuses it with a reason)", () => {
    const table = readCsvTable("a,b,c\n1,2,3\nshort\n4,5,6\nTotal,,9");
    expect(table.rows.map((r) => r.cells[0])).toEqual(["1", "short", "4"]);
    expect(table.trailing.map((r) => r.cells[0])).toEqual(["Total"]);
  });
  it("without a recognised header, reads nothing as rows unless the header is optional", () => {
    expect(readCsvTable("x,y\n1,2", { isHeader: () => false }).rows).toEqual([]);
    const optional = readCsvTable("x,y\n1,2", { isHeader: () => false, headerOptional: true });
    expect(optional.header).toBeNull();
    expect(optional.rows.map((r) => r.line)).toEqual([1, 2]);
  });
});

describe("writeCsv", () => {
  it("quotes every cell, keeps formulas as text and ends lines with CRLF; reads back the same", () => {
    const text = writeCsv(
      ["A", "B"],
      [
        ["=SUM(1)", 2],
        ['say "hi", ok', "-3"],
      ],
    );
    expect(text).toBe('"A","B"\r\n"\'=SUM(1)","2"\r\n"say ""hi"", ok","\'-3"');
    expect(readCsvRecords(text).map((r) => r.cells)).toEqual([
      ["A", "B"],
      ["'=SUM(1)", "2"],
      ['say "hi", ok', "'-3"],
    ]);
  });
});
