// The shared trade page's "in today's idea list" status must be true or left out: once the hot copy of the
// list expires (5-minute TTL), the list's last-good copy in D1 still says which ideas are current.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#app/server/db/client.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { ideasLastGoodStatements, tradeIdeaUpserts } from "#app/server/market/ideas.server.ts";
import { loadSharedTrade } from "#app/server/shared-trade.server.ts";
import { fixtureIdeas } from "./fixtures/trade-ideas";
import { testEnv } from "./helpers";

const IDEAS = fixtureIdeas(12);
const inList = IDEAS[0]!;
const historyOnly = IDEAS[11]!;
// The list of Friday's close; read on Saturday it is today's list, on Monday morning (market open) it is stale.
const FRIDAY_AFTER_CLOSE = "2026-11-20T21:05:00.000Z";
const SATURDAY = Date.parse("2026-11-21T15:00:00.000Z");
const MONDAY_OPEN = Date.parse("2026-11-23T16:00:00.000Z");

beforeAll(async () => {
  const db = getDb(testEnv);
  await db.batch(tradeIdeaUpserts(testEnv, IDEAS, Date.parse(FRIDAY_AFTER_CLOSE)) as never);
  const snapshot = { ideas: IDEAS.slice(0, 11), source: "demo" as const, asOf: FRIDAY_AFTER_CLOSE };
  await db.batch(ideasLastGoodStatements(testEnv, snapshot, Date.parse(FRIDAY_AFTER_CLOSE)) as never);
  // The hot copy has expired.
  await env.MARKET_KV.delete(KV_KEYS.ideas);
});

const statusOf = async (id: string, nowMs: number) => (await loadSharedTrade(testEnv, id, nowMs))?.status;

describe("shared trade status after the hot list expired", () => {
  it("an idea in the current list (its last-good copy) is still in today's list", async () => {
    expect(await statusOf(inList.trade_unique_identifier, SATURDAY)).toMatchObject({
      state: "open",
      inLiveList: true,
    });
  });

  it("an idea only in the history is no longer in the list", async () => {
    expect(await statusOf(historyOnly.trade_unique_identifier, SATURDAY)).toMatchObject({
      state: "open",
      inLiveList: false,
    });
  });

  it("with only a stale list the status is left out, either way", async () => {
    for (const idea of [inList, historyOnly])
      expect(await statusOf(idea.trade_unique_identifier, MONDAY_OPEN)).toMatchObject({
        state: "open",
        inLiveList: null,
      });
  });
});
