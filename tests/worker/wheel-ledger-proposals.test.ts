// Issue 31 item 5: the cron proposes expiry, assignment and call-away from the official close on the expiration date;
// the user confirms (the event goes through the ledger's checks) or dismisses (decision 281).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, requestWithCookie, userOnPlan } from "./helpers";
import { freshIp } from "./auth-helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as ledgerRoute from "#app/routes/api.wheel.ledger.ts";
import * as campaignsPage from "#app/routes/wheels-campaigns.tsx";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { testEnv } from "./helpers";
import {
  pendingProposals,
  proposeLedgerExpiries,
  proposedEvent,
} from "#app/server/wheel/proposals.server.ts";

let n = 0;
const proUser = () => userOnPlan(`proposals-${++n}@example.com`);

async function record(cookie: string, body: Record<string, unknown>) {
  const res = (await call(
    ledgerRoute.action,
    requestWithCookie("/api/wheel/ledger", cookie, {
      method: "POST",
      headers: { "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
      body: JSON.stringify(body),
    }),
  )) as Response;
  expect(res.status).toBe(201);
}

async function close(symbol: string, date: string, price: number) {
  await env.DB.prepare(
    "INSERT OR REPLACE INTO daily_closes (symbol, date, open, high, low, close, volume, source) VALUES (?1, ?2, ?3, ?3, ?3, ?3, 1, 'demo')",
  )
    .bind(symbol, date, price)
    .run();
}

async function decide(cookie: string, proposal: string, decision: string) {
  const form = new FormData();
  form.set("intent", "proposal");
  form.set("proposal", proposal);
  form.set("decision", decision);
  return call(
    campaignsPage.action,
    requestWithCookie("/wheels/campaigns", cookie, { method: "POST", body: form }),
  );
}

const SOLD = daysFromToday(-30);
const EXPIRED = daysFromToday(-3);
const sell = (symbol: string, optionType: "put" | "call", strike: number, expiration = EXPIRED) => ({
  date: SOLD,
  symbol,
  kind: "sell_to_open",
  optionType,
  strike,
  expiration,
  contracts: 1,
  price: 1.2,
});

describe("expiry proposals", () => {
  it("reads the close: a put below its strike is assigned, a call above is called away, else expired; pins flagged", () => {
    const option = (optionType: "put" | "call", strike: number) => ({
      optionType,
      strike,
      expiration: "2026-11-20",
      contracts: 2,
    });
    expect(proposedEvent("KO", option("put", 60), 58).event.kind).toBe("assign");
    expect(proposedEvent("KO", option("put", 60), 61).event.kind).toBe("expire");
    expect(proposedEvent("KO", option("call", 60), 61).event.kind).toBe("called_away");
    expect(proposedEvent("KO", option("call", 60), 59).event.kind).toBe("expire");
    expect(proposedEvent("KO", option("put", 60), 60.04)).toMatchObject({
      pin: true,
      event: { kind: "expire" },
    });
    expect(proposedEvent("KO", option("put", 60), 60.06).pin).toBe(false);
    expect(proposedEvent("KO", option("put", 60), 58).event).toMatchObject({
      date: "2026-11-20",
      symbol: "KO",
      contracts: 2,
      strike: 60,
      expiration: "2026-11-20",
    });
  });

  it("proposes once per open option from the stored close; waits for a missing close; confirm records, dismiss does not", async () => {
    const a = await proUser();
    await record(a.cookie, sell("PRA", "put", 50)); // closes at 47: assigned
    await record(a.cookie, sell("PRB", "put", 100)); // closes at 103: expired
    await record(a.cookie, sell("PRC", "put", 80)); // no close stored yet: waits
    await record(a.cookie, sell("PRD", "put", 70, daysFromToday(20))); // not expired: nothing
    await close("PRA", EXPIRED, 47);
    await close("PRB", EXPIRED, 103);

    const first = await proposeLedgerExpiries(env, new Date());
    expect(first.detail).toMatchObject({ proposed: 2, waitingForClose: 1 });
    const again = await proposeLedgerExpiries(env, new Date());
    const rows = await env.DB.prepare(
      "SELECT option_key, status FROM wheel_ledger_proposals WHERE user_id = ?1",
    )
      .bind(a.id)
      .all<{ option_key: string; status: string }>();
    expect(rows.results).toHaveLength(2);
    expect(again.itemsProcessed).toBe(2); // re-proposed rows are ignored on conflict: still two rows
    const pending = await pendingProposals(env, a.id);
    const byKind = Object.fromEntries(pending.map((p) => [p.event.symbol, p]));
    expect(byKind.PRA!.event).toMatchObject({ kind: "assign", strike: 50 });
    expect(byKind.PRA!.settlement).toBe(47);
    expect(byKind.PRB!.event.kind).toBe("expire");

    // Shown on the page.
    const view = (await call(campaignsPage.loader, requestWithCookie("/wheels/campaigns", a.cookie))) as {
      proposals: { id: string }[];
    };
    expect(view.proposals.map((p) => p.id).sort()).toEqual(pending.map((p) => p.id).sort());

    // Another user cannot resolve it.
    const b = await proUser();
    expect(await decide(b.cookie, byKind.PRA!.id, "confirm")).toMatchObject({ init: { status: 404 } });

    // Confirm: the assignment is recorded through the ledger; the campaign now holds 100 shares.
    const before = await env.DB.prepare("SELECT count(*) AS n FROM wheel_ledger_events WHERE user_id = ?1")
      .bind(a.id)
      .first<{ n: number }>();
    expect(await decide(a.cookie, byKind.PRA!.id, "confirm")).toMatchObject({ success: "Event recorded." });
    const kinds = await env.DB.prepare(
      "SELECT kind FROM wheel_ledger_events WHERE user_id = ?1 ORDER BY user_seq DESC LIMIT 1",
    )
      .bind(a.id)
      .first<{ kind: string }>();
    expect(kinds!.kind).toBe("assign");
    // Dismiss: nothing recorded.
    expect(await decide(a.cookie, byKind.PRB!.id, "dismiss")).toMatchObject({
      success: "Proposal dismissed.",
    });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM wheel_ledger_events WHERE user_id = ?1")
      .bind(a.id)
      .first<{ n: number }>();
    expect(after!.n).toBe(before!.n + 1);
    expect(await pendingProposals(env, a.id)).toEqual([]);
    // A resolved proposal cannot be resolved again.
    expect(await decide(a.cookie, byKind.PRB!.id, "confirm")).toMatchObject({ init: { status: 404 } });
    // Bad input: a 400 with words, nothing written.
    expect(await decide(a.cookie, byKind.PRB!.id, "maybe")).toMatchObject({ init: { status: 400 } });
  });

  it("runs with the daily job after the grading: a covered call closing above its strike is proposed as called away", async () => {
    const c = await proUser();
    await record(c.cookie, { date: SOLD, symbol: "PRE", kind: "buy_shares", shares: 100, price: 38 });
    await record(c.cookie, sell("PRE", "call", 40));
    await close("PRE", EXPIRED, 45);
    await runJob("trackRecord", testEnv, new Date());
    const [proposal] = await pendingProposals(env, c.id);
    expect(proposal!.event).toMatchObject({
      kind: "called_away",
      optionType: "call",
      strike: 40,
      contracts: 1,
    });
    expect(proposal!.settlement).toBe(45);
  });
});
