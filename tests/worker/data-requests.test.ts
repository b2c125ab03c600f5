// React Router 8 passes a client navigation's raw data request (`/x.data?_routes=...`) to loaders: every address
// the app writes back from a request (return address, canonical page URL, alias redirect) is the page's own.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "./helpers";
import { outcome } from "./auth-helpers";
import * as layout from "#app/routes/signed-in-layout.tsx";
import * as tradeIdeasAlias from "#app/routes/redirect-trade-ideas.tsx";
import * as ccPage from "#app/routes/share-wheel-cc.tsx";
import { createShare } from "#app/server/wheel/shares.server.ts";
import type { SharePayload } from "#app/lib/wheel/share.ts";

const location = async (fn: Parameters<typeof call>[0], path: string) =>
  ((await call(fn, path)) as Response).headers.get("Location");

describe("a data request is answered for the page it stands for", () => {
  it("a visitor sent to sign in returns to the page, not to its .data URL", async () => {
    const page = await location(layout.loader, "/tickers?view=grid");
    expect(page).toBe("/signin?returnTo=%2Ftickers%3Fview%3Dgrid");
    expect(await location(layout.loader, "/tickers.data?view=grid&_routes=routes%2Ftickers")).toBe(page);
    // A trailing-slash page's data URL is `/page/_.data`.
    expect(await location(layout.loader, "/tickers/_.data")).toBe("/signin?returnTo=%2Ftickers%2F");
  });

  it("the trade-ideas aliases redirect a data request where they redirect the page", async () => {
    const page = await location(tradeIdeasAlias.loader, "/dashboard?sort=pop");
    expect(await location(tradeIdeasAlias.loader, "/dashboard.data?sort=pop&_routes=dashboard")).toBe(page);
  });

  it("a shared wheel page's canonical URL is the page's", async () => {
    const payload: SharePayload = {
      type: "CC",
      symbol: "MSFT",
      expirationDate: "2099-12-18",
      strike: 450,
      premium: 4,
      returnOnCapital: 1,
      annualizedReturn: 12,
      asOf: "2026-11-23T16:00:00.000Z",
      source: "demo",
      shares: 100,
      costBasis: 400,
    };
    const { id } = await createShare(env, payload);
    const res = await call(ccPage.loader, `/share/wheel/cc/${id}.data?_routes=routes%2Fshare-wheel-cc`, {
      params: { shareId: id },
    }).then(outcome);
    expect(res.body).toMatchObject({ pageUrl: `http://localhost/share/wheel/cc/${id}` });
  });
});
