/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// The sample broker exports of tests/fixtures through the import route in workerd (issue 44, decisions 273, 304):
// each is recognised, previewed without a write, committed into a campaign whose cash is the broker's own (fees
// included), and skipped whole the second time. A Fidelity file the preset does not recognise reaches the mapping,
// whose guess takes both fee columns, and reads the same.
//
// Fidelity publishes no layout for its account history download: tests/fixtures/fidelity-accounts-history.csv is
// our own file in the layout its downloads show, with no real account's rows (decision 304). The Robinhood and
// tastytrade samples are ours too, in the layouts decision 273 cites.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { postJson, userOnPlan } from "./helpers";
import * as importRoute from "#app/routes/api.wheel.ledger.import.ts";
import { buildLedger, type LedgerEvent } from "#app/engine/wheel/ledger.ts";
import { IMPORT_MESSAGES } from "#app/lib/wheel/ledger-import.ts";
import FIDELITY from "../fixtures/fidelity-accounts-history.csv?raw";
import ROBINHOOD from "../fixtures/robinhood-activity-report.csv?raw";
import TASTYTRADE from "../fixtures/tastytrade-transactions.csv?raw";
import { briefEvents, skippedReasons } from "./ledger-import-brief";

let n = 0;
const proUser = () => userOnPlan(`ledger-brokers-${++n}@example.com`, "Pro Plan");
const importFile = (cookie: string, body: Record<string, unknown>) =>
  postJson(importRoute.action, "/api/wheel/ledger/import", cookie, body);

async function storedEvents(userId: string): Promise<LedgerEvent[]> {
  const { results } = await env.DB.prepare(
    "SELECT event FROM wheel_ledger_events WHERE user_id = ?1 ORDER BY user_seq",
  )
    .bind(userId)
    .all<{ event: string }>();
  return results.map((r) => JSON.parse(r.event) as LedgerEvent);
}

/**
 * The campaigns the stored events build, with their cash and fees summed. Each sample is two campaigns of one
 * symbol: a put sold and bought back (which ends a campaign holding nothing), then a put assigned, calls sold on
 * the shares, and the shares called away.
 */
async function campaignsOf(userId: string) {
  const built = buildLedger(await storedEvents(userId), "2026-12-01");
  if (!built.ok) throw new Error(`ledger refused: ${JSON.stringify(built.refusal)}`);
  const { campaigns } = built;
  return {
    shape: campaigns.map((c) => [c.symbol, c.status, c.eventIds.length, c.sharesHeld]),
    netCash: campaigns.reduce((sum, c) => sum + c.netCash, 0),
    fees: campaigns.reduce((sum, c) => sum + c.fees, 0),
  };
}

const brief = (events: any[]) => briefEvents(events);
const reasons = skippedReasons;

const FIDELITY_EVENTS = [
  [14, "2026-08-03", "sell_to_open", "put", 100, "2026-08-21", 1, 1.45, 0.67],
  [13, "2026-08-14", "buy_to_close", "put", 100, "2026-08-21", 1, 0.2, 0.66],
  [12, "2026-08-17", "sell_to_open", "put", 105, "2026-09-18", 1, 2.1, 0.67],
  [11, "2026-09-21", "assign", "put", 105, "2026-09-18", 1, null, null],
  [9, "2026-09-22", "sell_to_open", "call", 110, "2026-10-16", 1, 1.3, 0.67],
  [8, "2026-10-19", "expire", "call", 110, "2026-10-16", 1, null, null],
  [7, "2026-10-20", "sell_to_open", "call", 112.5, "2026-11-20", 1, 1.05, 0.67],
  [5, "2026-11-23", "called_away", "call", 112.5, "2026-11-20", 1, null, 0.05],
];
// The Amount ($) of the file's trade rows, summed: what the campaign's cash must come to, fees included.
const FIDELITY_NET_CASH = 144.33 - 20.66 + 209.33 - 10500 + 129.33 + 104.33 + 11249.95;

