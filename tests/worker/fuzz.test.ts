/// <reference types="vite/client" />
// Fuzzing every endpoint that takes input: each route module with an `action` (forms and JSON APIs) and each
// API loader (query strings) receives FUZZ_RUNS generated bad inputs (300 in CI) — wrong types, missing and extra
// fields, huge strings and arrays, unicode and control characters, bad JSON, wrong content types, oversized
// bodies — as a visitor and as a signed-in Elite user. The answer is never a 5xx, a 4xx always carries a
// message, and nothing is written. Endpoints are discovered from app/routes.ts, so a new one is fuzzed too.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import fc from "fast-check";
import routesSource from "../../app/routes.ts?raw";
import { call, ORIGIN, signUpAndGetCookie } from "./helpers";
import { providersContext } from "./billing-helpers";
import { setUser } from "./auth-helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as shareCreate from "#app/routes/api.wheel.share.$type.ts";
import { decodeSharePayload, encodeSharePayload, type SharePayload } from "#app/lib/wheel/share.ts";
import * as apiAuth from "#app/routes/api.auth.ts";

type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
};
const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");

interface Endpoint {
  path: string;
  file: string;
}

/** `route("path", "routes/file.tsx")` entries of app/routes.ts (the index and layouts take no input). */
export function routeEntries(source: string): Endpoint[] {
  return [...source.matchAll(/route\(\s*"([^"]+)",\s*"routes\/([^"]+)"/g)].map((m) => ({
    path: `/${m[1]}`,
    file: m[2]!,
  }));
}

// The dev-only endpoints refuse everything outside local development; sign-out ends the session by design.
const SKIP_ACTIONS = new Set(["signout.tsx"]);
// Endpoints that take no input: whatever the body, they do their one job (send the user a test e-mail).
const NO_INPUT = new Set(["api.notifications.test.ts"]);
/**
 * Tables a generated body may legitimately write to: a signed-in user's contact message needs only a
 * non-empty text (no captcha for members, docs/product/plans-and-billing.md#contact-form), and any random
 * string can be one. Every wheel preference is optional (a partial update), so a body such as {} or one with
 * only unknown keys is a valid save. The notification switch takes one boolean and the notification
 * preferences are a partial update, so a generated {"enabled": true} is a valid save that creates the user's
 * preferences row (CI met one). A positions save is never valid by chance: it needs the list's `version`
 * (decision 300), a field the generator does not name.
 */
const VALID_BY_CHANCE: Record<string, readonly string[]> = {
  "api.contact.ts": ["contact_messages"],
  "api.wheel.preferences.ts": ["wheel_preferences"],
  "api.notifications.toggle.ts": ["notification_preferences"],
  "api.notifications.preferences.ts": ["notification_preferences"],
};

const FIELD_NAMES = [
  "symbol",
  "symbols",
  "email",
  "password",
  "title",
  "description",
  "text",
  "category",
  "cash",
  "cashAvailable",
  "riskLevel",
  "positions",
  "shares",
  "costBasis",
  "id",
  "confirm",
  "tier",
  "plan",
  "period",
  "interval",
  "preferences",
  "limit",
  "enabled",
  "message",
  "subject",
  "reasons",
  "comment",
  "intent",
  "_action",
  "status",
  "tradeId",
  "type",
  "direction",
  "requestId",
  "duration",
  "unit",
  "name",
  "events",
  "token",
];

const weird = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 64 }),
  fc.string({ unit: fc.constantFrom("\u0000", "\u0007", "\u200b", "\ud800", "\u202e", "<", "'", '"', "%") }),
  fc.constant("x".repeat(20_000)),
  fc.integer(),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -1, 0, 1e308, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 50 }),
  fc.constant(Array.from({ length: 5000 }, (_, i) => i)),
  fc.object({ maxDepth: 2 }),
);

/** An object with the field names endpoints read, holding the wrong kinds of values, plus extra fields. */
const wrongFields = fc.dictionary(
  fc.constantFrom(...FIELD_NAMES, "extra", "__proto__", "constructor"),
  weird,
  {
    maxKeys: 6,
  },
);

type Body = { contentType: string | null; body: string | null };

