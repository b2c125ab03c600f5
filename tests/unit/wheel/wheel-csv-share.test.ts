import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { applyHeldRows, exportFileName, parsePositionsCsv, strategiesCsv } from "#app/lib/wheel/csv.ts";
import { decodeSharePayload, encodeSharePayload, sharePath, sharePayloadFrom } from "#app/lib/wheel/share.ts";

describe("CSV export", () => {
  it("names the file by type and date", () => {
    expect(exportFileName("CSP", new Date(2026, 10, 23, 12))).toBe("csp-strategies-2026-11-23.csv");
    expect(exportFileName("CC", new Date(2026, 10, 23, 12))).toBe("cc-strategies-2026-11-23.csv");
  });
  it("has the product's columns, every value quoted, premium per the display rule", () => {
    const csv = strategiesCsv([
      {
        symbol: "AAPL",
        putStrike: 200,
        premium: 3.257,
        totalPremium: 1630,
        returnOnCapital: 1.6284,
        daysToExpiration: 25,
        riskLevel: "balanced",
      },
      {
        symbol: "MSFT",
        callStrike: 450,
        premium: 4.1,
        returnOnCapital: 0.9,
        daysToExpiration: 32,
        riskLevel: "conservative",
      },
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe('"Symbol","Strike","Premium","Return %","Days to Exp","Risk Level"');
    expect(lines[1]).toBe('"AAPL","200","1630","1.63","25","balanced"');
    expect(lines[2]).toBe('"MSFT","450","410","0.9","32","conservative"');
  });
  it("escapes quotes and commas and neutralises formulas", () => {
    const csv = strategiesCsv([
      {
        symbol: '=HYPERLINK("http://x","y")',
        premium: 1,
        daysToExpiration: 1,
        returnOnCapital: 1,
        riskLevel: "+1,2",
      },
      { symbol: "@SUM(A1)", premium: 1, riskLevel: "-3" },
    ]);
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(rows[1]![0]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(rows[1]![5]).toBe("'+1,2");
    expect(rows[2]![0]).toBe("'@SUM(A1)");
    expect(rows[2]![5]).toBe("'-3");
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(csv).toContain('""http://x""');
  });
});

describe("CSV import", () => {
  it("skips a header row with symbol or ticker, upper-cases and strips symbols, validates rows", () => {
    const rows = parsePositionsCsv(
      '\uFEFFTicker,Shares,Cost Basis\r\naapl,200,150.5\nbrk.b , 100 ,"$1,234.00"\n\nTSLA,150,10\nX1Y,0,-2\n',
    );
    expect(rows.map((r) => [r.symbol, r.shares, r.costBasis])).toEqual([
      ["AAPL", "200", "150.5"],
      ["BRK.B", "100", "1234.00"],
      ["TSLA", "150", "10"],
      ["X1Y", "0", "-2"],
    ]);
    expect(rows[0]!.errors).toEqual({});
    // Kept as written and named by the product's format rule, never turned into another symbol (decision
    // 257).
    expect(rows[1]!.errors).toEqual({ symbol: "Invalid format" });
    expect(rows[2]!.errors).toEqual({ shares: "Must be multiple of 100" });
    expect(rows[3]!.errors).toEqual({
      symbol: "Invalid format",
      shares: "Must be > 0",
      costBasis: "Must be > 0",
    });
  });
  it("keeps a first row without a header word, and survives junk", () => {
    expect(parsePositionsCsv("MSFT,100,300").map((r) => r.symbol)).toEqual(["MSFT"]);
    expect(parsePositionsCsv("").length).toBe(0);
    const junk = parsePositionsCsv('"unterminated,1,2\n,,,\n123456789');
    for (const r of junk) expect(Object.keys(r.errors).length).toBeGreaterThan(0);
    expect(parsePositionsCsv("SYMBOLS,100,1\nTOOLONGSYM,100,1")[0]).toMatchObject({
      symbol: "TOOLONGSYM",
      errors: { symbol: "Invalid format" },
    });
  });
});

describe("CSV import through the one CSV reader (decision 272)", () => {
  it("reads a broker-style file: BOM, CRLF, quoted fields with commas and line breaks, a trailing total", () => {
    const rows = parsePositionsCsv(
      '\uFEFF"Symbol","Shares","Cost Basis"\r\n"AAPL","1,200","$150.50"\r\n"MSFT","100","$300"\r\n' +
        '"Account Total","","$450.50"\r\n"***END OF FILE***"\r\n',
    );
    expect(rows.map((r) => [r.line, r.symbol, r.shares, r.costBasis])).toEqual([
      [2, "AAPL", "1200", "150.50"],
      [3, "MSFT", "100", "300"],
    ]);
    expect(rows.every((r) => Object.keys(r.errors).length === 0)).toBe(true);
  });
  it("numbers rows by their line in the file, past blank lines and a quoted line break", () => {
    const rows = parsePositionsCsv('KO,100,60\n\n"PEP\n",200,170\r\nT,300,20');
    expect(rows.map((r) => r.line)).toEqual([1, 3, 5]);
  });
});

describe("positions import: rows already held (decision 257)", () => {
  const row = (symbol: string, shares: string, costBasis: string) => ({ symbol, shares, costBasis });
  const grid = [row("AAPL", "100", "150"), row("MSFT", "200", "300")];
  const held = [row("AAPL", "300", "140"), row("KO", "100", "60")];

  it("replace puts the file's values on the held symbol's row, never a second row", () => {
    expect(applyHeldRows(grid, held, "replace")).toEqual([
      row("AAPL", "300", "140"),
      row("MSFT", "200", "300"),
      // Held on the server but no longer in this grid: added back with the file's values.
      row("KO", "100", "60"),
    ]);
  });

  it("skip leaves the grid as it was", () => {
    expect(applyHeldRows(grid, held, "skip")).toEqual(grid);
  });
});

describe("share payload", () => {
  const csp = {
    symbol: "AAPL",
    putStrike: 200,
    premium: 3.25,
    expirationDate: "2026-12-18",
    returnOnCapital: 1.625,
    lastUpdated: "2026-11-23T16:00:00.000Z",
    source: "demo",
    extra: "x",
  };
  it("round-trips through the compact link and keeps only the share fields", () => {
    const p = sharePayloadFrom("CSP", csp)!;
    expect(p).toEqual({
      type: "CSP",
      symbol: "AAPL",
      strike: 200,
      premium: 3.25,
      expirationDate: "2026-12-18",
      returnOnCapital: 1.625,
      asOf: "2026-11-23T16:00:00.000Z",
      source: "demo",
    });
    const d = encodeSharePayload(p);
    expect(d).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSharePayload(d, "CSP")).toEqual(p);
    expect(sharePath("CSP", "abc", p)).toBe(`/share/wheel/csp/abc?d=${d}`);
  });
  it("carries the CC position", () => {
    const p = sharePayloadFrom(
      "CC",
      { symbol: "MSFT", callStrike: 450, premium: 4, expirationDate: "2026-12-18" },
      { shares: 300, costBasis: 400 },
    )!;
    expect(decodeSharePayload(encodeSharePayload(p), "CC")).toMatchObject({
      shares: 300,
      costBasis: 400,
      strike: 450,
    });
  });
  it("treats undecodable, malformed or other-type data as absent", () => {
    const p = sharePayloadFrom("CSP", csp)!;
    expect(decodeSharePayload(encodeSharePayload(p), "CC")).toBeNull();
    expect(decodeSharePayload("%%%")).toBeNull();
    expect(decodeSharePayload(btoa("{not json"))).toBeNull();
    expect(
      decodeSharePayload(btoa(JSON.stringify({ t: "CSP", s: "AAPL", k: "200", p: 1, e: "2026-12-18" }))),
    ).toBeNull();
    expect(
      decodeSharePayload(btoa(JSON.stringify({ t: "CSP", s: "<script>", k: 200, p: 1, e: "2026-12-18" }))),
    ).toBeNull();
    expect(decodeSharePayload(null)).toBeNull();
  });
});
