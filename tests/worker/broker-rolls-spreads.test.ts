/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// Each broker sample with rolls and spreads through the import route in workerd (decision 342): the preview pairs
// every opening leg with the lines that closed it, finds the rolls and the spreads; the commit records the single
// puts in the wheel ledger and the spreads as spread positions (opened, rolled, expired or closed as the file says);
// the same file again adds nothing to either ledger.
//
// The samples (tests/fixtures/*-rolls-spreads.csv) are ours, with no real account's rows: Schwab and tastytrade in
// the layouts decision 273 cites, Fidelity in the layout of decision 304, Interactive Brokers an activity
// statement whose Trades section has the columns IBKR's Reporting Guide names
// (https://www.ibkrguides.com/reportingreference/reportguide/trades_default.htm): "Trades,Header,DataDiscriminator,
// Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,
// Code", with the codes O, C, A, Ep and P of its Codes section
// (https://www.ibkrguides.com/reportingreference/reportguide/codes_flex.htm).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { postJson, userOnPlan } from "./helpers";
import * as importRoute from "#app/routes/api.wheel.ledger.import.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { IMPORT_MESSAGES } from "#app/lib/wheel/ledger-import.ts";
import FIDELITY from "../fixtures/fidelity-rolls-spreads.csv?raw";
import IBKR from "../fixtures/ibkr-rolls-spreads.csv?raw";
import SCHWAB from "../fixtures/schwab-rolls-spreads.csv?raw";
import TASTYTRADE from "../fixtures/tastytrade-rolls-spreads.csv?raw";

let n = 0;
const importFile = (cookie: string, body: Record<string, unknown>) =>
  postJson(importRoute.action, "/api/wheel/ledger/import", cookie, body);

