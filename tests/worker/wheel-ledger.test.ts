/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// The wheel campaign ledger through its routes in workerd (decision 270): plan limits counted on open campaigns,
// the engine's refusals as 400s with nothing written, append-only storage and the CSV export.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { call, postJson, requestWithCookie, userOnPlan } from "./helpers";
import { freshIp } from "./auth-helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as ledgerRoute from "#app/routes/api.wheel.ledger.ts";
import * as exportRoute from "#app/routes/api.wheel.ledger.export.ts";
import * as campaignsPage from "#app/routes/wheels-campaigns.tsx";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { LEDGER_INPUT_MESSAGES, LEDGER_MESSAGES } from "#app/lib/wheel/ledger.ts";
import { LEDGER_CSV_COLUMNS } from "#app/server/wheel/ledger.server.ts";

let n = 0;
const userWith = (tier: string, status = "active") =>
  userOnPlan(`ledger-${++n}-${tier.split(" ")[0]!.toLowerCase()}@example.com`, tier, status);

const record = (cookie: string, body: unknown) =>
  postJson(ledgerRoute.action, "/api/wheel/ledger", cookie, body);

async function stored(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM wheel_ledger_events WHERE user_id = ?1")
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

const DAY = daysFromToday(-20);
const EXPIRY = daysFromToday(10);
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

/** Distinct ticker-shaped symbols: AA, AB, ... */
const symbolAt = (i: number) =>
  `Q${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;

describe("plan limits, counted on open campaigns", () => {
  it("Free: no campaign, with the product's upgrade words; nothing written", async () => {
    const free = await userWith("Free Plan", "inactive");
    const res = await record(free.cookie, put("KO"));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: REFUSAL_MESSAGES.freePositions,
      requiresUpgrade: true,
      redirectTo: "/pricing",
      limit: 0,
    });
    expect(await stored(free.id)).toBe(0);
    // A lapsed Pro subscription is the Free plan.
    const lapsed = await userWith("Pro Plan", "canceled");
    expect((await record(lapsed.cookie, put("KO"))).status).toBe(403);
  });

  it("Pro: ten open campaigns; the eleventh is refused, more events in an open one are not, and closing frees a slot", async () => {
    const pro = await userWith("Pro Plan");
    for (let i = 0; i < 10; i++) expect((await record(pro.cookie, put(symbolAt(i)))).status).toBe(201);
    const eleventh = await record(pro.cookie, put(symbolAt(10)));
    expect(eleventh.status).toBe(403);
    expect(eleventh.body).toMatchObject({
      error: REFUSAL_MESSAGES.proPositions,
      limit: 10,
      requiresUpgrade: true,
    });
    expect(await stored(pro.id)).toBe(10);
    // A second put in an open campaign opens nothing new.
    expect((await record(pro.cookie, put(symbolAt(0), { strike: 45 }))).status).toBe(201);
    // One campaign closes (its put expires): a new one may open.
    const expire = {
      date: DAY,
      symbol: symbolAt(1),
      kind: "expire",
      optionType: "put",
      strike: 50,
      expiration: EXPIRY,
      contracts: 1,
    };
    expect((await record(pro.cookie, expire)).status).toBe(201);
    expect((await record(pro.cookie, put(symbolAt(10)))).status).toBe(201);

    const view = (await call(
      ledgerRoute.loader,
      requestWithCookie("/api/wheel/ledger", pro.cookie),
    )) as Response;
    const body: any = await view.json();
    expect(body.openCampaigns).toBe(10);
    expect(body.limit).toBe(10);
    expect(body.campaigns).toHaveLength(11);
    expect(body.conventions.returns.capitalWeightedAnnualised).toMatch(/sum of daily capital/);
  });

  it("Elite: fifty open campaigns, then the Elite words", async () => {
    const elite = await userWith("Elite Plan");
    for (let i = 0; i < 50; i++) expect((await record(elite.cookie, put(symbolAt(i)))).status).toBe(201);
    const over = await record(elite.cookie, put(symbolAt(50)));
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ error: REFUSAL_MESSAGES.elitePositions, limit: 50 });
    expect(await stored(elite.id)).toBe(50);
  }, 60_000);
});

describe("bad input: a 4xx with a message, nothing written", () => {
  it("refuses malformed fields, the engine's rules, future dates and unknown corrections", async () => {
    const pro = await userWith("Pro Plan");
    const cases: [unknown, number, string][] = [
      [{ ...put("KO"), symbol: "not a symbol" }, 400, LEDGER_INPUT_MESSAGES.symbol],
      [{ ...put("KO"), date: "2026-02-30" }, 400, LEDGER_INPUT_MESSAGES.date],
      [{ ...put("KO"), contracts: 1.5 }, 400, LEDGER_INPUT_MESSAGES.wholeNumber("Contracts")],
      [{ ...put("KO"), strike: -5 }, 400, LEDGER_INPUT_MESSAGES.notNegative("Strike")],
      [{ ...put("KO"), expiration: daysFromToday(-30) }, 400, LEDGER_INPUT_MESSAGES.expirationBeforeTrade],
      [
        { ...put("KO"), date: daysFromToday(3), expiration: daysFromToday(10) },
        400,
        LEDGER_INPUT_MESSAGES.futureDate,
      ],
      [{ ...put("KO"), strike: undefined }, 400, "Strike is required for this event"],
      [{ ...put("KO"), optionType: "call" }, 400, LEDGER_MESSAGES.uncoveredCall],
      [{ ...put("KO"), kind: "assign" }, 400, LEDGER_MESSAGES.campaignStart],
      [{ ...put("KO"), kind: "void" }, 400, LEDGER_INPUT_MESSAGES.voidNeedsTarget],
      [{ ...put("KO"), corrects: "no-such-event" }, 404, LEDGER_INPUT_MESSAGES.notFound],
      [{ date: DAY, symbol: "KO", kind: "fee", amount: 1 }, 400, LEDGER_MESSAGES.noCampaign("KO")],
      ["{not json", 400, ""],
    ];
    for (const [body, status, message] of cases) {
      const res = await record(pro.cookie, body);
      expect({ body, status: res.status }).toEqual({ body, status });
      expect(typeof res.body.error).toBe("string");
      if (message) expect(res.body.error).toBe(message);
    }
    expect(await stored(pro.id)).toBe(0);
    // An assignment of more contracts than are open, after a valid put.
    expect((await record(pro.cookie, put("KO"))).status).toBe(201);
    const over = await record(pro.cookie, { ...put("KO"), kind: "assign", contracts: 2, price: undefined });
    expect(over).toMatchObject({ status: 400, body: { error: LEDGER_MESSAGES.tooManyContracts(1) } });
    expect(await stored(pro.id)).toBe(1);
  });

  it("stores events append-only: the database refuses UPDATE and DELETE", async () => {
    const pro = await userWith("Pro Plan");
    expect((await record(pro.cookie, put("KO"))).status).toBe(201);
    await expect(
      env.DB.prepare("UPDATE wheel_ledger_events SET symbol = 'T' WHERE user_id = ?1").bind(pro.id).run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      env.DB.prepare("DELETE FROM wheel_ledger_events WHERE user_id = ?1").bind(pro.id).run(),
    ).rejects.toThrow(/append-only/);
    expect(await stored(pro.id)).toBe(1);
  });

  it("a correction replaces the event it names, once", async () => {
    const pro = await userWith("Pro Plan");
    const first = await record(pro.cookie, put("KO"));
    const fix = await record(pro.cookie, put("KO", { price: 1.4, corrects: first.body.event.id }));
    expect(fix.status).toBe(201);
    const again = await record(pro.cookie, put("KO", { price: 1.5, corrects: first.body.event.id }));
    expect(again).toMatchObject({ status: 400, body: { error: LEDGER_MESSAGES.alreadyCorrected } });
    const view: any = await (
      (await call(ledgerRoute.loader, requestWithCookie("/api/wheel/ledger", pro.cookie))) as Response
    ).json();
    expect(view.campaigns).toHaveLength(1);
    expect(view.campaigns[0].optionCash).toBeCloseTo(140, 9);
  });
});

describe("the CSV export", () => {
  it("lists every event recorded with its campaign, formula-safe", async () => {
    const pro = await userWith("Pro Plan");
    const opened = await record(pro.cookie, put("KO", { note: '=HYPERLINK("x")' }));
    await record(pro.cookie, {
      date: DAY,
      symbol: "KO",
      kind: "expire",
      optionType: "put",
      strike: 50,
      expiration: EXPIRY,
      contracts: 1,
    });
    const res = (await call(
      exportRoute.loader,
      requestWithCookie("/api/wheel/ledger/export", pro.cookie),
    )) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(res.headers.get("Content-Disposition")).toMatch(/wheel-ledger-\d{4}-\d{2}-\d{2}\.csv/);
    const parsed = Papa.parse<string[]>((await res.text()).trim(), { newline: "\r\n" });
    expect(parsed.data[0]).toEqual([...LEDGER_CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(3);
    const row = Object.fromEntries(LEDGER_CSV_COLUMNS.map((c, i) => [c, parsed.data[1]![i]]));
    expect(row).toMatchObject({
      Symbol: "KO",
      Event: "Sell to open",
      Strike: "50",
      Campaign: opened.body.event.id,
    });
    expect(row.Note!.startsWith("'=")).toBe(true);
    expect(parsed.data[2]![14]).toBe(opened.body.event.id);
    // Visitors get the product's 401.
    const visitor = (await call(exportRoute.loader, "/api/wheel/ledger/export")) as Response;
    expect(visitor.status).toBe(401);
  });
});

describe("the Campaigns page's form", () => {
  async function submit(cookie: string, fields: Record<string, string>) {
    const result = await call(
      campaignsPage.action,
      requestWithCookie("/wheels/campaigns", cookie, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "cf-connecting-ip": freshIp() },
        body: new URLSearchParams(fields).toString(),
      }),
    );
    const wrapped = result as { type?: string; data?: any; init?: { status?: number } };
    return wrapped?.type === "DataWithResponseInit"
      ? { status: wrapped.init?.status ?? 200, body: wrapped.data }
      : { status: 200, body: result as any };
  }
  const fields = {
    kind: "sell_to_open",
    date: DAY,
    symbol: "ko",
    optionType: "put",
    strike: "50",
    expiration: EXPIRY,
    contracts: "1",
    price: "1.25",
  };

  it("records through the same checks as the API: bad fields and Free are refused with a message", async () => {
    const pro = await userWith("Pro Plan");
    expect(await submit(pro.cookie, { ...fields, price: "abc" })).toMatchObject({
      status: 400,
      body: { error: "Price must be a number" },
    });
    expect(await submit(pro.cookie, { ...fields, strike: "" })).toMatchObject({
      status: 400,
      body: { error: "Strike is required for this event" },
    });
    expect(await stored(pro.id)).toBe(0);
    expect(await submit(pro.cookie, fields)).toMatchObject({
      status: 200,
      body: { success: "Event recorded." },
    });
    const page: any = await call(campaignsPage.loader, requestWithCookie("/wheels/campaigns", pro.cookie));
    expect(page.campaigns[0]).toMatchObject({ symbol: "KO", status: "open", optionCash: 125 });

    const free = await userWith("Free Plan", "inactive");
    expect(await submit(free.cookie, fields)).toMatchObject({
      status: 403,
      body: { error: REFUSAL_MESSAGES.freePositions, redirectTo: "/pricing" },
    });
    expect(await stored(free.id)).toBe(0);
  });

  it("keeps the typed values after a refusal, sensible ones after a save; a decimal comma is refused", async () => {
    const pro = await userWith("Pro Plan");
    const comma = await submit(pro.cookie, { ...fields, price: "1,25" });
    expect(comma).toMatchObject({
      status: 400,
      body: { error: LEDGER_INPUT_MESSAGES.decimalComma("Price"), values: { ...fields, price: "1,25" } },
    });
    expect(comma.body.formKey).toEqual(expect.any(String));
    expect(await stored(pro.id)).toBe(0);
    const saved = await submit(pro.cookie, fields);
    expect(saved.body).toMatchObject({
      success: "Event recorded.",
      values: { kind: "sell_to_open", date: DAY, symbol: "ko", optionType: "put" },
    });
    expect(saved.body.values).not.toHaveProperty("price");
    expect(saved.body.formKey).not.toBe(comma.body.formKey);
    const events: any = await call(campaignsPage.loader, requestWithCookie("/wheels/campaigns", pro.cookie));
    expect(events.events[0]).toMatchObject({ price: 1.25 });
  });
});
