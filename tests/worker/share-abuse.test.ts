/* eslint-disable @typescript-eslint/no-explicit-any -- loader data under test is plain JSON. */
// The security issue's share items: preview images render only for real records and at most
// SHARE_IMAGE_RENDERS_PER_WINDOW per address; a shared page and its image say the same thing, and a
// self-contained link carries no text of its own onto the page.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, makeContext } from "./helpers";
import { outcome } from "./auth-helpers";
import { daysFromToday } from "./fixtures/trade-ideas";
import * as tradeImage from "#app/routes/api.trade-image.$tradeId.ts";
import * as cspImage from "#app/routes/api.csp-image.$id.ts";
import * as ccImage from "#app/routes/api.cc-image.$id.ts";
import * as cspPage from "#app/routes/share-wheel-csp.tsx";
import * as sharedApi from "#app/routes/api.wheel.share.$type.$id.ts";
import { createShare } from "#app/server/wheel/shares.server.ts";
import { SHARE_IMAGE_RENDERS_PER_WINDOW } from "#app/server/share-image/response.server.ts";
import { encodeSharePayload, type SharePayload } from "#app/lib/wheel/share.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

const csp: SharePayload = {
  type: "CSP",
  symbol: "AAPL",
  expirationDate: daysFromToday(25),
  strike: 200,
  premium: 3.25,
  returnOnCapital: 1.63,
  annualizedReturn: 23.1,
  asOf: "2026-11-23T16:00:00.000Z",
  source: "demo",
};

/** A context whose waitUntil work (the KV write of a render) can be awaited. */
function trackedContext() {
  const pending: Promise<unknown>[] = [];
  const context = makeContext();
  context.get(cloudflareContext).ctx.waitUntil = (p: Promise<unknown>) => void pending.push(p);
  return { context, settled: () => Promise.all(pending) };
}

/** Every rendered image is stored in SHARE_KV under img:<kind>:<hash>. */
async function renderedImages(): Promise<string[]> {
  return (await env.SHARE_KV.list({ prefix: "img:" })).keys.map((k) => k.name);
}

async function image(mod: any, path: string, params: Record<string, string>, ip: string) {
  const { context, settled } = trackedContext();
  const request = new Request(new URL(path, "http://localhost"), { headers: { "cf-connecting-ip": ip } });
  const res = (await call(mod.loader, request, { params, context })) as Response;
  await settled();
  return res;
}

