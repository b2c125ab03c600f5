// /wheels from its address (decision 317): the loader reads the tab, risk levels, days and a hand-written cash from
// the query (bad values are defaults, never a 500), and the route's action saves the preferences: cash through a
// redirect to the address without any `cash`.
import { beforeAll, describe, expect, it } from "vitest";
import { call, requestWithCookie, signUpAndGetCookie, testEnv } from "./helpers";
import * as wheelsPage from "#app/routes/wheels.tsx";
import { runMarketRefresh } from "#app/server/jobs/market-refresh.server.ts";
import { clearWheelChainMemory } from "#app/server/wheel/strategies.server.ts";

beforeAll(async () => {
  await runMarketRefresh(testEnv, new Date("2026-11-23T16:00:00Z"), { force: true });
  clearWheelChainMemory();
}, 120_000);

let n = 0;
const newUser = () => signUpAndGetCookie(`wheels-url-${++n}@example.com`);

async function load(cookie: string, search: string) {
  const data = await call(wheelsPage.loader, requestWithCookie(`/wheels${search}`, cookie));
  if (data instanceof Response) throw new Error(`loader answered ${data.status}`);
  return data;
}

function post(cookie: string, search: string, fields: Record<string, string>) {
  return call(
    wheelsPage.action,
    requestWithCookie(`/wheels${search}`, cookie, { method: "POST", body: new URLSearchParams(fields) }),
  );
}

describe("GET /wheels reads its address", () => {
  it("the filters and a named cash apply; a bare address is the saved preferences", async () => {
    const cookie = await newUser();
    const bare = await load(cookie, "");
    expect(bare.screen).toEqual({
      tab: "CSP",
      cspRisk: "balanced",
      ccRisk: "balanced",
      dte: 45,
      below: false,
    });
    expect(bare.cashAvailable).toBe(100_000);
    expect(bare.cashFromUrl).toBe(false);

    const data = await load(
      cookie,
      "?tab=cc&cspRisk=aggressive&ccRisk=conservative&dte=90&below=1&cash=25000",
    );
    expect(data.screen).toEqual({
      tab: "CC",
      cspRisk: "aggressive",
      ccRisk: "conservative",
      dte: 90,
      below: true,
    });
    expect(data.cashAvailable).toBe(25_000);
    expect(data.cashFromUrl).toBe(true);
    const strategies = data.firstView.CSP.result?.strategies ?? [];
    expect(strategies.every((s) => s.riskLevel === "aggressive" && s.daysToExpiration <= 90)).toBe(true);
    expect(strategies.every((s) => Number(s.cashRequired) <= 25_000)).toBe(true);
  });

  it("bad values fall back to the defaults, never a 500", async () => {
    const cookie = await newUser();
    const data = await load(cookie, "?tab=puts&cspRisk=yolo&ccRisk=&dte=44&below=maybe&cash=-5&cash=abc");
    expect(data.screen).toEqual({
      tab: "CSP",
      cspRisk: "balanced",
      ccRisk: "balanced",
      dte: 45,
      below: false,
    });
    expect(data.cashAvailable).toBe(100_000);
  });
});

describe("POST /wheels saves the preferences", () => {
  it("cash: saved, then the address without any cash of its own", async () => {
    const cookie = await newUser();
    const res = await post(cookie, "?cspRisk=aggressive&cash=5000", { intent: "cash", cash: "25000" });
    expect(res).toBeInstanceOf(Response);
    const redirect = res as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/wheels?cspRisk=aggressive");
    expect((await load(cookie, "")).cashAvailable).toBe(25_000);
  });

  it("risk levels and the basis are saved; a bare /wheels opens at them", async () => {
    const cookie = await newUser();
    expect(await post(cookie, "", { intent: "risk", cspRisk: "conservative" })).toEqual({
      ok: true,
      intent: "risk",
    });
    expect(await post(cookie, "", { intent: "basis", ccCostBasis: "adjusted" })).toEqual({
      ok: true,
      intent: "basis",
    });
    const data = await load(cookie, "");
    expect(data.screen.cspRisk).toBe("conservative");
    expect(data.ccCostBasis).toBe("adjusted");
  });

  it("a cash under the minimum, an unknown intent or an unknown level is 400, nothing saved", async () => {
    const cookie = await newUser();
    const refused: Record<string, string>[] = [
      { intent: "cash", cash: "500" },
      { intent: "cash", cash: "abc" },
      { intent: "risk", cspRisk: "yolo" },
      { intent: "nothing" },
    ];
    for (const fields of refused) {
      const res = await post(cookie, "", fields);
      expect((res as { init?: { status?: number } }).init?.status ?? (res as Response).status).toBe(400);
    }
    expect((await load(cookie, "")).cashAvailable).toBe(100_000);
  });
});
