// The session read every signed-in request pays: how many D1 queries it costs.
import { describe, expect, it } from "vitest";
import { getSession } from "#app/server/auth/session.server.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { requestWithCookie, signUpAndGetCookie, testEnv } from "./helpers";

/** The test env with a D1 binding that records each statement it prepares. */
function countingEnv(statements: string[]): WorkerEnv {
  const db = testEnv.DB;
  const DB = new Proxy(db, {
    get(target, key) {
      if (key === "prepare")
        return (query: string) => {
          statements.push(query);
          return target.prepare(query);
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  // A new env object also gets its own auth and drizzle instances (both are kept per env / per binding).
  return { ...testEnv, DB };
}

describe("session read", () => {
  it("is one D1 query: the session joined with its user", async () => {
    const cookie = await signUpAndGetCookie("one-query@example.com");
    const statements: string[] = [];
    const session = await getSession(countingEnv(statements), requestWithCookie("/spreads", cookie));
    expect(session?.user.email).toBe("one-query@example.com");
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "session"/i);
    expect(statements[0]).toMatch(/"user"/);
  });

  it("a banned user's session still reads as signed out", async () => {
    const cookie = await signUpAndGetCookie("one-query-banned@example.com");
    await testEnv.DB.prepare("UPDATE user SET banned = 1 WHERE email = ?1")
      .bind("one-query-banned@example.com")
      .run();
    expect(await getSession(countingEnv([]), requestWithCookie("/spreads", cookie))).toBeNull();
  });
});
