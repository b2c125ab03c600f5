/* eslint-disable @typescript-eslint/no-explicit-any -- loader data under test is plain JSON. */
// Issue 30 item 5 (decision 269): a shared trade or wheel page shows its line in the track record (pending before
// expiry, its grade after), and each /spreads card how graded ideas of its strategy and POP bin did.
import { env } from "cloudflare:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAt, restoreSuiteClock } from "./test-clock";
import { IdeasLikeItNote, LoggedOutcomeNote } from "#app/components/track/LoggedOutcome.tsx";
import { ideasLikeIt, NOT_LOGGED_REASON, type LoggedOutcome } from "#app/lib/track-record/track-record.ts";
import type { SharePayload } from "#app/lib/wheel/share.ts";
import * as shareTrade from "#app/routes/share-trade.tsx";
import * as cspPage from "#app/routes/share-wheel-csp.tsx";
import * as ccPage from "#app/routes/share-wheel-cc.tsx";
import * as spreads from "#app/routes/spreads.tsx";
import { runHousekeeping } from "#app/server/jobs/housekeeping.server.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { readTrackSummary } from "#app/server/track/summary.server.ts";
import { createShare } from "#app/server/wheel/shares.server.ts";
import { outcome as responseOf } from "./auth-helpers";
import { call, requestWithCookie, signUpAndGetCookie, testEnv } from "./helpers";

interface LogRow {
  seq: number;
  trade_id: string;
  stock_symbol: string;
  strategy_type: string;
  expiration_date: string;
  content: string;
}

let logged: LogRow[];
let spread: LogRow;
let put: LogRow;
let putShare: SharePayload;
let cookie: string;

const tradePage = async (id: string) =>
  (await call(shareTrade.loader, `/share/trade/${id}`, { params: { tradeId: id } })) as any;
const wheelPage = (mod: any, type: "csp" | "cc", id: string) =>
  call(mod.loader, `/share/wheel/${type}/${id}`, { params: { shareId: id } })
    .then(responseOf)
    .then((r) => r as { status: number; body: any });
const html = (node: ReturnType<typeof createElement>) =>
  renderToString(createElement(MemoryRouter, null, node));

async function spreadsList() {
  const data = (await call(spreads.loader, requestWithCookie("/spreads", cookie))) as any;
  const list = await data.trades;
  expect(list).not.toHaveProperty("error");
  return list;
}

// The pages are read just after the refresh that logged the ideas, on whatever day the suite runs (decision 298).
afterAll(restoreSuiteClock);
beforeAll(async () => {
  readAt(Date.parse("2026-11-23T16:05:00Z"));
  await runMarketRefresh(testEnv, new Date("2026-11-23T16:00:00Z"), { force: true });
  logged = (
    await env.DB.prepare(
      "SELECT seq, trade_id, stock_symbol, strategy_type, expiration_date, content FROM idea_log ORDER BY seq",
    ).all<LogRow>()
  ).results;
  spread = logged.find((r) => r.strategy_type === "BULL_PUT_SPREAD")!;
  put = logged.find((r) => r.strategy_type === "CASH_SECURED_PUT")!;
  const c = JSON.parse(put.content);
  putShare = {
    type: "CSP",
    symbol: put.stock_symbol,
    expirationDate: put.expiration_date,
    strike: c.strikes.put_short,
    premium: c.credit.fill,
    source: "demo",
  };
  // New accounts start on the Pro trial: the /spreads list is theirs.
  cookie = await signUpAndGetCookie("track-outcomes@example.com");
}, 120_000);

