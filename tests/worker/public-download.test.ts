// Issue 42 item 3 (decision 301): a public download redirects any query to its bare path, is served from a stored
// snapshot the jobs rebuild, not per request, and keeps its per-address limit.
import { env } from "cloudflare:test";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyHashChain } from "#app/lib/hash-chain.ts";
import { writeCsv } from "#app/lib/csv.ts";
import * as csvRoute from "#app/routes/track-record-csv.ts";
import { runJob } from "#app/server/jobs/scheduler.server.ts";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { readDownloadSnapshot } from "#app/server/http/public-download.server.ts";
import { refreshTrackCsvSnapshot, TRACK_CSV_SNAPSHOT_KEY } from "#app/server/track/csv-snapshot.server.ts";
import { readIdeaLog, TRACK_CSV_COLUMNS, trackCsvRow } from "#app/server/track/idea-log.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { call, makeContext, testEnv } from "./helpers";

const request = (ip: string, path = "/track-record.csv") =>
  new Request(`https://wheelhouse.test${path}`, { headers: { "cf-connecting-ip": ip } });

const logCount = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM idea_log").first<{ n: number }>())!.n;

/** The old answer: the whole log read from D1 page by page and written per request. */
async function csvFromTheLog(): Promise<string> {
  let text = "";
  let after = 0;
  for (let first = true; ; first = false) {
    const rows = await readIdeaLog(testEnv, after, 500);
    const page = writeCsv(TRACK_CSV_COLUMNS, rows.map(trackCsvRow), {
      header: first,
      quotes: false,
      escapeFormulae: false,
    });
    if (first || rows.length) text += `${page}\r\n`;
    if (rows.length < 500) return text;
    after = rows.at(-1)!.seq;
  }
}

/** An env whose D1 statements are recorded (the SQL text of each prepare). */
function envRecordingSql(): { env: WorkerEnv; sql: string[] } {
  const sql: string[] = [];
  const db = new Proxy(testEnv.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "prepare")
        return (query: string) => {
          sql.push(query);
          return target.prepare(query);
        };
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  return { env: { ...testEnv, DB: db }, sql };
}

/** Bindings that throw on any use: an answer given with them touched neither D1 nor KV. */
const untouchable = new Proxy(
  {},
  {
    get() {
      throw new Error("touched");
    },
  },
);

beforeAll(async () => {
  await runMarketRefresh(testEnv, new Date("2026-11-23T16:00:00Z"), { force: true });
}, 180_000);

describe("a query on a public download", () => {
  for (const path of ["/track-record.csv?x=1", "/track-record.csv?", "/track-record.csv?v=2&cb=1764600000"])
    it(`${path} is a 301 to the bare path, touching neither D1 nor KV`, async () => {
      const context = makeContext({
        DB: untouchable as D1Database,
        MARKET_KV: untouchable as KVNamespace,
      });
      const res = (await call(csvRoute.loader, request("203.0.113.90", path), { context })) as Response;
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe("/track-record.csv");
      expect(res.body).toBeNull();
    });
});

