/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// Import previews at the ledger's cap (issue 42 item 4): previews and imports are limited to 10 a minute per
// account; a preview at 5,000 events builds the ledger once and gives what the one-build-per-refused-row check
// gave (the same rows accepted and refused, with the same reasons); /wheels/campaigns shows the open campaigns and
// one page of closed ones, the next page by its query.
import { env } from "cloudflare:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { call, postJson, requestWithCookie, userOnPlan } from "./helpers";
import * as importRoute from "#app/routes/api.wheel.ledger.import.ts";
import * as campaignsPage from "#app/routes/wheels-campaigns.tsx";
import { CampaignsPage, type CampaignsPageData } from "#app/components/wheel/CampaignsPage.tsx";
import { BILLING_MESSAGES } from "#app/lib/billing.ts";
import { ledgerRefusalMessage } from "#app/lib/wheel/ledger.ts";
import { buildLedger, type LedgerEvent, type LedgerResult } from "#app/engine/wheel/ledger.ts";
import { checkImportRows } from "#app/server/wheel/ledger-import.server.ts";
import { RATE_LIMITS } from "#app/server/rate-limit.server.ts";

let n = 0;
const proUser = () => userOnPlan(`ledger-scale-${++n}@example.com`, "Pro Plan");
const importFile = (cookie: string, body: Record<string, unknown>) =>
  postJson(importRoute.action, "/api/wheel/ledger/import", cookie, body);

const HEADER =
  "Activity Date,Process Date,Settle Date,Instrument,Description,Trans Code,Quantity,Price,Amount";
const SYMBOLS = Array.from(
  { length: 30 },
  (_, i) => `S${String.fromCharCode(65 + (i % 26))}${i >= 26 ? "X" : ""}`,
);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const us = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};

/** `pairs` closed campaigns: a put sold and expired the same day, one a day from 2020-01-02, stored as recorded. */
async function storeClosedCampaigns(userId: string, pairs: number): Promise<void> {
  const start = Date.parse("2020-01-02T00:00:00Z");
  const statements: D1PreparedStatement[] = [];
  let seq = 0;
  for (let i = 0; i < pairs; i++) {
    const date = iso(start + i * DAY);
    const symbol = SYMBOLS[i % SYMBOLS.length]!;
    const option = { optionType: "put" as const, strike: 50, expiration: date, contracts: 1 };
    const events: LedgerEvent[] = [
      { id: `${userId}-${i}a`, date, symbol, kind: "sell_to_open", ...option, price: 1 },
      { id: `${userId}-${i}b`, date, symbol, kind: "expire", ...option },
    ];
    for (const e of events)
      statements.push(
        env.DB.prepare(
          `INSERT INTO wheel_ledger_events (id, user_id, user_seq, symbol, kind, trade_date, corrects, event, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7, ?8)`,
        ).bind(e.id, userId, ++seq, e.symbol, e.kind, e.date, JSON.stringify(e), Date.now()),
      );
  }
  for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
}

/**
 * A Robinhood file of `days` x 3 rows, newest first: per day a put sold (a), bought back (b), and a buy to close
 * of a put never sold (c), refused: read after b, which closed the campaign, it has none to belong to.
 */
function robinhoodFile(days: number): { csv: string; accepted: number[]; refused: number[] } {
  const rows: string[] = [];
  const start = Date.parse("2026-06-01T00:00:00Z");
  for (let i = 0; i < days; i++) {
    const day = us(start + i * DAY);
    const exp = us(start + (i + 14) * DAY);
    const symbol = SYMBOLS[i % SYMBOLS.length]!;
    rows.push(`${day},${day},${day},${symbol},${symbol} ${exp} Put $40.00,STO,1,$1.00,$100.00`);
    rows.push(`${day},${day},${day},${symbol},${symbol} ${exp} Put $40.00,BTC,1,$0.50,($50.00)`);
    rows.push(`${day},${day},${day},${symbol},${symbol} ${exp} Put $30.00,BTC,1,$0.20,($20.00)`);
  }
  rows.reverse();
  // Line 1 is the header; newest first, so each day's rows read c, b, a downwards.
  const accepted: number[] = [];
  const refused: number[] = [];
  rows.forEach((r, i) => (r.includes("$30.00,BTC") ? refused : accepted).push(i + 2));
  return { csv: [HEADER, ...rows].join("\n"), accepted, refused };
}

