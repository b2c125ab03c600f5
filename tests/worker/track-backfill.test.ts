// Issue 30 step 2: the backfill over the simulated market's history, appended to the same log (decision 266).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeAtExpiry } from "#app/engine/grading.ts";
import { verifyHashChain } from "#app/lib/hash-chain.ts";
import { newYorkDateOf, newYorkInstant } from "#app/lib/market-calendar/index.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { closeOn } from "#app/server/market/providers/demo/prices.server.ts";
import { universeEntry } from "#app/server/market/universe.server.ts";
import { BACKFILL_ORIGIN, lastBackfillDay, runTrackBackfill } from "#app/server/track/backfill.server.ts";
import { readTrackSummary } from "#app/server/track/summary.server.ts";
import { action as backfillAction } from "#app/routes/dev.track-backfill.ts";
import { call, makeContext, testEnv, wholeIdeaLog } from "./helpers";

const MONDAY_11AM = new Date("2026-11-23T16:00:00Z");
const SYMBOLS = ["SPY", "QQQ", "AAPL", "MSFT", "IWM", "XLE"];
const keyer = async (descriptor: string) => `id:${descriptor}`;

let liveRows: number;

beforeAll(async () => {
  // Live publication first: the backfill must append after it without forking the chain.
  await runMarketRefresh(testEnv, MONDAY_11AM, { force: true, symbols: SYMBOLS });
  liveRows = (await wholeIdeaLog()).length;
}, 120_000);

describe("track record backfill", () => {
  it("appends the simulated history after the live rows, labelled, published on past days, graded whole", async () => {
    const later = Date.parse("2026-11-25T15:00:00Z");
    const result = await runTrackBackfill(testEnv, { sessions: 3, symbols: SYMBOLS, keyer, nowMs: later });
    expect(result.days).toBe(3);
    expect(result.appended).toBeGreaterThan(0);
    // Live records start at the first live publication: every backfilled idea expired before it.
    expect(result.to).toBe(lastBackfillDay("2026-11-23"));
    const rows = await wholeIdeaLog();
    expect(rows.length).toBe(liveRows + result.appended);
    // One chain: the backfill's first row follows the last live row.
    const verdict = await verifyHashChain(rows);
    expect(verdict.ok).toBe(true);
    const backfill = rows.slice(liveRows);
    expect(backfill[0].prevHash).toBe(rows[liveRows - 1].rowHash);
    expect(rows.slice(0, liveRows).every((r) => r.origin === "cron")).toBe(true);
    for (const r of backfill) {
      expect(r.origin).toBe(BACKFILL_ORIGIN);
      const c = JSON.parse(r.content);
      expect(c.origin).toBe(BACKFILL_ORIGIN);
      const day = newYorkDateOf(r.publishedAt.getTime());
      expect(r.publishedAt.getTime()).toBe(newYorkInstant(day, 10));
      expect(day >= result.from! && day <= result.to!).toBe(true);
      expect(c.published_at).toBe(r.publishedAt.toISOString());
      expect(r.expirationDate < "2026-11-23").toBe(true);
    }
    // Each row graded at once: hold and managed at both fills; the hold grade is the engine's on the simulated
    // close of expiry day.
    const grades = (
      await env.DB.prepare(
        "SELECT g.log_seq, g.rule, g.fill, g.status, g.pnl, g.settlement FROM idea_grade g JOIN idea_log l ON l.seq = g.log_seq WHERE l.origin = ?1",
      )
        .bind(BACKFILL_ORIGIN)
        .all<{
          log_seq: number;
          rule: string;
          fill: string;
          status: string;
          pnl: number;
          settlement: number;
        }>()
    ).results;
    expect(grades.length).toBe(4 * backfill.length);
    const bySeq = new Map(backfill.map((r) => [r.seq, r]));
    for (const g of grades.filter((x) => x.rule === "hold")) {
      const r = bySeq.get(g.log_seq)!;
      const c = JSON.parse(r.content);
      expect(g.status).toBe("graded");
      expect(g.settlement).toBeCloseTo(closeOn(universeEntry(r.stockSymbol)!, r.expirationDate), 2);
      const expected = gradeAtExpiry(
        {
          strategy: c.strategy,
          putShort: c.strikes.put_short,
          putLong: c.strikes.put_long,
          callShort: c.strikes.call_short,
          callLong: c.strikes.call_long,
          expiration: c.expiration,
        },
        g.fill === "mid" ? c.credit.mid : c.credit.fill,
        { price: g.settlement },
      );
      expect(g.pnl).toBeCloseTo(expected.pnl, 6);
    }
    expect(grades.filter((g) => g.rule === "managed" && g.status === "graded").length).toBe(
      2 * backfill.length,
    );
  }, 120_000);

  it("a rerun appends nothing, and the live refresh keeps appending after the backfill", async () => {
    const before = (await wholeIdeaLog()).length;
    const again = await runTrackBackfill(testEnv, {
      sessions: 3,
      symbols: SYMBOLS,
      keyer,
      nowMs: Date.parse("2026-11-26T15:00:00Z"),
    });
    expect(again.appended).toBe(0);
    expect((await wholeIdeaLog()).length).toBe(before);
    await runMarketRefresh(testEnv, new Date("2026-11-24T16:00:00Z"), { force: true, symbols: SYMBOLS });
    const rows = await wholeIdeaLog();
    expect(rows.length).toBeGreaterThan(before);
    expect((await verifyHashChain(rows)).ok).toBe(true);
    expect(rows.slice(before).every((r) => r.origin === "cron")).toBe(true);
  }, 120_000);

  it("the dev route validates its input, exists only on a loopback development server, and refreshes the page", async () => {
    const post = (url: string, body: unknown) =>
      new Request(url, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
    const bad = await call(backfillAction, post("http://localhost/__dev/track-backfill", { sessions: 0 }), {
      context: makeContext({ APP_ENV: "development" }),
    });
    expect((bad as Response).status).toBe(400);
    const remote = await call(backfillAction, post("http://example.com/__dev/track-backfill", {}), {
      context: makeContext({ APP_ENV: "development" }),
    });
    expect((remote as Response).status).toBe(404);
    const prod = await call(backfillAction, post("http://localhost/__dev/track-backfill", {}), {
      context: makeContext({ APP_ENV: "production" }),
    });
    expect((prod as Response).status).toBe(404);
    const skipped = await call(
      backfillAction,
      post("http://localhost/__dev/track-backfill", { sessions: 2, symbols: 3, onlyIfEmpty: true }),
      { context: makeContext({ APP_ENV: "development" }) },
    );
    expect(await (skipped as Response).json()).toMatchObject({ skipped: true, appended: 0 });
    // The cron's refresh above may already have computed the page's figures (at most hourly): the route must
    // compute them anew.
    const before = await readTrackSummary(testEnv);
    const ran = await call(
      backfillAction,
      post("http://localhost/__dev/track-backfill", { sessions: 2, symbols: 3, profile: "balanced" }),
      { context: makeContext({ APP_ENV: "development" }) },
    );
    const body = (await (ran as Response).json()) as { skipped: boolean; days: number };
    expect(body).toMatchObject({ skipped: false, days: 2 });
    const after = await readTrackSummary(testEnv);
    expect(after).not.toBeNull();
    expect(after!.asOf).not.toBe(before?.asOf);
    expect(after!.backfill).not.toBeNull();
  }, 120_000);
});
