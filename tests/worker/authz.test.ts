/// <reference types="vite/client" />
// The authorization matrix (issue 18 item 1): one test per route row of tests/worker/authz/matrix.ts, each
// checking every role's answer. Routes are discovered from app/routes.ts, so a route without a row fails.
// Requests run the way the Worker serves them: a GET runs the enclosing layouts' loaders first (their
// redirect wins), then the route's loader; other methods pass the cross-site write guard (workers/app.ts),
// then run the route's action alone. Every write row is asked again from a foreign origin.
import { beforeAll, describe, expect, it } from "vitest";
import routesSource from "../../app/routes.ts?raw";
import { call, ORIGIN } from "./helpers";
import { freshIp } from "./auth-helpers";
import { providersContext } from "./billing-helpers";
import { MATRIX, ROLES, type Cell, type MatrixRow, type Role } from "./authz/matrix";
import { seedWorld, type World } from "./authz/world";
import { routeTable, type RouteEntry } from "./route-table";
import { acceptsCrossSite, crossSiteRefusal } from "#app/server/http/cross-site-guard.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

type RouteFn = (args: unknown) => unknown;
type RouteModule = { loader?: RouteFn; action?: RouteFn };
const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");

/**
 * A GET-only route's action is only the API's 405 (decision 300): a POST is refused with an `Allow` that names no
 * write, so there is no write to ask about from a foreign origin.
 */
async function onlyRefusesWrites(action: RouteFn, path: string): Promise<boolean> {
  const url = new URL(path.replace(/:[^/]+|\*/g, "x"), ORIGIN);
  const res = await call(action, new Request(url, { method: "POST" }));
  return (
    res instanceof Response &&
    res.status === 405 &&
    !/POST|PUT|PATCH|DELETE/.test(res.headers.get("Allow") ?? "")
  );
}

interface Answer {
  status: number;
  location: string | null;
  body: unknown;
}

async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: result.status, location: result.headers.get("Location"), body };
  }
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null } | null;
  if (wrapped && wrapped.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  return { status: 200, location: null, body: result };
}

/** A page on another site posting to ours (an attacker's, or a sibling subdomain's). */
const FOREIGN_ORIGIN = "https://evil.example";

function requestFor(row: MatrixRow, world: World, role: Role, origin = ORIGIN) {
  const spec = row.request(world, role);
  const headers = new Headers({ Origin: origin, "cf-connecting-ip": freshIp() });
  if (role !== "visitor") headers.set("Cookie", world.users[role].cookie);
  let body: string | undefined;
  if (spec.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(spec.json);
  } else if (spec.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(spec.form).toString();
  } else if (row.method !== "GET") {
    headers.set("Content-Type", "application/json");
  }
  return {
    request: new Request(new URL(spec.path, ORIGIN), { method: row.method, headers, body }),
    params: spec.params ?? {},
  };
}

/** What the role gets, in the matrix's own terms (a status, a redirect target, or status and count). */
async function observe(
  row: MatrixRow,
  entry: RouteEntry,
  world: World,
  role: Role,
  origin = ORIGIN,
): Promise<Cell> {
  const context = providersContext();
  const { request, params } = requestFor(row, world, role, origin);
  let answer: Answer;
  if (row.method === "GET") {
    let result: unknown = null;
    for (const layout of entry.layouts) {
      const mod = await modules[`../../app/routes/${layout}`]!();
      const out = mod.loader ? await call(mod.loader, request.clone() as Request, { params, context }) : null;
      if (out instanceof Response) {
        result = out;
        break;
      }
    }
    if (!(result instanceof Response)) {
      const mod = await modules[`../../app/routes/${entry.file}`]!();
      result = mod.loader ? await call(mod.loader, request, { params, context }) : null;
    }
    answer = await answerOf(result);
  } else {
    const mod = await modules[`../../app/routes/${entry.file}`]!();
    const refusal = crossSiteRefusal(request, context.get(cloudflareContext).env.APP_URL);
    answer = refusal
      ? await answerOf(refusal)
      : mod.action
        ? await answerOf(await call(mod.action, request, { params, context }))
        : { status: 405, location: null, body: null };
  }
  if (answer.status >= 300 && answer.status < 400)
    return answer.location ?? `(no Location, ${answer.status})`;
  if (row.count) return { status: answer.status, count: await row.count(answer.body) };
  return answer.status;
}

const routes = routeTable(routesSource);
const rows = [...MATRIX.filter((r) => !r.last), ...MATRIX.filter((r) => r.last)];
const writeRows = MATRIX.filter((r) => r.method !== "GET");

describe("authorization matrix: every route x every role", () => {
  let world: World;
  beforeAll(async () => {
    world = await seedWorld();
  }, 60_000);

  // Decision 215: from a foreign origin every write is refused (403) for everyone before its action runs,
  // except on the allowlist (a token or a signature authenticates those), which answers as from our own.
  function writesFromAForeignOrigin() {
    for (const row of writeRows)
      it(`${row.method} ${row.route} from a foreign origin`, async () => {
        const entry = routes.find((r) => r.path === row.route)!;
        const allowlisted = acceptsCrossSite(new URL(row.request(world, "free").path, ORIGIN).pathname);
        const actual = {} as Record<Role, Cell>;
        for (const role of ROLES) actual[role] = await observe(row, entry, world, role, FOREIGN_ORIGIN);
        expect(actual, JSON.stringify(actual)).toEqual(
          allowlisted ? row.expect : Object.fromEntries(ROLES.map((r) => [r, 403])),
        );
      });
  }

  it("asks every route that has an action from a foreign origin", async () => {
    const withAction: string[] = [];
    for (const entry of routes) {
      const mod = await modules[`../../app/routes/${entry.file}`]!();
      if (mod.action && !(await onlyRefusesWrites(mod.action, entry.path))) withAction.push(entry.path);
    }
    const written = new Set(writeRows.map((r) => r.route));
    expect(withAction.filter((p) => !written.has(p))).toEqual([]);
  }, 60_000);

  it("has a row for every route in app/routes.ts, and no row for a route that does not exist", () => {
    expect(routes.length).toBeGreaterThan(60);
    const covered = new Set(MATRIX.map((r) => r.route));
    expect(routes.map((r) => r.path).filter((p) => !covered.has(p))).toEqual([]);
    const known = new Set(routes.map((r) => r.path));
    expect(MATRIX.map((r) => r.route).filter((p) => !known.has(p))).toEqual([]);
  });

  for (const row of rows) {
    if (row === rows.find((r) => r.last)) writesFromAForeignOrigin();
    it(`${row.method} ${row.route}`, async () => {
      const entry = routes.find((r) => r.path === row.route);
      expect(entry, `${row.route} is not in app/routes.ts`).toBeDefined();
      const actual = {} as Record<Role, Cell>;
      for (const role of ROLES) actual[role] = await observe(row, entry!, world, role);
      // The message lists every role's actual answer on one line, ready to compare with the row.
      expect(actual, JSON.stringify(actual)).toEqual(row.expect);
    });
  }
});