describe("previews and imports: 10 a minute per account", () => {
  it("the 11th in a minute from one account is 429 with the product's words; another account is unaffected", async () => {
    expect(RATE_LIMITS.ledgerImport).toEqual({ max: 10, windowMs: 60_000 });
    const a = await proUser();
    const b = await proUser();
    const { csv } = robinhoodFile(2);
    const answers: number[] = [];
    for (let i = 0; i < 9; i++) answers.push((await importFile(a.cookie, { csv })).status);
    answers.push((await importFile(a.cookie, { csv, commit: true })).status);
    expect(answers).toEqual([...Array(9).fill(200), 201]);
    const eleventh = await importFile(a.cookie, { csv });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ status: "error", error: BILLING_MESSAGES.tooManyRequests });
    // A commit is refused too, and writes nothing.
    const refusedCommit = await importFile(a.cookie, { csv, commit: true });
    expect(refusedCommit.status).toBe(429);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM wheel_ledger_events WHERE user_id = ?1")
      .bind(a.id)
      .first<{ n: number }>();
    expect(stored!.n).toBe(4);
    // Each request above came from a fresh address: the count is the account's.
    expect((await importFile(b.cookie, { csv })).status).toBe(200);
  });
});

describe("a preview at the ledger's cap", () => {
  it("4,500 stored events and a 498-row file: the same rows accepted and refused as before, with the reasons", async () => {
    const u = await proUser();
    await storeClosedCampaigns(u.id, 2250);
    const file = robinhoodFile(166);
    const preview = await importFile(u.cookie, { csv: file.csv });
    expect(preview.status).toBe(200);
    expect(preview.body.format).toMatchObject({ id: "robinhood" });
    expect(preview.body.events.map((e: any) => e.line).sort((x: number, y: number) => x - y)).toEqual(
      file.accepted,
    );
    expect(preview.body.skipped.map((s: any) => [s.line, s.reason])).toEqual(
      file.refused.map((line) => [line, ledgerRefusalMessage({ code: "campaignStart" })]),
    );
    expect(preview.body.openCampaigns).toEqual({ before: 0, after: 0, limit: 10 });
  }, 120_000);
});

// --------------------------------------------------------------------------------- the check as it was

type Row = { line: number; event: LedgerEvent; key: string; text: string };

/** The check before issue 42, verbatim in substance: one whole build per refused row. */
function checkBefore(events: LedgerEvent[], candidates: Row[], today: string) {
  const skipped: [number, string][] = [];
  const before = buildLedger(events, today);
  let accepted = candidates;
  let built: LedgerResult = buildLedger([...events, ...accepted.map((c) => c.event)], today);
  while (!built.ok) {
    const failedId = built.eventId;
    const failed = accepted.find((c) => c.event.id === failedId);
    if (!failed) break;
    skipped.push([failed.line, ledgerRefusalMessage(built.refusal)]);
    accepted = accepted.filter((c) => c !== failed);
    built = buildLedger([...events, ...accepted.map((c) => c.event)], today);
  }
  const fellBack = !built.ok;
  if (!built.ok) {
    const remaining = accepted;
    accepted = [];
    const kept = [...events];
    built = before;
    for (const c of remaining) {
      const next = buildLedger([...kept, c.event], today);
      if (next.ok) {
        kept.push(c.event);
        accepted.push(c);
        built = next;
      } else skipped.push([c.line, ledgerRefusalMessage(next.refusal)]);
    }
  }
  return { accepted, skipped, built, fellBack };
}

