/* eslint-disable @typescript-eslint/no-explicit-any -- loader data under test is plain JSON. */
// Public shared wheel pages and their preview images, for a signed-out visitor.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, makeContext } from "./helpers";
import { outcome } from "./auth-helpers";
import * as cspPage from "#app/routes/share-wheel-csp.tsx";
import * as ccPage from "#app/routes/share-wheel-cc.tsx";
import * as previewPage from "#app/routes/share-wheel.tsx";
import * as cspImage from "#app/routes/api.csp-image.$id.ts";
import * as ccImage from "#app/routes/api.cc-image.$id.ts";
import { createShare } from "#app/server/wheel/shares.server.ts";
import { encodeSharePayload, type SharePayload } from "#app/lib/wheel/share.ts";
import { daysFromToday } from "./fixtures/trade-ideas";

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk header). */
function pngSize(bytes: Uint8Array) {
  expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const csp: SharePayload = {
  type: "CSP",
  symbol: "AAPL",
  // Shared strategies must not have expired on the day the tests run (an expired share answers 404).
  expirationDate: daysFromToday(25),
  strike: 200,
  premium: 3.25,
  returnOnCapital: 1.63,
  annualizedReturn: 23.1,
  asOf: "2026-11-23T16:00:00.000Z",
  source: "demo",
};
const cc: SharePayload = {
  ...csp,
  type: "CC",
  symbol: "MSFT",
  strike: 450,
  premium: 4,
  shares: 300,
  costBasis: 400,
};

const page = (mod: any, type: "csp" | "cc", id: string, query = "") =>
  call(mod.loader, `/share/wheel/${type}/${id}${query}`, { params: { shareId: id } }).then(outcome);

describe("shared CSP and CC pages", () => {
  it("read the server record for visitors, with Open Graph and Twitter tags pointing at the image", async () => {
    const { id } = await createShare(env, csp);
    const res = await page(cspPage, "csp", id);
    expect(res.status).toBe(200);
    expect(res.body!.state).toMatchObject({ status: "ok", from: "server", payload: csp });
    const tags = cspPage.meta({ loaderData: res.body } as any) as Record<string, string>[];
    const og = (p: string) => tags.find((t) => t.property === p || t.name === p)?.content;
    expect(og("og:image")).toBe(`http://localhost/api/csp-image/${id}`);
    expect(og("twitter:card")).toBe("summary_large_image");
    expect(og("og:title")).toContain("AAPL Cash Secured Put");
  });

  it("read the server record first; a self-contained link shows its own payload only when no record answers", async () => {
    const local = await page(cspPage, "csp", "AAAAAAAAAAAA", `?d=${encodeSharePayload(csp)}`);
    expect(local.body!.state).toMatchObject({ status: "ok", from: "link" });
    const { id } = await createShare(env, csp);
    // A CSP share's id on the CC page is no CC share.
    const otherType = await page(ccPage, "cc", id);
    expect(otherType).toMatchObject({ status: 404, body: { state: { status: "expired" } } });
    // The share store cannot be read: not a 404, so 'Strategy Not Found'.
    const unreadable = makeContext({
      SHARE_KV: { get: async () => null } as unknown as KVNamespace,
      DB: {
        prepare: () => {
          throw new Error("D1 unavailable");
        },
      } as unknown as D1Database,
    });
    const failed = await call(cspPage.loader, "/share/wheel/csp/ZZZZZZZZZZZZ", {
      params: { shareId: "ZZZZZZZZZZZZ" },
      context: unreadable,
    }).then(outcome);
    expect(failed).toMatchObject({ status: 503, body: { state: { status: "error" } } });
    const expiredLink = await page(
      cspPage,
      "csp",
      "ZZZZZZZZZZZZ",
      `?d=${encodeSharePayload({ ...csp, expirationDate: "2020-01-17" })}`,
    );
    expect((expiredLink.body as any).state.status).toBe("expired");
  });

  it("show the simple preview card from ?type=CSP|CC query parameters", async () => {
    const q = `?type=CC&symbol=msft&exp=${daysFromToday(50)}&strike=450&premium=4.1&roc=0.9&shares=200&costBasis=400`;
    const res = await call(previewPage.loader, `/share/wheel${q}`).then(outcome);
    expect(res.body!.preview).toMatchObject({
      type: "CC",
      symbol: "MSFT",
      strike: 450,
      shares: 200,
      costBasis: 400,
    });
    const onPage = await page(ccPage, "cc", "x", q);
    expect(onPage.body!.state).toMatchObject({ status: "ok", from: "query" });
    const bad = await call(previewPage.loader, "/share/wheel?type=CSP&symbol=AAPL").then(outcome);
    expect(bad.body!.preview).toBeNull();
  });
});

describe("preview images", () => {
  it("are 1200x630 PNGs of the record; an id of the other type is not found (404, no image)", async () => {
    const { id } = await createShare(env, csp);
    const ctx = makeContext();
    const res = (await call(cspImage.loader, `/api/csp-image/${id}`, {
      params: { id },
      context: ctx,
    })) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    const { id: ccId } = await createShare(env, cc);
    const ccRes = (await call(ccImage.loader, `/api/cc-image/${ccId}`, {
      params: { id: ccId },
      context: ctx,
    })) as Response;
    expect(ccRes.status).toBe(200);
    const wrong = (await call(ccImage.loader, `/api/cc-image/${id}`, {
      params: { id },
      context: ctx,
    })) as Response;
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get("Content-Type")).not.toBe("image/png");
  }, 60_000);
});
