// Issue 30 item 1: the fixed wheel universe in the idea log (decision 267): the cash-secured puts /wheels shows per
// risk level at the defaults over the default universe, logged by the refresh in the same chain, graded at expiry,
// and a list of its own on /track-record.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeAtExpiry } from "#app/engine/grading.ts";
import { verifyHashChain } from "#app/lib/hash-chain.ts";
import type { TrackRecordView } from "#app/lib/track-record/track-record.ts";
import { WHEEL_DEFAULTS } from "#app/lib/wheel/wheel.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { DEFAULT_UNIVERSE_SYMBOLS } from "#app/server/market/universe.server.ts";
import { cspBatch } from "#app/server/wheel/strategies.server.ts";
import * as page from "#app/routes/track-record.tsx";
import { call, testEnv, wholeIdeaLog } from "./helpers";

const MONDAY_11AM = new Date("2026-11-23T16:00:00Z");
const MONDAY_1130 = new Date("2026-11-23T16:30:00Z");

interface LogRow {
  seq: number;
  trade_id: string;
  tier: number;
  profile: string;
  stock_symbol: string;
  strategy_type: string;
  expiration_date: string;
  pop: number;
  content: string;
}

const wheelRows = async () =>
  (
    await env.DB.prepare(
      "SELECT seq, trade_id, tier, profile, stock_symbol, strategy_type, expiration_date, pop, content FROM idea_log WHERE strategy_type = 'CASH_SECURED_PUT' ORDER BY seq",
    ).all<LogRow>()
  ).results;

let first: Record<string, number>;
let firstRows: LogRow[];

beforeAll(async () => {
  first = (await runMarketRefresh(testEnv, MONDAY_11AM, { force: true })).detail as Record<string, number>;
  firstRows = await wheelRows();
}, 120_000);

