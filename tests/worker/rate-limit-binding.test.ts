// Issue 32: the per-minute public limits are counted by the Workers Rate Limiting binding, not D1 (decision 280):
// a beacon and a ticker-info request write no D1 row; the limits still hold; wrangler.toml's limits equal the
// rules'; rules with windows the binding cannot express stay in D1.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, freshRateLimitWindow, makeContext } from "./helpers";
import * as events from "#app/routes/api.events.ts";
import * as tickersInfo from "#app/routes/api.get_tickers_info.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { RATE_LIMITS, rateLimiter } from "#app/server/rate-limit.server.ts";

/** The test env with its D1 wrapped to count the statements that touch the rate_limit table. */
function countingRateLimitWrites() {
  const seen: string[] = [];
  const db = env.DB;
  const wrapped = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "prepare")
        return (sql: string) => {
          seen.push(sql);
          return target.prepare(sql);
        };
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    context: makeContext({ DB: wrapped } as Partial<WorkerEnv>),
    rateLimitStatements: () => seen.filter((s) => /rate_limit/i.test(s)),
  };
}

describe("per-minute limits on the Rate Limiting binding", () => {
  it("a beacon and a ticker-info request write no rate_limit row in D1", async () => {
    const { context, rateLimitStatements } = countingRateLimitWrites();
    const beacon = new Request("http://localhost/api/events", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.201" },
      body: JSON.stringify({ name: "page_view", path: "/" }),
    });
    expect(((await call(events.action, beacon, { context })) as Response).status).toBe(204);
    const tickers = new Request("http://localhost/api/get_tickers_info?symbols=SPY", {
      headers: { "cf-connecting-ip": "203.0.113.201" },
    });
    expect(((await call(tickersInfo.loader, tickers, { context })) as Response).status).toBe(200);
    expect(rateLimitStatements()).toEqual([]);
  });

  it("still refuses past the rule's max within a minute, per key", async () => {
    await freshRateLimitWindow();
    const limiter = rateLimiter(env, "billing");
    const answers: boolean[] = [];
    for (let i = 0; i <= RATE_LIMITS.billing.max; i++)
      answers.push((await limiter.limit({ key: "binding-user-1" })).success);
    expect(answers).toEqual([...Array(RATE_LIMITS.billing.max).fill(true), false]);
    expect((await limiter.limit({ key: "binding-user-2" })).success).toBe(true);
  });

  it("counts in D1 where the binding has no such window (contact per hour, share creation per 10 minutes)", async () => {
    for (const name of ["contact", "wheelShare", "trackRecordCsv", "signInAccount"] as const) {
      expect(RATE_LIMITS[name]).not.toHaveProperty("binding");
      await rateLimiter(env, name).limit({ key: "203.0.113.202" });
      const row = await env.DB.prepare("SELECT count FROM rate_limit WHERE key = ?1")
        .bind(`app:${name}:203.0.113.202`)
        .first<{ count: number }>();
      expect(row?.count).toBe(1);
    }
  });
});