async function gradeEverything() {
  const seen = new Set<string>();
  const statements = [];
  for (const [i, row] of logged.entries()) {
    const key = `${row.stock_symbol}|${row.expiration_date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const c = JSON.parse(row.content);
    const close = i % 4 === 0 ? c.spot * (c.strikes.put_short ? 0.9 : 1.1) : c.spot;
    statements.push(
      env.DB.prepare(
        "INSERT OR REPLACE INTO daily_closes (symbol, date, open, high, low, close, volume, source) VALUES (?1, ?2, ?3, ?3, ?3, ?3, 1, 'demo')",
      ).bind(row.stock_symbol, row.expiration_date, close),
    );
  }
  await env.DB.batch(statements);
  const run = await runJob("trackRecord", testEnv, new Date("2027-03-01T14:00:00Z"));
  expect(run.ok).toBe(true);
}

async function gradeOf(seq: number) {
  return env.DB.prepare(
    "SELECT settlement, pnl, win, pin, assigned FROM idea_grade WHERE log_seq = ?1 AND rule = 'hold' AND fill = 'fill'",
  )
    .bind(seq)
    .first<{ settlement: number; pnl: number; win: number; pin: number; assigned: number }>();
}

describe("before expiry", () => {
  it("a shared trade and a shared put say pending, graded after expiry; a covered call says why it is not logged", async () => {
    const trade = await tradePage(spread.trade_id);
    expect(trade.outcome).toEqual({ state: "pending", expiration: spread.expiration_date });
    expect(html(createElement(LoggedOutcomeNote, { outcome: trade.outcome }))).toContain(
      "Pending — graded after expiry",
    );

    const { id } = await createShare(env, putShare);
    const csp = await wheelPage(cspPage, "csp", id);
    expect(csp.status).toBe(200);
    expect(csp.body.state.outcome).toEqual({ state: "pending", expiration: put.expiration_date });

    const { id: ccId } = await createShare(env, { ...putShare, type: "CC", shares: 100, costBasis: 100 });
    const cc = await wheelPage(ccPage, "cc", ccId);
    expect(cc.body.state.outcome).toEqual({ state: "not-logged", reason: NOT_LOGGED_REASON.coveredCall });

    // A put the fixed universe did not show (another strike) is not in the record.
    const { id: otherId } = await createShare(env, { ...putShare, strike: putShare.strike + 0.5 });
    const other = await wheelPage(cspPage, "csp", otherId);
    expect(other.body.state.outcome).toEqual({ state: "not-logged", reason: NOT_LOGGED_REASON.wheelOutside });
  });

  it("a /spreads card says its POP bin has no graded ideas yet", async () => {
    const list = await spreadsList();
    expect(list.trackBins).not.toBeNull();
    const idea = list.ideas[0];
    const like = ideasLikeIt(list.trackBins, idea.strategy_type, idea.probability_of_profit)!;
    expect(like).toMatchObject({ count: 0, realised: null });
    expect(html(createElement(IdeasLikeItNote, { like }))).toContain("no graded ideas yet");
  });
});

describe("after expiry and grading", () => {
  beforeAll(gradeEverything, 120_000);

  it("a shared trade shows its settlement, P&L per contract at the fill, win or loss and pin, linking the record", async () => {
    const trade = await tradePage(spread.trade_id);
    const g = (await gradeOf(spread.seq))!;
    expect(trade.outcome).toMatchObject({
      state: "graded",
      settlement: g.settlement,
      pnl: g.pnl,
      win: Boolean(g.win),
      pin: Boolean(g.pin),
      credit: JSON.parse(spread.content).credit.fill,
    });
    const text = html(createElement(LoggedOutcomeNote, { outcome: trade.outcome as LoggedOutcome }));
    expect(text).toMatch(g.win ? /Win/ : /Loss/);
    expect(text).toContain('href="/track-record"');
    expect(text).toContain("per contract");
  });

  it("each /spreads card carries the realised rate and count of its strategy's POP bin from the summary", async () => {
    const list = await spreadsList();
    const summary = (await readTrackSummary(testEnv))!;
    let withGrades = 0;
    for (const idea of list.ideas) {
      const like = ideasLikeIt(list.trackBins, idea.strategy_type, idea.probability_of_profit)!;
      const bins = summary.slices[`pool|strategy:${idea.strategy_type}`]!.bins;
      const bin = bins[Math.min(9, Math.floor(idea.probability_of_profit / 10))]!;
      expect(like.count).toBe(bin.count);
      expect(like.realised).toBe(bin.count ? bin.wins / bin.count : null);
      if (like.count > 0) withGrades++;
    }
    expect(withGrades).toBeGreaterThan(0);
    const like = list.ideas
      .map((i: any) => ideasLikeIt(list.trackBins, i.strategy_type, i.probability_of_profit)!)
      .find((l: any) => l.count > 0);
    expect(html(createElement(IdeasLikeItNote, { like }))).toMatch(
      /POP, Simulated \(forward\): \d+% won \(n=\d+\)/,
    );
  });
  it("an expired shared put still says Strategy Expired (404) and shows how it was graded", async () => {
    const { id } = await createShare(env, putShare);
    // The option expired: the record's expiry is past, and it is kept for its grade.
    await env.DB.prepare("UPDATE shares SET expires_at = ?1 WHERE id = ?2")
      .bind(Date.now() - 86_400_000, id)
      .run();
    await env.SHARE_KV.delete(`share:v1:CSP:${id}`);
    const page = await wheelPage(cspPage, "csp", id);
    expect(page.status).toBe(404);
    const g = (await gradeOf(put.seq))!;
    expect(page.body.state).toMatchObject({
      status: "expired",
      outcome: { state: "graded", settlement: g.settlement, pnl: g.pnl, assigned: Boolean(g.assigned) },
    });
    const text = html(createElement(cspPage.default, { loaderData: page.body } as any));
    expect(text).toContain("Strategy Expired");
    expect(text).toContain('data-testid="track-outcome"');
    // Housekeeping keeps it for its grade, and deletes it 90 days after it expired (last: it ends the trial too).
    await runHousekeeping(testEnv, new Date());
    expect((await wheelPage(cspPage, "csp", id)).body.state.outcome.state).toBe("graded");
    await runHousekeeping(testEnv, new Date(Date.now() + 91 * 86_400_000));
    expect(await env.DB.prepare("SELECT id FROM shares WHERE id = ?1").bind(id).first()).toBeNull();
  });
});
