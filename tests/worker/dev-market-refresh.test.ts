// The local-development refresh from a loopback Polygon (decision 339): `source: "polygon"` is refused without a key
// or with a POLYGON_API_BASE off loopback, and, against the tests' movable chain (tests/worker/fakes/polygon.ts),
// runs the market queue's marks-only run with the real Polygon client: the symbol's cached chain is the fake's quotes
// labelled polygon, its open spread is marked from them, the profit target fires once as an email with its reason,
// and moving the spot to the short strike fires the tested-strike alert once.
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { makeContext, userOnPlan } from "./helpers";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { addDays, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { devMarketRefresh } from "#app/server/jobs/dev-market-refresh.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import type { ChainSnapshot } from "#app/server/market/types.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

const SYMBOL = "MOVE";

function devEnv(overrides: Record<string, string | undefined> = {}): WorkerEnv {
  const origin = inject("fakeOrigin");
  return makeContext({
    MARKET_DATA_PROVIDER: "demo",
    POLYGON_API_KEY: "test-key",
    POLYGON_API_BASE: `${origin}/polygon`,
    TREASURY_API_BASE: `${origin}/treasury`,
    FINNHUB_API_KEY: undefined,
    ALPHAVANTAGE_API_KEY: undefined,
    ...overrides,
  } as unknown as Partial<WorkerEnv>).get(cloudflareContext).env;
}

const refresh = (e: WorkerEnv, body: unknown) =>
  devMarketRefresh(
    e,
    new Request("http://localhost/__dev/market-refresh", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

interface FakeQuote {
  type: string;
  strike: number;
  expiration: string;
  bid: number;
  ask: number;
}

/** Sets the fake's chain for SYMBOL; the quotes it will serve. */
async function setChain(spot: number, expiration: string, quoteTimeMs: number): Promise<FakeQuote[]> {
  const res = await fetch(`${inject("fakeOrigin")}/__polygon/chain`, {
    method: "POST",
    body: JSON.stringify({
      symbol: SYMBOL,
      spot,
      iv: 0.25,
      expirations: [expiration],
      strikes: { from: 80, to: 120, step: 1 },
      quoteTimeMs,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { quotes: FakeQuote[] }).quotes;
}

const alertEmails = async (to: string) =>
  (
    await env.DB.prepare(
      "SELECT subject, text FROM email_outbox WHERE kind = 'position-alert' AND \"to\" = ?1 ORDER BY rowid",
    )
      .bind(to)
      .all<{ subject: string; text: string }>()
  ).results;

describe("the local-development refresh from a loopback Polygon", () => {
  it("is refused, with the reason, without a key, off loopback, or without symbols", async () => {
    const noKey = await refresh(devEnv({ POLYGON_API_KEY: undefined }), {
      symbols: [SYMBOL],
      source: "polygon",
    });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toEqual({ error: "source polygon: POLYGON_API_KEY is not set" });

    const vendor = await refresh(devEnv({ POLYGON_API_BASE: "https://api.massive.com" }), {
      symbols: [SYMBOL],
      source: "polygon",
    });
    expect(vendor.status).toBe(400);
    expect(((await vendor.json()) as { error: string }).error).toBe(
      "source polygon: POLYGON_API_BASE must be a loopback URL (http://127.0.0.1:<port>/...), not https://api.massive.com",
    );

    const unset = await refresh(devEnv({ POLYGON_API_BASE: undefined }), {
      symbols: [SYMBOL],
      source: "polygon",
    });
    expect(unset.status).toBe(400);
    expect(((await unset.json()) as { error: string }).error).toMatch(/must be a loopback URL .* not unset$/);

    const noSymbols = await refresh(devEnv(), { source: "polygon" });
    expect(noSymbols.status).toBe(400);
    expect(await noSymbols.json()).toEqual({ error: "source polygon: name the symbols to refresh" });

    const otherSource = await refresh(devEnv(), { symbols: [SYMBOL], source: "cboe" });
    expect(otherSource.status).toBe(400);
  });

  it("marks the position from the moved chain and fires each alert once, by email with its reason", async () => {
    const e = devEnv();
    const email = "dev-polygon@example.com";
    const pro = await userOnPlan(email, "Pro Plan");
    const nowMs = Date.now();
    const today = newYorkDateOf(nowMs);
    const expiration = addDays(today, 30);
    // Ten percent above the short strike: the spread costs a tenth of its credit to close.
    const quotes = await setChain(100, expiration, nowMs);
    const leg = (strike: number) => quotes.find((q) => q.type === "put" && q.strike === strike)!;
    const natural = Math.round((leg(90).ask - leg(85).bid) * 100) / 100;
    const credit = Math.min(4.5, Math.round(natural * 1000) / 100);
    expect(natural / credit).toBeLessThanOrEqual(0.11);
    expect(credit).toBeGreaterThan(1);
    await env.DB.prepare(
      `INSERT INTO option_positions (id, user_id, symbol, strategy, status, contracts, legs, open_credit, opened_on,
         expiration, settings, updated_at) VALUES ('pos-dev-polygon', ?1, ?2, 'BULL_PUT_SPREAD', 'open', 1, ?3, ?4, ?5,
         ?6, '{}', ?7)`,
    )
      .bind(
        pro.id,
        SYMBOL,
        JSON.stringify([
          { right: "put", side: "short", strike: 90, expiration },
          { right: "put", side: "long", strike: 85, expiration },
        ]),
        credit,
        today,
        expiration,
        nowMs,
      )
      .run();

    const first = await refresh(e, { symbols: [SYMBOL], source: "polygon" });
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toMatchObject({
      itemsProcessed: 1,
      failures: 0,
      detail: { provider: "polygon", chains: 1, positionsMarked: 1 },
    });
    // The cached chain is the fake's quotes, and says where they came from.
    const chain = (await env.MARKET_KV.get<ChainSnapshot>(KV_KEYS.chain(SYMBOL), "json"))!;
    expect(chain).toMatchObject({ underlying: SYMBOL, source: "polygon", spot: 100 });
    const cached = chain.expirations.find((x) => x.expirationDate === expiration)!.legs;
    const short = cached.find((l) => l.type === "put" && l.strike === 90)!;
    expect([short.bid, short.ask]).toEqual([leg(90).bid, leg(90).ask]);

    let emails = await alertEmails(email);
    expect(emails.map((m) => m.subject)).toEqual([
      expect.stringMatching(new RegExp(`^${SYMBOL}: profit target reached \\(\\d+% of the credit\\)$`)),
    ]);
    expect(emails[0]!.text).toContain(
      "Why: your profit target is 50% of the credit, read from the quotes of",
    );

    // The same quotes again: nothing new.
    expect((await refresh(e, { symbols: [SYMBOL], source: "polygon" })).status).toBe(200);
    expect(await alertEmails(email)).toHaveLength(1);

    // The spot at the short strike: the strike is tested, once.
    await setChain(90, expiration, nowMs + 60_000);
    expect((await refresh(e, { symbols: [SYMBOL], source: "polygon" })).status).toBe(200);
    expect((await refresh(e, { symbols: [SYMBOL], source: "polygon" })).status).toBe(200);
    emails = await alertEmails(email);
    expect(emails.map((m) => m.subject)).toEqual([
      expect.stringContaining("profit target reached"),
      `${SYMBOL}: short strike 90.00 tested`,
    ]);
  }, 60_000);
});
