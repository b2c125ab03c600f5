// Issue 42 item 2: a text cell a spreadsheet would run as a formula is written as text, whatever follows its first
// character (a line break included); numbers stay numbers; the track record's CSV writes its hashed cells exactly.
import { describe, expect, it } from "vitest";
import { formulaSafeCell, readCsvRecords, writeCsv } from "#app/lib/csv.ts";
import Papa from "papaparse";
import { canonicalJson, chainHash, GENESIS_HASH, verifyHashChain } from "#app/lib/hash-chain.ts";

/** The cell as a spreadsheet's import reads it back (papaparse as is: the app's reader folds CR LF to LF). */
const cellOf = (value: string | number) =>
  Papa.parse<string[]>(writeCsv(["h"], [[value]]), { newline: "\r\n" }).data[1]![0];

describe("writeCsv formula cells", () => {
  const live = [
    '=HYPERLINK("http://x","y")\nnote',
    "=1+1\r\nmore",
    "+1\n2",
    "-1\n+2",
    "@SUM(A1)\nx",
    "  =cmd|' /C calc'!A0",
    " \t+1",
    "\t=1",
    "\rhello",
    "\t",
    "=",
    "-",
    "   @x\n\n",
  ];
  for (const value of live)
    it(`escapes ${JSON.stringify(value)}`, () => {
      expect(cellOf(value)).toBe(`'${value}`);
      expect(formulaSafeCell(value)).toBe(`'${value}`);
    });

  const text = ["note\n=1+1", "a=b", "  note", "", "HYPERLINK", "1-2", "\nx", "'=already"];
  for (const value of text)
    it(`leaves ${JSON.stringify(value)} as it is`, () => expect(cellOf(value)).toBe(value));

  it("keeps numbers numbers: a negative amount is not a formula", () => {
    expect(writeCsv(["Amount", "Fee"], [[-125.5, -0]])).toBe('"Amount","Fee"\r\n"-125.5","0"');
    expect(formulaSafeCell(-3)).toBe(-3);
    // A number written as text is text: escaped like any other (the ledger passes amounts as numbers).
    expect(cellOf("-3")).toBe("'-3");
  });

  it("escapes a header cell too", () => {
    expect(readCsvRecords(writeCsv(["=x"], []))[0]!.cells).toEqual(["'=x"]);
  });

  it("leaves every cell exactly as given with escapeFormulae off (the track record's CSV)", () => {
    const text = writeCsv(["a"], [["=1\n2"], [-1]], { quotes: false, escapeFormulae: false });
    expect(readCsvRecords(text).map((r) => r.cells[0])).toEqual(["a", "=1\n2", "-1"]);
  });
});

describe("the track record's CSV row still re-hashes", () => {
  it("writes content, prev_hash and row_hash so that the row's hash is recomputed from the file", async () => {
    // Content a formula check would touch: a note opening with = and a line break, a leading -, an @.
    const content = canonicalJson({ note: '=HYPERLINK("x")\nline', legs: [{ strike: -1 }], tag: "@x" });
    const first = { content: `-${content}`, prev: GENESIS_HASH };
    const hash1 = await chainHash(first.prev, first.content);
    const hash2 = await chainHash(hash1, "=1+1\r\n@x");
    const text = writeCsv(
      ["seq", "content", "prev_hash", "row_hash"],
      [
        [1, first.content, first.prev, hash1],
        [2, "=1+1\r\n@x", hash1, hash2],
      ],
      { quotes: false, escapeFormulae: false },
    );
    // A verifier's reading: papaparse as is (the app's reader folds CR LF inside a cell to LF).
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(parsed.map((r) => r.content)).toEqual([first.content, "=1+1\r\n@x"]);
    const rows = parsed.map((r) => ({ content: r.content!, prevHash: r.prev_hash!, rowHash: r.row_hash! }));
    expect(await verifyHashChain(rows)).toMatchObject({ ok: true, rows: 2 });
  });
});