describe("Fidelity (tests/fixtures/fidelity-accounts-history.csv)", () => {
  it("is recognised and previewed with its legs, fees and skipped rows; nothing is written", async () => {
    const pro = await proUser();
    const preview = await importFile(pro.cookie, { csv: FIDELITY });
    expect(preview.status).toBe(200);
    expect(preview.body.needsMapping).toBe(false);
    expect(preview.body.format).toEqual({ id: "fidelity", name: "Fidelity (account history)" });
    expect(preview.body.mappingSource).toBe("preset");
    expect(preview.body.events.every((e: any) => e.event.symbol === "XOM")).toBe(true);
    expect(brief(preview.body.events)).toEqual(FIDELITY_EVENTS);
    expect(reasons(preview.body.skipped)).toEqual([
      [4, IMPORT_MESSAGES.pairedShares(5)],
      [6, IMPORT_MESSAGES.dividend],
      [10, IMPORT_MESSAGES.pairedShares(11)],
      [15, IMPORT_MESSAGES.notWheel("Electronic Funds Transfer Received")],
      [17, IMPORT_MESSAGES.summaryLine],
      [20, IMPORT_MESSAGES.summaryLine],
      [21, IMPORT_MESSAGES.summaryLine],
    ]);
    expect(preview.body.skipped.some((s: any) => s.reason === IMPORT_MESSAGES.unknownContract)).toBe(false);
    expect(preview.body.openCampaigns).toEqual({ before: 0, after: 0, limit: 10 });
    expect(await storedEvents(pro.id)).toEqual([]);
  });

  it("commits two closed campaigns whose cash is the file's amounts; the same file again adds nothing", async () => {
    const pro = await proUser();
    const commit = await importFile(pro.cookie, { csv: FIDELITY, commit: true });
    expect(commit.status).toBe(201);
    expect(commit.body.committed).toBe(true);
    expect(brief(commit.body.events)).toEqual(FIDELITY_EVENTS);
    const campaigns = await campaignsOf(pro.id);
    expect(campaigns.shape).toEqual([
      ["XOM", "closed", 2, 0],
      ["XOM", "closed", 6, 0],
    ]);
    expect(campaigns.fees).toBeCloseTo(0.67 * 4 + 0.66 + 0.05, 6);
    expect(campaigns.netCash).toBeCloseTo(FIDELITY_NET_CASH, 6);

    const again = await importFile(pro.cookie, { csv: FIDELITY, commit: true });
    expect(again.status).toBe(201);
    expect(again.body.events).toEqual([]);
    expect(again.body.skipped.filter((s: any) => s.reason === IMPORT_MESSAGES.duplicate)).toHaveLength(8);
    expect(await storedEvents(pro.id)).toHaveLength(8);
  });

  it("a header the preset does not know reaches the mapping; the guess takes both fee columns and reads every leg", async () => {
    const pro = await proUser();
    // The same rows under a renamed date column: the file is "unknown" and needs a mapping (decision 272).
    const renamed = FIDELITY.replace("Run Date,", "Trade Date,");
    const first = await importFile(pro.cookie, { csv: renamed });
    expect(first.status).toBe(200);
    expect(first.body.needsMapping).toBe(true);
    const mapping = first.body.suggested;
    expect(mapping).toMatchObject({
      date: ["Trade Date"],
      action: ["Action"],
      symbol: ["Symbol"],
      description: ["Description"],
      quantity: ["Quantity"],
      price: ["Price ($)"],
      fees: ["Commission ($)", "Fees ($)"],
    });

    const commit = await importFile(pro.cookie, { csv: renamed, mapping, commit: true });
    expect(commit.status).toBe(201);
    expect(commit.body.format).toBeNull();
    expect(commit.body.mappingSource).toBe("submitted");
    expect(brief(commit.body.events)).toEqual(FIDELITY_EVENTS);
    expect((await campaignsOf(pro.id)).netCash).toBeCloseTo(FIDELITY_NET_CASH, 6);
    const saved = await env.DB.prepare("SELECT mapping FROM ledger_import_mappings WHERE user_id = ?1")
      .bind(pro.id)
      .first<{ mapping: string }>();
    expect(JSON.parse(saved!.mapping).fees).toEqual(["Commission ($)", "Fees ($)"]);

    // A field names at most four columns.
    const tooMany = await importFile(pro.cookie, {
      csv: renamed,
      mapping: { ...mapping, fees: ["Commission ($)", "Fees ($)", "Amount ($)", "Quantity", "Type"] },
    });
    expect(tooMany.status).toBe(400);
  });
});

