// Defect 13 (issue 10): a guarded page looks the session up once per request, however many loaders ask
// (root shell, signed-in layout, the route).
import { describe, expect, it, vi } from "vitest";
import { call, makeContext, requestWithCookie, signUpAndGetCookie } from "./helpers";
import * as root from "#app/root.tsx";
import * as layout from "#app/routes/signed-in-layout.tsx";
import * as tickers from "#app/routes/tickers.tsx";
import * as spreads from "#app/routes/spreads.tsx";
import { getAuth } from "#app/server/auth/auth.server.ts";
import { cloudflareContext } from "#app/server/request-context.server.ts";

describe("one session lookup per page request", () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type AnyLoader = (args: any) => Promise<unknown>;
  const routes: [string, AnyLoader][] = [
    ["/tickers", tickers.loader],
    ["/spreads", spreads.loader],
  ];
  it.each(routes)("%s: root, layout and route loaders share one lookup", async (path, routeLoader) => {
    const cookie = await signUpAndGetCookie(`one-lookup${path.replace("/", "-")}@example.com`);
    const context = makeContext();
    const request = requestWithCookie(path, cookie);
    const lookups = vi.spyOn(getAuth(context.get(cloudflareContext).env, request).api, "getSession");
    try {
      const results = await Promise.all([
        call(root.loader, request, { context }),
        call(layout.loader, request, { context }),
        call(routeLoader, request, { context }),
      ]);
      for (const r of results) expect(r).not.toBeInstanceOf(Response);
      expect((results[0] as Awaited<ReturnType<typeof root.loader>>).user?.email).toBe(
        `one-lookup${path.replace("/", "-")}@example.com`,
      );
      expect(lookups).toHaveBeenCalledTimes(1);
      // A second request is a new lookup (nothing is shared across requests).
      await call(root.loader, requestWithCookie(path, cookie), { context });
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });

  it("a mutation is never served a memoised session", async () => {
    const cookie = await signUpAndGetCookie("one-lookup-post@example.com");
    const context = makeContext();
    const post = requestWithCookie("/tickers", cookie, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=dismiss-trimmed",
    });
    const lookups = vi.spyOn(getAuth(context.get(cloudflareContext).env, post).api, "getSession");
    try {
      expect(await call(tickers.action, post, { context })).toEqual({ ok: true, intent: "dismiss-trimmed" });
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });
});
