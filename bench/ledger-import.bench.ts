/**
 * An import preview at the ledger's cap (figures printed, never asserted; issue 42 item 4): 4,500 stored events
 * (2,250 closed campaigns over 30 symbols) and a 498-row Robinhood file of which a third is refused (a buy to
 * close of a put that is not open), so the preview checks 4,832 events and refuses 166 rows. "before" is the
 * check as it was (the ledger rebuilt once per refused row), reproduced here on the same rows; "after" is
 * `checkImportRows` (one build); "preview" is the whole `importLedgerCsv` preview over an in-memory D1 stand-in.
 * Goal: the preview under 500 ms.
 */
import { buildLedger, type LedgerEvent } from "#app/engine/wheel/ledger.ts";
import { ledgerRefusalMessage } from "#app/lib/wheel/ledger.ts";
import { checkImportRows, importLedgerCsv } from "#app/server/wheel/ledger-import.server.ts";
import type { EntitledUser } from "#app/server/entitlements.server.ts";

const SYMBOLS = Array.from(
  { length: 30 },
  (_, i) => `S${String.fromCharCode(65 + (i % 26))}${i >= 26 ? "X" : ""}`,
);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 4,500 events: a put sold and expired the same day, one pair a day from 2020-01-02. */
function storedEvents(): LedgerEvent[] {
  const out: LedgerEvent[] = [];
  const start = Date.parse("2020-01-02T00:00:00Z");
  for (let i = 0; i < 2250; i++) {
    const date = iso(start + i * DAY);
    const symbol = SYMBOLS[i % SYMBOLS.length]!;
    const option = { optionType: "put" as const, strike: 50, expiration: date, contracts: 1 };
    out.push({ id: `s${i}a`, date, symbol, kind: "sell_to_open", ...option, price: 1 });
    out.push({ id: `s${i}b`, date, symbol, kind: "expire", ...option });
  }
  return out;
}

/** 498 Robinhood rows, newest first: per day a put sold, bought back, and a buy to close of one never sold. */
function robinhoodFile(): string {
  const lines: string[] = [];
  const start = Date.parse("2026-06-01T00:00:00Z");
  const us = (ms: number) => {
    const d = new Date(ms);
    return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
  };
  for (let i = 0; i < 166; i++) {
    const day = start + i * DAY;
    const symbol = SYMBOLS[i % SYMBOLS.length]!;
    const exp = us(day + 14 * DAY);
    lines.push(`${us(day)},${us(day)},${us(day)},${symbol},${symbol} ${exp} Put $40.00,STO,1,$1.00,$100.00`);
    lines.push(`${us(day)},${us(day)},${us(day)},${symbol},${symbol} ${exp} Put $40.00,BTC,1,$0.50,($50.00)`);
    lines.push(`${us(day)},${us(day)},${us(day)},${symbol},${symbol} ${exp} Put $30.00,BTC,1,$0.20,($20.00)`);
  }
  return [
    "Activity Date,Process Date,Settle Date,Instrument,Description,Trans Code,Quantity,Price,Amount",
    ...lines.reverse(),
  ].join("\n");
}

/** Answers the two reads of a preview: the user's events (raw rows: event JSON, user_seq) and no import keys. */
class LedgerD1 {
  constructor(private readonly events: LedgerEvent[]) {}
  prepare(sql: string) {
    const rows = sql.includes("import_key") ? [] : this.events.map((e, i) => [JSON.stringify(e), i + 1]);
    const stmt = {
      bind: () => stmt,
      raw: async () => rows,
      all: async () => ({ results: [], success: true, meta: {} }),
      first: async () => null,
      run: async () => ({ results: [], success: true, meta: { changes: 0 } }),
    };
    return stmt;
  }
  async batch(stmts: unknown[]) {
    return stmts.map(() => ({ results: [], success: true, meta: { changes: 1 } }));
  }
}

type Row = { line: number; event: LedgerEvent; key: string; text: string };

