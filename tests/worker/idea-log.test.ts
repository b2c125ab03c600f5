// Issue 30 step 1: the track record's append-only idea log, written by the cron's refresh (decision 265).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { readIdeaLog } from "#app/server/track/idea-log.server.ts";
import { verifyHashChain } from "#app/lib/hash-chain.ts";
import { testEnv, wholeIdeaLog } from "./helpers";

const MONDAY_11AM = new Date("2026-11-23T16:00:00Z");
const MONDAY_1130 = new Date("2026-11-23T16:30:00Z");
const TUESDAY_11AM = new Date("2026-11-24T16:00:00Z");

async function count(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM idea_log").first<{ n: number }>())!.n;
}

let firstRun: Record<string, unknown>;

beforeAll(async () => {
  firstRun = (await runMarketRefresh(testEnv, MONDAY_11AM, { force: true })).detail as Record<
    string,
    unknown
  >;
}, 120_000);

describe("idea log", () => {
  it("logs every published idea of the first refresh, each list tier once, in a chain anyone can verify", async () => {
    const rows = await wholeIdeaLog();
    expect(rows.length).toBe(firstRun.ideasLogged);
    // Every profile's Pro 30 is there (three profiles), and the pool beyond it.
    const pro = rows.filter((r) => r.tier === 3);
    expect(new Set(pro.map((r) => r.profile))).toEqual(new Set(["conservative", "balanced", "aggressive"]));
    expect(pro.length).toBeGreaterThanOrEqual(60);
    expect(rows.some((r) => r.tier === 1)).toBe(true);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    const verdict = await verifyHashChain(
      rows.map((r) => ({ content: r.content, prevHash: r.prevHash, rowHash: r.rowHash })),
    );
    expect(verdict).toMatchObject({ ok: true, rows: rows.length });
  });

  it("freezes what a grade and a calibration need, with sources and the quote time", async () => {
    const [row] = await readIdeaLog(testEnv, 0, 1);
    const content = JSON.parse(row.content);
    expect(content).toMatchObject({
      v: 1,
      trade_id: row.tradeId,
      lists: ["pro30", "elite100", "pool"],
      rank: 1,
      source: "demo",
      engine_version: expect.any(String),
      quote_time: expect.any(String),
      published_at: MONDAY_11AM.toISOString(),
      spot: expect.any(Number),
      credit: { mid: expect.any(Number), natural: expect.any(Number), fill: expect.any(Number) },
      pop: {
        market_implied: expect.any(Number),
        lognormal_atm: expect.any(Number),
        delta: expect.any(Number),
        credit_width: expect.any(Number),
      },
      prob_touch: expect.any(Number),
      expected_value: expect.any(Number),
      assumptions: { r: expect.any(Number), r_source: expect.any(String), q_source: expect.any(String) },
      score_parts: expect.objectContaining({ score: expect.any(Number) }),
    });
    expect(content.legs[0]).toMatchObject({
      strike: expect.any(Number),
      bid: expect.any(Number),
      ask: expect.any(Number),
      iv: expect.any(Number),
    });
  });

  it("grows by new ideas only: a later refresh of the same day re-logs nothing it already has", async () => {
    const before = await count();
    const again = (await runMarketRefresh(testEnv, MONDAY_1130, { force: true })).detail as Record<
      string,
      unknown
    >;
    const after = await count();
    expect(after - before).toBe(again.ideasLogged);
    // Prices moved in 30 minutes: some ideas are new to a tier, most of the published list is not.
    // (ideasLogged counts the wheel universe's rows too; `ideas` is the spread list.)
    const spreadsLogged = (again.ideasLogged as number) - (again.wheelIdeasLogged as number);
    expect(spreadsLogged).toBeGreaterThan(0);
    expect(spreadsLogged).toBeLessThan((again.ideas as number) / 2);
    // The pool and the wheel universe are sampled once per session (decision 278): later refreshes of the day log
    // only ideas new to a published list (Pro 30, Elite 100).
    expect(again.wheelIdeasLogged).toBe(0);
    const intraday = await env.DB.prepare(
      "SELECT tier, count(*) AS n FROM idea_log WHERE seq > ?1 GROUP BY tier",
    )
      .bind(before)
      .all<{ tier: number; n: number }>();
    expect(intraday.results.length).toBeGreaterThan(0);
    expect(intraday.results.every((r) => r.tier >= 2)).toBe(true);
    const next = (await runMarketRefresh(testEnv, TUESDAY_11AM, { force: true })).detail as Record<
      string,
      unknown
    >;
    expect((await count()) - after).toBe(next.ideasLogged);
    // The next session's first refresh samples the pool and the wheel universe again.
    const nextTiers = await env.DB.prepare("SELECT DISTINCT tier FROM idea_log WHERE seq > ?1")
      .bind(after)
      .all<{ tier: number }>();
    expect(nextTiers.results.map((r) => r.tier)).toEqual(expect.arrayContaining([0, 1]));
    expect(next.wheelIdeasLogged).toBeGreaterThan(0);
    const verdict = await verifyHashChain(
      (await wholeIdeaLog()).map((r) => ({ content: r.content, prevHash: r.prevHash, rowHash: r.rowHash })),
    );
    expect(verdict.ok).toBe(true);
  }, 120_000);

  it("refuses updates and deletes: the log is append-only in the database itself", async () => {
    await expect(env.DB.prepare("UPDATE idea_log SET content = '{}' WHERE seq = 1").run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare("DELETE FROM idea_log WHERE seq = 1").run()).rejects.toThrow(/append-only/);
    expect(await count()).toBeGreaterThan(0);
  });

  it("refuses a second row after the same previous hash (two writers cannot fork the chain)", async () => {
    const head = await env.DB.prepare("SELECT seq, row_hash FROM idea_log ORDER BY seq DESC LIMIT 1").first<{
      seq: number;
      row_hash: string;
    }>();
    const prev = await env.DB.prepare("SELECT prev_hash FROM idea_log WHERE seq = ?1")
      .bind(head!.seq)
      .first<{ prev_hash: string }>();
    await expect(
      env.DB.prepare(
        "INSERT INTO idea_log (seq, trade_id, tier, profile, stock_symbol, strategy_type, expiration_date, dte, pop, published_at, source, content, prev_hash, row_hash) VALUES (?1, 'X-1', 1, 'balanced', 'X', 'BULL_PUT_SPREAD', '2026-12-18', 30, 70, 0, 'demo', '{}', ?2, 'f')",
      )
        .bind(head!.seq + 1, prev!.prev_hash)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});