/** A small seeded generator (mulberry32): the cases are the same on every run. */
function random(seed: number) {
  let t = seed;
  return () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function randomEvent(next: () => number, id: string, correctable: string[]): LedgerEvent {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const date = iso(Date.parse("2026-01-05T00:00:00Z") + Math.floor(next() * 40) * DAY);
  const symbol = pick(["AA", "BB", "CC"]);
  const optionType = pick(["put", "call"] as const);
  const strike = pick([40, 50]);
  const expiration = pick(["2026-02-20", "2026-03-20"]);
  const contracts = pick([1, 2]);
  const kind = pick([
    "sell_to_open",
    "sell_to_open",
    "buy_to_close",
    "expire",
    "assign",
    "called_away",
    "buy_shares",
    "sell_shares",
    "dividend",
    "fee",
  ] as const);
  const base = { id, date, symbol, kind };
  const corrects = correctable.length && next() < 0.05 ? { corrects: pick(correctable) } : {};
  switch (kind) {
    case "buy_shares":
    case "sell_shares":
      return { ...base, shares: pick([100, 200]), price: pick([39, 45]), ...corrects };
    case "dividend":
      return { ...base, amount: 0.5, exDate: date, ...corrects };
    case "fee":
      return { ...base, amount: 1, ...corrects };
    default:
      return { ...base, optionType, strike, expiration, contracts, price: pick([1, 0.5]), ...corrects };
  }
}

describe("the one-build check gives what the one-build-per-refused-row check gave", () => {
  it("on 150 seeded ledgers and files (refused rows, rows that break stored events, corrections)", () => {
    let fallbacks = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const next = random(seed);
      // Stored events: those of a random list that build, in order (what recording them one by one keeps).
      const stored: LedgerEvent[] = [];
      for (let i = 0; i < 30; i++) {
        const e = randomEvent(
          next,
          `s${seed}-${i}`,
          stored.map((s) => s.id),
        );
        if (buildLedger([...stored, e], "2026-12-01").ok) stored.push(e);
      }
      const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
        line: i + 2,
        key: `k${i}`,
        text: `row ${i}`,
        event: randomEvent(next, `f${seed}-${i}`, seed % 3 === 0 ? stored.map((s) => s.id) : []),
      }));
      const old = checkBefore(stored, rows, "2026-12-01");
      const now = checkImportRows(stored, rows, "2026-12-01");
      const where = `seed ${seed}`;
      expect(
        now.accepted.map((r) => r.line),
        where,
      ).toEqual(old.accepted.map((r) => r.line));
      const byLine = (a: [number, string], b: [number, string]) => a[0] - b[0];
      expect(now.refused.map((r) => [r.row.line, r.reason] as [number, string]).sort(byLine), where).toEqual(
        [...old.skipped].sort(byLine),
      );
      expect(now.built.ok, where).toBe(old.built.ok);
      if (now.built.ok && old.built.ok)
        expect(
          now.built.campaigns.map((c) => [c.id, c.status]),
          where,
        ).toEqual(old.built.campaigns.map((c) => [c.id, c.status]));
      if (old.fellBack) fallbacks++;
    }
    // Some cases take the slower path (a file row before a stored event broke it).
    expect(fallbacks).toBeGreaterThan(0);
  }, 120_000);
});

// --------------------------------------------------------------------------------- the campaigns screen

function html(data: CampaignsPageData): string {
  const Stub = createRoutesStub([
    { path: "/wheels/campaigns", Component: () => createElement(CampaignsPage, { data }) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/wheels/campaigns"] }));
}

describe("/wheels/campaigns pages its closed campaigns", () => {
  it("2,250 closed campaigns: one page of 20 with the count left, the next page by ?closed=40", async () => {
    const u = await proUser();
    await storeClosedCampaigns(u.id, 2250);
    const load = async (query: string) =>
      (await call(
        campaignsPage.loader,
        requestWithCookie(`/wheels/campaigns${query}`, u.cookie),
      )) as unknown as CampaignsPageData & { closedRemaining: number; nextClosed: number };

    const first = await load("");
    expect(first.campaigns).toHaveLength(campaignsPage.CLOSED_PAGE_SIZE);
    expect(first.closedCampaigns).toBe(2250);
    expect(first.closedRemaining).toBe(2230);
    expect(first.eventCount).toBe(4500);
    expect(first.events).toHaveLength(40);
    // Newest first.
    expect(first.campaigns[0]!.startDate > first.campaigns[19]!.startDate).toBe(true);
    const page = html(first).replaceAll("<!-- -->", "");
    expect(page).toContain("2230 older closed campaigns not shown");
    expect(page).toContain('href="/wheels/campaigns?closed=40"');

    const second = await load("?closed=40");
    expect(second.campaigns).toHaveLength(40);
    expect(second.campaigns.slice(0, 20).map((c) => c.id)).toEqual(first.campaigns.map((c) => c.id));
    expect(second.closedRemaining).toBe(2210);
    expect(second.nextClosed).toBe(60);

    // The page as it was: every campaign, and every event in the form's list.
    const all = await load("?closed=100000");
    expect(all.campaigns).toHaveLength(2250);
    expect(all.closedRemaining).toBe(0);
    const whole = html(all);
    const bytes = (s: string) => new TextEncoder().encode(s).length;
    console.log(
      `campaigns page body: ${bytes(whole)} bytes with every campaign, ${bytes(page)} bytes paged ` +
        `(loader data ${bytes(JSON.stringify(all))} -> ${bytes(JSON.stringify(first))} bytes)`,
    );
    expect(bytes(page) * 20).toBeLessThan(bytes(whole));
    expect(whole).not.toContain("not shown");
  }, 120_000);
});
