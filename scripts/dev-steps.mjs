// The steps of `npm run dev` around the server (scripts/dev.mjs), small enough for tests/unit to check: the local
// D1 migration told in one line, and calls to the dev server's JSON endpoints (seed, track backfill) that read an
// HTML error page as an error and try again while a loaded machine is still warming the server up (decision 307).
import { spawnSync } from "node:child_process";
import { setTimeout as sleepFor } from "node:timers/promises";
import { bin, quietEnv } from "./lib.mjs";

// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters by definition.
const ANSI = /\u001b\[[0-9;]*m/g;

/** One line for what `wrangler d1 migrations apply` printed after it succeeded, or null if it is not one we know. */
export function migrationSummary(output) {
  const text = output.replace(ANSI, "");
  if (/No migrations to apply/i.test(text)) return "Local D1: up to date (no migrations to apply)";
  const count = text.match(/About to apply (\d+) migration/i)?.[1];
  if (count) return `Local D1: ${count} migration${count === "1" ? "" : "s"} applied`;
  return null;
}

/**
 * What to print for a finished migration run (spawnSync's result): one summary line when it succeeded, everything it
 * printed when it failed (or when its success is worded in a way the summary does not know).
 */
export function migrationReport({ status, stdout = "", stderr = "", error }) {
  const output = `${stdout ?? ""}${stderr ?? ""}`;
  if (status === 0) return { ok: true, text: migrationSummary(output) ?? output.trimEnd() };
  const why = error ? error.message : `exit ${status}`;
  return { ok: false, text: `${output.trimEnd()}\n\nLocal D1 migration failed (${why}).` };
}

/** Applies the migrations to the local D1 (`persistTo`: another state directory than .wrangler/state). */
export function applyLocalMigrations({ persistTo } = {}) {
  const args = [
    "d1",
    "migrations",
    "apply",
    "DB",
    "--local",
    ...(persistTo ? ["--persist-to", persistTo] : []),
  ];
  const result = spawnSync(bin("wrangler"), args, {
    env: quietEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = migrationReport(result);
  (report.ok ? console.log : console.error)(report.text);
  return report.ok;
}

/** An answer that is not the JSON asked for; `retryable` when the server may answer better in a moment. */
export class AnswerError extends Error {
  constructor(message, { status, retryable }) {
    super(message);
    this.name = "AnswerError";
    this.status = status;
    this.retryable = retryable;
  }
}

/** The first line worth showing of a body: an HTML page's title, else its first non-empty line of text. */
export function firstLine(text, maxLength = 160) {
  const title = text.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1]?.trim();
  const plain = /<[a-z!/][^>]*>/i.test(text) ? text.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "") : text;
  const line =
    title ||
    plain
      .replace(/<[^>]*>/g, "\n")
      .split("\n")
      .map((l) => l.trim())
      .find(Boolean) ||
    "(empty body)";
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

/**
 * The JSON body of a fetch Response, checked before it is parsed: a status that is not 2xx or a body that is not
 * JSON (the HTML error page of a server still starting) is an AnswerError naming the status and the body's first
 * line. 5xx, 408, 429 and a non-JSON 2xx are worth another try; any other 4xx is the endpoint's real answer.
 */
export async function readJsonAnswer(res) {
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  const isJson = /\bjson\b/i.test(type);
  const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`;
  const retryable = res.status >= 500 || res.status === 408 || res.status === 429;
  if (isJson) {
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new AnswerError(`${status}: unreadable JSON: ${firstLine(text)}`, {
        status: res.status,
        retryable: true,
      });
    }
    if (res.ok) return body;
    const said = typeof body?.error === "string" ? body.error : firstLine(text);
    throw new AnswerError(`${status}: ${said}`, { status: res.status, retryable });
  }
  throw new AnswerError(
    `${status} (${type.split(";")[0] || "no content type"}, not JSON): ${firstLine(text)}`,
    {
      status: res.status,
      retryable: retryable || res.ok,
    },
  );
}

/** POSTs JSON to a local dev endpoint (same-origin, as the cross-site guard wants) and reads the answer. */
export async function postJson(url, body, { fetchImpl = fetch } = {}) {
  const res = await fetchImpl(url, {
    method: "POST",
    headers: {
      Origin: new URL(url).origin,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readJsonAnswer(res);
}

// undici gave up waiting for an answer: the server may still be running the step, so a second one would overlap it.
const STILL_RUNNING = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

/** Whether another try may help: not after a refusal (`retryable: false`), nor after a wait that timed out. */
export function isRetryable(error) {
  if (error?.retryable === false) return false;
  return !STILL_RUNNING.has(error?.cause?.code);
}

/** The waits before each retry: 1 s, 2 s, 4 s, ... up to maxDelayMs. */
export function backoffDelays(attempts, { firstDelayMs = 1000, maxDelayMs = 8000 } = {}) {
  return Array.from({ length: Math.max(0, attempts - 1) }, (_, i) =>
    Math.min(firstDelayMs * 2 ** i, maxDelayMs),
  );
}

/**
 * Runs `step` until it succeeds, at most `attempts` times, waiting `backoffDelays` between tries. An error with
 * `retryable: false` (an endpoint's real refusal) or a timed-out wait ends it at once; any other network error
 * ("fetch failed": refused, reset) or a retryable AnswerError is tried again. The last error is thrown with `attempts` (how many were made) on it.
 */
export async function withRetry(
  step,
  { attempts = 5, sleep = sleepFor, onRetry = () => {}, ...delays } = {},
) {
  const waits = backoffDelays(attempts, delays);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step(attempt);
    } catch (error) {
      const last = attempt >= attempts || !isRetryable(error);
      if (last) {
        if (error && typeof error === "object") error.attempts = attempt;
        throw error;
      }
      const waitMs = waits[attempt - 1];
      onRetry(error, { attempt, attempts, waitMs });
      await sleep(waitMs);
    }
  }
}

/** "fetch failed (ECONNREFUSED)": undici hides the reason in `cause`. */
export function describeError(error) {
  const cause = error?.cause?.code ?? error?.cause?.message;
  return cause && !String(error.message).includes(cause)
    ? `${error.message} (${cause})`
    : String(error?.message ?? error);
}

/**
 * One step of the dev start against the running server (the seed, the track backfill), tried with `withRetry`;
 * each retry is one line, and a step that still fails says so plainly with the command that does it by hand.
 * Resolves with the step's result, or null when it failed (the server keeps running either way).
 */
export async function devStep(
  label,
  run,
  whatToRun,
  { attempts = 5, log = console.log, error = console.error, ...retry } = {},
) {
  try {
    return await withRetry(run, {
      attempts,
      ...retry,
      onRetry: (e, { attempt, waitMs }) =>
        log(
          `${label}: ${describeError(e)}; trying again in ${waitMs / 1000} s (attempt ${attempt + 1} of ${attempts})`,
        ),
    });
  } catch (e) {
    const tries = e?.attempts ?? 1;
    error(
      `\n${label} failed${tries > 1 ? ` after ${tries} attempts` : ""}: ${describeError(e)}\n` +
        `The dev server is still running. To do this step by hand, in another terminal: ${whatToRun}\n`,
    );
    return null;
  }
}
