/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// POST /api/wheel/ledger's batch body (decision 344): a roll's buy to close and sell to open recorded in one D1
// batch, both with consecutive numbers or neither; each event checked against the ledger with the ones before it,
// the plan's open campaigns counted after all; the single-event body unchanged.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { postJson, userOnPlan } from "./helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as ledgerRoute from "#app/routes/api.wheel.ledger.ts";
import { buildLedger } from "#app/engine/wheel/ledger.ts";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { LEDGER_INPUT_MESSAGES } from "#app/lib/wheel/ledger.ts";
import { readLedger, recordLedgerEvents } from "#app/server/wheel/ledger.server.ts";

let n = 0;
const proUser = () => userOnPlan(`ledger-batch-${++n}@example.com`, "Pro Plan");
const PRO = { subscriptionTier: "Pro Plan", subscriptionStatus: "active" };

const record = (cookie: string, body: unknown) =>
  postJson(ledgerRoute.action, "/api/wheel/ledger", cookie, body);

async function seqs(userId: string): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT user_seq FROM wheel_ledger_events WHERE user_id = ?1 ORDER BY user_seq",
  )
    .bind(userId)
    .all<{ user_seq: number }>();
  return results.map((r) => r.user_seq);
}

const DAY = daysFromToday(-20);
const ROLL_DAY = daysFromToday(-5);
const EXPIRY = daysFromToday(10);
const LATER = daysFromToday(40);
const put = (symbol: string, extra: Record<string, unknown> = {}) => ({
  date: DAY,
  symbol,
  kind: "sell_to_open",
  optionType: "put",
  strike: 50,
  expiration: EXPIRY,
  contracts: 1,
  price: 1.25,
  ...extra,
});
const close = (symbol: string, extra: Record<string, unknown> = {}) =>
  put(symbol, { date: ROLL_DAY, kind: "buy_to_close", price: 0.4, ...extra });
const reopen = (symbol: string, extra: Record<string, unknown> = {}) =>
  put(symbol, { date: ROLL_DAY, strike: 48, expiration: LATER, price: 1.1, ...extra });

