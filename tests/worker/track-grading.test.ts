// Issue 30 step 1: logged ideas graded at expiry against the stored official close (decision 265).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeAtExpiry, gradeManaged, type DailyMark } from "#app/engine/grading.ts";
import { daysBetween, nextTradingDay, sessionOn } from "#app/lib/market-calendar/index.ts";
import { buildChain } from "#app/server/market/providers/demo/chain.server.ts";
import { universeEntry } from "#app/server/market/universe.server.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { gradeExpiredIdeas } from "#app/server/track/grading.server.ts";
import { testEnv } from "./helpers";

interface GradeRow {
  log_seq: number;
  fill: string;
  status: string;
  settlement: number;
  settlement_kind: string;
  pnl: number | null;
  risk: number;
  win: number | null;
  pin: number;
  content: string;
  stock_symbol: string;
}

interface ManagedRow extends GradeRow {
  exit: string;
  closed_on: string | null;
}

interface LogRow {
  seq: number;
  stock_symbol: string;
  expiration_date: string;
  content: string;
}

let logged: LogRow[];
let settled: LogRow[];
let orphan: LogRow;

beforeAll(async () => {
  await runMarketRefresh(testEnv, new Date("2026-11-23T16:00:00Z"), { force: true });
  logged = (
    await env.DB.prepare(
      "SELECT seq, stock_symbol, expiration_date, content FROM idea_log ORDER BY seq",
    ).all<LogRow>()
  ).results;
  // Closes on expiry day for every logged idea's symbol but one (that one "stopped trading"): the short strike,
  // 3% beyond it and exactly at a short strike, so wins, losses and pins all occur.
  orphan = logged[0];
  settled = logged.filter((r) => r.stock_symbol !== orphan.stock_symbol);
  const statements = [];
  const seen = new Set<string>();
  for (const [i, row] of settled.entries()) {
    const key = `${row.stock_symbol}|${row.expiration_date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const c = JSON.parse(row.content);
    const short = c.strikes.put_short ?? c.strikes.call_short;
    const close = i % 3 === 0 ? short : i % 3 === 1 ? c.spot : short * (c.strikes.put_short ? 0.97 : 1.03);
    statements.push(
      env.DB.prepare(
        "INSERT OR REPLACE INTO daily_closes (symbol, date, open, high, low, close, volume, source) VALUES (?1, ?2, ?3, ?3, ?3, ?3, 1, 'demo')",
      ).bind(row.stock_symbol, row.expiration_date, close),
    );
  }
  await env.DB.batch(statements);
}, 120_000);

const lastExpiration = () => logged.reduce((m, r) => (r.expiration_date > m ? r.expiration_date : m), "");

describe("grading logged ideas at expiry", () => {
  it("waits while expiry-day closes may still arrive, then grades both fills against the stored close", async () => {
    // The day after the last expiration: every settled idea is graded, the orphan waits.
    const day = new Date(`${lastExpiration()}T14:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1);
    const run = await gradeExpiredIdeas(testEnv, day);
    const graded = (
      await env.DB.prepare(
        "SELECT g.*, l.content, l.stock_symbol FROM idea_grade g JOIN idea_log l ON l.seq = g.log_seq WHERE g.rule = 'hold'",
      ).all<GradeRow>()
    ).results;
    const tradesGraded = new Set(graded.map((g) => g.log_seq));
    const settledAll = (
      await env.DB.prepare(
        "SELECT seq FROM idea_log WHERE stock_symbol != ?1 AND expiration_date < ?2 AND EXISTS (SELECT 1 FROM daily_closes d WHERE d.symbol = idea_log.stock_symbol AND d.date = idea_log.expiration_date)",
      )
        .bind(orphan.stock_symbol, "9999-12-31")
        .all<{ seq: number }>()
    ).results;
    // The symbol without closes: ideas expired over 7 days ago are marked unsettled, the later ones wait.
    const orphanIdeas = logged.filter((r) => r.stock_symbol === orphan.stock_symbol);
    const cutoff = new Date(day.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
    const old = orphanIdeas.filter((r) => r.expiration_date < cutoff).length;
    expect(run.detail).toMatchObject({
      graded: settledAll.length,
      unsettled: old,
      waiting: orphanIdeas.length - old,
    });
    expect(orphanIdeas.length - old).toBeGreaterThan(0);
    const unsettledRows = graded.filter((g) => g.status === "no-settlement");
    expect(unsettledRows.every((g) => g.stock_symbol === orphan.stock_symbol && g.pnl === null)).toBe(true);
    const settledRows = graded.filter((g) => g.status === "graded");
    expect(new Set(settledRows.map((g) => g.log_seq)).size).toBe(settledAll.length);
    expect(tradesGraded.size).toBe(settledAll.length + old);
    // Each grade is the engine's arithmetic on the frozen content and the stored close.
    let wins = 0;
    let pins = 0;
    for (const g of settledRows) {
      const c = JSON.parse(g.content);
      const credit = g.fill === "mid" ? c.credit.mid : c.credit.fill;
      const expected = gradeAtExpiry(
        {
          strategy: c.strategy,
          putShort: c.strikes.put_short,
          putLong: c.strikes.put_long,
          callShort: c.strikes.call_short,
          callLong: c.strikes.call_long,
          expiration: c.expiration,
        },
        credit,
        { price: g.settlement },
      );
      expect(g.pnl).toBeCloseTo(expected.pnl, 9);
      expect(Boolean(g.win)).toBe(expected.win);
      expect(g.status).toBe("graded");
      expect(g.settlement_kind).toBe("close");
      // A spread risks its width, a cash-secured put of the wheel universe its strike, less the credit.
      const atRisk = c.strategy === "CASH_SECURED_PUT" ? c.strikes.put_short : c.width;
      expect(g.risk).toBeCloseTo((atRisk - credit) * 100, 6);
      if (g.win) wins++;
      if (g.pin) pins++;
    }
    expect(wins).toBeGreaterThan(0);
    expect(wins).toBeLessThan(settledRows.length);
    expect(pins).toBeGreaterThan(0);
    // Mid and fill rows for each idea.
    expect(graded.length).toBe(2 * tradesGraded.size);
  });

  it("grades the management rule on the simulated market's daily closing marks at both fills", async () => {
    const managed = (
      await env.DB.prepare(
        "SELECT g.*, l.content, l.stock_symbol, l.published_at FROM idea_grade g JOIN idea_log l ON l.seq = g.log_seq WHERE g.rule = 'managed' AND g.status = 'graded' ORDER BY g.log_seq, g.fill",
      ).all<ManagedRow>()
    ).results;
    expect(managed.length).toBeGreaterThan(0);
    const exits = new Set(managed.map((g) => g.exit));
    // Published on 2026-11-23 at 5 to 45 DTE: some reach half the credit first, some cross 21 DTE first.
    expect(exits.has("profit-target")).toBe(true);
    expect(exits.has("exit-dte")).toBe(true);
    // A sample of each exit, re-marked from whole demo chains (the chain every reader sees) at each close. A strike
    // the band no longer lists (the spot moved far) is skipped: the sample takes ideas whose legs stay listed.
    const checked = new Map<string, number>();
    for (const g of managed) {
      if ((checked.get(g.exit) ?? 0) >= 3) continue;
      const c = JSON.parse(g.content);
      const credit = g.fill === "mid" ? c.credit.mid : c.credit.fill;
      const marks: DailyMark[] = [];
      const entry = universeEntry(g.stock_symbol)!;
      let listed = true;
      for (let day = "2026-11-23"; day < c.expiration && listed; day = nextTradingDay(day)) {
        const chain = buildChain(entry, sessionOn(day)!.closeMs);
        const legs = chain.expirations.find((e) => e.expirationDate === c.expiration)!.legs;
        let cost = 0;
        for (const leg of c.legs) {
          const q = legs.find((l) => l.occSymbol === leg.occ);
          if (!q) {
            listed = false;
            break;
          }
          const mid = (q.bid + q.ask) / 2;
          const spread = q.ask - q.bid;
          // Closing: buy back a short (mid, or a quarter of the spread above it), sell a long (mid, or below).
          if (leg.side === "sell") cost += g.fill === "mid" ? mid : mid + spread / 4;
          else cost -= g.fill === "mid" ? mid : mid - spread / 4;
        }
        marks.push({ date: day, dte: daysBetween(day, c.expiration), closeCost: cost });
      }
      if (!listed) continue;
      checked.set(g.exit, (checked.get(g.exit) ?? 0) + 1);
      const position = {
        strategy: c.strategy,
        putShort: c.strikes.put_short,
        putLong: c.strikes.put_long,
        callShort: c.strikes.call_short,
        callLong: c.strikes.call_long,
        expiration: c.expiration,
      };
      const expected = gradeManaged(position, credit, c.dte, marks, { price: g.settlement });
      expect(g.exit).toBe(expected.exit);
      expect(g.closed_on).toBe(expected.closedOn);
      expect(g.pnl).toBeCloseTo(expected.pnl, 6);
      expect(Boolean(g.win)).toBe(expected.win);
      if (g.exit === "profit-target") {
        // Closed at the first close costing at most half the credit, and not before.
        const i = marks.findIndex((m) => m.date === g.closed_on);
        expect(marks[i].closeCost).toBeLessThanOrEqual(credit / 2 + 1e-9);
        expect(marks.slice(0, i).every((m) => m.closeCost > credit / 2)).toBe(true);
        expect(g.pnl).toBeCloseTo(Math.round((credit - marks[i].closeCost) * 10000) / 100, 6);
      }
      if (g.exit === "exit-dte") {
        expect(c.dte).toBeGreaterThan(21);
        expect(daysBetween(g.closed_on!, c.expiration)).toBeLessThanOrEqual(21);
        const i = marks.findIndex((m) => m.date === g.closed_on);
        expect(marks[i - 1].dte).toBeGreaterThan(21);
      }
      if (g.exit === "expiry") {
        const held = gradeAtExpiry(position, credit, { price: g.settlement });
        expect(g.pnl).toBeCloseTo(held.pnl, 6);
      }
    }
    expect(checked.get("profit-target")).toBe(3);
    expect(checked.get("exit-dte")).toBe(3);
    // Each settled idea has exactly one managed row per fill.
    const counts = (
      await env.DB.prepare(
        "SELECT log_seq, rule, COUNT(*) AS n FROM idea_grade GROUP BY log_seq, rule HAVING n != 2",
      ).all()
    ).results;
    expect(counts).toEqual([]);
  }, 120_000);

  it("grades nothing twice, marks a symbol without a close after 7 days, and the grades are append-only", async () => {
    const day = new Date(`${lastExpiration()}T14:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 30);
    const outcome = await runJob("trackRecord", testEnv, day);
    expect(outcome.ok).toBe(true);
    const orphans = (
      await env.DB.prepare(
        "SELECT g.status, g.pnl, g.win FROM idea_grade g JOIN idea_log l ON l.seq = g.log_seq WHERE l.stock_symbol = ?1",
      )
        .bind(orphan.stock_symbol)
        .all<GradeRow>()
    ).results;
    expect(orphans.length).toBeGreaterThan(0);
    expect(orphans.every((o) => o.status === "no-settlement" && o.pnl === null && o.win === null)).toBe(true);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM idea_grade").first<{ n: number }>();
    const again = await gradeExpiredIdeas(testEnv, day);
    expect(again.itemsProcessed).toBe(0);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM idea_grade").first<{ n: number }>();
    expect(after).toEqual(before);
    // Every idea holds one row per rule and fill: hold and managed, mid and fill.
    const shape = await env.DB.prepare(
      "SELECT COUNT(DISTINCT log_seq) AS ideas, COUNT(*) AS rows FROM idea_grade",
    ).first<{ ideas: number; rows: number }>();
    expect(shape!.rows).toBe(4 * shape!.ideas);
    await expect(env.DB.prepare("UPDATE idea_grade SET pnl = 0").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM idea_grade").run()).rejects.toThrow(/append-only/);
  });
});
