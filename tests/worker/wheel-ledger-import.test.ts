/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// The wheel ledger's import through its route in workerd (decisions 272, 273): each broker preset reads its
// sample file into the expected events; the generic import asks for a mapping once and reuses it; a preview
// writes nothing; a re-import skips what is already there; bad rows are listed with reasons; plans hold.
//
// The sample files are written for these tests in each broker's documented layout (header, column order,
// action words, option spellings, number formats); no row is a real account's. Sources, per file below.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { postJson, userOnPlan } from "./helpers";
import * as importRoute from "#app/routes/api.wheel.ledger.import.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { IMPORT_MESSAGES } from "#app/lib/wheel/ledger-import.ts";
import { briefEvents, skippedReasons } from "./ledger-import-brief";

let n = 0;
const userWith = (tier: string, status = "active") =>
  userOnPlan(`ledger-import-${++n}@example.com`, tier, status);

const importFile = (cookie: string, body: Record<string, unknown>) =>
  postJson(importRoute.action, "/api/wheel/ledger/import", cookie, body);

async function stored(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM wheel_ledger_events WHERE user_id = ?1")
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

const brief = (events: any[]) => briefEvents(events, true);
const reasons = skippedReasons;

// Schwab, transaction history export. Layout: the account title line, the header
// "Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount", "MM/DD/YYYY as of MM/DD/YYYY"
// dates and the trailing "Transactions Total" row as in redstreet/beancount_reds_importers,
// beancount_reds_importers/importers/schwab/tests/schwab_csv_brokerage/schwab_csv_brokerage_Transactions_123.csv
// (and the column_labels_line of .../importers/schwab/schwab_csv_brokerage.py); the option actions (Sell to
// Open, Buy to Close, Expired, Assigned), the assignment's separate share row and the option symbol
// "TICKER MM/DD/YYYY STRIKE C|P" as in https://github.com/cgt-calc/capital-gains-calculator/pull/1012 and
// https://github.com/coffee-cpu/capital-gains-uk-101/pull/9 ("NVDA 02/23/2024 1080.00 C"). Newest first.
// Written with a BOM, CRLF line ends, quoted fields holding commas, and the trailing total.
const SCHWAB = `\uFEFF${[
  '"Transactions  for account Individual ...123 as of 03/02/2026 04:10:00 PM ET"',
  '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
  '"02/23/2026 as of 02/20/2026","Assigned","KO 02/20/2026 72.00 C","CALL COCA-COLA CO, THE $72 EXP 02/20/26","1","","",""',
  '"02/23/2026 as of 02/20/2026","Sell","KO","COCA-COLA CO, THE","100","$72.00","$0.02","$7,199.98"',
  '"01/26/2026","Sell to Open","KO 02/20/2026 72.00 C","CALL COCA-COLA CO, THE $72 EXP 02/20/26","1","$0.85","$0.66","$84.34"',
  '"01/20/2026 as of 01/16/2026","Assigned","KO 01/16/2026 70.00 P","PUT COCA-COLA CO, THE $70 EXP 01/16/26","1","","",""',
  '"01/20/2026 as of 01/16/2026","Buy","KO","COCA-COLA CO, THE","100","$70.00","","-$7,000.00"',
  '"01/05/2026","Sell to Open","KO 01/16/2026 70.00 P","PUT COCA-COLA CO, THE $70 EXP 01/16/26","1","$1.10","$0.66","$109.34"',
  '"01/02/2026","Journal","","TRANSFER FUNDS FROM SCHWAB BANK - XXX","","","","$7,500.00"',
  '"Transactions Total","","","","","","","$393.66",',
].join("\r\n")}\r\n`;

// Robinhood, account activity report. Header "Activity Date,Process Date,Settle Date,Instrument,Description,
// Trans Code,Quantity,Price,Amount" as in henry-md/robinhood-visualizer, lib/types.ts; rows (STO, BTC and OASGN
// codes, the option named in Description as "TSLA 10/17/2025 Call $515.00", an assignment's blank price and
// amount, "($200.00)" debits) as in garricn/premiumflow, tests/test_import_command.py. Newest first.
const ROBINHOOD = [
  "Activity Date,Process Date,Settle Date,Instrument,Description,Trans Code,Quantity,Price,Amount",
  "2/23/2026,2/23/2026,2/24/2026,HOOD,HOOD 2/20/2026 Call $104.00,OASGN,1,,",
  "1/27/2026,1/27/2026,1/28/2026,HOOD,HOOD 2/20/2026 Call $104.00,STO,1,$2.10,$210.00",
  "1/20/2026,1/20/2026,1/21/2026,HOOD,HOOD 1/16/2026 Put $100.00,OASGN,1,,",
  "1/9/2026,1/9/2026,1/12/2026,HOOD,HOOD 1/16/2026 Put $100.00,STO,1,$1.90,$190.00",
  "1/9/2026,1/9/2026,1/12/2026,HOOD,HOOD 1/9/2026 Put $98.00,BTC,1,$0.40,($40.00)",
  "1/2/2026,1/2/2026,1/5/2026,HOOD,HOOD 1/9/2026 Put $98.00,STO,1,$1.50,$150.00",
].join("\n");

// tastytrade, transaction history export (21 columns, with Sub Type, Root Symbol, Total and Currency). The row
// layout (ISO date-time, "Trade,Sell to Open,SELL_TO_OPEN", the OCC symbol "TSLL  240607P00007000", negative
// Commissions and Fees) as in DarioAlonsoCerezo/Binnaculum,
// src/Tests/Core.Tests/Integration/Import/TsllData/TickerSnapshots.fs; an assignment as a "Receive Deliver"
// row "Removal of option due to assignment" followed by the shares' opening row, as in
// https://github.com/edgebips/johnny/issues/5 and https://github.com/edgebips/johnny/pull/6. Newest first.
const TASTYTRADE = [
  "Date,Type,Sub Type,Action,Symbol,Instrument Type,Description,Value,Quantity,Average Price,Commissions,Fees,Multiplier,Root Symbol,Underlying Symbol,Expiration Date,Strike Price,Call or Put,Order #,Total,Currency",
  "2025-08-18T15:57:13+0000,Trade,Sell to Open,SELL_TO_OPEN,SCHG  250919C00030000,Equity Option,Sold 1 SCHG 09/19/25 Call 30.00 @ 0.40,40.00,1,40.00,-1.00,-0.15,100,SCHG,SCHG,9/19/25,30,CALL,337454037,38.85,USD",
  "2025-08-15T21:00:00+0000,Receive Deliver,Assignment,,SCHG  250815P00028000,Equity Option,Removal of option due to assignment,0.00,1,0.00,--,0.00,100,SCHG,SCHG,8/15/25,28,PUT,,0.00,USD",
  '2025-08-15T21:00:00+0000,Receive Deliver,Buy to Open,BUY_TO_OPEN,SCHG,Equity,Buy to Open 100 SCHG @ 28.00,"-2,800.00",100,-28.00,--,-5.00,,,,,,,,"-2,805.00",USD',
  "2025-07-18T14:30:00+0000,Trade,Sell to Open,SELL_TO_OPEN,SCHG  250815P00028000,Equity Option,Sold 1 SCHG 08/15/25 Put 28.00 @ 0.55,55.00,1,55.00,-1.00,-0.14,100,SCHG,SCHG,8/15/25,28,PUT,336999001,53.86,USD",
  "2025-07-01T10:00:00+0000,Money Movement,Deposit,,,,Test deposit,1000.00,0,,0.00,0.00,,,,,,,,1000.00,USD",
].join("\n");

describe("broker presets import their sample files", () => {
  it("Schwab (BOM, CRLF, quoted commas, title line, trailing total): preview names the preset, writes nothing; commit writes the events", async () => {
    const pro = await userWith("Pro Plan");
    const preview = await importFile(pro.cookie, { csv: SCHWAB });
    expect(preview.status).toBe(200);
    expect(preview.body.format).toMatchObject({ id: "schwab" });
    expect(preview.body.mappingSource).toBe("preset");
    const expected = [
      [8, "2026-01-05", "KO", "sell_to_open", "put", 70, "2026-01-16", 1, 1.1, 0.66],
      [6, "2026-01-20", "KO", "assign", "put", 70, "2026-01-16", 1, null, null],
      [5, "2026-01-26", "KO", "sell_to_open", "call", 72, "2026-02-20", 1, 0.85, 0.66],
      [3, "2026-02-23", "KO", "called_away", "call", 72, "2026-02-20", 1, null, 0.02],
    ];
    expect(brief(preview.body.events)).toEqual(expected);
    expect(reasons(preview.body.skipped)).toEqual([
      [1, IMPORT_MESSAGES.beforeHeader],
      [4, IMPORT_MESSAGES.pairedShares(3)],
      [7, IMPORT_MESSAGES.pairedShares(6)],
      [9, IMPORT_MESSAGES.notWheel("Journal")],
      [10, IMPORT_MESSAGES.summaryLine],
    ]);
    expect(preview.body.openCampaigns).toEqual({ before: 0, after: 0, limit: 10 });
    expect(await stored(pro.id)).toBe(0);

    const commit = await importFile(pro.cookie, { csv: SCHWAB, commit: true });
    expect(commit.status).toBe(201);
    expect(commit.body.committed).toBe(true);
    expect(brief(commit.body.events)).toEqual(expected);
    expect(await stored(pro.id)).toBe(4);

    // The same file again: every row is already there; nothing is written.
    const again = await importFile(pro.cookie, { csv: SCHWAB, commit: true });
    expect(again.status).toBe(201);
    expect(again.body.events).toEqual([]);
    expect(again.body.skipped.filter((s: any) => s.reason === IMPORT_MESSAGES.duplicate)).toHaveLength(4);
    expect(await stored(pro.id)).toBe(4);
  });

  it("Robinhood: the option read from the description; a roll, both assignments", async () => {
    const pro = await userWith("Pro Plan");
    const res = await importFile(pro.cookie, { csv: ROBINHOOD, commit: true });
    expect(res.status).toBe(201);
    expect(res.body.format).toMatchObject({ id: "robinhood" });
    expect(brief(res.body.events)).toEqual([
      [7, "2026-01-02", "HOOD", "sell_to_open", "put", 98, "2026-01-09", 1, 1.5, null],
      [6, "2026-01-09", "HOOD", "buy_to_close", "put", 98, "2026-01-09", 1, 0.4, null],
      [5, "2026-01-09", "HOOD", "sell_to_open", "put", 100, "2026-01-16", 1, 1.9, null],
      [4, "2026-01-20", "HOOD", "assign", "put", 100, "2026-01-16", 1, null, null],
      [3, "2026-01-27", "HOOD", "sell_to_open", "call", 104, "2026-02-20", 1, 2.1, null],
      [2, "2026-02-23", "HOOD", "called_away", "call", 104, "2026-02-20", 1, null, null],
    ]);
    expect(res.body.skipped).toEqual([]);
    expect(await stored(pro.id)).toBe(6);
  });

  it("tastytrade: OCC symbols, prices per share, commissions and fees summed, the assignment's share row folded in", async () => {
    const elite = await userWith("Elite Plan");
    const res = await importFile(elite.cookie, { csv: TASTYTRADE, commit: true });
    expect(res.status).toBe(201);
    expect(res.body.format).toMatchObject({ id: "tastytrade" });
    expect(brief(res.body.events)).toEqual([
      // Average Price is per contract ("@ 0.55" is 55.00): the Multiplier column makes it per share.
      [5, "2025-07-18", "SCHG", "sell_to_open", "put", 28, "2025-08-15", 1, 0.55, 1.14],
      [3, "2025-08-15", "SCHG", "assign", "put", 28, "2025-08-15", 1, null, 5],
      [2, "2025-08-18", "SCHG", "sell_to_open", "call", 30, "2025-09-19", 1, 0.4, 1.15],
    ]);
    expect(reasons(res.body.skipped)).toEqual([
      [4, IMPORT_MESSAGES.pairedShares(3)],
      [6, IMPORT_MESSAGES.notWheel("Deposit")],
    ]);
    expect(res.body.openCampaigns).toEqual({ before: 0, after: 1, limit: 50 });
    expect(await stored(elite.id)).toBe(3);
  });
});

describe("the generic import", () => {
  const HEADER = "Trade Date,Side,Ticker,Qty,Fill Price,Commission";
  const FILE = [
    HEADER,
    "2026-03-02,SELL TO OPEN,KO    260320P00060000,1,0.95,0.65",
    "2026-03-02,SELL TO OPEN,KO    260320P00060000,1,0.95,0.65",
    "2026-03-03,BUY TO OPEN,KO    260320C00070000,1,0.20,0.65",
    "03/04/2026,SELL TO OPEN,NOT A CONTRACT,1,0.95,0.65",
    "someday,SELL TO OPEN,KO    260320P00060000,1,0.95,0.65",
    "2026-03-05,BUY TO CLOSE,KO    260320P00060000,5,0.10,0.65",
  ].join("\n");
  const MAPPING = {
    date: ["Trade Date"],
    action: ["Side"],
    symbol: ["Ticker"],
    quantity: ["Qty"],
    price: ["Fill Price"],
    fees: ["Commission"],
  };

  it("asks for a mapping once, lists bad rows with reasons, saves the mapping on commit and reuses it", async () => {
    const pro = await userWith("Pro Plan");
    const first = await importFile(pro.cookie, { csv: FILE });
    expect(first.status).toBe(200);
    expect(first.body.needsMapping).toBe(true);
    expect(first.body.header).toEqual(HEADER.split(","));
    expect(first.body.suggested).toMatchObject(MAPPING);

    const incomplete = await importFile(pro.cookie, {
      csv: FILE,
      mapping: { date: ["Trade Date"], symbol: ["Nope"] },
    });
    expect(incomplete.body.needsMapping).toBe(true);
    expect(incomplete.body.problems).toContain('Symbol or option symbol: the file has no column "Nope"');

    const preview = await importFile(pro.cookie, { csv: FILE, mapping: MAPPING });
    expect(preview.status).toBe(200);
    expect(preview.body.format).toBeNull();
    expect(preview.body.mappingSource).toBe("submitted");
    // Two identical fills are two events.
    expect(brief(preview.body.events)).toEqual([
      [2, "2026-03-02", "KO", "sell_to_open", "put", 60, "2026-03-20", 1, 0.95, 0.65],
      [3, "2026-03-02", "KO", "sell_to_open", "put", 60, "2026-03-20", 1, 0.95, 0.65],
    ]);
    expect(reasons(preview.body.skipped)).toEqual([
      [4, IMPORT_MESSAGES.longOption],
      [5, IMPORT_MESSAGES.unknownContract],
      [6, IMPORT_MESSAGES.noDate],
      [7, "Only 2 contract(s) of this option are open"],
    ]);
    const saved = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM ledger_import_mappings WHERE user_id = ?1")
        .bind(pro.id)
        .first<{ n: number }>();
    expect((await saved())!.n).toBe(0);
    expect(await stored(pro.id)).toBe(0);

    const commit = await importFile(pro.cookie, { csv: FILE, mapping: MAPPING, commit: true });
    expect(commit.status).toBe(201);
    expect(await stored(pro.id)).toBe(2);
    expect((await saved())!.n).toBe(1);

    // The same header again, without a mapping: the saved one reads it, and both fills are already there.
    const again = await importFile(pro.cookie, { csv: FILE });
    expect(again.status).toBe(200);
    expect(again.body.mappingSource).toBe("saved");
    expect(again.body.events).toEqual([]);
    expect(reasons(again.body.skipped).filter(([, r]) => r === IMPORT_MESSAGES.duplicate)).toEqual([
      [2, IMPORT_MESSAGES.duplicate],
      [3, IMPORT_MESSAGES.duplicate],
    ]);
  });

  it("refuses a file without a header or rows with a message", async () => {
    const pro = await userWith("Pro Plan");
    expect(await importFile(pro.cookie, { csv: "just,two\n" })).toMatchObject({
      status: 400,
      body: { status: "error", error: IMPORT_MESSAGES.noHeader },
    });
    expect(await importFile(pro.cookie, { csv: `${HEADER}\r\n\r\n` })).toMatchObject({
      status: 400,
      body: { error: IMPORT_MESSAGES.noRows },
    });
  });
});

describe("plans hold for imports", () => {
  it("Free: refused with the upgrade words, preview or commit; nothing written", async () => {
    const free = await userWith("Free Plan", "inactive");
    for (const commit of [false, true]) {
      const res = await importFile(free.cookie, { csv: ROBINHOOD, commit });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: REFUSAL_MESSAGES.freePositions, requiresUpgrade: true });
    }
    expect(await stored(free.id)).toBe(0);
  });

  it("Pro: a file leaving eleven campaigns open is refused whole, with the Pro words", async () => {
    const pro = await userWith("Pro Plan");
    const symbols = Array.from({ length: 11 }, (_, i) => `Q${String.fromCharCode(65 + i)}`);
    const csv = [
      "Date,Action,Symbol,Qty,Price",
      ...symbols.map((s) => `2026-03-02,Sell to Open,${s.padEnd(6)}260320P00050000,1,1.00`),
    ].join("\n");
    const mapping = {
      date: ["Date"],
      action: ["Action"],
      symbol: ["Symbol"],
      quantity: ["Qty"],
      price: ["Price"],
    };
    const res = await importFile(pro.cookie, { csv, mapping, commit: true });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: REFUSAL_MESSAGES.proPositions, limit: 10 });
    expect(await stored(pro.id)).toBe(0);
    // Ten fit.
    const ten = await importFile(pro.cookie, {
      csv: csv.split("\n").slice(0, 11).join("\n"),
      mapping,
      commit: true,
    });
    expect(ten.status).toBe(201);
    expect(await stored(pro.id)).toBe(10);
  });
});
