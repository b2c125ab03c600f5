// Issue 44 item 3: the steps of `npm run dev` on a loaded machine (scripts/dev-steps.mjs, decision 307). The track
// backfill after the demo-accounts banner failed with "fetch failed", then "Unexpected token '<' ... is not valid
// JSON" (an HTML error page parsed as JSON), and left /track-record without history; the migration printed ~400
// lines of tables before the URL.
import { describe, expect, it } from "vitest";
import {
  AnswerError,
  backoffDelays,
  describeError,
  devStep,
  isRetryable,
  firstLine,
  migrationReport,
  migrationSummary,
  postJson,
  readJsonAnswer,
  withRetry,
} from "../../scripts/dev-steps.mjs";

const row = (name: string, status: string) => `├──────┼────┤\n│ ${name} │ ${status} │`;
const NAMES = ["0000_init.sql", "0007_notifications.sql", "0025_email_suppressions.sql"];
/** What wrangler 4.164 printed for a fresh local D1 (its tables shortened to three migrations). */
const FRESH =
  "\n ⛅️ wrangler 4.164.0\n────────────────────\nResource location: local \n\nUse --remote if you want to access the remote instance.\n\n" +
  `Migrations to be applied:\n┌──────┐\n│ name │\n${NAMES.map((n) => `├──────┤\n│ ${n} │`).join("\n")}\n└──────┘\n` +
  "? About to apply 3 migration(s)\nYour database may not be available to serve requests during the migration, continue?\n" +
  "🤖 Using fallback value in non-interactive context: yes\n" +
  NAMES.map(
    (_, i) =>
      `🌀 Executing on local database DB (00000000-0000-0000-0000-000000000000) from .wrangler/state/v3/d1:\n` +
      `🚣 ${10 + i} commands executed successfully.\n┌──────┬────┐\n│ name │ status │\n` +
      NAMES.map((n, j) => row(n, j <= i ? "✅" : "🕒️")).join("\n") +
      "\n└──────┴────┘",
  ).join("\n") +
  "\n";
const UP_TO_DATE =
  "\n ⛅️ wrangler 4.164.0\n────────────────────\nResource location: local \n\n✅ No migrations to apply!\n";
const FAILED_OUT = FRESH.replace("? About to apply 3", "? About to apply 2");
const FAILED_ERR =
  "\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m incomplete input: SQLITE_ERROR\n";

/** A fetch Response; without `type` it carries no content type at all (a string body would be text/plain). */
const response = (body: string, status: number, type?: string, statusText = "") =>
  new Response(new TextEncoder().encode(body), {
    status,
    statusText,
    headers: type ? { "content-type": type } : {},
  });
const HTML_500 =
  '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Application Error</title>' +
  "<script>console.log(1)</script></head>\n<body><h1>Application Error</h1><pre>Invalid hook call.</pre></body></html>";
const fetchFailed = () => Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } });

describe("the local D1 migration is one line unless it fails", () => {
  it("says how many migrations a fresh database got, or that it was up to date", () => {
    expect(FRESH.split("\n").length).toBeGreaterThan(40);
    expect(migrationSummary(FRESH)).toBe("Local D1: 3 migrations applied");
    expect(migrationSummary(FRESH.replace("apply 3 migration(s)", "apply 1 migration(s)"))).toBe(
      "Local D1: 1 migration applied",
    );
    expect(migrationSummary(UP_TO_DATE)).toBe("Local D1: up to date (no migrations to apply)");
    expect(migrationSummary("something else entirely")).toBeNull();
  });

  it("prints one line for a success, and everything wrangler said for a failure", () => {
    expect(migrationReport({ status: 0, stdout: FRESH, stderr: "" })).toEqual({
      ok: true,
      text: "Local D1: 3 migrations applied",
    });
    const failed = migrationReport({ status: 1, stdout: FAILED_OUT, stderr: FAILED_ERR });
    expect(failed.ok).toBe(false);
    expect(failed.text).toContain("0025_email_suppressions.sql");
    expect(failed.text).toContain("incomplete input: SQLITE_ERROR");
    expect(failed.text.split("\n").at(-1)).toBe("Local D1 migration failed (exit 1).");
    // A success worded in a way the summary does not know is shown whole rather than hidden.
    expect(migrationReport({ status: 0, stdout: "Applied in a new way\n" })).toEqual({
      ok: true,
      text: "Applied in a new way",
    });
    expect(migrationReport({ status: null, error: new Error("spawn wrangler ENOENT") }).text).toContain(
      "failed (spawn wrangler ENOENT)",
    );
  });
});

