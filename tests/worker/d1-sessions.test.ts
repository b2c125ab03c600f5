// D1 read replication through the Sessions API (decision 285): every request runs in one D1 session started by the
// root middleware. Locally there is one database and no replica, so these tests hold the wiring: which session each
// request starts, that its queries go through it, that a write hands its bookmark to the next read, and that a
// visitor's response carries no cookie.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, makeContext, requestWithCookie, signUpAndGetCookie } from "./helpers";
import * as root from "#app/root.tsx";
import * as home from "#app/routes/home.tsx";
import * as tickers from "#app/routes/tickers.tsx";
import * as events from "#app/routes/api.events.ts";
import * as signin from "#app/routes/signin.tsx";
import { BOOKMARK_COOKIE, d1SessionMiddleware } from "#app/server/http/d1-session-middleware.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";

type RouteFn = Parameters<typeof call>[0];

/** env.DB with its sessions recorded: each withSession argument, and statements prepared on a session or not. */
function spiedDb() {
  const sessions: (string | undefined)[] = [];
  const prepared = { onSession: 0, direct: 0 };
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "withSession")
        return (constraintOrBookmark?: string) => {
          sessions.push(constraintOrBookmark);
          const session = target.withSession(constraintOrBookmark);
          return {
            prepare: (sql: string) => {
              prepared.onSession++;
              return session.prepare(sql);
            },
            batch: (statements: D1PreparedStatement[]) => session.batch(statements),
            getBookmark: () => session.getBookmark(),
          };
        };
      if (prop === "prepare")
        return (sql: string) => {
          prepared.direct++;
          return target.prepare(sql);
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, sessions, prepared };
}

/** One request through the root middleware: the route functions run as React Router would run them inside it. */
async function throughMiddleware(request: Request, fns: RouteFn[], db: D1Database) {
  const context = makeContext({ DB: db } as Partial<WorkerEnv>);
  let data: unknown;
  const response = await d1SessionMiddleware(
    { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
    async () => {
      for (const fn of fns) {
        const out = await call(fn, request, { context });
        if (out instanceof Response) return out;
        data = out;
      }
      return Response.json({});
    },
  );
  return { response: response as Response, data };
}

const bookmarkIn = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => new RegExp(`^${BOOKMARK_COOKIE}=([^;]+)`).exec(c)?.[1])
    .find(Boolean);

describe("D1 sessions", () => {
  it("a signed-in GET page reads through a session started first-unconstrained, and sets no cookie", async () => {
    const cookie = await signUpAndGetCookie("sessions-read@example.com");
    const spy = spiedDb();
    const { response, data } = await throughMiddleware(
      requestWithCookie("/tickers", cookie),
      [root.loader, tickers.loader],
      spy.db,
    );
    expect(spy.sessions).toEqual(["first-unconstrained"]);
    expect((data as { symbols: string[] }).symbols).toBeDefined();
    // The session and the watchlist were read on the session; nothing went around it.
    expect(spy.prepared.onSession).toBeGreaterThan(0);
    expect(spy.prepared.direct).toBe(0);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("a write starts first-primary and hands its bookmark to the next read, which sees the write", async () => {
    const cookie = await signUpAndGetCookie("sessions-write@example.com");
    const write = spiedDb();
    const { response } = await throughMiddleware(
      requestWithCookie("/tickers", cookie, {
        method: "POST",
        body: new URLSearchParams({ intent: "add", symbol: "KO" }),
      }),
      [tickers.action],
      write.db,
    );
    expect(write.sessions).toEqual(["first-primary"]);
    expect(write.prepared.direct).toBe(0);
    const bookmark = bookmarkIn(response);
    expect(bookmark).toMatch(/^[0-9a-f-]{8,}$/i);
    expect(response.headers.getSetCookie().join()).toMatch(/HttpOnly; SameSite=Lax/);

    const read = spiedDb();
    const { data } = await throughMiddleware(
      requestWithCookie("/tickers", `${cookie}; ${BOOKMARK_COOKIE}=${bookmark}`),
      [root.loader, tickers.loader],
      read.db,
    );
    expect(read.sessions).toEqual([bookmark]);
    expect((data as { symbols: string[] }).symbols).toContain("KO");
  });

  it("a visitor's responses carry no cookie, read or write", async () => {
    const spy = spiedDb();
    const page = await throughMiddleware(
      new Request("http://localhost/"),
      [root.loader, home.loader],
      spy.db,
    );
    expect(page.response.headers.getSetCookie()).toEqual([]);
    const beacon = await throughMiddleware(
      new Request("http://localhost/api/events", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.250" },
        body: JSON.stringify({ name: "page_view", path: "/" }),
      }),
      [events.action as RouteFn],
      spy.db,
    );
    expect(beacon.response.status).toBe(204);
    expect(beacon.response.headers.getSetCookie()).toEqual([]);
    // A visitor's write to D1 (a failed sign-in is counted, decision 211) moves the bookmark, yet sets no cookie.
    const failedSignIn = await throughMiddleware(
      new Request("http://localhost/signin", {
        method: "POST",
        headers: { "cf-connecting-ip": "203.0.113.251" },
        body: new URLSearchParams({
          intent: "email",
          email: "nobody@example.com",
          password: "wrong-password",
        }),
      }),
      [signin.action],
      spy.db,
    );
    expect(failedSignIn.response.headers.getSetCookie()).toEqual([]);
    expect(spy.sessions).toEqual(["first-unconstrained", "first-primary", "first-primary"]);
  });

  it("ignores a bookmark cookie that is not one", async () => {
    const cookie = await signUpAndGetCookie("sessions-junk@example.com");
    for (const junk of ["%E0%A4%A", "x'; drop", "0000"]) {
      const spy = spiedDb();
      const { response } = await throughMiddleware(
        requestWithCookie("/tickers", `${cookie}; ${BOOKMARK_COOKIE}=${junk}`),
        [root.loader, tickers.loader],
        spy.db,
      );
      expect(response.status).toBe(200);
      expect(spy.sessions).toEqual(["first-unconstrained"]);
    }
  });
});
