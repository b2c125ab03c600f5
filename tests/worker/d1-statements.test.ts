// How many D1 statements each main page and API costs (issue 32, docs/SCALE.md): every loader a document request
// runs (the shell, the signed-in guard, the page) against a D1 wrapped to count prepared statements, with the
// market caches warm as in production. The figures are printed for docs/SCALE.md; the bounds catch a page that
// starts reading or writing per request what it should read from a cache.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, makeContext, requestWithCookie, signUpAndGetCookie, testEnv } from "./helpers";
import * as root from "#app/root.tsx";
import * as signedIn from "#app/routes/signed-in-layout.tsx";
import * as home from "#app/routes/home.tsx";
import * as pricing from "#app/routes/pricing.tsx";
import * as spreads from "#app/routes/spreads.tsx";
import * as tickers from "#app/routes/tickers.tsx";
import * as wheels from "#app/routes/wheels.tsx";
import * as trackRecord from "#app/routes/track-record.tsx";
import * as tickersInfo from "#app/routes/api.get_tickers_info.ts";
import * as events from "#app/routes/api.events.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";

type Loader = (args: never) => unknown;

/** Runs `loaders` for one request against a D1 that counts statements (writes apart); awaits streamed values. */
async function statementsOf(loaders: Loader[], request: () => Request) {
  let reads = 0;
  let writes = 0;
  const tables = new Set<string>();
  const db = env.DB;
  const counted = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "prepare")
        return (sql: string) => {
          if (/^\s*(insert|update|delete|replace)/i.test(sql)) writes++;
          else reads++;
          const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(sql)?.[1];
          if (table) tables.add(table);
          return target.prepare(sql);
        };
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const context = makeContext({ DB: counted } as Partial<WorkerEnv>);
  for (const loader of loaders) {
    const out = await call(loader as never, request(), { context });
    if (out && typeof out === "object" && !(out instanceof Response))
      for (const v of Object.values(out as Record<string, unknown>))
        if (v && typeof (v as Promise<unknown>).then === "function")
          await (v as Promise<unknown>).catch(() => null);
  }
  return { reads, writes, tables: [...tables].sort() };
}

let cookie = "";
const rows: string[] = [];

beforeAll(async () => {
  await runMarketRefresh(testEnv, new Date(), { force: true, symbols: ["AAPL", "MSFT", "SPY", "KO", "QQQ"] });
  const email = "statements-pro@example.com";
  cookie = await signUpAndGetCookie(email);
  await env.DB.prepare(
    "UPDATE user SET subscription_tier = 'Pro Plan', subscription_status = 'active', has_used_trial = 1 WHERE email = ?1",
  )
    .bind(email)
    .run();
}, 120_000);

describe("D1 statements per request", () => {
  const visitor = (path: string) => () =>
    new Request(new URL(path, "http://localhost"), { headers: { "cf-connecting-ip": "203.0.113.230" } });
  const signedInReq = (path: string) => () =>
    requestWithCookie(path, cookie, { headers: { "cf-connecting-ip": "203.0.113.231" } });

  const cases: [string, Loader[], () => () => Request, { reads: number; writes: number }][] = [
    ["/ (visitor)", [root.loader, home.loader], () => visitor("/"), { reads: 0, writes: 0 }],
    ["/pricing (visitor)", [root.loader, pricing.loader], () => visitor("/pricing"), { reads: 0, writes: 0 }],
    [
      "/track-record (visitor)",
      [root.loader, trackRecord.loader],
      () => visitor("/track-record"),
      { reads: 2, writes: 0 },
    ],
    [
      "/spreads (Pro)",
      [root.loader, signedIn.loader, spreads.loader],
      () => signedInReq("/spreads"),
      { reads: 6, writes: 1 },
    ],
    [
      "/tickers (Pro)",
      [root.loader, signedIn.loader, tickers.loader],
      () => signedInReq("/tickers"),
      { reads: 7, writes: 1 },
    ],
    [
      "/wheels (Pro)",
      [root.loader, signedIn.loader, wheels.loader],
      () => signedInReq("/wheels"),
      { reads: 9, writes: 1 },
    ],
    [
      "GET /api/get_tickers_info (visitor)",
      [tickersInfo.loader],
      () => visitor("/api/get_tickers_info?symbols=SPY,AAPL"),
      { reads: 0, writes: 0 },
    ],
  ];
  for (const [name, loaders, req, bound] of cases)
    it(`${name}: at most ${bound.reads} reads and ${bound.writes} writes`, async () => {
      const n = await statementsOf(loaders, req());
      rows.push(`${name}: ${n.reads} reads, ${n.writes} writes (${n.tables.join(", ")})`);
      expect(n.reads).toBeLessThanOrEqual(bound.reads);
      expect(n.writes).toBeLessThanOrEqual(bound.writes);
    });

  it("POST /api/events (a beacon): no D1 write (the event goes to Analytics Engine, the limit to the binding)", async () => {
    const n = await statementsOf(
      [events.action as Loader],
      () =>
        new Request("http://localhost/api/events", {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.232" },
          body: JSON.stringify({ name: "page_view", path: "/" }),
        }),
    );
    rows.push(`POST /api/events (visitor): ${n.reads} reads, ${n.writes} writes`);
    expect(n.writes).toBe(0);
    // Signed in, the beacon reads the session for the user's pseudonym and still writes nothing.
    const signedInBeacon = await statementsOf([events.action as Loader], () =>
      requestWithCookie("/api/events", cookie, {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.233" },
        body: JSON.stringify({ name: "page_view", path: "/spreads" }),
      }),
    );
    rows.push(
      `POST /api/events (Pro): ${signedInBeacon.reads} reads, ${signedInBeacon.writes} writes (${signedInBeacon.tables.join(", ")})`,
    );
    expect(signedInBeacon.writes).toBe(0);
    expect(signedInBeacon.reads).toBeLessThanOrEqual(2);
    console.log(`D1 statements per request:\n  ${rows.join("\n  ")}`);
  });
});
