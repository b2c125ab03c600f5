/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies under test are plain JSON. */
// The cash a trader states for their book through PUT /api/positions/book in workerd (decision 341): saved, changed
// and cleared; the refusals with their words (401, 400, 403 on Free); the page's read of it; account deletion
// removing the row.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, requestWithCookie, testEnv, userOnPlan } from "./helpers";
import { formPost, freshIp, outcome } from "./auth-helpers";
import * as route from "#app/routes/api.positions.book.ts";
import * as accountDelete from "#app/routes/account-delete.tsx";
import { REFUSAL_MESSAGES } from "#app/lib/entitlements.ts";
import { BOOK_CASH_MESSAGES } from "#app/lib/positions/book-cash.ts";
import { statedCashOf } from "#app/server/positions/book.server.ts";

let n = 0;
const userWith = (tier: string) =>
  userOnPlan(`positions-book-${++n}-${tier.split(" ")[0]!.toLowerCase()}@example.com`, tier);

async function put(cookie: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = (await call(
    route.action,
    requestWithCookie("/api/positions/book", cookie, {
      method: "PUT",
      headers: { "Content-Type": "application/json", "cf-connecting-ip": freshIp() },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  )) as Response;
  return { status: res.status, body: await res.json() };
}

const rows = async (userId: string) =>
  // raw SQL in a test: counting what the server wrote.
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM positions_book WHERE user_id = ?1")
    .bind(userId)
    .first<{ n: number }>())!.n;

describe("PUT /api/positions/book", () => {
  it("saves, changes and clears the stated cash, one row per user", async () => {
    const pro = await userWith("Pro Plan");
    expect(await statedCashOf(testEnv, pro.id)).toBeNull();
    expect(await put(pro.cookie, { statedCash: 25_000 })).toEqual({
      status: 200,
      body: { statedCash: 25_000, message: BOOK_CASH_MESSAGES.saved },
    });
    expect(await statedCashOf(testEnv, pro.id)).toBe(25_000);
    expect((await put(pro.cookie, { statedCash: 40_000.5 })).status).toBe(200);
    expect(await statedCashOf(testEnv, pro.id)).toBe(40_000.5);
    expect(await put(pro.cookie, { statedCash: null })).toEqual({
      status: 200,
      body: { statedCash: null, message: BOOK_CASH_MESSAGES.cleared },
    });
    expect(await statedCashOf(testEnv, pro.id)).toBeNull();
    expect(await rows(pro.id)).toBe(1);
  });

  it("refuses what is not a dollar amount from 0 to $1,000,000,000 with the form's words", async () => {
    const pro = await userWith("Pro Plan");
    for (const body of [
      {},
      { statedCash: -1 },
      { statedCash: 1_000_000_001 },
      { statedCash: "5" },
      [],
      { statedCash: 5, x: 1 },
    ])
      expect(await put(pro.cookie, body), JSON.stringify(body)).toEqual({
        status: 400,
        body: { error: BOOK_CASH_MESSAGES.statedCash },
      });
    expect(await put(pro.cookie, "{not json")).toEqual({
      status: 400,
      body: { error: BOOK_CASH_MESSAGES.json },
    });
    expect((await put(pro.cookie, { statedCash: 0 })).status).toBe(200);
    expect((await put(pro.cookie, { statedCash: 1_000_000_000 })).status).toBe(200);
  });

  it("Free is refused with the plan's words and nothing is stored; a visitor is 401; other methods 405", async () => {
    const free = await userWith("Free Plan");
    const refused = await put(free.cookie, { statedCash: 1000 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(REFUSAL_MESSAGES.freeOpenPositions);
    expect(await rows(free.id)).toBe(0);
    const visitor = (await call(
      route.action,
      new Request("http://localhost/api/positions/book", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      }),
    )) as Response;
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: BOOK_CASH_MESSAGES.signedOut });
    const get = route.loader();
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("PUT");
  });

  it("account deletion removes the row, another user's stays", async () => {
    const leaving = await userWith("Pro Plan");
    const staying = await userWith("Pro Plan");
    await put(leaving.cookie, { statedCash: 1000 });
    await put(staying.cookie, { statedCash: 2000 });
    const res = outcome(
      await call(
        accountDelete.action,
        formPost(
          "/account/delete",
          { confirm: "DELETE", password: "secret-password" },
          { cookie: leaving.cookie },
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(await rows(leaving.id)).toBe(0);
    expect(await statedCashOf(testEnv, staying.id)).toBe(2000);
  });
});
