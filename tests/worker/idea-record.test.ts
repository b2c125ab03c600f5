// One idea type (decision 292): a D1 history record is parsed once at the server's edge into one name per field,
// a record that is not an idea is "not found" (never a 500), and the public JSON keeps the API's older aliases,
// written by its one serialiser.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as getTrades from "#app/routes/api.get_trades.ts";
import * as tradeById from "#app/routes/api.trade.$tradeId.ts";
import * as tradeImage from "#app/routes/api.trade-image.$tradeId.ts";
import * as shareTrade from "#app/routes/share-trade.tsx";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { forgetIdeasMemo } from "#app/server/trade-ideas.server.ts";
import { setUser } from "./auth-helpers";
import { fixtureId, fixtureIdea, fixtureIdeas } from "./fixtures/trade-ideas";
import { call, requestWithCookie, signUpAndGetCookie } from "./helpers";

const LISTED = fixtureIdeas(6);
// A history record written before decision 292: the older names only.
const { net_credit_mid, net_credit_natural, pop_methods, expected_value, ...rest } = fixtureIdea(7, {
  trade_unique_identifier: fixtureId("KO", 907),
});
const LEGACY = {
  ...rest,
  creditMid: net_credit_mid,
  creditNatural: net_credit_natural,
  pop: { lognormal: pop_methods.lognormal_atm, shortDelta: pop_methods.delta, creditToWidth: 61 },
  expectedValue: expected_value,
};
const BROKEN_ID = fixtureId("KO", 908);
let elite = "";

async function storeHistory(id: string, idea: unknown) {
  await env.DB.prepare(
    `INSERT INTO trade_ideas (trade_unique_identifier, stock_symbol, strategy_type, expiration_date, idea, source,
       first_seen_at, last_seen_at) VALUES (?1, 'KO', 'BULL_PUT_SPREAD', ?2, ?3, 'demo', ?4, ?4)`,
  )
    .bind(id, LEGACY.expiration_date, JSON.stringify(idea), Date.now())
    .run();
}

beforeAll(async () => {
  await env.MARKET_KV.put(
    KV_KEYS.ideas,
    JSON.stringify({ ideas: LISTED, source: "demo", asOf: "2026-11-23T16:00:00.000Z" }),
  );
  await storeHistory(LEGACY.trade_unique_identifier, LEGACY);
  await storeHistory(BROKEN_ID, { stock_symbol: "KO", note: "not an idea" });
  elite = await signUpAndGetCookie("idea-record-elite@example.com");
  await setUser("idea-record-elite@example.com", {
    subscription_tier: "Elite Plan",
    subscription_status: "active",
  });
  forgetIdeasMemo();
}, 60_000);

const byId = async (route: { loader: unknown }, path: string, tradeId: string) =>
  call(route.loader as never, path, { params: { tradeId } });

describe("a stored idea has one name per field", () => {
  it("a record with the older names is read into the one names, and the API still writes both", async () => {
    const id = LEGACY.trade_unique_identifier;
    const res = (await byId(tradeById, `/api/trade/${id}`, id)) as Response;
    expect(res.status).toBe(200);
    const { trade } = (await res.json()) as { trade: Record<string, unknown> };
    expect(trade).toMatchObject({
      net_credit_mid: LEGACY.creditMid,
      net_credit_natural: LEGACY.creditNatural,
      expected_value: LEGACY.expectedValue,
      pop_methods: { lognormal_atm: LEGACY.pop.lognormal, delta: LEGACY.pop.shortDelta, credit_width: 61 },
      // The aliases of decision 050, from the one serialiser.
      creditMid: LEGACY.creditMid,
      creditNatural: LEGACY.creditNatural,
      expectedValue: LEGACY.expectedValue,
      pop: LEGACY.pop,
    });
  });

  it("the share page reads the parsed idea: the one names, no alias", async () => {
    const id = LEGACY.trade_unique_identifier;
    const data = (await byId(shareTrade, `/share/trade/${id}`, id)) as { idea: Record<string, unknown> };
    expect(data.idea.net_credit_mid).toBe(LEGACY.creditMid);
    expect(data.idea.pop_methods).toEqual({
      lognormal_atm: LEGACY.pop.lognormal,
      delta: LEGACY.pop.shortDelta,
      credit_width: 61,
    });
    for (const alias of ["creditMid", "creditNatural", "pop", "expectedValue"])
      expect(data.idea).not.toHaveProperty(alias);
  });

  it("a history record that is not an idea is not found: 404, a redirect, 404; never a 500", async () => {
    const api = (await byId(tradeById, `/api/trade/${BROKEN_ID}`, BROKEN_ID)) as Response;
    expect(api.status).toBe(404);
    const page = (await byId(shareTrade, `/share/trade/${BROKEN_ID}`, BROKEN_ID)) as Response;
    expect(page.status).toBe(302);
    const image = (await byId(tradeImage, `/api/trade-image/${BROKEN_ID}`, BROKEN_ID)) as Response;
    expect(image.status).toBe(404);
  });

  it("/api/get_trades writes each idea with the aliases equal to the one names", async () => {
    const res = (await call(getTrades.loader, requestWithCookie("/api/get_trades", elite))) as Response;
    const list = ((await res.json()) as { trade_suggestions: Record<string, unknown>[] }).trade_suggestions;
    expect(list).toHaveLength(LISTED.length);
    for (const idea of list) {
      const popMethods = idea.pop_methods as Record<string, number>;
      expect(idea.creditMid).toBe(idea.net_credit_mid);
      expect(idea.creditNatural).toBe(idea.net_credit_natural);
      expect(idea.expectedValue).toBe(idea.expected_value);
      expect(idea.pop).toEqual({
        lognormal: popMethods.lognormal_atm,
        shortDelta: popMethods.delta,
        creditToWidth: popMethods.credit_width,
      });
    }
  });
});