describe("an answer is read as JSON only when it is JSON", () => {
  it("returns the body of a JSON 2xx", async () => {
    await expect(readJsonAnswer(response('{"appended":139}', 200, "application/json"))).resolves.toEqual({
      appended: 139,
    });
  });

  it("reads an HTML error page as an error: status, type and its first line, worth another try", async () => {
    const error = await readJsonAnswer(
      response(HTML_500, 500, "text/html; charset=utf-8", "Internal Server Error"),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerError);
    expect((error as AnswerError).message).toBe(
      "HTTP 500 Internal Server Error (text/html, not JSON): Application Error",
    );
    expect((error as AnswerError).message).not.toMatch(/Unexpected token|not valid JSON/);
    expect((error as AnswerError).retryable).toBe(true);
    // Vite's own answer while the Worker restarts: a bare "Error" with no content type.
    await expect(readJsonAnswer(response("Error", 500))).rejects.toMatchObject({
      message: "HTTP 500 (no content type, not JSON): Error",
      retryable: true,
    });
    // A 200 HTML page where JSON was asked for: the server is not ready yet.
    await expect(
      readJsonAnswer(response("<html><body>\n\n  Loading…</body></html>", 200, "text/html")),
    ).rejects.toMatchObject({
      message: "HTTP 200 (text/html, not JSON): Loading…",
      retryable: true,
    });
  });

  it("keeps an endpoint's real refusal (a 4xx) as final, with its words", async () => {
    await expect(
      readJsonAnswer(
        response('{"error":"The backfill runs on the simulated market only."}', 409, "application/json"),
      ),
    ).rejects.toMatchObject({
      message: "HTTP 409: The backfill runs on the simulated market only.",
      retryable: false,
    });
    await expect(readJsonAnswer(response("Not Found", 404, "text/plain"))).rejects.toMatchObject({
      status: 404,
      retryable: false,
    });
    await expect(readJsonAnswer(response('{"error":"busy"}', 503, "application/json"))).rejects.toMatchObject(
      {
        retryable: true,
      },
    );
    await expect(readJsonAnswer(response("{not json", 200, "application/json"))).rejects.toMatchObject({
      retryable: true,
    });
  });

  it("shows a page's first line, short", () => {
    expect(firstLine("\n\n  first\nsecond")).toBe("first");
    expect(firstLine("")).toBe("(empty body)");
    expect(firstLine("x".repeat(500))).toHaveLength(160);
  });

  it("POSTs same-origin JSON", async () => {
    const seen: RequestInit[] = [];
    const fake = (async (_url: string, init: RequestInit) => {
      seen.push(init);
      return response("{}", 200, "application/json");
    }) as unknown as typeof fetch;
    await postJson("http://localhost:5190/__dev/track-backfill", { onlyIfEmpty: true }, { fetchImpl: fake });
    await postJson("http://localhost:5190/__dev/seed", undefined, { fetchImpl: fake });
    expect(seen[0]).toMatchObject({
      method: "POST",
      headers: { Origin: "http://localhost:5190", "content-type": "application/json" },
      body: '{"onlyIfEmpty":true}',
    });
    expect(seen[1]).toMatchObject({ headers: { Origin: "http://localhost:5190" }, body: undefined });
  });
});

describe("a step that fails on a loaded machine is tried again, a bounded number of times", () => {
  it("waits 1 s, 2 s, 4 s, ... capped", () => {
    expect(backoffDelays(5)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelays(7)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoffDelays(1)).toEqual([]);
  });

  it("gets over the reported failures: fetch failed, then an HTML page, then the answer", async () => {
    const answers = [
      () => Promise.reject(fetchFailed()),
      () => Promise.resolve(response(HTML_500, 500, "text/html")),
      () => Promise.resolve(response('{"appended":139,"skipped":false}', 200, "application/json")),
    ];
    const fake = (() => answers.shift()!()) as unknown as typeof fetch;
    const slept: number[] = [];
    const retries: string[] = [];
    const result = await withRetry(
      () => postJson("http://localhost:5173/__dev/track-backfill", {}, { fetchImpl: fake }),
      {
        sleep: async (ms) => void slept.push(ms),
        onRetry: (e) => void retries.push(describeError(e)),
      },
    );
    expect(result).toEqual({ appended: 139, skipped: false });
    expect(slept).toEqual([1000, 2000]);
    expect(retries).toEqual([
      "fetch failed (ECONNRESET)",
      "HTTP 500 (text/html, not JSON): Application Error",
    ]);
  });

  it("stops at the bound, and at once on a refusal", async () => {
    let calls = 0;
    const always = withRetry(
      () => {
        calls += 1;
        return Promise.reject(fetchFailed());
      },
      { attempts: 4, sleep: async () => {} },
    );
    await expect(always).rejects.toMatchObject({ message: "fetch failed", attempts: 4 });
    expect(calls).toBe(4);

    calls = 0;
    const refused = withRetry(
      () => {
        calls += 1;
        return Promise.reject(new AnswerError("HTTP 409: no", { status: 409, retryable: false }));
      },
      { sleep: async () => {} },
    );
    await expect(refused).rejects.toMatchObject({ attempts: 1 });
    expect(calls).toBe(1);
  });

  it("does not start a second run while the first may still be running (undici timed out waiting)", async () => {
    const timedOut = Object.assign(new TypeError("fetch failed"), {
      cause: { code: "UND_ERR_HEADERS_TIMEOUT" },
    });
    expect(isRetryable(timedOut)).toBe(false);
    expect(isRetryable(fetchFailed())).toBe(true);
    let calls = 0;
    const once = withRetry(
      () => {
        calls += 1;
        return Promise.reject(timedOut);
      },
      { sleep: async () => {} },
    );
    await expect(once).rejects.toMatchObject({ attempts: 1 });
    expect(calls).toBe(1);
  });

  it("says plainly what to run when the step still fails, and the server keeps running", async () => {
    const log: string[] = [];
    const error: string[] = [];
    const result = await devStep(
      "Track record backfill",
      () => Promise.reject(fetchFailed()),
      "npm run track:backfill -- --origin http://localhost:5190",
      { attempts: 3, sleep: async () => {}, log: (l) => void log.push(l), error: (l) => void error.push(l) },
    );
    expect(result).toBeNull();
    expect(log).toEqual([
      "Track record backfill: fetch failed (ECONNRESET); trying again in 1 s (attempt 2 of 3)",
      "Track record backfill: fetch failed (ECONNRESET); trying again in 2 s (attempt 3 of 3)",
    ]);
    expect(error.join("\n")).toContain(
      "Track record backfill failed after 3 attempts: fetch failed (ECONNRESET)",
    );
    expect(error.join("\n")).toContain("npm run track:backfill -- --origin http://localhost:5190");
  });
});
