// The browser's one API client and the billing wrapper over it, against a stubbed fetch.
import { afterEach, describe, expect, it, vi } from "vitest";
import { callApi } from "#app/lib/api-client.ts";
import { postJson } from "#app/components/pricing/billing-client.ts";

function answerWith(status: number, text: string, statusText = "") {
  const fetchMock = vi.fn(async () => new Response(text, { status, statusText }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("callApi", () => {
  it("sends JSON with the same-origin credentials and returns the parsed body", async () => {
    const fetchMock = answerWith(200, '{"status":"success","n":2}');
    const answer = await callApi<{ n: number }>(
      "/api/x",
      { method: "PUT", body: { a: 1 } },
      () => "fallback",
    );
    expect(answer).toEqual({ ok: true, status: 200, body: { status: "success", n: 2 } });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/x");
    expect(init).toMatchObject({ method: "PUT", body: '{"a":1}', credentials: "same-origin" });
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("defaults to GET without a body and POST with one", async () => {
    const fetchMock = answerWith(200, "[]");
    await callApi("/api/a", {}, () => "f");
    await callApi("/api/b", { body: {} }, () => "f");
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe("GET");
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].method).toBe("POST");
  });

  it("carries the server's error text, the status and the body of a refusal", async () => {
    answerWith(403, '{"status":"error","error":"Upgrade to Pro","requiresUpgrade":true}');
    const answer = await callApi("/api/x", {}, () => "fallback");
    expect(answer).toMatchObject({
      ok: false,
      status: 403,
      message: "Upgrade to Pro",
      serverError: "Upgrade to Pro",
      body: { requiresUpgrade: true },
    });
  });

  it("words a failure without an error text with the caller's fallback (status 0: never reached)", async () => {
    answerWith(502, "<html>Bad gateway</html>", "Bad Gateway");
    const fallback = vi.fn((status: number, statusText: string) => `failed ${status} ${statusText}`);
    expect(await callApi("/api/x", {}, fallback)).toMatchObject({
      ok: false,
      status: 502,
      message: "failed 502 Bad Gateway",
      serverError: null,
      body: null,
      text: "<html>Bad gateway</html>",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await callApi("/api/x", {}, fallback)).toMatchObject({
      ok: false,
      status: 0,
      message: "failed 0 network error",
    });
  });
});

describe("postJson (billing)", () => {
  it("shows 'Server error: ' and the start of a failing body that is not ours", async () => {
    answerWith(500, "x".repeat(300));
    expect(await postJson("/api/stripe/portal", {}, "Failed")).toEqual({
      ok: false,
      error: `Server error: ${"x".repeat(200)}`,
    });
  });

  it("reads { error } on failure and on a 200 that carries one; the fallback when unreachable", async () => {
    answerWith(401, '{"error":"You must be logged in"}');
    expect(await postJson("/api/stripe/portal", {}, "Failed")).toEqual({
      ok: false,
      error: "You must be logged in",
    });
    answerWith(200, '{"error":"No subscription"}');
    expect(await postJson("/api/stripe/portal", {}, "Failed")).toEqual({
      ok: false,
      error: "No subscription",
    });
    answerWith(200, '{"url":"https://billing.example/session"}');
    expect(await postJson("/api/stripe/portal", {}, "Failed")).toEqual({
      ok: true,
      data: { url: "https://billing.example/session" },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("offline");
      }),
    );
    expect(await postJson("/api/stripe/portal", {}, "Failed")).toEqual({ ok: false, error: "Failed" });
  });
});