const bodies: fc.Arbitrary<Body> = fc.oneof(
  wrongFields.map((o) => ({ contentType: "application/json", body: JSON.stringify(o) })),
  fc.anything().map((v) => ({ contentType: "application/json", body: JSON.stringify(v) ?? "null" })),
  fc.string().map((s) => ({ contentType: "application/json", body: `{${s}` })),
  wrongFields.map((o) => ({
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams(
      Object.entries(o).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
    ).toString(),
  })),
  fc.string().map((s) => ({ contentType: "text/plain", body: s })),
  fc.constant({ contentType: "application/xml", body: "<a><b>1</b></a>" }),
  fc.constant({ contentType: null, body: null }),
  fc.constant({ contentType: "application/json", body: JSON.stringify({ text: "y".repeat(1_100_000) }) }),
);

const queries = wrongFields.map((o) =>
  new URLSearchParams(
    Object.entries(o).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
  ).toString(),
);

const params = fc.oneof(
  fc.string(),
  fc.constant("../../etc/passwd"),
  fc.constant("x".repeat(5000)),
  fc.constant("%00"),
);

let ipCounter = 0;
function freshIp() {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

function paramsFor(path: string, value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of path.matchAll(/:([A-Za-z]+)/g)) out[m[1]!] = value;
  if (path.endsWith("*")) out["*"] = value;
  return out;
}

const COUNTED_TABLES_SQL =
  "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not in ('d1_migrations', 'rate_limit')";

async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await env.DB.prepare(COUNTED_TABLES_SQL).all<{ name: string }>()).results.map(
    (r) => r.name,
  );
  const out: Record<string, number> = {};
  for (const t of tables) {
    out[t] = (await env.DB.prepare(`select count(*) as n from "${t}"`).first<{ n: number }>())!.n;
  }
  return out;
}

interface Answer {
  status: number;
  message: string | null;
}

async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    let message: string | null = null;
    const type = result.headers.get("Content-Type") ?? "";
    const text = await result.text().catch(() => "");
    if (type.includes("json")) {
      try {
        const body = JSON.parse(text) as Record<string, unknown>;
        message = [body.error, body.message].find((m) => typeof m === "string" && m.length > 0) as string;
      } catch {
        message = null;
      }
    } else if (text.trim().length > 0) message = text.trim().slice(0, 200);
    return { status: result.status, message: message ?? null };
  }
  // React Router's data() wrapper, or a plain object (200).
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } } | null;
  if (wrapped && wrapped.type === "DataWithResponseInit") {
    const body = (wrapped.data ?? {}) as Record<string, unknown>;
    const message = [body.error, body.message].find((m) => typeof m === "string" && m.length > 0) as string;
    return { status: wrapped.init?.status ?? 200, message: message ?? null };
  }
  const body = (result ?? {}) as Record<string, unknown>;
  const message = [body.error, body.message].find((m) => typeof m === "string" && m.length > 0) as string;
  return { status: 200, message: message ?? null };
}

const endpoints = routeEntries(routesSource);
/** 300 in CI, 60 at a desk (vitest.worker.config.ts sets FUZZ_RUNS). */
const RUNS = Number((env as unknown as { FUZZ_RUNS?: string }).FUZZ_RUNS ?? "300");