describe("the download is served from the stored snapshot", () => {
  it("the refresh that logged ideas stored it, and it is the log's CSV byte for byte", async () => {
    const snapshot = (await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!;
    expect(snapshot).not.toBeNull();
    const count = await logCount();
    expect(count).toBeGreaterThan(0);
    expect(snapshot.rows).toBe(count);

    const t0 = Date.now();
    const fromLog = await csvFromTheLog();
    const logMs = Date.now() - t0;
    const { env: recording, sql } = envRecordingSql();
    const t1 = Date.now();
    const res = (await call(csvRoute.loader, request("203.0.113.91"), {
      context: makeContext(recording),
    })) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Tag")).toBe("market,track");
    const text = await res.text();
    const snapshotMs = Date.now() - t1;
    expect(text).toBe(fromLog);
    expect(new TextEncoder().encode(text).byteLength).toBe(snapshot.bytes);
    // The rate limit's counter is the only statement: nothing reads the log.
    expect(sql.filter((q) => /idea_log/.test(q))).toEqual([]);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(count);
    const rows = parsed.map((r) => ({ content: r.content!, prevHash: r.prev_hash!, rowHash: r.row_hash! }));
    expect(await verifyHashChain(rows)).toMatchObject({ ok: true, rows: count });
    console.log(
      `public download: ${count} rows, ${snapshot.bytes} bytes in ${snapshot.parts.length} part(s); ` +
        `from the log ${logMs} ms, from the snapshot ${snapshotMs} ms, statements ${sql.length}`,
    );
  });

  it("is not rebuilt per request, and a job run with no new log row writes nothing", async () => {
    const before = (await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!;
    for (const ip of ["203.0.113.92", "203.0.113.93"]) {
      const res = (await call(csvRoute.loader, request(ip))) as Response;
      await res.text();
    }
    expect((await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!.builtAt).toBe(before.builtAt);
    // Nothing changed: the job's call reads the head and writes nothing.
    const idle = await refreshTrackCsvSnapshot(testEnv, Date.parse(before.builtAt) + 60_000);
    expect(idle).toMatchObject({ rebuilt: false, partsWritten: 0, rowsRead: 0 });
  });

  it("a refresh that appends to the log rebuilds it once, rewriting only the last part and the new rows", async () => {
    const before = (await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!;
    const outcome = await runMarketRefresh(testEnv, new Date("2026-11-24T16:00:00Z"), { force: true });
    const count = await logCount();
    expect(count).toBeGreaterThan(before.rows);
    expect(outcome.detail).toMatchObject({ trackCsvRebuilt: true });
    const after = (await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!;
    expect(after.rows).toBe(count);
    expect(after.parts.filter((p) => p.final).length).toBeGreaterThanOrEqual(
      before.parts.filter((p) => p.final).length,
    );
    const res = (await call(csvRoute.loader, request("203.0.113.94"))) as Response;
    expect(await res.text()).toBe(await csvFromTheLog());
  }, 120_000);

  it("the grading job rebuilds nothing when the log did not change", async () => {
    const before = (await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!;
    await runJob("trackRecord", testEnv, new Date("2026-11-24T23:00:00Z"));
    expect((await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!.builtAt).toBe(before.builtAt);
  });

  it("a part KV does not return is read from the log for that part only", async () => {
    const snapshot = (await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!;
    const part = snapshot.parts.at(-1)!;
    const saved = await env.MARKET_KV.get(part.key);
    await env.MARKET_KV.delete(part.key);
    const res = (await call(csvRoute.loader, request("203.0.113.95"))) as Response;
    expect(await res.text()).toBe(await csvFromTheLog());
    await env.MARKET_KV.put(part.key, saved!);
  });

  it("with no snapshot stored, the first download builds it once and the next ones read it", async () => {
    await env.MARKET_KV.delete(TRACK_CSV_SNAPSHOT_KEY);
    const expected = await csvFromTheLog();
    // Two at once in one isolate share one build.
    const [a, b] = (await Promise.all([
      call(csvRoute.loader, request("203.0.113.96")),
      call(csvRoute.loader, request("203.0.113.97")),
    ])) as Response[];
    expect(await a!.text()).toBe(expected);
    expect(await b!.text()).toBe(expected);
    const built = (await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!;
    expect(built.rows).toBe(await logCount());
    const again = (await call(csvRoute.loader, request("203.0.113.98"))) as Response;
    expect(await again.text()).toBe(expected);
    expect((await readDownloadSnapshot(testEnv, TRACK_CSV_SNAPSHOT_KEY))!.builtAt).toBe(built.builtAt);
  });
});

describe("the per-address limit", () => {
  it("still answers 429 past 10 downloads an hour from one address", async () => {
    for (let i = 0; i < 10; i++) {
      const res = (await call(csvRoute.loader, request("203.0.113.99"))) as Response;
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    const refused = (await call(csvRoute.loader, request("203.0.113.99"))) as Response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("3600");
    // Another address is not refused, and a query is still only a redirect.
    expect(((await call(csvRoute.loader, request("203.0.113.100"))) as Response).status).toBe(200);
    expect(
      ((await call(csvRoute.loader, request("203.0.113.99", "/track-record.csv?a"))) as Response).status,
    ).toBe(301);
  });
});
