/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// Decision 271's wiring in workerd: while an open campaign holds shares the ledger owns its symbol. The positions
// list leaves the stored row out (and does not count it), the preferences carry the ledger's row at the basis
// the user chose, and the covered-call batch screens that lot at that basis whatever the request says.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, requestWithCookie, testEnv, userOnPlan } from "./helpers";
import { freshIp } from "./auth-helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as ledgerRoute from "#app/routes/api.wheel.ledger.ts";
import * as ccRoute from "#app/routes/api.wheel.cc-batch.ts";
import * as prefsRoute from "#app/routes/api.wheel.preferences.ts";
import * as positionsRoute from "#app/routes/api.wheel.positions.ts";
import * as wheelsPage from "#app/routes/wheels.tsx";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { clearWheelChainMemory } from "#app/server/wheel/strategies.server.ts";

beforeAll(async () => {
  await runMarketRefresh(testEnv, new Date("2026-11-23T16:00:00Z"), { force: true });
  clearWheelChainMemory();
}, 120_000);

const [OWNED, OTHER] = DEFAULT_UNIVERSE_SYMBOLS.filter((s) => /^[A-Z]+$/.test(s));

let n = 0;
const proUser = async () => (await userOnPlan(`ledger-pos-${++n}@example.com`)).cookie;