describe("fuzzing: bad input never yields a 5xx, always a clear 4xx, and writes nothing", () => {
  it("discovers the endpoints from app/routes.ts", () => {
    expect(endpoints.length).toBeGreaterThan(30);
    for (const e of endpoints) expect(modules[`../../app/routes/${e.file}`], e.file).toBeDefined();
  });

  let eliteCookie: string | null = null;
  async function elite(): Promise<string> {
    if (!eliteCookie) {
      eliteCookie = await signUpAndGetCookie("fuzz-elite@example.com");
      await setUser("fuzz-elite@example.com", {
        subscription_tier: "Elite Plan",
        subscription_status: "active",
        subscription_id: null,
      });
    }
    return eliteCookie;
  }

  for (const endpoint of endpoints) {
    it(`${endpoint.path} (${endpoint.file})`, async () => {
      const mod = await modules[`../../app/routes/${endpoint.file}`]!();
      const isApi = endpoint.path.startsWith("/api/");
      if (!mod.action && !(isApi && mod.loader)) return; // takes no input
      const cookie = await elite();
      const before = await rowCounts();
      const failures: string[] = [];

      const check = async (label: string, run: () => Promise<unknown>) => {
        let answer: Answer;
        try {
          answer = await answerOf(await run());
        } catch (error) {
          failures.push(`${label}: threw ${String(error).slice(0, 200)}`);
          return;
        }
        if (answer.status >= 500) failures.push(`${label}: ${answer.status} ${answer.message ?? ""}`);
        else if (answer.status >= 400 && answer.status !== 404 && answer.status !== 405 && !answer.message)
          failures.push(`${label}: ${answer.status} without a message`);
      };

      if (mod.action && !SKIP_ACTIONS.has(endpoint.file)) {
        await fc.assert(
          fc.asyncProperty(bodies, params, fc.boolean(), async (body, param, signedIn) => {
            const headers = new Headers({ Origin: ORIGIN, "cf-connecting-ip": freshIp() });
            if (body.contentType) headers.set("Content-Type", body.contentType);
            if (signedIn) headers.set("Cookie", cookie);
            const path = endpoint.path.replace(/:([A-Za-z]+)|\*/g, encodeURIComponent(param) || "x");
            const request = new Request(new URL(path, ORIGIN), {
              method: "POST",
              headers,
              body: body.body,
            });
            await check(`POST ${body.contentType} ${signedIn ? "elite" : "visitor"}`, () =>
              call(mod.action!, request, {
                params: paramsFor(endpoint.path, param),
                context: providersContext(),
              }),
            );
          }),
          { numRuns: RUNS },
        );
      }
      if (isApi && mod.loader) {
        await fc.assert(
          fc.asyncProperty(queries, params, fc.boolean(), async (query, param, signedIn) => {
            const headers = new Headers({ Origin: ORIGIN, "cf-connecting-ip": freshIp() });
            if (signedIn) headers.set("Cookie", cookie);
            const path = endpoint.path.replace(/:([A-Za-z]+)|\*/g, encodeURIComponent(param) || "x");
            const request = new Request(new URL(`${path}?${query}`, ORIGIN), { headers });
            await check(`GET ?${query.slice(0, 60)} ${signedIn ? "elite" : "visitor"}`, () =>
              call(mod.loader!, request, {
                params: paramsFor(endpoint.path, param),
                context: providersContext(),
              }),
            );
          }),
          { numRuns: RUNS },
        );
      }

      expect([...new Set(failures)].slice(0, 10)).toEqual([]);
      if (NO_INPUT.has(endpoint.file)) return;
      const after = await rowCounts();
      // Sessions come and go with sign-in endpoints; every other table must be untouched.
      delete before.session;
      delete after.session;
      delete before.verification;
      delete after.verification;
      for (const table of VALID_BY_CHANCE[endpoint.file] ?? []) {
        delete before[table];
        delete after[table];
      }
      expect(after).toEqual(before);
    }, 600_000);
  }

  // better-auth's own update-user (reached through /api/auth/*): the name and image a user writes, with the
  // wrong types and lengths. Never a 5xx, a 4xx carries a message, and the stored row stays readable text
  // within its limits, so the session still reads afterwards.
  it("/api/auth/update-user: name and image of every kind", async () => {
    const email = "fuzz-profile@example.com";
    const cookie = await signUpAndGetCookie(email);
    const profileValue = fc.oneof(weird, fc.string({ minLength: 90, maxLength: 120 }), fc.webUrl());
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: profileValue, image: profileValue }, { requiredKeys: [] }),
        async (body) => {
          const res = await call(
            apiAuth.action,
            new Request(new URL("/api/auth/update-user", ORIGIN), {
              method: "POST",
              headers: {
                Origin: ORIGIN,
                "cf-connecting-ip": freshIp(),
                "Content-Type": "application/json",
                Cookie: cookie,
              },
              body: JSON.stringify(body),
            }),
            { params: { "*": "update-user" } },
          );
          const answer = await answerOf(res);
          const label = JSON.stringify(body).slice(0, 80);
          if (answer.status >= 500) failures.push(`${label}: ${answer.status}`);
          else if (answer.status >= 400 && !answer.message) failures.push(`${label}: no message`);
          const row = await env.DB.prepare(
            "select typeof(name) as n, length(name) as len, typeof(image) as i from user where email = ?",
          )
            .bind(email)
            .first<{ n: string; len: number; i: string }>();
          if (row!.n !== "text" || row!.len > 100 || !["text", "null"].includes(row!.i))
            failures.push(`${label}: stored ${JSON.stringify(row)}`);
        },
      ),
      { numRuns: RUNS },
    );
    expect([...new Set(failures)].slice(0, 10)).toEqual([]);
    const session = await call(
      apiAuth.loader,
      new Request(new URL("/api/auth/get-session", ORIGIN), { headers: { Cookie: cookie } }),
    );
    expect((session as Response).status).toBe(200);
  }, 600_000);
});

