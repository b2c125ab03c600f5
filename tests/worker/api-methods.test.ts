/// <reference types="vite/client" />
// Every API route answers a method it does not take with the API's 405 (decision 300): its family's error
// envelope (docs/product/api.md#error-envelopes) and `Allow`, never React Router's own text (a resource route
// without a `loader` answers GET with it, one without an `action` answers POST with it). Requests go through
// React Router's real request handler, so a missing export fails here. The routes come from app/routes.ts and
// every app/routes/api.*.ts module must be in METHODS, so a new API route is checked as soon as it exists.
import { describe, expect, it } from "vitest";
import { createRequestHandler } from "react-router";
import { buildOf } from "./route-build";
import routesSource from "../../app/routes.ts?raw";
import { makeContext, ORIGIN } from "./helpers";
import { routeTable } from "./route-table";

const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/api.*.ts", { eager: true });

/** The methods each API route takes (its `Allow`); every other method is its 405. */
const METHODS: Record<string, string> = {
  "api.cc-image.$id.ts": "GET",
  "api.contact.ts": "POST",
  "api.create-checkout-session.ts": "POST",
  "api.csp-image.$id.ts": "GET",
  "api.email.events.ts": "POST",
  "api.events.ts": "POST",
  "api.get_economic_cal.ts": "GET",
  "api.get_tickers_info.ts": "GET",
  "api.get_trades.ts": "GET",
  "api.health.ts": "GET",
  "api.positions.ts": "GET, POST",
  "api.positions.$id.rolls.ts": "GET",
  "api.wheel.options.$campaignId.$optionKey.rolls.ts": "GET",
  "api.positions.book.ts": "PUT",
  "api.notifications.history.ts": "GET",
  "api.notifications.preferences.ts": "GET, PUT",
  "api.notifications.push-devices.ts": "GET, POST",
  "api.notifications.push-devices.$id.ts": "DELETE",
  "api.notifications.push-devices.$id.test.ts": "POST",
  "api.notifications.test.ts": "POST",
  "api.notifications.toggle.ts": "POST",
  "api.notifications.unsubscribe.ts": "GET, POST",
  "api.stripe.cancel-subscription.ts": "POST",
  "api.stripe.change-plan.ts": "POST",
  "api.stripe.portal.ts": "POST",
  "api.stripe.webhook.ts": "POST",
  "api.trade-image.$tradeId.ts": "GET",
  "api.trade.$tradeId.ts": "GET",
  "api.wheel.cc-batch.ts": "POST",
  "api.wheel.csp-batch.ts": "POST",
  "api.wheel.favorites.$id.ts": "DELETE",
  "api.wheel.favorites.ts": "GET, POST",
  "api.wheel.ledger.export.ts": "GET",
  "api.wheel.ledger.import.ts": "POST",
  "api.wheel.ledger.ts": "GET, POST",
  "api.wheel.positions.check.ts": "POST",
  "api.wheel.positions.ts": "GET, POST",
  "api.wheel.preferences.ts": "GET, POST",
  "api.wheel.share.$type.$id.ts": "GET",
  "api.wheel.share.$type.ts": "POST",
};

/** Better Auth answers every method under /api/auth/* itself (decision 133); its methods are its own. */
const NOT_OURS = new Set(["api.auth.ts"]);

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The family's fields beside `error` (docs/product/api.md#error-envelopes). */
function envelopeOf(path: string): Record<string, unknown> {
  if (path.startsWith("/api/wheel/")) return { status: "error" };
  if (path.startsWith("/api/notifications/")) return { success: false };
  return {};
}

/** A document is never rendered here: an API route answers itself. */
const NO_DOCUMENT = { default: () => new Response("document", { status: 500 }) };

const apiRoutes = routeTable(routesSource).filter((r) => r.file.startsWith("api.") && !NOT_OURS.has(r.file));

describe("every API route answers its family's 405 for a method it does not take (decision 300)", () => {
  it("every app/routes/api.*.ts module is routed and names its methods here", () => {
    const files = Object.keys(modules).map((k) => k.split("/").pop()!);
    const routed = new Set(routeTable(routesSource).map((r) => r.file));
    for (const file of files) {
      expect(routed.has(file), `${file} is not in app/routes.ts`).toBe(true);
      if (!NOT_OURS.has(file)) expect(METHODS[file], `${file}: add its methods to METHODS`).toBeDefined();
    }
    expect(Object.keys(METHODS).sort()).toEqual(files.filter((f) => !NOT_OURS.has(f)).sort());
  });

  for (const route of apiRoutes) {
    const allow = METHODS[route.file] ?? "";
    const taken = new Set(allow.split(", "));
    if (taken.has("GET")) taken.add("HEAD");
    const refused = ALL_METHODS.filter((m) => !taken.has(m));

    it(`${route.file}: ${refused.join(", ")} -> 405, Allow: ${allow}`, async () => {
      const module = modules[`../../app/routes/${route.file}`];
      expect(module, route.file).toBeDefined();
      // Every API route has both handlers, so no method falls through to the framework.
      expect(typeof module!.loader, `${route.file} exports a loader`).toBe("function");
      expect(typeof module!.action, `${route.file} exports an action`).toBe("function");
      const handler = createRequestHandler(buildOf(route.path.slice(1), module, NO_DOCUMENT), "development");
      const path = route.path.replace(/\/:[^/]+|\/\*/g, "/x");
      for (const method of refused) {
        const res = await handler(new Request(new URL(path, ORIGIN), { method }), makeContext());
        const what = `${method} ${path}`;
        expect(res.status, what).toBe(405);
        expect(res.headers.get("Allow"), what).toBe(allow);
        expect(res.headers.get("Content-Type"), what).toMatch(/^application\/json/);
        if (method === "HEAD") continue;
        expect(await res.json(), what).toEqual({ ...envelopeOf(route.path), error: "Method not allowed" });
      }
    });
  }
});
