// Issue 30: the management rule's daily marks in live mode (decision 278). The refresh that captures the closing
// chains stores each tracked contract's closing bid and ask; grading builds a live idea's marks from its legs' rows;
// housekeeping deletes them 30 days after expiration. Live provider: the fake Cboe server on loopback.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { makeContext } from "./helpers";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { runHousekeeping } from "#app/server/jobs/housekeeping.server.ts";
import { KV_KEYS } from "#app/server/market/cache.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";
import { gradeExpiredIdeas, type LoggedContent } from "#app/server/track/grading.server.ts";
import { occKey, storedDailyMarks } from "#app/server/track/marks.server.ts";
import { addDays, nextTradingDay } from "#app/lib/market-calendar/index.ts";

// Friday 2026-07-24, 21:00 ET: after the close the samples were recorded at (the closing run).
const AFTER_CLOSE = new Date("2026-07-25T01:00:00Z");
const SESSION = "2026-07-24";

function liveEnv(): WorkerEnv {
  const origin = inject("fakeOrigin");
  return makeContext({
    MARKET_DATA_PROVIDER: "live",
    CBOE_API_BASE: `${origin}/cboe`,
    FINNHUB_API_KEY: undefined,
    ALPHAVANTAGE_API_KEY: undefined,
    TREASURY_API_BASE: `${origin}/treasury`,
  } as unknown as Partial<WorkerEnv>).get(cloudflareContext).env;
}

interface LogRow {
  seq: number;
  source: string;
  expiration_date: string;
  published_at: number;
  content: string;
}

let detail: Record<string, number>;
let logRows: LogRow[];

beforeAll(async () => {
  const outcome = await runMarketRefresh(liveEnv(), AFTER_CLOSE, { symbols: ["CLX"], force: true });
  detail = outcome.detail as Record<string, number>;
  logRows = (
    await env.DB.prepare(
      "SELECT seq, source, expiration_date, published_at, content FROM idea_log ORDER BY seq",
    ).all<LogRow>()
  ).results;
}, 60_000);