async function count(table: string, userId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?1`)
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

async function positions(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT symbol, strategy, status, open_credit, close_debit, opened_on, closed_on FROM option_positions WHERE user_id = ?1 ORDER BY opened_on",
  )
    .bind(userId)
    .all<Record<string, unknown>>();
  return results.map((r) => [
    r.symbol,
    r.strategy,
    r.status,
    r.open_credit,
    r.close_debit,
    r.opened_on,
    r.closed_on,
  ]);
}

const pairsOf = (legs: any) =>
  legs.pairs.map((p: any) => [p.symbol, p.open, p.closes.map((c: any) => [c.line, c.contracts, c.effect])]);

// [symbol, strategy, status, credit, debit, opened, closed] of the spreads each sample leaves.
const PUT_SPREADS = (expiredOn: string) => [
  ["SPY", "BULL_PUT_SPREAD", "closed", 1.5, 0.5, "2026-10-01", "2026-10-23"],
  ["SPY", "BULL_PUT_SPREAD", "closed", 1.3, 0, "2026-10-23", expiredOn],
];
const CONDOR = ["IWM", "IRON_CONDOR", "closed", 1, 0.35, "2026-11-02", "2026-11-13"];

const CASES: {
  name: string;
  csv: string;
  format: string;
  pairs: unknown[];
  rolls: unknown[];
  wheelKinds: string[];
  spreadKinds: string[];
  positions: unknown[];
}[] = [
  {
    name: "schwab",
    csv: SCHWAB,
    format: "schwab",
    pairs: [
      ["KO", 14, [[13, 1, "close"]]],
      ["KO", 12, [[9, 1, "expire"]]],
      ["SPY", 11, [[8, 1, "close"]]],
      ["SPY", 10, [[7, 1, "close"]]],
      ["SPY", 6, [[4, 1, "expire"]]],
      ["SPY", 5, [[3, 1, "expire"]]],
    ],
    rolls: [
      ["KO", "2026-09-15", [13], [12]],
      ["SPY", "2026-10-23", [8, 7], [6, 5]],
    ],
    wheelKinds: ["sell_to_open", "buy_to_close", "sell_to_open", "expire"],
    spreadKinds: ["open", "roll", "expire"],
    positions: PUT_SPREADS("2026-11-23"),
  },
  {
    name: "fidelity",
    csv: FIDELITY,
    format: "fidelity",
    pairs: [
      ["KO", 15, [[14, 1, "close"]]],
      ["KO", 13, [[10, 1, "expire"]]],
      ["SPY", 12, [[9, 1, "close"]]],
      ["SPY", 11, [[8, 1, "close"]]],
      ["SPY", 7, [[5, 1, "expire"]]],
      ["SPY", 6, [[4, 1, "expire"]]],
    ],
    rolls: [
      ["KO", "2026-09-15", [14], [13]],
      ["SPY", "2026-10-23", [9, 8], [7, 6]],
    ],
    wheelKinds: ["sell_to_open", "buy_to_close", "sell_to_open", "expire"],
    spreadKinds: ["open", "roll", "expire"],
    positions: PUT_SPREADS("2026-11-23"),
  },
  {
    name: "tastytrade",
    csv: TASTYTRADE,
    format: "tastytrade",
    pairs: [
      [
        "KO",
        22,
        [
          [21, 1, "close"],
          [20, 1, "close"],
        ],
      ],
      ["KO", 19, [[16, 1, "expire"]]],
      ["SPY", 18, [[15, 1, "close"]]],
      ["SPY", 17, [[14, 1, "close"]]],
      ["SPY", 13, [[3, 1, "expire"]]],
      ["SPY", 12, [[2, 1, "expire"]]],
      ["IWM", 11, [[7, 1, "close"]]],
      ["IWM", 10, [[6, 1, "close"]]],
      ["IWM", 9, [[5, 1, "close"]]],
      ["IWM", 8, [[4, 1, "close"]]],
    ],
    rolls: [
      ["KO", "2026-09-15", [20], [19]],
      ["SPY", "2026-10-23", [15, 14], [13, 12]],
    ],
    wheelKinds: ["sell_to_open", "buy_to_close", "buy_to_close", "sell_to_open", "expire"],
    spreadKinds: ["open", "roll", "expire", "open", "close"],
    positions: [...PUT_SPREADS("2026-11-20"), CONDOR],
  },
  {
    name: "ibkr",
    csv: IBKR,
    format: "ibkr",
    pairs: [
      [
        "KO",
        25,
        [
          [26, 1, "close"],
          [27, 1, "close"],
        ],
      ],
      ["KO", 28, [[29, 1, "expire"]]],
      ["SPY", 30, [[32, 1, "close"]]],
      ["SPY", 31, [[33, 1, "close"]]],
      ["SPY", 34, [[36, 1, "expire"]]],
      ["SPY", 35, [[37, 1, "expire"]]],
      ["IWM", 17, [[21, 1, "close"]]],
      ["IWM", 18, [[22, 1, "close"]]],
      ["IWM", 19, [[23, 1, "close"]]],
      ["IWM", 20, [[24, 1, "close"]]],
    ],
    rolls: [
      ["KO", "2026-09-15", [27], [28]],
      ["SPY", "2026-10-23", [32, 33], [34, 35]],
    ],
    wheelKinds: ["buy_shares", "sell_to_open", "buy_to_close", "buy_to_close", "sell_to_open", "expire"],
    spreadKinds: ["open", "roll", "expire", "open", "close"],
    positions: [...PUT_SPREADS("2026-11-20"), CONDOR],
  },
];

describe("broker samples with rolls and spreads", () => {
  it.each(CASES)(
    "$name: legs paired, rolls found, spreads recorded as positions; a re-import adds nothing",
    async (c) => {
      const pro = await userOnPlan(`rolls-spreads-${++n}@example.com`, "Pro Plan");
      const preview = await importFile(pro.cookie, { csv: c.csv });
      expect(preview.status).toBe(200);
      expect(preview.body.format).toMatchObject({ id: c.format });
      expect(pairsOf(preview.body.legs)).toEqual(c.pairs);
      expect(preview.body.legs.unmatched).toEqual([]);
      expect(preview.body.legs.rolls.map((r: any) => [r.symbol, r.date, r.closed, r.opened])).toEqual(
        c.rolls,
      );
      expect(preview.body.spreads.events.map((e: any) => [e.kind, e.reason])).toEqual(
        c.spreadKinds.map((k) => [k, null]),
      );
      // The spreads' legs are not wheel trades: only the single puts (and shares) go to the wheel ledger.
      expect(preview.body.events.map((e: any) => e.event.kind)).toEqual(c.wheelKinds);
      expect(preview.body.skipped.some((s: any) => s.reason === IMPORT_MESSAGES.longOption)).toBe(false);
      expect(await count("option_position_events", pro.id)).toBe(0);
      expect(await count("wheel_ledger_events", pro.id)).toBe(0);

      const commit = await importFile(pro.cookie, { csv: c.csv, commit: true });
      expect(commit.status).toBe(201);
      expect(commit.body.spreads.recorded).toBe(c.spreadKinds.length);
      expect(await positions(pro.id)).toEqual(c.positions);
      expect(await count("wheel_ledger_events", pro.id)).toBe(c.wheelKinds.length);
      expect(await count("option_position_events", pro.id)).toBe(c.spreadKinds.length);

      const again = await importFile(pro.cookie, { csv: c.csv, commit: true });
      expect(again.status).toBe(201);
      expect(again.body.events).toEqual([]);
      expect(again.body.spreads.recorded).toBe(0);
      expect(again.body.spreads.events.every((e: any) => e.reason === IMPORT_MESSAGES.duplicate)).toBe(true);
      expect(await count("wheel_ledger_events", pro.id)).toBe(c.wheelKinds.length);
      expect(await count("option_position_events", pro.id)).toBe(c.spreadKinds.length);
      expect(await positions(pro.id)).toEqual(c.positions);
    },
  );
});

describe("plans hold for the spreads of an import", () => {
  it("Pro: a file leaving eleven spreads open is refused whole with the plan's words; ten fit", async () => {
    const pro = await userOnPlan(`rolls-spreads-${++n}@example.com`, "Pro Plan");
    const symbols = Array.from({ length: 11 }, (_, i) => `Q${String.fromCharCode(65 + i)}`);
    const rows = symbols.flatMap((s) => [
      `2026-10-01,Sell to Open,${s.padEnd(6)}261120P00050000,1,1.00,${s}`,
      `2026-10-01,Buy to Open,${s.padEnd(6)}261120P00045000,1,0.40,${s}`,
    ]);
    const header = "Date,Action,Symbol,Qty,Price,Order";
    const mapping = {
      date: ["Date"],
      action: ["Action"],
      symbol: ["Symbol"],
      quantity: ["Qty"],
      price: ["Price"],
      orderRef: ["Order"],
    };
    const res = await importFile(pro.cookie, { csv: [header, ...rows].join("\n"), mapping, commit: true });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: REFUSAL_MESSAGES.proOpenPositions, limit: 10 });
    expect(await count("option_position_events", pro.id)).toBe(0);
    expect(await count("wheel_ledger_events", pro.id)).toBe(0);

    const ten = await importFile(pro.cookie, {
      csv: [header, ...rows.slice(0, 20)].join("\n"),
      mapping,
      commit: true,
    });
    expect(ten.status).toBe(201);
    expect(ten.body.spreads.openPositions).toEqual({ before: 0, after: 10, limit: 10 });
    expect(await count("option_positions", pro.id)).toBe(10);
  });
});
