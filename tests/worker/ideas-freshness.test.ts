// Issue 10 defect 5: the idea list read after the hot copy expired is stale only when it should be.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import {
  ideasLastGoodStatements,
  readIdeasSnapshot,
  type TradeIdea,
  type TradeIdeasSnapshot,
} from "#app/server/market/ideas.server.ts";
import { getDb } from "#app/server/db/client.server.ts";
import { testEnv } from "./helpers";

const FRIDAY_AFTER_CLOSE = "2026-11-20T21:05:00.000Z"; // 16:05 New York, the run that captures the close
const FRIDAY_MIDDAY = "2026-11-20T19:00:00.000Z"; // 14:00 New York
const SATURDAY_NOON = Date.parse("2026-11-21T17:00:00Z");
const TUESDAY_NIGHT = Date.parse("2026-11-25T03:00:00Z"); // Tuesday 22:00 New York
const MONDAY_11AM = Date.parse("2026-11-23T16:00:00Z");

async function storeSnapshot(snapshot: TradeIdeasSnapshot) {
  const statements = ideasLastGoodStatements(testEnv, snapshot, Date.parse(snapshot.asOf));
  await getDb(testEnv).batch(statements as unknown as Parameters<ReturnType<typeof getDb>["batch"]>[0]);
}

async function storeLastGood(asOf: string) {
  const snapshot: TradeIdeasSnapshot = { ideas: [], source: "demo", asOf };
  await storeSnapshot(snapshot);
  // The hot copy has expired (its 5-minute TTL ran out after the close).
  await env.MARKET_KV.delete(KV_KEYS.ideas);
}

describe("ideas served from the last good copy", () => {
  beforeEach(() => env.MARKET_KV.delete(KV_KEYS.ideas));

  it("are current over the weekend when they hold Friday's close", async () => {
    await storeLastGood(FRIDAY_AFTER_CLOSE);
    expect(await readIdeasSnapshot(testEnv, SATURDAY_NOON)).toMatchObject({ stale: false });
  });

  it("are stale once the market opens again", async () => {
    await storeLastGood(FRIDAY_AFTER_CLOSE);
    expect(await readIdeasSnapshot(testEnv, MONDAY_11AM)).toMatchObject({ stale: true });
  });

  it("are stale at night when they predate the last close (the closing run failed)", async () => {
    await storeLastGood(FRIDAY_MIDDAY);
    expect(await readIdeasSnapshot(testEnv, SATURDAY_NOON)).toMatchObject({ stale: true });
    expect(await readIdeasSnapshot(testEnv, TUESDAY_NIGHT)).toMatchObject({ stale: true });
  });
});

/** A list like every profile's together: about 1,500 ideas of ~3 KB of JSON each, over D1's 2 MB value limit. */
function bigSnapshot(asOf: string, count: number): TradeIdeasSnapshot {
  const ideas = Array.from(
    { length: count },
    (_, i) =>
      ({
        trade_unique_identifier: `AAPL-${String(i).padStart(24, "0")}`,
        padding: "x".repeat(3000),
      }) as unknown as TradeIdea,
  );
  return { ideas, source: "demo", asOf };
}

describe("the ideas' last-good copy in D1", () => {
  beforeEach(() => env.MARKET_KV.delete(KV_KEYS.ideas));

  it("holds a list larger than D1's value limit, in order, and read back whole", async () => {
    const snapshot = bigSnapshot(FRIDAY_AFTER_CLOSE, 1500);
    expect(JSON.stringify(snapshot).length).toBeGreaterThan(2_000_000);
    await storeSnapshot(snapshot);
    const read = await readIdeasSnapshot(testEnv, SATURDAY_NOON);
    expect(read?.ideas.map((i) => i.trade_unique_identifier)).toEqual(
      snapshot.ideas.map((i) => i.trade_unique_identifier),
    );
    expect(read).toMatchObject({ source: "demo", asOf: FRIDAY_AFTER_CLOSE, stale: false });
  });

  it("drops the parts a longer earlier list left, so a shorter list reads back as itself", async () => {
    await storeSnapshot(bigSnapshot(FRIDAY_MIDDAY, 1500));
    await storeSnapshot(bigSnapshot(FRIDAY_AFTER_CLOSE, 10));
    const read = await readIdeasSnapshot(testEnv, SATURDAY_NOON);
    expect(read?.ideas).toHaveLength(10);
    expect(read?.asOf).toBe(FRIDAY_AFTER_CLOSE);
    const left = await env.DB.prepare(
      "SELECT count(*) AS n FROM market_snapshots WHERE key LIKE 'ideas:v1%'",
    ).first<{
      n: number;
    }>();
    expect(left?.n).toBe(1);
  });

  it("serves nothing rather than half a list when a part is missing", async () => {
    await storeSnapshot(bigSnapshot(FRIDAY_AFTER_CLOSE, 1500));
    await env.DB.prepare("DELETE FROM market_snapshots WHERE key = 'ideas:v1:part:1'").run();
    expect(await readIdeasSnapshot(testEnv, SATURDAY_NOON)).toBeNull();
  });
});
