// Issue 43 step 6 (decision 316): an idea logged on an earlier version of the simulated market is never graded on
// the running market's closes; the page and a shared idea say "Simulated market replaced: not graded".
import { env } from "cloudflare:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { TrackRecord } from "#app/components/track/TrackRecord.tsx";
import { MARKET_REPLACED_LABEL, type TrackRecordView } from "#app/lib/track-record/track-record.ts";
import * as page from "#app/routes/track-record.tsx";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { gradeExpiredIdeas } from "#app/server/track/grading.server.ts";
import { loggedOutcomeOfTrade } from "#app/server/track/outcomes.server.ts";
import { SIMULATOR_VERSION } from "#app/server/track/simulator-version.server.ts";
import { call, testEnv } from "./helpers";

interface LogRow {
  seq: number;
  trade_id: string;
  expiration_date: string;
  content: string;
}

let rows: LogRow[];
let old: LogRow;

beforeAll(async () => {
  await runMarketRefresh(testEnv, new Date("2026-11-23T16:00:00Z"), { force: true });
  rows = (
    await env.DB.prepare(
      "SELECT seq, trade_id, expiration_date, content FROM idea_log ORDER BY seq",
    ).all<LogRow>()
  ).results;
  // One row as the earlier market logged it: the first row's idea again, without the stamp (version 1), appended
  // after the head (the log is append-only; this stands in for a row written before the change).
  await env.DB.prepare(
    `INSERT INTO idea_log (seq, trade_id, tier, profile, stock_symbol, strategy_type, expiration_date, dte, pop,
       published_at, source, origin, content, prev_hash, row_hash)
     SELECT (SELECT max(seq) FROM idea_log) + 1, trade_id || '-v1', tier, profile, stock_symbol, strategy_type,
       expiration_date, dte, pop, published_at, source, origin, json_remove(content, '$.simulator_version'),
       (SELECT row_hash FROM idea_log ORDER BY seq DESC LIMIT 1), 'v1-' || row_hash
     FROM idea_log WHERE seq = ?1`,
  )
    .bind(rows[0]!.seq)
    .run();
  old = (await env.DB.prepare(
    "SELECT seq, trade_id, expiration_date, content FROM idea_log ORDER BY seq DESC LIMIT 1",
  ).first<LogRow>())!;
}, 120_000);

describe("ideas of a replaced simulated market", () => {
  it("stamps every simulated idea with the running generator's version", () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(JSON.parse(r.content).simulator_version).toBe(SIMULATOR_VERSION);
  });

  it("closes the old row as 'market-replaced' with no P&L, never settled on the new closes", async () => {
    const after = new Date(`${old.expiration_date}T14:00:00Z`);
    after.setUTCDate(after.getUTCDate() + 1);
    const run = await gradeExpiredIdeas(testEnv, after);
    expect(run.detail).toMatchObject({ replaced: 1 });
    const grades = (
      await env.DB.prepare("SELECT rule, fill, status, pnl, settlement FROM idea_grade WHERE log_seq = ?1")
        .bind(old.seq)
        .all<{ rule: string; fill: string; status: string; pnl: number | null; settlement: number | null }>()
    ).results;
    expect(grades).toHaveLength(4);
    for (const g of grades)
      expect(g).toMatchObject({ status: "market-replaced", pnl: null, settlement: null });
    // The running version's rows are never 'market-replaced' (with no closes stored here, none is settled either).
    const others = await env.DB.prepare(
      "SELECT count(*) AS n FROM idea_grade WHERE log_seq != ?1 AND status IN ('market-replaced', 'graded')",
    )
      .bind(old.seq)
      .first<{ n: number }>();
    expect(others?.n).toBe(0);
  });

  it("shows the shared idea and the page as not graded, and leaves the row out of the figures", async () => {
    expect(await loggedOutcomeOfTrade(testEnv, old.trade_id)).toEqual({
      state: "market-replaced",
      expiration: old.expiration_date,
    });
    const view = (await call(page.loader, "/track-record?origin=live")) as TrackRecordView;
    expect(view.replacedRows).toBe(1);
    expect(view.logRows).toBe(rows.length);
    const html = renderToString(createElement(MemoryRouter, null, createElement(TrackRecord, { view })));
    expect(html).toContain(MARKET_REPLACED_LABEL);
  });
});
