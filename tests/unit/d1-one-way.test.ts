// D1 one way (issue 28, decision 291): statements are drizzle's, rows typed by the schema. A whole statement in
// SQL text (`DB.prepare`, or `db.run/all/get/values(sql...)`) is allowed only in the files below, each statement
// with a `// raw SQL:` comment naming its reason; the decision record lists the same files. A new raw statement
// anywhere else fails here, and so does a cast of a statement list to drizzle's batch tuple (`runBatch` runs one).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles as sources } from "./source-files";

/** The files that may hold raw SQL statements; docs/decisions/291-d1-one-way.md says why, file by file. */
const RAW_SQL_FILES = [
  "app/server/admin/audit.server.ts",
  "app/server/db/d1-session.server.ts",
  "app/server/db/sql.server.ts",
  "app/server/email/outbox-retention.server.ts",
  "app/server/entitlements.server.ts",
  "app/server/feedback.server.ts",
  "app/server/health.server.ts",
  "app/server/market/providers/live.server.ts",
  "app/server/market/refresh/universe.server.ts",
  "app/server/watchlist.server.ts",
  "app/server/wheel/favorites.server.ts",
  "app/server/wheel/ledger-import.server.ts",
  "app/server/wheel/ledger.server.ts",
  "app/server/wheel/positions.server.ts",
];

const RAW_STATEMENT = /\.prepare\(|\.(?:run|all|get|values)(?:<[^>]*>)?\(\s*sql\b/g;

const app = sources("app");
const rawCount = (text: string) => text.match(RAW_STATEMENT)?.length ?? 0;

describe("D1 one way", () => {
  it("raw SQL statements appear only in the allowlisted files", () => {
    const outside = app
      .filter((f) => rawCount(f.text) > 0 && !RAW_SQL_FILES.includes(f.path))
      .map((f) => f.path);
    expect(outside).toEqual([]);
  });

  it("each allowlisted file still holds raw SQL, and each statement there names its reason", () => {
    for (const path of RAW_SQL_FILES) {
      const text = readFileSync(path, "utf8");
      const raw = rawCount(text);
      expect(raw, path).toBeGreaterThan(0);
      expect(text.match(/\/\/ raw SQL: \S/g)?.length ?? 0, path).toBeGreaterThanOrEqual(raw);
    }
  });

  it("the decision record lists the same files", () => {
    const record = readFileSync("docs/decisions/291-d1-one-way.md", "utf8");
    const listed = [...record.matchAll(/^\| `(app\/[^`]+)`/gm)].map((m) => m[1]);
    expect([...new Set(listed)].sort()).toEqual([...RAW_SQL_FILES].sort());
  });

  it("no statement list is cast to drizzle's batch tuple", () => {
    const casts = app
      .filter((f) => /as unknown as Parameters<typeof \w+\.batch>/.test(f.text))
      .map((f) => f.path);
    expect(casts).toEqual([]);
  });

  it("the scan sees a raw statement where there is one", () => {
    expect(rawCount('await env.DB.prepare("SELECT 1").first();')).toBe(1);
    expect(rawCount("await db.all<{ id: string }>(sql`SELECT id FROM t`);")).toBe(1);
    expect(rawCount("await db.select().from(t).all();")).toBe(0);
  });
});
