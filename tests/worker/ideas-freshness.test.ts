// Issue 10 defect 5: the idea list read after the hot copy expired is stale only when it should be.
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { KV_KEYS, lastGoodUpserts } from "../../app/server/market/cache.server";
import { readIdeasSnapshot, type TradeIdeasSnapshot } from "../../app/server/market/ideas.server";
import { testEnv } from "./helpers";

const FRIDAY_AFTER_CLOSE = "2026-11-20T21:05:00.000Z"; // 16:05 New York, the run that captures the close
const FRIDAY_MIDDAY = "2026-11-20T19:00:00.000Z"; // 14:00 New York
const SATURDAY_NOON = Date.parse("2026-11-21T17:00:00Z");
const TUESDAY_NIGHT = Date.parse("2026-11-25T03:00:00Z"); // Tuesday 22:00 New York
const MONDAY_11AM = Date.parse("2026-11-23T16:00:00Z");

async function storeLastGood(asOf: string) {
  const snapshot: TradeIdeasSnapshot = { ideas: [], source: "demo", asOf };
  const [upsert] = lastGoodUpserts(testEnv, [{ key: KV_KEYS.ideas, payload: snapshot }], Date.parse(asOf));
  await upsert!;
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