function post(path: string, body: unknown, cookie: string): Request {
  return requestWithCookie(path, cookie, {
    method: "POST",
    headers: { "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
    body: JSON.stringify(body),
  });
}

async function json(res: unknown): Promise<{ status: number; body: any }> {
  const r = res as Response;
  return { status: r.status, body: await r.json() };
}

/** A put at 1 (premium 0.25) assigned, then a call sold for 0.10: broker basis 0.75, premium-adjusted 0.65. */
async function campaignHoldingShares(cookie: string, symbol: string) {
  const option = { symbol, strike: 1, expiration: daysFromToday(-5), contracts: 1 };
  const events = [
    { ...option, date: daysFromToday(-20), kind: "sell_to_open", optionType: "put", price: 0.25 },
    { ...option, date: daysFromToday(-5), kind: "assign", optionType: "put" },
    {
      ...option,
      date: daysFromToday(-3),
      kind: "sell_to_open",
      optionType: "call",
      strike: 2,
      expiration: daysFromToday(20),
      price: 0.1,
    },
  ];
  for (const event of events)
    expect(
      (await json(await call(ledgerRoute.action, post("/api/wheel/ledger", event, cookie)))).status,
    ).toBe(201);
}

const stored = [
  { symbol: OWNED, shares: 200, costBasis: 10_000 },
  { symbol: OTHER, shares: 100, costBasis: 50 },
];

describe("one source of truth for shares held (decision 271)", () => {
  it("a lot never shows two bases: the stored row steps aside for the ledger's, at the chosen basis", async () => {
    const cookie = await proUser();
    expect(
      (
        await json(
          await call(
            positionsRoute.action,
            post("/api/wheel/positions", { positions: stored, version: 0 }, cookie),
          ),
        )
      ).status,
    ).toBe(200);
    await campaignHoldingShares(cookie, OWNED);

    const prefs = await json(
      await call(prefsRoute.loader, requestWithCookie("/api/wheel/preferences", cookie)),
    );
    expect(prefs.body.ccCostBasis).toBe("broker");
    expect(Object.keys(prefs.body.positions)).toEqual([OTHER]);
    expect(prefs.body.ledgerPositions).toEqual([
      { symbol: OWNED, shares: 100, costBasis: 0.75, campaignId: expect.any(String) },
    ]);
    const list = await json(
      await call(positionsRoute.loader, requestWithCookie("/api/wheel/positions", cookie)),
    );
    expect(list.body.positions.map((p: any) => p.symbol)).toEqual([OTHER]);

    // The /wheels page gets both: the stored list without the owned symbol and the ledger's read-only row.
    const page: any = await call(wheelsPage.loader, requestWithCookie("/wheels", cookie));
    expect(page.positions.map((p: any) => p.symbol)).toEqual([OTHER]);
    expect(page).toMatchObject({
      ccCostBasis: "broker",
      ledgerPositions: [{ symbol: OWNED, costBasis: 0.75 }],
    });
    const chosen = await json(
      await call(prefsRoute.action, post("/api/wheel/preferences", { ccCostBasis: "adjusted" }, cookie)),
    );
    expect(chosen.body).toMatchObject({
      ccCostBasis: "adjusted",
      ledgerPositions: [{ symbol: OWNED, shares: 100, costBasis: 0.65 }],
    });
    const bad = await json(
      await call(prefsRoute.action, post("/api/wheel/preferences", { ccCostBasis: "mine" }, cookie)),
    );
    expect(bad.status).toBe(400);
  });

  it("the positions count leaves out the symbols the ledger owns; a save keeps their stored row", async () => {
    const cookie = await proUser();
    await call(
      positionsRoute.action,
      post(
        "/api/wheel/positions",
        { positions: [{ symbol: OWNED, shares: 200, costBasis: 10_000 }], version: 0 },
        cookie,
      ),
    );
    await campaignHoldingShares(cookie, OWNED);
    const others = DEFAULT_UNIVERSE_SYMBOLS.filter((s) => /^[A-Z]+$/.test(s) && s !== OWNED).slice(0, 10);
    expect(others).toHaveLength(10);
    // Ten positions of other symbols plus a row of the owned one: eleven sent, ten counted (Pro holds ten).
    const positions = [
      ...others.map((symbol) => ({ symbol, shares: 100, costBasis: 50 })),
      { symbol: OWNED, shares: 500, costBasis: 99 },
    ];
    const saved = await json(
      await call(positionsRoute.action, post("/api/wheel/positions", { positions, version: 1 }, cookie)),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.positions.map((p: any) => p.symbol).sort()).toEqual([...others].sort());
    // The stored row of the owned symbol is not the list's to write: kept as it was, for when the campaign ends.
    const ownedRow = await env.DB.prepare(
      "SELECT p.shares, p.cost_basis AS costBasis FROM positions p JOIN user u ON u.id = p.user_id WHERE u.email = ?1 AND p.symbol = ?2",
    )
      .bind(`ledger-pos-${n}@example.com`, OWNED)
      .first();
    expect(ownedRow).toEqual({ shares: 200, costBasis: 10_000 });
    // A save that leaves it out does not delete it either.
    const without = await json(
      await call(
        positionsRoute.action,
        post(
          "/api/wheel/positions",
          { positions: positions.slice(0, 10), version: saved.body.version },
          cookie,
        ),
      ),
    );
    expect(without.status).toBe(200);
    expect(
      await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM positions p JOIN user u ON u.id = p.user_id WHERE u.email = ?1 AND p.symbol = ?2",
      )
        .bind(`ledger-pos-${n}@example.com`, OWNED)
        .first("n"),
    ).toBe(1);
  });

  it("the covered-call batch screens a ledger lot with the chosen basis for its guardrail", async () => {
    const cookie = await proUser();
    await campaignHoldingShares(cookie, OWNED);
    // The request says a basis above every strike: alone, every call would be left out below the basis.
    const request = {
      positions: [{ symbol: OWNED, shares: 300, costBasis: 10_000 }],
      riskLevel: "aggressive",
    };
    const broker = await json(
      await call(ccRoute.action, post("/api/wheel/cc-strategies/batch", request, cookie)),
    );
    expect(broker.status).toBe(200);
    const lot = broker.body.results[OWNED];
    expect(lot.position).toMatchObject({ symbol: OWNED, shares: 100, costBasis: 0.75 });
    expect(lot.strategies.length).toBeGreaterThan(0);
    for (const s of lot.strategies) {
      expect(s.contracts).toBe(1);
      expect(s.costBasisGuardrail).toBe(false);
    }
    await call(prefsRoute.action, post("/api/wheel/preferences", { ccCostBasis: "adjusted" }, cookie));
    const adjusted = await json(
      await call(ccRoute.action, post("/api/wheel/cc-strategies/batch", request, cookie)),
    );
    expect(adjusted.body.results[OWNED].position).toMatchObject({ shares: 100, costBasis: 0.65 });
    // A symbol the ledger does not own is screened as sent.
    const other = await json(
      await call(
        ccRoute.action,
        post(
          "/api/wheel/cc-strategies/batch",
          { positions: [{ symbol: OTHER, shares: 100, costBasis: 10_000 }] },
          cookie,
        ),
      ),
    );
    expect(other.body.results[OTHER]).toMatchObject({
      position: { costBasis: 10_000 },
      strategies: [],
      note: "below_cost_basis",
    });
  });
});