describe("preview images", () => {
  it("refuse forged and unknown ids with 404 before any render, on every image route", async () => {
    const before = await renderedImages();
    const { id: ccOnly } = await createShare(env, { ...csp, type: "CC", strike: 450, premium: 4 });
    const attempts: [any, string, Record<string, string>][] = [
      [
        tradeImage,
        "/api/trade-image/AAPL-0123456789abcdef01234567",
        { tradeId: "AAPL-0123456789abcdef01234567" },
      ],
      [tradeImage, "/api/trade-image/not-an-id", { tradeId: "not-an-id" }],
      [cspImage, "/api/csp-image/ZZZZZZZZZZZZ", { id: "ZZZZZZZZZZZZ" }],
      [cspImage, "/api/csp-image/..%2F..", { id: "../.." }],
      [cspImage, `/api/csp-image/${ccOnly}`, { id: ccOnly }],
      [ccImage, "/api/cc-image/ZZZZZZZZZZZZ", { id: "ZZZZZZZZZZZZ" }],
    ];
    for (const [mod, path, params] of attempts) {
      const res = await image(mod, path, params, "198.51.100.7");
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers.get("Content-Type")).not.toBe("image/png");
    }
    expect(await renderedImages()).toEqual(before);
  });

  it(`render at most ${SHARE_IMAGE_RENDERS_PER_WINDOW} new cards per address per window (429 after), while a crawler of a shared link never hits the limit`, async () => {
    const ids: string[] = [];
    for (let i = 0; i <= SHARE_IMAGE_RENDERS_PER_WINDOW; i++)
      ids.push((await createShare(env, { ...csp, strike: 100 + i })).id);
    const scraper = "198.51.100.20";
    const statuses: number[] = [];
    for (const id of ids)
      statuses.push((await image(cspImage, `/api/csp-image/${id}`, { id }, scraper)).status);
    expect(statuses.slice(0, SHARE_IMAGE_RENDERS_PER_WINDOW).every((s) => s === 200)).toBe(true);
    const refused = await image(cspImage, `/api/csp-image/${ids.at(-1)}`, { id: ids.at(-1)! }, scraper);
    expect(statuses.at(-1)).toBe(429);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("600");
    expect(await refused.text()).toMatch(/try again later/);
    // What is already rendered is still served to that address (a KV hit renders nothing).
    expect((await image(cspImage, `/api/csp-image/${ids[0]}`, { id: ids[0]! }, scraper)).status).toBe(200);

    // A crawler pattern: a new shared link's image fetched by several services, each a few times.
    const { id: shared } = await createShare(env, { ...csp, strike: 321 });
    const before = (await renderedImages()).length;
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"])
      for (let i = 0; i < 5; i++) {
        const res = await image(cspImage, `/api/csp-image/${shared}`, { id: shared }, ip);
        expect(res.status).toBe(200);
        expect(res.headers.get("Content-Type")).toBe("image/png");
      }
    expect((await renderedImages()).length).toBe(before + 1);
  }, 180_000);

  it("a stored record that breaks the payload rules answers 404, never 500", async () => {
    const later = Date.now() + 86_400_000;
    // What `putStrike: 1e308` used to store: JSON turns the infinite strike into null.
    await env.DB.prepare(
      "INSERT INTO shares (id, type, payload, created_at, expires_at) VALUES ('Infinite0001', 'CSP', ?1, ?2, ?3)",
    )
      .bind(JSON.stringify({ ...csp, strike: null }), Date.now(), later)
      .run();
    const res = await image(cspImage, "/api/csp-image/Infinite0001", { id: "Infinite0001" }, "198.51.100.9");
    expect(res.status).toBe(404);
    const page = await call(cspPage.loader, "/share/wheel/csp/Infinite0001", {
      params: { shareId: "Infinite0001" },
    }).then(outcome);
    expect(page).toMatchObject({ status: 404, body: { state: { status: "expired" } } });
    const api = (await call(sharedApi.loader, "/x", {
      params: { type: "csp", id: "Infinite0001" },
    })) as Response;
    expect(api.status).toBe(404);
  });
});

const cspPageOf = (id: string, query = "") =>
  call(cspPage.loader, `/share/wheel/csp/${id}${query}`, { params: { shareId: id } }).then(outcome);
const metaOf = (data: unknown) => {
  const tags = cspPage.meta({ loaderData: data } as any) as Record<string, string>[];
  return (p: string) => tags.find((t) => t.property === p || t.name === p)?.content;
};

describe("shared wheel pages and self-contained links", () => {
  it("on a real id, the page shows the record its image draws, whatever the link's ?d= says", async () => {
    const { id } = await createShare(env, csp);
    const forged = encodeSharePayload({ ...csp, strike: 150, premium: 9.5, returnOnCapital: 6.3 });
    const res = await cspPageOf(id, `?d=${forged}`);
    expect(res.body!.state).toMatchObject({ status: "ok", from: "server", payload: csp });
    const og = metaOf(res.body);
    expect(og("og:title")).toContain("$200 strike");
    expect(og("og:image")).toBe(`http://localhost/api/csp-image/${id}`);
  });

  it("a link whose record is gone shows its own checked numbers without a preview image", async () => {
    const res = await cspPageOf("AAAAAAAAAAAA", `?d=${encodeSharePayload(csp)}`);
    expect(res.body!.state).toMatchObject({ status: "ok", from: "link", payload: csp });
    const og = metaOf(res.body);
    expect(og("og:image")).toBeUndefined();
    expect(og("twitter:card")).toBe("summary");
  });

  it("a forged ?d= carrying free text or nonsense numbers shows none of it", async () => {
    const forgeries = [
      { ...csp, asOf: "Guaranteed 900% return!" },
      { ...csp, source: "Guaranteed 900% return!" },
      { ...csp, annualizedReturn: 900_000 },
      { ...csp, strike: -5 },
      { ...csp, premium: 0 },
    ];
    for (const forged of forgeries) {
      const res = await cspPageOf("BBBBBBBBBBBB", `?d=${encodeSharePayload(forged as SharePayload)}`);
      expect(res).toMatchObject({ status: 404, body: { state: { status: "expired" } } });
      const shown = JSON.stringify(res.body) + JSON.stringify(cspPage.meta({ loaderData: res.body } as any));
      expect(shown).not.toContain("Guaranteed");
      expect(shown).not.toContain("900000");
    }
  });
});