/** Distinct ticker-shaped symbols: QAA, QAB, ... */
const symbolAt = (i: number) =>
  `Q${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;

describe("a roll recorded as one write", () => {
  it("lands both events with consecutive numbers, linked by the engine as one roll step", async () => {
    const user = await proUser();
    // A covered call: the campaign holds shares, so closing the call leaves it open for the new one.
    const shares = { date: DAY, symbol: "KO", kind: "buy_shares", shares: 100, price: 50 };
    expect((await record(user.cookie, shares)).status).toBe(201);
    const call = { optionType: "call", strike: 55 };
    expect((await record(user.cookie, put("KO", call))).status).toBe(201);
    const res = await record(user.cookie, {
      events: [close("KO", call), reopen("KO", { ...call, strike: 56 })],
    });
    expect(res.status).toBe(201);
    const body: any = res.body;
    expect(body.status).toBe("success");
    expect(body.events.map((e: any) => e.kind)).toEqual(["buy_to_close", "sell_to_open"]);
    expect(body.events[1]).toMatchObject({ strike: 56, expiration: LATER, price: 1.1 });
    expect(await seqs(user.id)).toEqual([1, 2, 3, 4]);
    const { events } = await readLedger(env, user.id);
    const ids = body.events.map((e: any) => e.id);
    expect(events.slice(2).map((e) => e.id)).toEqual(ids);
    const built = buildLedger(events, daysFromToday(0));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.campaigns).toHaveLength(1);
    expect(built.campaigns[0]!.status).toBe("open");
    const roll = built.campaigns[0]!.steps.find((s) => s.kind === "roll");
    expect(roll?.eventIds).toEqual(ids);
  });

  it("writes nothing when the rules refuse the second event: a future date, or a close of nothing open", async () => {
    const user = await proUser();
    expect((await record(user.cookie, put("KO"))).status).toBe(201);
    const future = await record(user.cookie, {
      events: [close("KO"), reopen("KO", { date: daysFromToday(3) })],
    });
    expect(future.status).toBe(400);
    expect((future.body as any).error).toBe(LEDGER_INPUT_MESSAGES.futureDate);
    expect(await seqs(user.id)).toEqual([1]);
    // The second close finds the put already closed by the first: the engine's refusal, nothing stored.
    const twice = await record(user.cookie, { events: [close("KO"), close("KO")] });
    expect(twice.status).toBe(400);
    expect((twice.body as any).error).toEqual(expect.any(String));
    expect(await seqs(user.id)).toEqual([1]);
    // The same first event alone is fine: the refusal was the pair's.
    expect((await record(user.cookie, close("KO"))).status).toBe(201);
    expect(await seqs(user.id)).toEqual([1, 2]);
  });

  it("counts the plan's open campaigns after both events", async () => {
    const user = await proUser();
    for (let i = 0; i < 10; i++) expect((await record(user.cookie, put(symbolAt(i)))).status).toBe(201);
    // An eleventh campaign alone is refused ...
    expect((await record(user.cookie, put(symbolAt(10)))).status).toBe(403);
    // ... and two new ones together are, whole.
    const two = await record(user.cookie, {
      events: [put(symbolAt(10)), put(symbolAt(11))],
    });
    expect(two.status).toBe(403);
    expect(two.body).toMatchObject({ error: REFUSAL_MESSAGES.proPositions, limit: 10 });
    expect(await seqs(user.id)).toHaveLength(10);
    // Opening one while closing another stays at ten once both are in: allowed, though the first alone was not.
    const swap = await record(user.cookie, { events: [put(symbolAt(10)), close(symbolAt(0))] });
    expect(swap.status).toBe(201);
    expect(await seqs(user.id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("refuses the whole batch as stale when another write takes its first number", async () => {
    const user = await proUser();
    expect((await record(user.cookie, put("KO"))).status).toBe(201);
    // Another write lands between this one's read and its batch, taking number 2.
    const racing = {
      DB: new Proxy(env.DB, {
        get(target, key) {
          if (key !== "batch") return Reflect.get(target, key, target);
          return async (statements: D1PreparedStatement[]) => {
            await env.DB.prepare(
              `INSERT INTO wheel_ledger_events (id, user_id, user_seq, symbol, kind, trade_date, corrects, event, created_at)
               VALUES ('other-write', ?1, 2, 'KO', 'buy_to_close', ?2, NULL, ?3, 0)`,
            )
              .bind(user.id, ROLL_DAY, JSON.stringify({ id: "other-write", ...close("KO") }))
              .run();
            return target.batch(statements);
          };
        },
      }),
    };
    const result = await recordLedgerEvents(racing, { id: user.id, ...PRO }, [
      close("KO"),
      reopen("KO"),
    ] as never);
    expect(result).toEqual({ ok: false, status: 409, message: LEDGER_INPUT_MESSAGES.stale });
    const { results } = await env.DB.prepare(
      "SELECT id, user_seq FROM wheel_ledger_events WHERE user_id = ?1 ORDER BY user_seq",
    )
      .bind(user.id)
      .all<{ id: string; user_seq: number }>();
    expect(results.map((r) => r.user_seq)).toEqual([1, 2]);
    expect(results[1]!.id).toBe("other-write");
  });
});

describe("the body", () => {
  it("still takes one event's fields and answers with the event", async () => {
    const user = await proUser();
    const res = await record(user.cookie, put("KO"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "success", event: { symbol: "KO", kind: "sell_to_open" } });
    expect((res.body as any).events).toBeUndefined();
    // A batch of one answers as a batch.
    const one = await record(user.cookie, { events: [close("KO")] });
    expect(one.status).toBe(201);
    expect((one.body as any).events).toHaveLength(1);
    expect(await seqs(user.id)).toEqual([1, 2]);
  });

  it("refuses an empty, too long or malformed batch with words, writing nothing", async () => {
    const user = await proUser();
    const cases: [unknown, string][] = [
      [{ events: [] }, LEDGER_INPUT_MESSAGES.batch],
      [{ events: [put("KO"), close("KO"), reopen("KO")] }, LEDGER_INPUT_MESSAGES.batch],
      [{ events: "two" }, LEDGER_INPUT_MESSAGES.batch],
      [{ events: [put("KO"), { ...close("KO"), strike: -1 }] }, "Event 2: Strike can't be negative"],
      [{ events: [{ ...put("KO"), kind: "sideways" }] }, `Event 1: ${LEDGER_INPUT_MESSAGES.kind}`],
    ];
    for (const [body, error] of cases) {
      const res = await record(user.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as any).error).toBe(error);
    }
    const extra = await record(user.cookie, { events: [put("KO")], version: 3 });
    expect(extra.status).toBe(400);
    expect(await seqs(user.id)).toEqual([]);
  });
});