describe("live daily marks", () => {
  it("tracks every leg of the logged live ideas and records its closing quote at the closing run", async () => {
    expect(logRows.length).toBeGreaterThan(0);
    expect(logRows.every((r) => r.source === "cboe")).toBe(true);
    const legs = new Set(
      logRows.flatMap((r) => (JSON.parse(r.content) as LoggedContent).legs.map((l) => occKey(l.occ!))),
    );
    const tracked = (
      await env.DB.prepare("SELECT occ, symbol, expiration FROM tracked_contracts").all<{
        occ: string;
        symbol: string;
        expiration: string;
      }>()
    ).results;
    expect(new Set(tracked.map((t) => t.occ))).toEqual(legs);
    expect(tracked.every((t) => t.symbol === "CLX")).toBe(true);

    // One row per symbol and session, holding every tracked contract's quote equal to the stored chain's.
    const rows = (
      await env.DB.prepare("SELECT symbol, date, underlying, quotes FROM closing_marks").all<{
        symbol: string;
        date: string;
        underlying: number;
        quotes: string;
      }>()
    ).results;
    expect(rows.map((r) => [r.symbol, r.date])).toEqual([["CLX", SESSION]]);
    const marked = JSON.parse(rows[0]!.quotes) as Record<string, [number, number]>;
    expect(new Set(Object.keys(marked))).toEqual(legs);
    expect(detail.marksStored).toBe(legs.size);
    const chain = (await env.MARKET_KV.get(KV_KEYS.chain("CLX"), "json")) as {
      spot: number;
      expirations: { legs: { occSymbol: string; bid: number; ask: number }[] }[];
    };
    const quotes = new Map(chain.expirations.flatMap((e) => e.legs.map((l) => [occKey(l.occSymbol), l])));
    for (const [occ, [bid, ask]] of Object.entries(marked))
      expect({ bid, ask }).toEqual({ bid: quotes.get(occ)!.bid, ask: quotes.get(occ)!.ask });
    expect(rows[0]!.underlying).toBe(chain.spot);
  });

  it("records nothing twice: a second run after the same close adds no mark", async () => {
    const before = await env.DB.prepare("SELECT quotes FROM closing_marks").all();
    await runMarketRefresh(liveEnv(), new Date(AFTER_CLOSE.getTime() + 10 * 60_000), {
      symbols: ["CLX"],
      force: true,
    });
    const after = await env.DB.prepare("SELECT quotes FROM closing_marks").all();
    expect(after.results).toEqual(before.results);
  }, 60_000);

  it("grades a live idea under the management rule from its stored marks (no longer 'no-marks')", async () => {
    const row = logRows[0]!;
    const content = JSON.parse(row.content) as LoggedContent;
    // The next session's close: every short bought back for a cent, every long sold at its bid of zero:
    // the cost to close is far under half the credit, so the rule closes there.
    const nextSession = nextTradingDay(SESSION);
    const quotes = Object.fromEntries(
      content.legs.map((l) => [occKey(l.occ!), [0, l.side === "sell" ? 0.02 : 0.01]]),
    );
    const statements = [
      env.DB.prepare(
        "INSERT INTO closing_marks (symbol, date, underlying, quotes) VALUES ('CLX', ?1, ?2, ?3)",
      ).bind(nextSession, content.spot, JSON.stringify(quotes)),
    ];
    // The official close on expiry day, far out of the money for both sides of any idea.
    statements.push(
      env.DB.prepare(
        "INSERT OR IGNORE INTO daily_closes (symbol, date, open, high, low, close, volume, source) VALUES ('CLX', ?1, NULL, NULL, NULL, ?2, NULL, 'cboe')",
      ).bind(content.expiration, content.spot),
    );
    await env.DB.batch(statements);

    await gradeExpiredIdeas(liveEnv(), new Date(`${addDays(content.expiration, 2)}T20:00:00Z`));
    const managed = await env.DB.prepare(
      "SELECT fill, status, exit, closed_on, pnl FROM idea_grade WHERE log_seq = ?1 AND rule = 'managed' ORDER BY fill",
    )
      .bind(row.seq)
      .all<{ fill: string; status: string; exit: string; closed_on: string | null; pnl: number }>();
    expect(managed.results).toHaveLength(2);
    for (const grade of managed.results) {
      expect(grade.status).toBe("graded");
      expect(grade.exit).toBe("profit-target");
      expect(grade.closed_on).toBe(nextSession);
      // Cost to close at mid: shorts 0.01 each, longs 0.005 each.
      const shorts = content.legs.filter((l) => l.side === "sell").length;
      const longs = content.legs.length - shorts;
      const midCost = shorts * 0.01 - longs * 0.005;
      if (grade.fill === "mid")
        expect(Math.abs(grade.pnl - (content.credit.mid - midCost) * 100)).toBeLessThanOrEqual(0.0051);
    }
  }, 60_000);

  it("skips sessions before publication and sessions where a leg has no quote", () => {
    const legs = [
      { type: "put" as const, side: "sell" as const, strike: 90, occ: "CLX   260918P00090000" },
      { type: "put" as const, side: "buy" as const, strike: 85, occ: "CLX260918P00085000" },
    ];
    const q = (bid: number, ask: number) => ({ bid, ask, underlying: 95 });
    const stored = new Map([
      [
        "CLX260918P00090000",
        new Map([
          ["2026-07-23", q(1, 1.2)], // before publication
          ["2026-07-27", q(0.8, 1)],
          ["2026-07-28", q(0.5, 0.7)],
        ]),
      ],
      ["CLX260918P00085000", new Map([["2026-07-27", q(0.3, 0.4)]])],
    ]);
    const marks = storedDailyMarks("2026-09-18", legs, AFTER_CLOSE.getTime(), stored)!;
    expect(marks.mid.map((m) => m.date)).toEqual(["2026-07-27"]);
    expect(marks.mid[0]!.closeCost).toBeCloseTo(0.9 - 0.35, 9);
    expect(marks.mid[0]!.dte).toBe(53);
    expect(marks.stock.get("2026-07-27")).toBe(95);
    // A leg never quoted: no marks at all (the managed rows then say 'no-marks').
    expect(
      storedDailyMarks("2026-09-18", legs, AFTER_CLOSE.getTime(), new Map([stored.entries().next().value!])),
    ).toBeNull();
  });

  it("housekeeping deletes sessions' marks and tracked contracts past their retention, and keeps open ones", async () => {
    const tracked = await env.DB.prepare("SELECT count(*) AS n FROM tracked_contracts").first<{
      n: number;
    }>();
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM closing_marks").first<{ n: number }>();
    expect(tracked!.n).toBeGreaterThan(0);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO tracked_contracts (occ, symbol, expiration) VALUES ('OLD260102P00050000', 'OLD', '2026-01-02')",
      ),
      env.DB.prepare(
        `INSERT INTO closing_marks (symbol, date, underlying, quotes) VALUES ('OLD', '2025-12-30', 52, '{"OLD260102P00050000":[1,1.1]}')`,
      ),
    ]);
    const outcome = await runHousekeeping(env, AFTER_CLOSE);
    expect(outcome.detail).toMatchObject({ closingMarksDeleted: 1, trackedContractsDeleted: 1 });
    const left = await env.DB.prepare("SELECT count(*) AS n FROM tracked_contracts").first<{ n: number }>();
    expect(left!.n).toBe(tracked!.n);
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM closing_marks").first<{ n: number }>();
    expect(kept!.n).toBe(sessions!.n);
  });
});
