/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// The spread position ledger through /api/positions in workerd (decision 333): every action, the refusals with
// their words and statuses (400, 403 on Free and past Pro's ten, 404 for another user's, 409 stale), one D1 batch
// per write (the event and the projection land together or not at all), and account deletion removing the rows.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, postJson, requestWithCookie, userOnPlan } from "./helpers";
import { formPost, freshIp, outcome, setUser } from "./auth-helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as route from "#app/routes/api.positions.ts";
import * as accountDelete from "#app/routes/account-delete.tsx";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { MAX_POSITION_EVENTS, POSITION_MESSAGES } from "#app/lib/positions/input.ts";

let n = 0;
const userWith = (tier: string, status = "active") =>
  userOnPlan(`positions-${++n}-${tier.split(" ")[0]!.toLowerCase()}@example.com`, tier, status);

const post = (cookie: string, body: unknown) => postJson(route.action, "/api/positions", cookie, body);

async function read(cookie: string): Promise<{ status: number; body: any }> {
  const res = (await call(
    route.loader,
    requestWithCookie("/api/positions", cookie, { headers: { "cf-connecting-ip": freshIp() } }),
  )) as Response;
  return { status: res.status, body: await res.json() };
}

async function count(table: string, userId: string): Promise<number> {
  // raw SQL in a test: counting what the server wrote.
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?1`)
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

const OPENED = daysFromToday(-10);
const EXP = daysFromToday(20);
const leg = (right: string, side: string, strike: number, expiration = EXP) => ({
  right,
  side,
  strike,
  expiration,
});
const bullPut = (extra: Record<string, unknown> = {}) => ({
  symbol: "SPY",
  strategy: "BULL_PUT_SPREAD",
  legs: [leg("put", "short", 500), leg("put", "long", 495)],
  contracts: 2,
  openCredit: 1.2,
  openedOn: OPENED,
  ...extra,
});
const condor = (extra: Record<string, unknown> = {}) => ({
  symbol: "QQQ",
  strategy: "IRON_CONDOR",
  legs: [
    leg("put", "short", 400),
    leg("put", "long", 395),
    leg("call", "short", 450),
    leg("call", "long", 455),
  ],
  contracts: 1,
  openCredit: 1.5,
  openedOn: OPENED,
  ...extra,
});

/** Opens a position at the given version; the new position and version. */
async function open(cookie: string, version: number, position = bullPut()) {
  const res = await post(cookie, { version, action: "open", position });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { position: any; version: number };
}

describe("/api/positions: who may use it", () => {
  it("signed out: 401 on GET and POST; other methods 405", async () => {
    const get = (await call(route.loader, new Request("http://localhost/api/positions"))) as Response;
    expect(get.status).toBe(401);
    expect(await get.json()).toEqual({ error: POSITION_MESSAGES.signedOut });
    const anon = await post("", { version: 0, action: "open", position: bullPut() });
    expect(anon.status).toBe(401);
    const put = (await call(
      route.action,
      new Request("http://localhost/api/positions", { method: "PUT", body: "{}" }),
    )) as Response;
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, POST");
  });

  it("Free: reads an empty list and is refused an open with the plan's words; nothing written", async () => {
    const free = await userWith("Free Plan", "inactive");
    const view = await read(free.cookie);
    expect(view).toEqual({
      status: 200,
      body: { positions: [], version: 0, openCount: 0, limit: 0, alertsAllowed: false },
    });
    const res = await post(free.cookie, { version: 0, action: "open", position: bullPut() });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: REFUSAL_MESSAGES.freeOpenPositions,
      requiresUpgrade: true,
      currentTier: "Free Plan",
      limit: 0,
      redirectTo: "/pricing",
    });
    expect(await count("option_position_events", free.id)).toBe(0);
  });

  it("Pro: ten open positions, a condor counting one; the eleventh is refused, a roll at the cap is not, a close frees one", async () => {
    const pro = await userWith("Pro Plan");
    let version = 0;
    ({ version } = await open(pro.cookie, version, condor()));
    let first = "";
    for (let i = 0; i < 9; i++) {
      const r = await open(pro.cookie, version);
      version = r.version;
      first ||= r.position.id;
    }
    const view = await read(pro.cookie);
    expect(view.body).toMatchObject({ openCount: 10, limit: 10, alertsAllowed: true, version: 10 });
    const eleventh = await post(pro.cookie, { version, action: "open", position: bullPut() });
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toMatchObject({
      error: REFUSAL_MESSAGES.proOpenPositions,
      limit: 10,
      requiresUpgrade: true,
    });
    expect(await count("option_position_events", pro.id)).toBe(10);
    // A roll replaces one: still ten open.
    const roll = await post(pro.cookie, {
      version,
      action: "roll",
      positionId: first,
      closedOn: daysFromToday(0),
      closeDebit: 0.6,
      legs: [leg("put", "short", 490, daysFromToday(40)), leg("put", "long", 485, daysFromToday(40))],
      openCredit: 1,
    });
    expect(roll.status).toBe(201);
    version = roll.body.version;
    const close = await post(pro.cookie, {
      version,
      action: "close",
      positionId: roll.body.position.id,
      closedOn: daysFromToday(0),
      closeDebit: 0.3,
    });
    expect(close.status).toBe(200);
    await open(pro.cookie, close.body.version);
    expect((await read(pro.cookie)).body.openCount).toBe(10);
  });
});

describe("/api/positions: every action", () => {
  it("open, settings, roll, close, expire, assign and void, read back from the projection", async () => {
    const elite = await userWith("Elite Plan");
    const a = await open(elite.cookie, 0, bullPut({ tradeId: "idea-42", settings: { exitDte: 14 } }));
    expect(a.position).toMatchObject({
      symbol: "SPY",
      status: "open",
      expiration: EXP,
      tradeId: "idea-42",
      settings: {
        profitTargetShare: 0.5,
        lossLimitMultiple: 2,
        exitDte: 14,
        testedDistancePercent: 2,
        alerts: true,
      },
    });
    expect(a.version).toBe(1);

    const settings = await post(elite.cookie, {
      version: 1,
      action: "settings",
      positionId: a.position.id,
      settings: { profitTargetShare: 0.6 },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.position.settings).toMatchObject({ profitTargetShare: 0.6, exitDte: 14 });

    const rolled = await post(elite.cookie, {
      version: 2,
      action: "roll",
      positionId: a.position.id,
      closedOn: daysFromToday(0),
      closeDebit: 2.2,
      legs: [leg("put", "short", 490, daysFromToday(48)), leg("put", "long", 485, daysFromToday(48))],
      openCredit: 1.4,
    });
    expect(rolled.status).toBe(201);
    const b = rolled.body.position;
    expect(rolled.body.closed).toMatchObject({
      id: a.position.id,
      closeReason: "rolled",
      rolledTo: b.id,
      realizedPnl: -200,
    });
    expect(b).toMatchObject({
      rolledFrom: a.position.id,
      contracts: 2,
      tradeId: null,
      settings: { profitTargetShare: 0.6 },
    });

    const closed = await post(elite.cookie, {
      version: 3,
      action: "close",
      positionId: b.id,
      closedOn: daysFromToday(0),
      closeDebit: 0.4,
    });
    expect(closed.body.position).toMatchObject({ status: "closed", closeReason: "closed", realizedPnl: 200 });

    // One that expired already: opened and expired in the past.
    const past = await open(
      elite.cookie,
      4,
      bullPut({
        openedOn: daysFromToday(-40),
        legs: [leg("put", "short", 500, daysFromToday(-3)), leg("put", "long", 495, daysFromToday(-3))],
      }),
    );
    const early = await post(elite.cookie, {
      version: 5,
      action: "expire",
      positionId: past.position.id,
      on: daysFromToday(-4),
    });
    expect(early).toMatchObject({ status: 400, body: { error: POSITION_MESSAGES.expireTooEarly } });
    const expired = await post(elite.cookie, {
      version: 5,
      action: "expire",
      positionId: past.position.id,
      on: daysFromToday(-3),
    });
    expect(expired.body.position).toMatchObject({ closeReason: "expired", closeDebit: 0, realizedPnl: 240 });

    const c = await open(elite.cookie, 6, condor());
    const assigned = await post(elite.cookie, {
      version: 7,
      action: "assign",
      positionId: c.position.id,
      on: daysFromToday(0),
      leg: 2,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignment).toEqual({
      symbol: "QQQ",
      right: "call",
      strike: 450,
      contracts: 1,
      date: daysFromToday(0),
    });
    expect(assigned.body.position).toMatchObject({ closeReason: "assigned", closeDebit: 0 });

    const d = await open(elite.cookie, 8);
    const voided = await post(elite.cookie, {
      version: 9,
      action: "void",
      positionId: d.position.id,
      reason: "entered twice",
    });
    expect(voided.body).toEqual({ voided: d.position.id, reopened: null, version: 10 });

    const view = (await read(elite.cookie)).body;
    expect(view.version).toBe(10);
    expect(view.openCount).toBe(0);
    expect(view.limit).toBe(50);
    const byId = new Map(view.positions.map((p: any) => [p.id, p]));
    expect(byId.has(d.position.id)).toBe(false);
    expect(byId.get(a.position.id)).toEqual(rolled.body.closed);
    expect(byId.get(b.id)).toEqual(closed.body.position);
    expect(byId.get(past.position.id)).toEqual(expired.body.position);
    expect(byId.get(c.position.id)).toEqual(assigned.body.position);
    // The void's event stays in the log; the projection holds the four that remain.
    expect(await count("option_position_events", elite.id)).toBe(10);
    expect(await count("option_positions", elite.id)).toBe(4);
  });
});

describe("/api/positions: refusals", () => {
  it("400 with the first issue's words; 415 unless JSON; never a 500 on odd bodies", async () => {
    const pro = await userWith("Pro Plan");
    const cases: [unknown, string][] = [
      [{ action: "open", position: bullPut() }, POSITION_MESSAGES.version],
      [{ version: 0, action: "buy" }, POSITION_MESSAGES.action],
      [
        {
          version: 0,
          action: "open",
          position: bullPut({ legs: [leg("put", "short", 495), leg("put", "long", 500)] }),
        },
        POSITION_MESSAGES.putOrder,
      ],
      [
        { version: 0, action: "open", position: bullPut({ openCredit: 6 }) },
        POSITION_MESSAGES.creditAboveWidth(5),
      ],
      [{ version: 0, action: "open", position: bullPut({ contracts: 0 }) }, POSITION_MESSAGES.contracts],
      [
        { version: 0, action: "open", position: bullPut({ symbol: "not a symbol" }) },
        POSITION_MESSAGES.symbol,
      ],
      [
        { version: 0, action: "open", position: bullPut({ openedOn: daysFromToday(3) }) },
        POSITION_MESSAGES.futureDate,
      ],
      [
        { version: 0, action: "open", position: condor({ legs: condor().legs.slice(0, 3) }) },
        POSITION_MESSAGES.legCount("IRON_CONDOR"),
      ],
      [
        { version: 0, action: "open", position: bullPut({ settings: { profitTargetShare: 1.5 } }) },
        POSITION_MESSAGES.profitTarget,
      ],
      [
        { version: 0, action: "close", positionId: "x", closedOn: "12/01/2026", closeDebit: 0 },
        POSITION_MESSAGES.date("closing date"),
      ],
      [
        { version: 0, action: "close", positionId: "x", closedOn: daysFromToday(0), closeDebit: -1 },
        POSITION_MESSAGES.debit,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(pro.cookie, body);
      expect({ body, status: res.status, error: res.body.error }).toEqual({
        body,
        status: 400,
        error: message,
      });
    }
    const odd: unknown[] = [
      null,
      [],
      "[]",
      "not json",
      42,
      { version: 0 },
      { version: 0, action: "open", position: null },
      { version: 0, action: "open", position: { legs: "x".repeat(100) } },
      { version: 1e300, action: "void", positionId: "x" },
      { version: 0, action: "assign", positionId: "x", on: daysFromToday(0), leg: 9 },
      { version: 0, action: "settings", positionId: "x", settings: {} },
      {
        version: 0,
        action: "roll",
        positionId: "x",
        closedOn: daysFromToday(0),
        closeDebit: 0,
        legs: [{}, {}],
        openCredit: 1,
      },
      { __proto__: { action: "open" }, version: 0 },
      {
        version: 0,
        action: "open",
        position: bullPut({ legs: [leg("put", "short", Number.MAX_VALUE), leg("put", "long", 1)] }),
      },
    ];
    for (const body of odd) {
      const res = await post(pro.cookie, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof res.body.error).toBe("string");
    }
    const form = (await call(
      route.action,
      requestWithCookie("/api/positions", pro.cookie, {
        method: "POST",
        headers: { "Content-Type": "text/plain", "cf-connecting-ip": freshIp() },
        body: "{}",
      }),
    )) as Response;
    expect(form.status).toBe(415);
    const huge = await post(pro.cookie, {
      version: 0,
      action: "void",
      positionId: "x",
      reason: "y".repeat(10_000),
    });
    expect(huge.status).toBe(413);
    expect(await count("option_position_events", pro.id)).toBe(0);
  });

  it("409 on a stale version, with the stored list; nothing written", async () => {
    const pro = await userWith("Pro Plan");
    const a = await open(pro.cookie, 0);
    const stale = await post(pro.cookie, { version: 0, action: "open", position: bullPut() });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: POSITION_MESSAGES.stale, version: 1 });
    expect(stale.body.positions.map((p: any) => p.id)).toEqual([a.position.id]);
    const ahead = await post(pro.cookie, {
      version: 5,
      action: "close",
      positionId: a.position.id,
      closedOn: daysFromToday(0),
      closeDebit: 0,
    });
    expect(ahead.status).toBe(409);
    // Two writes from the same read: one lands, the other is stale.
    const both = await Promise.all([
      post(pro.cookie, { version: 1, action: "open", position: bullPut() }),
      post(pro.cookie, { version: 1, action: "open", position: condor() }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count("option_position_events", pro.id)).toBe(2);
    expect(await count("option_positions", pro.id)).toBe(2);
  });

  it("404 for an unknown position and for another user's, which is left as it was", async () => {
    const mine = await userWith("Pro Plan");
    const theirs = await userWith("Pro Plan");
    const t = await open(theirs.cookie, 0);
    for (const body of [
      { version: 0, action: "close", positionId: t.position.id, closedOn: daysFromToday(0), closeDebit: 0 },
      { version: 0, action: "void", positionId: t.position.id },
      { version: 0, action: "settings", positionId: t.position.id, settings: { alerts: false } },
      { version: 0, action: "expire", positionId: "no-such-position", on: daysFromToday(0) },
    ]) {
      const res = await post(mine.cookie, body);
      expect(res).toEqual({ status: 404, body: { error: POSITION_MESSAGES.notFound } });
    }
    expect((await read(theirs.cookie)).body.positions).toEqual([t.position]);
  });

  it("alerts on a plan without them: refused with the plan's words; other settings still change", async () => {
    const lapsed = await userWith("Pro Plan");
    const a = await open(lapsed.cookie, 0);
    await setUser(`positions-${n}-pro@example.com`, { subscription_status: "canceled" });
    expect((await read(lapsed.cookie)).body).toMatchObject({ alertsAllowed: false, limit: 0 });
    const on = await post(lapsed.cookie, {
      version: 1,
      action: "settings",
      positionId: a.position.id,
      settings: { alerts: true },
    });
    expect(on.status).toBe(403);
    expect(on.body).toMatchObject({ error: REFUSAL_MESSAGES.positionAlerts, requiresUpgrade: true });
    const off = await post(lapsed.cookie, {
      version: 1,
      action: "settings",
      positionId: a.position.id,
      settings: { alerts: false },
    });
    expect(off.status).toBe(200);
    // Closing needs no plan: what was opened can always be managed.
    const close = await post(lapsed.cookie, {
      version: 2,
      action: "close",
      positionId: a.position.id,
      closedOn: daysFromToday(0),
      closeDebit: 0,
    });
    expect(close.status).toBe(200);
  });

  it(`refuses a write past ${MAX_POSITION_EVENTS} events with the words`, async () => {
    const pro = await userWith("Pro Plan");
    const rows = Array.from({ length: MAX_POSITION_EVENTS }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO option_position_events (id, user_id, user_seq, position_id, kind, trade_date, event, created_at) VALUES (?1, ?2, ?3, 'p', 'settings', '2026-01-02', '{}', 0)",
      ).bind(`cap-${pro.id}-${i}`, pro.id, i + 1),
    );
    for (let i = 0; i < rows.length; i += 500) await env.DB.batch(rows.slice(i, i + 500));
    const res = await post(pro.cookie, { version: MAX_POSITION_EVENTS, action: "open", position: bullPut() });
    expect(res).toEqual({ status: 400, body: { error: POSITION_MESSAGES.full } });
  });
});

describe("account deletion", () => {
  it("removes the events (after the user row) and, by cascade, the projection, marks and alert state", async () => {
    const leaving = await userWith("Pro Plan");
    const staying = await userWith("Pro Plan");
    const a = await open(leaving.cookie, 0);
    const b = await open(staying.cookie, 0);
    for (const id of [a.position.id, b.position.id])
      await env.DB.batch([
        env.DB.prepare(
          "INSERT INTO option_position_marks (position_id, date, mark) VALUES (?1, '2026-12-01', '{}')",
        ).bind(id),
        env.DB.prepare(
          "INSERT INTO option_position_alert_state (position_id, state, updated_at) VALUES (?1, '{}', 0)",
        ).bind(id),
      ]);
    const res = outcome(
      await call(
        accountDelete.action,
        formPost(
          "/account/delete",
          { confirm: "DELETE", password: "secret-password" },
          { cookie: leaving.cookie },
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(await count("option_position_events", leaving.id)).toBe(0);
    expect(await count("option_positions", leaving.id)).toBe(0);
    const left = async (table: string, id: string) =>
      (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE position_id = ?1`)
        .bind(id)
        .first<{ n: number }>())!.n;
    expect(await left("option_position_marks", a.position.id)).toBe(0);
    expect(await left("option_position_alert_state", a.position.id)).toBe(0);
    // The other user's rows are all there.
    expect(await count("option_position_events", staying.id)).toBe(1);
    expect(await count("option_positions", staying.id)).toBe(1);
    expect(await left("option_position_marks", b.position.id)).toBe(1);
    expect(await left("option_position_alert_state", b.position.id)).toBe(1);
  });
});