describe("Robinhood (tests/fixtures/robinhood-activity-report.csv)", () => {
  it("quoted multi-line cells, the assignments' share rows and the disclaimer row: two closed campaigns", async () => {
    const pro = await proUser();
    const res = await importFile(pro.cookie, { csv: ROBINHOOD, commit: true });
    expect(res.status).toBe(201);
    expect(res.body.format).toMatchObject({ id: "robinhood" });
    expect(brief(res.body.events)).toEqual([
      [14, "2026-08-03", "sell_to_open", "put", 95, "2026-08-21", 1, 2.25, null],
      [13, "2026-08-21", "buy_to_close", "put", 95, "2026-08-21", 1, 0.15, null],
      [12, "2026-08-24", "sell_to_open", "put", 100, "2026-09-18", 1, 3.2, null],
      [11, "2026-09-21", "assign", "put", 100, "2026-09-18", 1, null, null],
      [8, "2026-09-22", "sell_to_open", "call", 110, "2026-10-16", 1, 3.05, null],
      [7, "2026-10-19", "expire", "call", 110, "2026-10-16", 1, null, null],
      [6, "2026-10-26", "sell_to_open", "call", 112, "2026-11-20", 1, 2.4, null],
      [4, "2026-11-23", "called_away", "call", 112, "2026-11-20", 1, null, null],
    ]);
    expect(reasons(res.body.skipped)).toEqual([
      [2, IMPORT_MESSAGES.pairedShares(4)],
      [5, IMPORT_MESSAGES.notWheel("INT")],
      [9, IMPORT_MESSAGES.pairedShares(11)],
      [15, IMPORT_MESSAGES.notWheel("ACH")],
      [17, IMPORT_MESSAGES.summaryLine],
    ]);
    expect((await campaignsOf(pro.id)).shape).toEqual([
      ["HOOD", "closed", 2, 0],
      ["HOOD", "closed", 6, 0],
    ]);
  });
});

describe("tastytrade (tests/fixtures/tastytrade-transactions.csv)", () => {
  it("prices per share from the per-contract Average Price; the called-away shares are a sale; cash is the file's Total", async () => {
    const pro = await proUser();
    const res = await importFile(pro.cookie, { csv: TASTYTRADE, commit: true });
    expect(res.status).toBe(201);
    expect(res.body.format).toMatchObject({ id: "tastytrade" });
    expect(brief(res.body.events)).toEqual([
      [11, "2026-08-03", "sell_to_open", "put", 19, "2026-08-21", 1, 0.55, 1.14],
      [10, "2026-08-21", "buy_to_close", "put", 19, "2026-08-21", 1, 0.05, 0.13],
      [9, "2026-08-24", "sell_to_open", "put", 20, "2026-09-18", 1, 0.71, 1.14],
      [7, "2026-09-18", "assign", "put", 20, "2026-09-18", 1, null, 5],
      [6, "2026-09-21", "sell_to_open", "call", 22, "2026-10-16", 1, 0.48, 1.14],
      [5, "2026-10-16", "expire", "call", 22, "2026-10-16", 1, null, null],
      [4, "2026-10-19", "sell_to_open", "call", 21, "2026-11-20", 1, 0.62, 1.14],
      [2, "2026-11-20", "called_away", "call", 21, "2026-11-20", 1, null, 5.03],
    ]);
    expect(reasons(res.body.skipped)).toEqual([
      [3, IMPORT_MESSAGES.pairedShares(2)],
      [8, IMPORT_MESSAGES.pairedShares(7)],
      [12, IMPORT_MESSAGES.notWheel("Deposit")],
    ]);
    const campaigns = await campaignsOf(pro.id);
    expect(campaigns.shape).toEqual([
      ["SOFI", "closed", 2, 0],
      ["SOFI", "closed", 6, 0],
    ]);
    // The Total column of the trade rows, summed.
    expect(campaigns.netCash).toBeCloseTo(53.86 - 5.13 + 69.86 - 2005 + 46.86 + 60.86 + 2094.97, 6);
  });
});