describe("the wheel universe in the idea log", () => {
  it("logs each risk level's cash-secured puts at the default cash, as /wheels shows them, in the same chain", async () => {
    expect(first.wheelIdeasLogged).toBe(firstRows.length);
    expect(new Set(firstRows.map((r) => r.profile))).toEqual(
      new Set(["conservative", "balanced", "aggressive"]),
    );
    expect(firstRows.every((r) => r.tier === 0 && DEFAULT_UNIVERSE_SYMBOLS.includes(r.stock_symbol))).toBe(
      true,
    );
    // Exactly the puts the /wheels batch gives at the defaults for the same universe, per risk level.
    const universe = [...new Set(firstRows.map((r) => r.stock_symbol))];
    for (const riskLevel of ["conservative", "balanced", "aggressive"] as const) {
      const batch = await cspBatch(
        testEnv,
        {
          tickers: DEFAULT_UNIVERSE_SYMBOLS.filter((s) => universe.includes(s)),
          riskLevel,
          cashAmount: WHEEL_DEFAULTS.cash,
          maxDaysToExpiration: 45,
          minReturn: 0,
        },
        MONDAY_11AM.getTime(),
      );
      const shown = Object.values(batch.results).flatMap((r) => r.strategies.map((s) => s.optionSymbol));
      const logged = firstRows
        .filter((r) => r.profile === riskLevel)
        .map((r) => JSON.parse(r.content).legs[0].occ);
      expect(new Set(logged)).toEqual(new Set(shown));
    }
    const rows = await wholeIdeaLog();
    expect(rows.some((r) => r.tier > 0)).toBe(true);
    const verdict = await verifyHashChain(
      rows.map((r) => ({ content: r.content, prevHash: r.prevHash, rowHash: r.rowHash })),
    );
    expect(verdict).toMatchObject({ ok: true, rows: rows.length });
  });

  it("freezes the spread rows' fields where they apply, with the POP at the breakeven as the graded prediction", () => {
    const c = JSON.parse(firstRows[0].content);
    expect(c).toMatchObject({
      v: 1,
      trade_id: firstRows[0].trade_id,
      lists: [`wheel-${firstRows[0].profile}`],
      rank: expect.any(Number),
      strategy: "CASH_SECURED_PUT",
      source: "demo",
      engine_version: expect.any(String),
      quote_time: expect.any(String),
      published_at: MONDAY_11AM.toISOString(),
      spot: expect.any(Number),
      cash: WHEEL_DEFAULTS.cash,
      credit: { mid: expect.any(Number), natural: expect.any(Number), fill: expect.any(Number) },
      pop: {
        market_implied: expect.any(Number),
        lognormal_atm: expect.any(Number),
        delta: expect.any(Number),
      },
      prob_touch: expect.any(Number),
      expected_value: expect.any(Number),
      assumptions: { r: expect.any(Number), r_source: expect.any(String), q_source: expect.any(String) },
      score_parts: expect.objectContaining({ score: expect.any(Number) }),
    });
    expect(c.legs[0]).toMatchObject({
      strike: c.strikes.put_short,
      bid: expect.any(Number),
      iv: expect.any(Number),
    });
    for (const row of firstRows) {
      const content = JSON.parse(row.content);
      const strike = content.strikes.put_short;
      expect(content.contracts).toBe(Math.floor(WHEEL_DEFAULTS.cash / (strike * 100)));
      // Profit needs the close above the breakeven, below the strike: at least as likely as expiring out of the money.
      expect(row.pop).toBe(content.pop.market_implied);
      expect(row.pop).toBeGreaterThanOrEqual(content.win_probability);
      expect(content).not.toHaveProperty("costBasis");
      expect(content).not.toHaveProperty("shares");
    }
  });

  it("samples the universe once per session and logs a put once per risk level", async () => {
    // Later the same day: nothing (decision 278: the wheel universe is sampled by the session's first refresh).
    const again = (await runMarketRefresh(testEnv, MONDAY_1130, { force: true })).detail as Record<
      string,
      number
    >;
    expect(again.wheelIdeasLogged).toBe(0);
    expect(await wheelRows()).toHaveLength(firstRows.length);
    // The next session: only puts it has not logged.
    const next = (await runMarketRefresh(testEnv, new Date("2026-11-24T16:00:00Z"), { force: true }))
      .detail as Record<string, number>;
    const rows = await wheelRows();
    expect(rows.length - firstRows.length).toBe(next.wheelIdeasLogged);
    expect(next.wheelIdeasLogged).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.trade_id)).size).toBe(rows.length);
  }, 120_000);

  it("is graded at expiry with the put's arithmetic and shown as its own list, apart from the spread lists", async () => {
    const rows = await wheelRows();
    const statements = [];
    const seen = new Set<string>();
    for (const [i, row] of rows.entries()) {
      const key = `${row.stock_symbol}|${row.expiration_date}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const c = JSON.parse(row.content);
      // Half close where they were published, half 10% lower (below most strikes: assigned).
      const close = i % 2 === 0 ? c.spot : c.spot * 0.9;
      statements.push(
        env.DB.prepare(
          "INSERT OR REPLACE INTO daily_closes (symbol, date, open, high, low, close, volume, source) VALUES (?1, ?2, ?3, ?3, ?3, ?3, 1, 'demo')",
        ).bind(row.stock_symbol, row.expiration_date, close),
      );
    }
    await env.DB.batch(statements);
    // A run grades at most 2,000 ideas; two sessions of spreads and puts take more than one.
    for (let i = 0; i < 4; i++) {
      const run = await runJob("trackRecord", testEnv, new Date("2027-03-01T14:00:00Z"));
      expect(run.ok).toBe(true);
    }
    const grades = (
      await env.DB.prepare(
        "SELECT g.fill, g.status, g.settlement, g.pnl, g.risk, g.win, g.assigned, l.content FROM idea_grade g JOIN idea_log l ON l.seq = g.log_seq WHERE l.strategy_type = 'CASH_SECURED_PUT' AND g.rule = 'hold'",
      ).all<{
        fill: string;
        status: string;
        settlement: number;
        pnl: number;
        risk: number;
        win: number;
        assigned: number;
        content: string;
      }>()
    ).results;
    expect(grades.length).toBe(2 * rows.length);
    let assigned = 0;
    for (const g of grades) {
      const c = JSON.parse(g.content);
      const credit = g.fill === "mid" ? c.credit.mid : c.credit.fill;
      const K = c.strikes.put_short;
      expect(g.status).toBe("graded");
      expect(g.pnl).toBeCloseTo(100 * (credit - Math.max(0, K - g.settlement)), 6);
      const engine = gradeAtExpiry(
        {
          strategy: "CASH_SECURED_PUT",
          putShort: K,
          putLong: null,
          callShort: null,
          callLong: null,
          expiration: c.expiration,
        },
        credit,
        { price: g.settlement },
      );
      expect(Boolean(g.win)).toBe(engine.win);
      expect(Boolean(g.assigned)).toBe(g.settlement < K);
      expect(g.risk).toBeCloseTo((K - credit) * 100, 6);
      if (g.assigned) assigned++;
    }
    expect(assigned).toBeGreaterThan(0);
    expect(assigned).toBeLessThan(grades.length);

    const wheel = (await call(page.loader, "/track-record?list=wheel-balanced")) as TrackRecordView;
    expect(wheel.list).toBe("wheel-balanced");
    const balanced = new Set(rows.filter((r) => r.profile === "balanced").map((r) => r.trade_id)).size;
    expect(wheel.slice!.settled).toBe(balanced);
    expect(wheel.lists.map((l) => l.key)).toContain("wheel-aggressive");
    const byPut = (await call(
      page.loader,
      "/track-record?list=wheel-conservative&by=strategy:CASH_SECURED_PUT",
    )) as TrackRecordView;
    expect(byPut.slice!.settled).toBe(
      new Set(rows.filter((r) => r.profile === "conservative").map((r) => r.trade_id)).size,
    );
    // The spread lists count spreads only: every trade of the pool is a spread row's.
    const pool = (await call(
      page.loader,
      "/track-record?list=pool&by=strategy:CASH_SECURED_PUT",
    )) as TrackRecordView;
    expect(pool.slice).toBeNull();
    const poolAll = (await call(page.loader, "/track-record?list=pool")) as TrackRecordView;
    const spreadTrades = (await env.DB.prepare(
      "SELECT count(DISTINCT trade_id) AS n FROM idea_log WHERE tier >= 1",
    ).first<{ n: number }>())!.n;
    expect(poolAll.slice!.settled + poolAll.slice!.pending + poolAll.slice!.unsettled).toBe(spreadTrades);
  }, 120_000);
});
