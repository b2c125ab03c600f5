// Issue 30: the public /track-record page and its CSV, from a refresh's log graded by the job (decision 265).
import { env } from "cloudflare:test";
import Papa from "papaparse";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { TrackRecord } from "#app/components/track/TrackRecord.tsx";
import { clusteredBootstrap } from "#app/engine/calibration.ts";
import { formatUsd } from "#app/lib/format.ts";
import { verdictOf, verdictWords } from "#app/lib/track-record/regimes.ts";
import { verifyHashChain } from "#app/lib/hash-chain.ts";
import {
  BACKFILL_ORIGIN,
  trackRecordView,
  type TrackRecordView,
} from "#app/lib/track-record/track-record.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import * as csvRoute from "#app/routes/track-record-csv.ts";
import * as gradesRoute from "#app/routes/track-record-grades-csv.ts";
import * as page from "#app/routes/track-record.tsx";
import { backfillOnRequest } from "#app/server/track/backfill.server.ts";
import { call, testEnv } from "./helpers";

beforeAll(async () => {
  await runMarketRefresh(testEnv, new Date("2026-11-23T16:00:00Z"), { force: true });
  const logged = (
    await env.DB.prepare("SELECT stock_symbol, expiration_date, content FROM idea_log").all<{
      stock_symbol: string;
      expiration_date: string;
      content: string;
    }>()
  ).results;
  const seen = new Set<string>();
  const statements = [];
  for (const [i, row] of logged.entries()) {
    const key = `${row.stock_symbol}|${row.expiration_date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const c = JSON.parse(row.content);
    // Most expire where they were published; every fourth moves 8% against the idea's short side.
    const against = c.strikes.put_short ? 0.92 : 1.08;
    const close = i % 4 === 0 ? c.spot * against : c.spot;
    statements.push(
      env.DB.prepare(
        "INSERT OR REPLACE INTO daily_closes (symbol, date, open, high, low, close, volume, source) VALUES (?1, ?2, ?3, ?3, ?3, ?3, 1, 'demo')",
      ).bind(row.stock_symbol, row.expiration_date, close),
    );
  }
  await env.DB.batch(statements);
  await runJob("trackRecord", testEnv, new Date("2027-03-01T14:00:00Z"));
  // A short simulated-history backfill before the live rows (it runs the summary again).
  backfill = await backfillOnRequest(
    testEnv,
    { sessions: 3, every: 1, symbols: 4, profile: "all", refresh: true, onlyIfEmpty: false },
    Date.parse("2027-03-01T15:00:00Z"),
  );
}, 180_000);

let backfill: Awaited<ReturnType<typeof backfillOnRequest>>;

function render(view: TrackRecordView): string {
  return renderToString(createElement(MemoryRouter, null, createElement(TrackRecord, { view })));
}

describe("/track-record", () => {
  it("serves the graded figures for the Pro 30, the lists to compare, and the simulated-market notice", async () => {
    const view = (await call(page.loader, "/track-record")) as TrackRecordView;
    expect(view.list).toBe("pro30");
    expect(view.simulated).toBe(true);
    expect(view.slice!.settled).toBeGreaterThan(0);
    expect(view.slice!.winRate).toBeGreaterThan(0);
    expect(view.slice!.winRate).toBeLessThan(1);
    const [pro, elite, pool] = view.compare.map((c) => c.slice!.settled);
    expect(pro).toBeLessThanOrEqual(elite);
    expect(elite).toBeLessThanOrEqual(pool);
    const html = render(view);
    // A crawler without JavaScript reads the chart as SVG in the HTML, its text alternative and the figures.
    expect(html).toContain('data-testid="reliability-chart"');
    expect(html).toMatch(/<svg[^>]*viewBox/);
    expect(html).toContain("Realised win rate");
    expect(html).toContain('data-testid="simulated-notice"');
    expect(html).toContain('href="/track-record.csv"');
    expect(html).not.toContain('data-testid="track-empty"');
  });

  it("shows the management rule beside holding to expiry, and keeps live publication and simulated history apart", async () => {
    const live = (await call(page.loader, "/track-record")) as TrackRecordView;
    expect(live.origin).toBe("live");
    const cronRows = (await env.DB.prepare("SELECT count(*) AS n FROM idea_log WHERE origin = 'cron'").first<{
      n: number;
    }>())!.n;
    expect(live.logRows).toBe(cronRows);
    expect(live.origins.map((o) => [o.key, o.logRows])).toEqual([
      ["live", cronRows],
      ["backfill", backfill.appended],
    ]);
    // Managed grades of the live (simulated-market) ideas are rebuilt from the simulator's daily marks.
    expect(live.slice!.managed.settled).toBe(live.slice!.settled);
    expect(live.slice!.managed.money.fill.averageReturnOnRisk).not.toBeNull();
    const liveHtml = render(live);
    // React marks text boundaries with empty comments: read the text as a visitor does.
    const liveText = liveHtml.replaceAll("<!-- -->", "");
    expect(liveHtml).toContain('data-testid="track-rules"');
    expect(liveHtml).toContain("Managed");
    // On the simulated market nothing is called live: the labels name the data source.
    expect(live.origins.map((o) => o.label)).toEqual(["Simulated (forward)", "Simulated (backfill)"]);
    expect(liveHtml).toMatch(/simulated forward record<\/strong>/);
    expect(liveHtml).not.toContain("Live publication");
    // The layout holds the page's one <main>.
    expect(liveHtml).not.toContain("<main");
    // Dollars beside the mean per risk, at both fills and both rules.
    const m = live.slice!.money;
    expect(liveText).toContain(`${formatUsd(m.fill.totalPnl!)} / ${formatUsd(m.mid.totalPnl!)}`);
    const mm = live.slice!.managed.money;
    expect(liveText).toContain(`${formatUsd(mm.fill.totalPnl!)} / ${formatUsd(mm.mid.totalPnl!)}`);
    expect(liveHtml).toContain("resamples of whole expirations with a fixed seed");

    const history = (await call(page.loader, "/track-record?origin=backfill&list=pool")) as TrackRecordView;
    expect(history.origin).toBe("backfill");
    expect(backfill.appended).toBeGreaterThan(0);
    expect(history.logRows).toBe(backfill.appended);
    expect(history.slice!.settled).toBeGreaterThan(0);
    expect(history.slice!.pending).toBe(0);
    expect(history.slice!.managed.settled).toBe(history.slice!.settled);
    // Every backfilled idea expired before the first live publication.
    expect(history.lastPublished! < live.firstPublished!).toBe(true);
    const historyHtml = render(history);
    expect(historyHtml).toMatch(/simulated history<\/strong>/);
    expect(historyHtml).toContain("They are not live publication");
    expect(historyHtml).toContain('data-testid="simulated-notice"');
    // A bad origin falls back to the default instead of failing.
    const bad = (await call(page.loader, "/track-record?origin=%3Cx%3E")) as TrackRecordView;
    expect(bad.origin).toBe("live");
  });

  it("shows the simulated history by default while nothing is published live", () => {
    const onlyHistory = {
      asOf: "2027-03-01T15:00:00.000Z",
      sources: ["demo"],
      logRows: 0,
      firstPublished: null,
      lastPublished: null,
      slices: {},
      backfill: { logRows: 12, firstPublished: null, lastPublished: null, slices: {} },
    };
    expect(trackRecordView(onlyHistory, "pro30", null).origin).toBe("backfill");
    expect(trackRecordView(onlyHistory, "pro30", null, "live").origin).toBe("live");
  });

  it("has a title and a description for search engines", () => {
    const tags = page.meta({ matches: [] } as never) as { title?: string; name?: string; content?: string }[];
    expect(tags.find((t) => t.title)?.title).toMatch(/Track Record/);
    expect(tags.find((t) => t.name === "description")?.content).toMatch(/graded at expiry/);
  });

  it("filters by one dimension, and unknown filters fall back to the whole list instead of failing", async () => {
    const byStrategy = (await call(
      page.loader,
      "/track-record?list=pool&by=strategy:BULL_PUT_SPREAD",
    )) as TrackRecordView;
    expect(byStrategy.list).toBe("pool");
    expect(byStrategy.by).toBe("strategy:BULL_PUT_SPREAD");
    expect(byStrategy.slice!.settled).toBeLessThan(byStrategy.compare[2].slice!.settled + 1);
    const bad = (await call(page.loader, "/track-record?list=evil&by=%3Cscript%3E")) as TrackRecordView;
    expect(bad).toMatchObject({ list: "pro30", by: null });
  });

  it("says which regimes the history spans and sets the lists against the pool, in words its intervals show", async () => {
    const history = (await call(page.loader, "/track-record?origin=backfill")) as TrackRecordView;
    // The three backfilled days are classified by the simulated market's own spells.
    const days = history.regimes.reduce((n, r) => n + r.days, 0);
    expect(days).toBe(backfill.days);
    for (const r of history.regimes) expect(["stress", "recovery", "calm"]).toContain(r.regime);
    const pool = history.compare.find((c) => c.key === "pool")!.slice!;
    expect(history.regimes.reduce((n, r) => n + r.ideas, 0)).toBe(
      pool.settled + pool.pending + pool.unsettled,
    );
    const all = history.evidence.find((s) => s.scope === "all")!;
    expect(all.pool.settled).toBe(pool.settled);
    expect(all.lists.map((l) => l.list)).toEqual(["pro30", "elite100", "previous30"]);
    const pro = all.lists[0]!;
    expect(pro.settled).toBe(history.compare[0]!.slice!.settled);
    expect(pro.totalPnl).toBe(history.compare[0]!.slice!.money.fill.totalPnl);
    // The previous score's top 30 of the same pools: at most 30 new picks a day and profile.
    expect(all.lists[2]!.settled).toBeGreaterThan(0);
    expect(all.lists[2]!.settled).toBeLessThanOrEqual(30 * 3 * backfill.days);
    expect(all.scoreGap).not.toBeNull();
    const html = render(history).replaceAll("<!-- -->", "");
    expect(html).toContain('data-testid="track-regimes"');
    expect(html).toContain('data-testid="track-evidence"');
    // Every row's words are its interval's.
    const words = [...html.matchAll(/data-verdict="([a-z-]+)"/g)].map((m) => m[1]);
    const expected = history.evidence.flatMap((s) => [
      ...s.lists.map((l) => verdictOf(l.gapInterval)),
      ...(s.scoreGap ? [verdictOf(s.scoreGap.gapInterval)] : []),
    ]);
    expect(words).toEqual(expected);
    for (const s of history.evidence)
      for (const l of s.lists) expect(html).toContain(verdictWords(l.gapInterval));
    expect(html).toContain("Our goal, reported and not forced");
    // The forward record on the simulated market is classified too; its evidence has no previous score.
    const live = (await call(page.loader, "/track-record")) as TrackRecordView;
    expect(live.regimes.length).toBeGreaterThan(0);
    expect(live.evidence[0]!.lists.map((l) => l.list)).toEqual(["pro30", "elite100"]);
  });

  it("says plainly when nothing has expired yet", () => {
    const html = render(trackRecordView(null, "pro30", null));
    expect(html).toContain('data-testid="track-empty"');
  });
});

describe("/track-record.csv", () => {
  const request = (ip: string) =>
    new Request("https://wheelhouse.test/track-record.csv", { headers: { "cf-connecting-ip": ip } });

  it("is the whole log with its hash chain, which verifies, and a tampered copy says where it breaks", async () => {
    const res = (await call(csvRoute.loader, request("203.0.113.71"))) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/csv/);
    const parsed = Papa.parse<Record<string, string>>(await res.text(), {
      header: true,
      skipEmptyLines: true,
    });
    const count = (await env.DB.prepare("SELECT count(*) AS n FROM idea_log").first<{ n: number }>())!.n;
    expect(parsed.data.length).toBe(count);
    const rows = parsed.data.map((r) => ({ content: r.content, prevHash: r.prev_hash, rowHash: r.row_hash }));
    expect(await verifyHashChain(rows)).toMatchObject({ ok: true, rows: count });
    const tampered = rows.map((r, i) =>
      i === 5 ? { ...r, content: r.content.replace(/"rank":\d+/, '"rank":1') } : r,
    );
    expect(await verifyHashChain(tampered)).toMatchObject({ ok: false, index: 5 });
  });

  it("is rate-limited per client address", async () => {
    for (let i = 0; i < 10; i++) {
      const res = (await call(csvRoute.loader, request("203.0.113.72"))) as Response;
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    const refused = (await call(csvRoute.loader, request("203.0.113.72"))) as Response;
    expect(refused.status).toBe(429);
  });
});

describe("/track-record-grades.csv", () => {
  const request = (ip: string, query = "") =>
    new Request(`https://wheelhouse.test/track-record-grades.csv${query}`, {
      headers: { "cf-connecting-ip": ip },
    });
  const download = async (loader: typeof csvRoute.loader | typeof gradesRoute.loader, path: string) => {
    const req = new Request(`https://wheelhouse.test${path}`, {
      headers: { "cf-connecting-ip": "203.0.113.81" },
    });
    const res = (await call(loader as typeof csvRoute.loader, req)) as Response;
    expect(res.status).toBe(200);
    return Papa.parse<Record<string, string>>(await res.text(), { header: true, skipEmptyLines: true }).data;
  };

  it("lets anyone recompute the page's win rates, intervals and dollar totals from the two downloads", async () => {
    const log = await download(csvRoute.loader, "/track-record.csv");
    const grades = new Map(
      (await download(gradesRoute.loader, "/track-record-grades.csv")).map((g) => [g.seq, g]),
    );
    const view = (await call(page.loader, "/track-record")) as TrackRecordView;
    // The Pro 30 of the forward record: each trade once, at the first row that put it in the list.
    const first = new Map<string, Record<string, string>>();
    for (const r of log) {
      // The backfill says so in its hashed content, and the grades CSV carries the same origin.
      if (Number(r.tier) < 3 || JSON.parse(r.content).origin === BACKFILL_ORIGIN) continue;
      if (!first.has(r.trade_id)) first.set(r.trade_id, r);
    }
    const held = [...first.values()]
      .map((r) => ({ row: r, g: grades.get(r.seq) }))
      .filter((x) => x.g?.status === "graded" && x.g.pnl_hold_fill !== "");
    const cents = (v: number) => Math.round(v * 100) / 100;
    const sum = (values: string[]) => values.reduce((s, v) => s + Number(v), 0);
    const s = view.slice!;
    expect(held.length).toBe(s.settled);
    expect(held.filter((x) => x.g!.win_hold_fill === "1").length).toBe(s.wins);
    const outcomes = held.map((x) => ({ win: x.g!.win_hold_fill === "1", cluster: x.row.expiration }));
    const winRate = (o: readonly { win: boolean }[]) =>
      o.length ? o.filter((x) => x.win).length / o.length : null;
    expect(s.winInterval).toEqual(clusteredBootstrap(outcomes, winRate, 400, 3));
    expect(cents(sum(held.map((x) => x.g!.pnl_hold_fill)))).toBe(s.money.fill.totalPnl);
    expect(cents(sum(held.map((x) => x.g!.pnl_hold_mid).filter((v) => v !== "")))).toBe(s.money.mid.totalPnl);
    const managed = held.filter((x) => x.g!.managed_status === "graded" && x.g!.pnl_managed_fill !== "");
    expect(managed.length).toBe(s.managed.settled);
    expect(managed.filter((x) => x.g!.win_managed_fill === "1").length).toBe(s.managed.wins);
    expect(cents(sum(managed.map((x) => x.g!.pnl_managed_fill)))).toBe(s.managed.money.fill.totalPnl);
    expect(cents(sum(managed.map((x) => x.g!.pnl_managed_mid).filter((v) => v !== "")))).toBe(
      s.managed.money.mid.totalPnl,
    );
  });

  it("follows the public-download rule: no query variants, a limit per address", async () => {
    const redirected = (await call(gradesRoute.loader, request("203.0.113.82", "?x=1"))) as Response;
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get("Location")).toBe("/track-record-grades.csv");
    for (let i = 0; i < 10; i++) {
      const res = (await call(gradesRoute.loader, request("203.0.113.83"))) as Response;
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    expect(((await call(gradesRoute.loader, request("203.0.113.83"))) as Response).status).toBe(429);
  });
});
