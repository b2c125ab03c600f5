// A loopback stand-in for the Analytics Engine SQL API (POST {base}/accounts/{id}/analytics_engine/sql, bearer token,
// the query as the body, FORMAT JSON answers `{ meta, data, rows }` with 64-bit counts as text). Built from
// Cloudflare's public SQL API documentation; NOT verified against the service (decision 284).
//
// It does not run SQL: it checks the token, reads the day range and the table from the rollup's query, and sums
// the data points a test stored for that account (`POST /analytics-sql/__points/{account}`) by blob1 and blob2,
// weighting each by its sample interval, as `SUM(_sample_interval) ... GROUP BY name, path` would.
// Accounts: "outage" answers 503; "malformed" answers rows without counts.
import type { FakeHandler } from "./servers";

export const FAKE_ANALYTICS_TOKEN = "test-analytics-token";

interface StoredPoint {
  /** ISO instant. */
  timestamp: string;
  blobs: string[];
  sampleInterval?: number;
}

const pointsByAccount = new Map<string, StoredPoint[]>();

function json(res: Parameters<FakeHandler>[1], status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(body));
}

export const analyticsSqlFake: FakeHandler = (req, res) => {
  const seed = /^\/analytics-sql\/__points\/([\w-]+)$/.exec(req.url);
  if (seed && req.method === "POST") {
    pointsByAccount.set(seed[1]!, [
      ...(pointsByAccount.get(seed[1]!) ?? []),
      ...(JSON.parse(req.body) as StoredPoint[]),
    ]);
    return json(res, 204, {});
  }
  const query = /^\/analytics-sql\/accounts\/([\w-]+)\/analytics_engine\/sql$/.exec(req.url);
  if (!query || req.method !== "POST")
    return json(res, 404, { success: false, errors: [{ code: 7003, message: "No route" }] });
  if (req.headers.authorization !== `Bearer ${FAKE_ANALYTICS_TOKEN}`)
    return json(res, 401, { success: false, errors: [{ code: 10000, message: "Authentication error" }] });
  const account = query[1]!;
  if (account === "outage")
    return json(res, 503, { success: false, errors: [{ code: 10001, message: "unavailable" }] });

  const range =
    /timestamp >= toDateTime\('([\d-]+ [\d:]+)'\) AND timestamp < toDateTime\('([\d-]+ [\d:]+)'\)/.exec(
      req.body,
    );
  const table = /FROM (\w+)/.exec(req.body)?.[1];
  if (!range || !table || !/GROUP BY name, path/.test(req.body) || !/FORMAT JSON/.test(req.body))
    return json(res, 422, {
      success: false,
      errors: [{ code: 1, message: `fake cannot read: ${req.body}` }],
    });
  const from = Date.parse(`${range[1]!.replace(" ", "T")}Z`);
  const to = Date.parse(`${range[2]!.replace(" ", "T")}Z`);

  const sums = new Map<string, { name: string; path: string; events: number }>();
  for (const p of pointsByAccount.get(account) ?? []) {
    const t = Date.parse(p.timestamp);
    if (t < from || t >= to) continue;
    const [name = "", path = ""] = p.blobs;
    const key = JSON.stringify([name, path]);
    const row = sums.get(key) ?? { name, path, events: 0 };
    row.events += p.sampleInterval ?? 1;
    sums.set(key, row);
  }
  const data = [...sums.values()]
    .sort((a, b) => b.events - a.events)
    .map((r) =>
      account === "malformed" ? { name: r.name, path: r.path } : { ...r, events: String(r.events) },
    );
  return json(res, 200, {
    meta: [
      { name: "name", type: "String" },
      { name: "path", type: "String" },
      { name: "events", type: "UInt64" },
    ],
    data,
    rows: data.length,
    rows_before_limit_at_least: data.length,
  });
};