/** The check before issue 42: one whole build per refused row (and per row when a stored event broke). */
function checkBefore(events: LedgerEvent[], candidates: Row[], today: string) {
  const skipped: { line: number; reason: string }[] = [];
  const before = buildLedger(events, today);
  let accepted = candidates;
  let built = buildLedger([...events, ...accepted.map((c) => c.event)], today);
  while (!built.ok) {
    const failedId = built.eventId;
    const failed = accepted.find((c) => c.event.id === failedId);
    if (!failed) break;
    skipped.push({ line: failed.line, reason: ledgerRefusalMessage(built.refusal) });
    accepted = accepted.filter((c) => c !== failed);
    built = buildLedger([...events, ...accepted.map((c) => c.event)], today);
  }
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
      } else skipped.push({ line: c.line, reason: ledgerRefusalMessage(next.refusal) });
    }
  }
  return { accepted, skipped };
}

const best = (runs: number, f: () => unknown) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return Math.min(...times);
};

const stored = storedEvents();
const csv = robinhoodFile();
const user = {
  id: "bench",
  plan: "pro",
  subscriptionTier: "Pro Plan",
  subscriptionStatus: "active",
} as unknown as EntitledUser;
const env = { DB: new LedgerD1(stored) as unknown as D1Database };
const now = Date.parse("2026-12-01T17:00:00Z");

// The rows the preview checks, read by the preview itself (its events are the accepted ones).
const preview = await importLedgerCsv(env, user, { csv }, now);
if (!preview.ok || preview.needsMapping)
  throw new Error(`preview failed: ${JSON.stringify(preview).slice(0, 300)}`);
console.log(
  `stored ${stored.length} events, file ${csv.split("\n").length - 1} rows: ${preview.events.length} accepted, ` +
    `${preview.skipped.length} skipped`,
);

// The same candidates both ways: every file row as an event (the refused ones are buy to close rows).
const rows: Row[] = [];
let line = 2;
// The file is newest first: its rows are read oldest first, as the preview does.
for (const r of csv.split("\n").slice(1).reverse()) {
  const [date, , , symbol, description, code, , price] = r.split(",");
  const [m, d, y] = date!.split("/").map(Number);
  const [, exp, , strike] = description!.split(" ");
  const [em, ed, ey] = exp!.split("/").map(Number);
  const pad = (n: number) => String(n).padStart(2, "0");
  rows.push({
    line: line++,
    key: String(line),
    text: r,
    event: {
      id: `f${line}`,
      date: `${y}-${pad(m!)}-${pad(d!)}`,
      symbol: symbol!,
      kind: code === "STO" ? "sell_to_open" : "buy_to_close",
      optionType: "put",
      strike: Number(strike!.slice(1)),
      expiration: `${ey}-${pad(em!)}-${pad(ed!)}`,
      contracts: 1,
      price: Number(price!.slice(1)),
    },
  });
}
const today = "2026-12-01";
const a = checkBefore(stored, rows, today);
const b = checkImportRows(stored, rows, today);
const same =
  JSON.stringify(a.accepted.map((r) => r.line)) === JSON.stringify(b.accepted.map((r) => r.line)) &&
  JSON.stringify([...a.skipped].sort((x, y) => x.line - y.line)) ===
    JSON.stringify(
      b.refused.map((r) => ({ line: r.row.line, reason: r.reason })).sort((x, y) => x.line - y.line),
    );
console.log(`check: ${b.accepted.length} accepted, ${b.refused.length} refused; same as before: ${same}`);
console.log(
  `check before (one build per refused row): ${best(1, () => checkBefore(stored, rows, today)).toFixed(0)} ms`,
);
console.log(
  `check after (one build):                  ${best(10, () => checkImportRows(stored, rows, today)).toFixed(1)} ms`,
);
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await importLedgerCsv(env, user, { csv }, now);
  times.push(performance.now() - t);
}
console.log(
  `preview at ${stored.length + preview.events.length} events (whole importLedgerCsv): best ${Math.min(...times).toFixed(0)} ms, median ${[...times].sort((x, y) => x - y)[2]!.toFixed(0)} ms (goal < 500 ms)`,
);