// Share payloads (docs/product/sharing.md#wheel-share-payload): one number of an otherwise plausible strategy
// is moved out of its range. The share API refuses it with a message and stores nothing; a link carrying it
// decodes to nothing (its page falls back to the server's record).
const finite = { noNaN: true, noDefaultInfinity: true } as const;
const notPositive = fc.oneof(fc.double({ ...finite, max: 0 }), fc.constantFrom(-0, -1e308));
const above = (max: number) =>
  fc.oneof(fc.double({ ...finite, min: max, minExcluded: true }), fc.constant(1e308));
const below0 = fc.oneof(fc.double({ ...finite, max: -1e-9 }), fc.constant(-1e308));
const price = fc.oneof(notPositive, above(100_000));
const outOfRange = fc.oneof(
  fc.record({ type: fc.constant("CSP" as const), field: fc.constant("strike"), value: price }),
  fc.record({
    type: fc.constantFrom("CSP" as const, "CC" as const),
    field: fc.constant("premium"),
    value: price,
  }),
  fc.record({
    type: fc.constant("CSP" as const),
    field: fc.constantFrom("returnOnCapital", "winProbability"),
    value: fc.oneof(below0, above(100)),
  }),
  fc.record({
    type: fc.constant("CSP" as const),
    field: fc.constant("annualizedReturn"),
    value: fc.oneof(below0, above(10_000)),
  }),
  fc.record({
    type: fc.constant("CSP" as const),
    field: fc.constant("daysToExpiration"),
    value: fc.oneof(below0, above(1_100), fc.constant(2.5)),
  }),
  fc.record({
    type: fc.constantFrom("CSP" as const, "CC" as const),
    field: fc.constant("currentPrice"),
    value: price,
  }),
  fc.record({ type: fc.constant("CC" as const), field: fc.constant("costBasis"), value: price }),
  fc.record({
    type: fc.constant("CC" as const),
    field: fc.constant("shares"),
    value: fc.oneof(
      notPositive,
      above(10_000_000),
      fc.integer({ min: 1, max: 1_000_000 }).filter((n) => n % 100 !== 0),
    ),
  }),
);

describe("fuzzing share payloads: numbers out of their plausible range", () => {
  it("are refused by the share API with a message, stored nowhere, and decode to nothing from a link", async () => {
    const base = (type: "CSP" | "CC"): SharePayload => ({
      type,
      symbol: "AAPL",
      expirationDate: daysFromToday(25),
      strike: type === "CSP" ? 200 : 250,
      premium: 3.25,
      ...(type === "CC" ? { shares: 300, costBasis: 180 } : {}),
    });
    const count = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM shares").first<{ n: number }>())!.n;
    const before = await count();
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(outOfRange, async ({ type, field, value }) => {
        const strategy = { ...base(type), [field]: value };
        const request = new Request(new URL(`/api/wheel/share/${type.toLowerCase()}`, ORIGIN), {
          method: "POST",
          headers: { Origin: ORIGIN, "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
          body: JSON.stringify({ strategy }),
        });
        const answer = await answerOf(
          await call(shareCreate.action, request, { params: { type: type.toLowerCase() } }),
        );
        if (answer.status !== 400 || !answer.message)
          failures.push(`${type} ${field}=${value}: ${answer.status} ${answer.message ?? ""}`);
        if (decodeSharePayload(encodeSharePayload(strategy as SharePayload), type) !== null)
          failures.push(`${type} ${field}=${value}: a link carrying it decodes`);
      }),
      { numRuns: RUNS },
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(await count()).toBe(before);
  }, 120_000);
});
